// The bank page's start-up, as issue 8 asks it measured: the time from the calculator's script having loaded to the
// first <gjj-loan-calculator> rendered (its form in the shadow root), on the example's own server (serve.mjs: strict
// CSP, the calculator's files), headless Chromium, a fresh context each run (nothing cached). Also with the CPU slowed
// 4x (Chromium's throttling), a stand-in for a mid-range phone. Needs `npm run build` first (widgets).
// Issue 19 adds the first result: as soon as the form shows, the probe types a loan and presses 计算 (the worst case
// for a calculator whose engine arrives after its form), and marks the moment both monthly payments are shown; and the
// same press made once the page has settled (2 s after the form, as a person who types first would), from 计算 to
// the result.
//
//   node bench/first-render.bench.mjs                     the built files
//   node bench/first-render.bench.mjs --compare <dir>     and another build's script-tag files (a copy of an earlier
//                                                         dist/standalone), run by turns, so both see the same load
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
// With `delay` (ms), 计算 is pressed that long after the form shows rather than at once.
const PROBE = (delay) => {
  customElements.whenDefined('gjj-loan-calculator').then(() => {
    performance.mark('gjj-defined');
    const el = document.querySelector('gjj-loan-calculator');
    const root = () => el.shadowRoot;
    // Typed as a person would (input events, which the form's onChange reads), then 计算.
    const type = (label, value) => {
      const field = [...root().querySelectorAll('label')].find((l) => l.textContent.startsWith(label));
      const input = root().getElementById(field.htmlFor);
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    const press = () => {
      type('贷款金额', '100');
      type('贷款期限', '240');
      // preact renders the typed values on its next tick; 计算 is pressed after that.
      setTimeout(() => {
        performance.mark('gjj-pressed');
        root().querySelector('button[type="submit"]').click();
      }, 0);
    };
    // Both loans' monthly payments shown (the first figure of each result block is no longer 0.00).
    const result = () => {
      const figures = [...root().querySelectorAll('.gjj-loan__money')].map((m) => m.textContent);
      return figures.length >= 6 && figures[0] !== '0.00' && figures[3] !== '0.00';
    };
    let phase = 'form';
    const check = () => {
      if (phase === 'form' && root()?.querySelector('form')) {
        performance.mark('gjj-first-render');
        phase = 'result';
        setTimeout(press, delay);
      }
      if (phase === 'result' && performance.getEntriesByName('gjj-pressed').length && result()) {
        performance.mark('gjj-first-result');
        phase = 'done';
      }
      return phase === 'done';
    };
    if (check()) return;
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(el.shadowRoot, { childList: true, subtree: true, characterData: true });
  });
};

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const row = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (v) => +v.toFixed(1);
  return { 'median ms': ms(pct(sorted, 50)), 'p90 ms': ms(pct(sorted, 90)), 'min ms': ms(sorted[0]), 'max ms': ms(sorted.at(-1)) };
};

const compareAt = process.argv.indexOf('--compare');
const builds = [{ name: 'built', dir: undefined }];
if (compareAt > 0) builds.unshift({ name: process.argv[compareAt + 1], dir: process.argv[compareAt + 1] });
const servers = [];
for (const build of builds) {
  const server = createBankServer({ standaloneDir: build.dir });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  build.url = `http://127.0.0.1:${server.address().port}/`;
  servers.push(server);
}
const browser = await chromium.launch({ ...(chromiumPath ? { executablePath: chromiumPath } : {}), args: CHROMIUM_ARGS });
try {
  const open = async (url, cpu, delay) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.addInitScript(PROBE, delay);
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('gjj-first-result').length > 0, null, { timeout: 30_000 });
    const marks = await page.evaluate(() => ({
      loaded: performance.getEntriesByType('resource').find((e) => e.name.endsWith('/gjj-loan-calculator.js'))?.responseEnd ?? NaN,
      defined: performance.getEntriesByName('gjj-defined')[0].startTime,
      rendered: performance.getEntriesByName('gjj-first-render')[0].startTime,
      pressed: performance.getEntriesByName('gjj-pressed')[0].startTime,
      result: performance.getEntriesByName('gjj-first-result')[0].startTime,
    }));
    await context.close();
    return marks;
  };
  for (const cpu of [1, 4]) {
    for (const build of builds) {
      build.figures = {
        'script loaded → first render': [],
        'script loaded → element defined': [],
        'navigation → first render': [],
        'script loaded → first result (计算 as the form shows)': [],
        '计算 → result (pressed as the form shows)': [],
        '计算 → result (pressed 2 s after the form)': [],
      };
    }
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      // Each build in turn, the first one first every other run, so that a busy moment of the machine, or coming
      // second, falls on both alike.
      for (const { url, figures } of run % 2 ? [...builds].reverse() : builds) {
        const at = await open(url, cpu, 0);
        const later = await open(url, cpu, 2000);
        if (run < WARM_UP) continue;
        figures['script loaded → first render'].push(at.rendered - at.loaded);
        figures['script loaded → element defined'].push(at.defined - at.loaded);
        figures['navigation → first render'].push(at.rendered);
        figures['script loaded → first result (计算 as the form shows)'].push(at.result - at.loaded);
        figures['计算 → result (pressed as the form shows)'].push(at.result - at.pressed);
        figures['计算 → result (pressed 2 s after the form)'].push(later.result - later.pressed);
      }
    }
    for (const { name, figures } of builds) {
      console.log(`\nbank page (examples/bank-calculator), <gjj-loan-calculator> script tag${builds.length > 1 ? ` (${name})` : ''}, CPU ${cpu === 1 ? 'not slowed' : `slowed ${cpu}x`}, ${RUNS} runs after ${WARM_UP} warm-up`);
      console.table(Object.fromEntries(Object.entries(figures).map(([label, values]) => [label, row(values)])));
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await new Promise((done) => server.close(done));
}
