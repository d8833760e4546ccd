import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findTestChromium } from './test/support/chromium.ts';

export default defineConfig({
  testDir: '.',
  testMatch: ['packages/*/e2e/**/*.spec.ts', 'examples/*/e2e/**/*.spec.ts'],
  testIgnore: ['**/node_modules/**'],
  globalSetup: './test/support/e2e-global-setup.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  projects: [
    {
      // Tests that change what the whole server answers (service switch, configuration version, sessions, grants,
      // locks) run one after the other on a server of their own (the global setup starts two), beside the others.
      // Listed first so their one group starts at once instead of lengthening the tail.
      // Run one of them alone with `npx playwright test --project server-state <file>`.
      name: 'server-state',
      testMatch: ['**/*.serial.spec.ts'],
    },
    { name: 'chromium', testIgnore: ['**/node_modules/**', '**/*.serial.spec.ts'] },
  ],
  use: {
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: { executablePath: findTestChromium(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
