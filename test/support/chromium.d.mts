/** Flags every headless Chromium of ours starts with: no sandbox (root in CI), no GPU, no calls home. */
export declare const CHROMIUM_ARGS: string[];

/**
 * The Chromium to test with: CHROMIUM_PATH, then the usual install paths. On Debian, as root, a missing
 * browser is installed with apt; anywhere else the error says how to get one.
 */
export declare function findChromium(): string;

/**
 * The Chromium the test runners drive: CHROMIUM_PATH when set, else Debian's chromium-headless-shell when installed,
 * else findChromium().
 */
export declare function findTestChromium(): string;
