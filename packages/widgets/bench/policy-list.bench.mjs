// <gjj-policy-list> time to first rows: the built reference server (fresh data directory, so the seeded policies), a
// plain host page on another origin with the script-tag bundle, headless Chromium. Measured from navigation start to
// the first policy rows in the element's shadow root (a MutationObserver sets a performance mark), in a fresh browser
// context each run (nothing cached). Needs `npm run build` first (server and widgets).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const ROOT = resolve(import.meta.dirname, '../../..');
const SERVER = join(ROOT, 'packages/server/dist/main.js');
const STANDALONE = join(ROOT, 'packages/widgets/dist/standalone');
const BUNDLE = join(STANDALONE, 'gjj-policy-list.js');
const RUNS = 10;
const WARM_UP = 1;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'];

for (const file of [SERVER, BUNDLE]) {
  if (!existsSync(file)) {
    console.error(`缺少构建产物 ${file}：请先运行 npm run build`);
    process.exit(1);
  }
}

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
  (p) => p && existsSync(p),
);

/** A free loopback port, found by letting the OS pick one. */
function freePort() {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => done(port));
    });
  });
}

/** Starts the built server as `npm start` does, on a free port with a fresh data directory. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gjj-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`服务端 60 秒内未启动：\n${output}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('网上业务大厅已启动')) {
        clearTimeout(timer);
        done();
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`服务端提前退出（${code}）：\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Loaded before the bundle: marks the first rows in the shadow root, and when gjj-load fired.
const PROBE = `
customElements.whenDefined('gjj-policy-list').then(function () {
  var el = document.querySelector('gjj-policy-list');
  var done = function () {
    if (!el.shadowRoot.querySelector('.gjj-policy-list__item')) return false;
    performance.mark('gjj-first-rows');
    return true;
  };
  if (done()) return;
  var observer = new MutationObserver(function () { if (done()) observer.disconnect(); });
  observer.observe(el.shadowRoot, { childList: true, subtree: true });
});
document.addEventListener('gjj-load', function () { performance.mark('gjj-load'); }, { once: true });
`;

/** The host page: another origin than the server, one script tag, a strict CSP. */
async function startHost(api) {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>政策信息</title>
<script src="/probe.js"></script><script src="/gjj-policy-list.js" defer></script></head>
<body><main><h1>住房公积金政策</h1><gjj-policy-list api-base="${api}" page-size="20"></gjj-policy-list></main></body></html>`;
  const bundle = readFileSync(BUNDLE);
  const server = createServer((req, res) => {
    if (req.url === '/gjj-policy-list.js' || req.url === '/probe.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(req.url === '/probe.js' ? PROBE : bundle);
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ${api}`,
    });
    return res.end(html);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://localhost:${server.address().port}/`, stop: () => new Promise((done) => server.close(done)) };
}

/** Nearest-rank percentile of sorted values. */
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const api = await startServer();
const host = await startHost(api.url);
const browser = await chromium.launch({ ...(chromiumPath ? { executablePath: chromiumPath } : {}), args: CHROMIUM_ARGS });
const firstRows = [];
const loads = [];
// Where the time goes: the bundle downloaded, and the list call (with its CORS preflight) started and answered.
const phases = { 'bundle loaded': [], 'zcxx/getList sent': [], 'zcxx/getList answered': [] };
try {
  for (let run = 0; run < WARM_UP + RUNS; run += 1) {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(host.url);
    await page.waitForFunction(() => performance.getEntriesByName('gjj-first-rows').length > 0, null, { timeout: 30_000 });
    const rows = await page.evaluate(() => document.querySelector('gjj-policy-list').shadowRoot.querySelectorAll('.gjj-policy-list__item').length);
    if (rows !== 20) throw new Error(`expected 20 rows on the first page, found ${rows}`);
    const [rowsAt, loadAt] = await page.evaluate(() => ['gjj-first-rows', 'gjj-load'].map((n) => performance.getEntriesByName(n)[0]?.startTime ?? NaN));
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource');
      const bundle = entries.find((e) => e.name.endsWith('/gjj-policy-list.js'));
      const list = entries.find((e) => e.name.includes('/zcxx/getList'));
      return [bundle?.responseEnd ?? NaN, list?.startTime ?? NaN, list?.responseEnd ?? NaN];
    });
    if (run >= WARM_UP) {
      firstRows.push(rowsAt);
      loads.push(loadAt);
      Object.values(phases).forEach((list, i) => list.push(timing[i]));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await host.stop();
  await api.stop();
}

firstRows.sort((a, b) => a - b);
loads.sort((a, b) => a - b);
const ms = (v) => +v.toFixed(1);
console.log(`<gjj-policy-list> script-tag bundle, time from navigation start to the first 20 rows, ${RUNS} runs after ${WARM_UP} warm-up (fresh context each)`);
console.table({
  'first rows rendered': { 'median ms': ms(pct(firstRows, 50)), 'p90 ms': ms(pct(firstRows, 90)), 'min ms': ms(firstRows[0]), 'max ms': ms(firstRows.at(-1)) },
  'gjj-load fired': { 'median ms': ms(pct(loads, 50)), 'p90 ms': ms(pct(loads, 90)), 'min ms': ms(loads[0]), 'max ms': ms(loads.at(-1)) },
  ...Object.fromEntries(
    Object.entries(phases).map(([name, list]) => {
      list.sort((a, b) => a - b);
      return [name, { 'median ms': ms(pct(list, 50)), 'p90 ms': ms(pct(list, 90)), 'min ms': ms(list[0]), 'max ms': ms(list.at(-1)) }];
    }),
  ),
});

const sizes = {};
for (const file of ['gjj-widgets.js', 'gjj-policy-list.js', 'gjj-loan-calculator.js', 'gjj-loan-calculator.extras.js']) {
  const path = join(STANDALONE, file);
  if (!existsSync(path)) continue;
  const bytes = readFileSync(path);
  sizes[file] = { 'KB': +(bytes.length / 1024).toFixed(1), 'KB gzipped': +(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1) };
}
console.log('script-tag bundles (gzip -9)');
console.table(sizes);
