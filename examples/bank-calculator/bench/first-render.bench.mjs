// The bank page's start-up, as issue 8 asks it measured: the time from the calculator's script having loaded to the
// first <gjj-loan-calculator> rendered (its form in the shadow root), on the example's own server (serve.mjs: strict
// CSP, the two files of the calculator), headless Chromium, a fresh context each run (nothing cached). Also with the
// CPU slowed 4x (Chromium's throttling), a stand-in for a mid-range phone. Needs `npm run build` first (widgets).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { createBankServer } from '../serve.mjs';

const RUNS = 15;
const WARM_UP = 2;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'];
const bundle = join(createRequire(import.meta.url).resolve('@gjj-hall/widgets/package.json'), '..', 'dist/standalone/gjj-loan-calculator.js');
if (!existsSync(bundle)) {
  console.error(`缺少构建产物 ${bundle}：请先运行 npm run build`);
  process.exit(1);
}
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
  (p) => p && existsSync(p),
);

// Injected before the page's own scripts (by the browser, so the page's CSP does not apply to it): marks the moment
// the calculator's form is in its shadow root.
const PROBE = () => {
  customElements.whenDefined('gjj-loan-calculator').then(() => {
    performance.mark('gjj-defined');
    const el = document.querySelector('gjj-loan-calculator');
    const done = () => {
      if (!el.shadowRoot?.querySelector('form')) return false;
      performance.mark('gjj-first-render');
      return true;
    };
    if (done()) return;
    const observer = new MutationObserver(() => done() && observer.disconnect());
    observer.observe(el.shadowRoot, { childList: true, subtree: true });
  });
};

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const row = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (v) => +v.toFixed(1);
  return { 'median ms': ms(pct(sorted, 50)), 'p90 ms': ms(pct(sorted, 90)), 'min ms': ms(sorted[0]), 'max ms': ms(sorted.at(-1)) };
};

const server = createBankServer();
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ ...(chromiumPath ? { executablePath: chromiumPath } : {}), args: CHROMIUM_ARGS });
try {
  for (const cpu of [1, 4]) {
    const figures = { 'script loaded → first render': [], 'script loaded → element defined': [], 'navigation → first render': [] };
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      const context = await browser.newContext({ locale: 'zh-CN' });
      const page = await context.newPage();
      if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
      await page.addInitScript(PROBE);
      await page.goto(url);
      await page.waitForFunction(() => performance.getEntriesByName('gjj-first-render').length > 0, null, { timeout: 30_000 });
      const [loaded, defined, rendered] = await page.evaluate(() => [
        performance.getEntriesByType('resource').find((e) => e.name.endsWith('/gjj-loan-calculator.js'))?.responseEnd ?? NaN,
        performance.getEntriesByName('gjj-defined')[0].startTime,
        performance.getEntriesByName('gjj-first-render')[0].startTime,
      ]);
      if (run >= WARM_UP) {
        figures['script loaded → first render'].push(rendered - loaded);
        figures['script loaded → element defined'].push(defined - loaded);
        figures['navigation → first render'].push(rendered);
      }
      await context.close();
    }
    console.log(`\nbank page (examples/bank-calculator), <gjj-loan-calculator> script tag, CPU ${cpu === 1 ? 'not slowed' : `slowed ${cpu}x`}, ${RUNS} runs after ${WARM_UP} warm-up`);
    console.table(Object.fromEntries(Object.entries(figures).map(([name, values]) => [name, row(values)])));
  }
} finally {
  await browser.close();
  await new Promise((done) => server.close(done));
}
