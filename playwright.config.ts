import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './test/support/chromium.ts';

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
    { name: 'chromium', testIgnore: ['**/node_modules/**', '**/*.serial.spec.ts'] },
    {
      // Tests that change what the whole server answers (service switch, configuration version, sessions, grants,
      // locks) run on their own once the others are done, so no test running beside them sees the change.
      // Run one of them alone with `npx playwright test --no-deps <file>`.
      name: 'server-state',
      testMatch: ['**/*.serial.spec.ts'],
      dependencies: ['chromium'],
    },
  ],
  use: {
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
