// The Chromium every browser test runs: written in chromium.mjs, which web-test-runner.config.mjs loads without a
// TypeScript step.
export { CHROMIUM_ARGS, findChromium, findTestChromium } from './chromium.mjs';
