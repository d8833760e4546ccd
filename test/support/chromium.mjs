// Plain JavaScript, so that configs Node loads without a TypeScript step (web-test-runner.config.mjs) can use it too;
// chromium.ts re-exports it for the TypeScript configs and specs, chromium.d.mts types it.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Flags every headless Chromium of ours starts with: no sandbox (root in CI), no GPU, no calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

/** @returns {string | undefined} */
function found() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH 指向的文件不存在：${fromEnv}`);
    return fromEnv;
  }
  return CANDIDATES.find((p) => existsSync(p));
}

const isDebian = () =>
  existsSync('/etc/debian_version') || (existsSync('/etc/os-release') && /ID(_LIKE)?=.*debian/.test(readFileSync('/etc/os-release', 'utf8')));

/**
 * The Chromium to test with: CHROMIUM_PATH, then the usual install paths. On Debian, as root, a missing
 * browser is installed with apt; anywhere else the error says how to get one.
 *
 * @returns {string}
 */
export function findChromium() {
  const path = found();
  if (path) return path;
  if (process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && isDebian()) {
    console.log('未找到 Chromium，正在用 apt 安装 chromium 和 fonts-noto-cjk…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk', {
      stdio: 'inherit',
    });
    const installed = found();
    if (installed) return installed;
  }
  throw new Error(
    [
      '找不到 Chromium 或 Chrome，浏览器测试无法运行。请安装一个，然后重试：',
      '  Debian/Ubuntu: sudo apt-get install chromium fonts-noto-cjk',
      '  macOS: brew install --cask chromium（或安装 Google Chrome）',
      '  其他位置的浏览器：设置环境变量 CHROMIUM_PATH=/path/to/chrome',
    ].join('\n'),
  );
}

/** Debian's chromium-headless-shell: the same Chromium without a browser window's parts (apt: chromium-headless-shell). */
const SHELL_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell'];

/**
 * The Chromium the test runners drive (Playwright, vitest's browser mode, @web/test-runner): CHROMIUM_PATH when set,
 * else the headless shell of the same Chromium when installed, else findChromium(). The full browser's headless mode
 * adds a tab-strip renderer per context and its window's compositing: over one end-to-end run its processes took 914
 * CPU-seconds, the shell's 476, on a CPU-bound 2-core machine (docs/decisions.md). Lighthouse and the videos keep the full browser.
 *
 * @returns {string}
 */
export function findTestChromium() {
  if (process.env.CHROMIUM_PATH) return findChromium();
  return SHELL_CANDIDATES.find((p) => existsSync(p)) ?? findChromium();
}
