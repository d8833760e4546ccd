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
  use: {
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
