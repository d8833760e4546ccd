// `npm run lighthouse`: Lighthouse (mobile profile, performance) on the hall's pages as the built reference server
// serves them, in one headless Chromium, page after page; prints the table (performance, CLS, transferred bytes,
// LCP, TBT). With --check (npm test) it exits non-zero when a page's CLS or transferred bytes exceed its budget in
// lighthouse.budgets.json, the file that also lists the pages (add one there: name, path, budget, and signIn for a
// page behind sign-in). --json=FILE writes the measured figures; --only=NAME,… measures some pages only.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../test/support/chromium.mjs';
import { overBudget, resultTable } from './lib/lighthouse-budget.mjs';
import { startReferenceServer } from './lib/reference-server.mjs';

const args = process.argv.slice(2);
const check = args.includes('--check');
const jsonOut = args.find((a) => a.startsWith('--json='))?.slice('--json='.length);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
// --why: what shifts and what the largest items are, per page, to find the cause of a figure.
const why = args.includes('--why');

/** @type {{ pages: import('./lib/lighthouse-budget.mjs').BudgetPage[] }} */
const config = JSON.parse(readFileSync(new URL('../lighthouse.budgets.json', import.meta.url), 'utf8'));
const pages = config.pages.filter((p) => !only || only.includes(p.name));

/** The demo sign-ins (packages/server/src/seed/demo.ts, as the end-to-end tests use them). */
const DEMO = { personal: { account: '110101199003072316', password: 'Gjj@2026', home: '#/grwt/home' } };

// Lighthouse drives the page through its own puppeteer-core (the version it is made for), so signing in first and
// measuring then happen in one tab: the session lives in that tab's sessionStorage.
const puppeteer = createRequire(createRequire(import.meta.url).resolve('lighthouse'))('puppeteer-core');

/**
 * Signs in through the login page as a person would: the default check is a proof of work the page solves by itself
 * (issue 37), so nothing is typed for it; the sign-in waits until the page says it is done.
 */
async function signIn(page, base, who) {
  await page.goto(`${base}/home.html#/login`);
  await page.waitForSelector('#login-username');
  await page.type('#login-username', who.account);
  await page.type('#login-password', who.password);
  await page.waitForFunction(() => document.body.innerText.includes('已自动完成安全验证'), { timeout: 30_000 });
  await page.click('form.login-form button[type=submit]');
  await page.waitForFunction((hash) => location.hash === hash, { timeout: 30_000 }, who.home);
}

const started = Date.now();
const load = loadavg()[0];
const server = await startReferenceServer();
const browser = await puppeteer.launch({
  executablePath: findChromium(),
  headless: true,
  args: [...CHROMIUM_ARGS, '--headless=new'],
  defaultViewport: null,
});
const measured = [];
try {
  for (const entry of pages) {
    const page = await browser.newPage();
    if (entry.signIn) {
      const who = DEMO[entry.signIn];
      if (!who) throw new Error(`lighthouse.budgets.json：未知的登录身份 ${entry.signIn}`);
      await signIn(page, server.url, who);
    }
    // A first visit's files, not those the sign-in left in the caches (the session in sessionStorage stays): the HTTP
    // cache is cleared and, while Lighthouse measures, the renderer's memory cache is off too. Clearing the HTTP cache
    // alone left the chunks the sign-in had loaded in memory, so the figure moved by 17 KiB between runs.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // A trace Chromium failed to record (NO_NAVSTART and the like, on a busy machine) is measured again, once.
    let result;
    for (let attempt = 1; ; attempt += 1) {
      result = await lighthouse(
        `${server.url}${entry.path}`,
        { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: !!entry.signIn },
        undefined,
        page,
      );
      if (!result.lhr.runtimeError || attempt === 2) break;
      console.warn(`${entry.name}：${result.lhr.runtimeError.code}，重测一次`);
    }
    const audits = result.lhr.audits;
    if (result.lhr.runtimeError) throw new Error(`${entry.name}：${result.lhr.runtimeError.message}`);
    if (why) {
      console.log(`\n── ${entry.name}`);
      if (!audits['layout-shifts']?.details) console.log('  layout-shifts:', audits['layout-shifts']?.scoreDisplayMode, audits['layout-shifts']?.errorMessage ?? audits['layout-shifts']?.explanation);
      for (const item of audits['layout-shifts']?.details?.items ?? []) {
        console.log(`  shift ${item.score.toFixed(3)}: ${item.node?.selector ?? ''} ${item.node?.snippet ?? ''}`.slice(0, 300));
      }
      for (const item of audits['network-requests']?.details?.items ?? []) {
        console.log(`  ${String(Math.round(item.transferSize / 102.4) / 10).padStart(6)} KiB ${item.url.replace(server.url, '')}`.slice(0, 160));
      }
    }
    measured.push({
      name: entry.name,
      performance: result.lhr.categories.performance.score ?? 0,
      cls: audits['cumulative-layout-shift'].numericValue ?? 0,
      transferBytes: audits['total-byte-weight'].numericValue ?? 0,
      lcpMs: audits['largest-contentful-paint'].numericValue ?? 0,
      tbtMs: audits['total-blocking-time'].numericValue ?? 0,
    });
    await cdp.detach();
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const version = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8')).version;
console.log(`Lighthouse ${version} mobile, ${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${load.toFixed(2)} at the start`);
console.table(resultTable(measured));
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify({ load, measured }, null, 2)}\n`);
if (check) {
  const problems = overBudget(measured, pages);
  if (problems.length) {
    console.error(`\n超出 lighthouse.budgets.json 的预算：\n${problems.map((p) => `  ✗ ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('\n每页的 CLS 和传输量都在预算内');
}
