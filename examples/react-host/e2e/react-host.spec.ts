import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConsoleMessage, Page } from '@playwright/test';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';

// The developer's React app as its README runs it: the BUILT app (`npm run build`, from the packages' dist/) served by
// Vite's preview, which forwards /api to the centre's server (here the reference server of the global setup), so the
// widgets call the page's own origin. A second test runs the same app on Vite's dev server, where React's
// development build reports what it finds wrong (an unmount while rendering, keys, hooks) on the console.
const ROOT = resolve(import.meta.dirname, '..');
const CONFIG = resolve(ROOT, 'vite.config.ts');

interface Rate {
  llmc: string;
  zxll: number;
}

/** Collects what must not happen on the page: console errors and warnings, page errors, 4xx/5xx answers. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

const urlOf = (server: PreviewServer | ViteDevServer): string => {
  const address = server.httpServer?.address();
  if (!address || typeof address !== 'object') throw new Error('Vite 服务未监听端口');
  return `http://127.0.0.1:${address.port}`;
};

/** The same inline settings for both servers: any free port, /api to the reference server. */
const serverOptions = (api: string) => ({ host: '127.0.0.1', port: 0, strictPort: true, proxy: { '/api': { target: api, changeOrigin: true } } });

test.describe('the React host app, built', () => {
  let server: PreviewServer;
  let origin: string;

  test.beforeAll(async ({ baseURL }) => {
    if (!existsSync(resolve(ROOT, 'dist/index.html'))) throw new Error('缺少 examples/react-host/dist：请先运行 npm run build');
    server = await preview({ root: ROOT, configFile: CONFIG, logLevel: 'silent', preview: serverOptions(baseURL as string) });
    origin = urlOf(server);
  });

  test.afterAll(async () => {
    await server?.close();
  });

  test('shows the rates, computes, opens a policy in the app and submits a complaint, all through its own origin', async ({
    page,
    request,
    baseURL,
  }) => {
    const problems = watch(page);
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(`${origin}/`) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    const provident = ((await (await request.get(`${baseURL}/api/izfgjj-zhfw/v1/hkjh/getGjjDkzxll`)).json()) as { data: Rate[] }).data;
    const commercial = ((await (await request.get(`${baseURL}/api/izfgjj-zhfw/v1/llgl/getDkllList?lllx=03`)).json()) as { data: Rate[] }).data;
    expect(provident.length).toBeGreaterThan(0);

    await page.goto(`${origin}/`);
    await expect(page).toHaveTitle('安居置业网 · 公积金服务');

    // The custom element, with the server's rates, and the host told by its gjj-load event.
    const rates = page.getByRole('region', { name: '贷款利率' });
    const table = rates.locator('gjj-rate-table');
    for (const [name, list] of [
      ['个人住房公积金贷款利率', provident],
      ['商业性个人住房贷款利率', commercial],
    ] as const) {
      const shown = table.getByRole('table', { name: new RegExp(`^${name}`) });
      await expect(shown.locator('tbody tr')).toHaveCount(list.length);
      for (const rate of list) {
        const percent = `${rate.zxll.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}%`;
        await expect(shown.locator(`tbody tr[data-code="${rate.llmc}"]`)).toContainText(percent);
      }
    }
    await expect(rates.locator('.host-note')).toHaveText(`利率已更新：公积金贷款 ${provident.length} 项，商业贷款 ${commercial.length} 项。`);
    // The host's branding (host.css) through the --gjj-* properties: into the element's shadow root and onto the
    // React components alike.
    const headerCell = table.getByRole('columnheader', { name: '贷款种类' }).first();
    expect(await headerCell.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(230, 240, 238)');

    // React removes the element and puts a new one back: it loads again and the host hears it again.
    await rates.getByRole('button', { name: '收起利率表' }).click();
    await expect(rates.locator('gjj-rate-table')).toHaveCount(0);
    await expect(rates.locator('.host-note')).toHaveText('利率表已收起。');
    await rates.getByRole('button', { name: '展开利率表' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(provident.length + commercial.length);
    await expect(rates.locator('.host-note')).toHaveText(`利率已更新：公积金贷款 ${provident.length} 项，商业贷款 ${commercial.length} 项。`);

    // The React LoanCalculator, computed by the server through the proxy; the host shows its own line from onCalculate.
    const calculator = page.getByRole('region', { name: '贷款计算器' });
    await calculator.getByLabel('贷款金额（万元）').fill('100');
    await calculator.getByLabel('贷款期限（月）').fill('360');
    await calculator.getByLabel('贷款发放日期').fill('2024-05-20');
    const computed = page.waitForResponse((r) => r.url().startsWith(`${origin}/api/`) && r.url().includes('hkjh/gjjsdcs'));
    await calculator.getByRole('button', { name: '计算', exact: true }).click();
    expect((await computed).status()).toBe(200);
    const results = calculator.getByRole('region', { name: '计算结果' });
    await expect(results).toContainText('4,003.40');
    await expect(results).toContainText('4,490.45');
    expect(await calculator.getByRole('button', { name: '计算', exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 107, 92)');
    await expect(calculator.locator('.host-note')).toHaveText(/^试算结果：公积金贷款月供 4,003\.40 元，比商业贷款少付利息 [\d,]+\.\d{2} 元。/);

    // The PolicyList's open is cancelled by the app (onOpenPolicy returns false): the app shows PolicyDetail itself,
    // beside the list, which stays where it was.
    const policies = page.getByRole('region', { name: '公积金政策' });
    await expect(policies.locator('.gjj-policy-list__total')).toHaveText('共 31 条');
    const link = policies.locator('.gjj-policy-list__link').nth(1);
    const title = (await link.textContent())?.trim() ?? '';
    await link.click();
    const detail = policies.getByRole('complementary', { name: '政策详情' });
    await expect(detail.getByRole('heading', { level: 3, name: title })).toBeFocused();
    await expect(detail.locator('.gjj-policy-detail__body')).not.toBeEmpty();
    await expect(policies.locator('.gjj-policy-detail')).toHaveCount(1);
    await expect(policies.locator('.gjj-policy-list__total')).toHaveText('共 31 条');
    await expectNoAxeViolations(page);
    await detail.getByRole('button', { name: '关闭详情' }).click();
    await expect(detail).toHaveCount(0);

    // The React ComplaintForm; the host shows the reference number it got through onSubmitted.
    const complaints = page.getByRole('region', { name: '投诉建议' });
    const form = complaints.getByRole('form', { name: '投诉建议' });
    await expect(form.getByLabel('类型').locator('option')).not.toHaveCount(1);
    await form.getByLabel('类型').selectOption({ label: '咨询' });
    await form.getByLabel('责任部门').selectOption({ index: 1 });
    await form.getByLabel('意见内容').fill(`请问购房提取公积金需要哪些材料？（React 宿主示例 ${Date.now()}）`);
    await form.getByRole('button', { name: '提交' }).click();
    const note = complaints.locator('.host-note');
    await expect(note).toHaveText(/^已提交，编号 TS\d{14}。/);
    const sqbh = /TS\d{14}/.exec((await note.textContent()) ?? '')?.[0] ?? '-';
    await expect(complaints.getByText(sqbh, { exact: true })).toBeVisible(); // the form's own receipt

    await expectNoAxeViolations(page);
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });
});

test.describe('the React host app, in development', () => {
  let server: ViteDevServer;
  let origin: string;

  test.beforeAll(async ({ baseURL }) => {
    server = await createServer({ root: ROOT, configFile: CONFIG, logLevel: 'silent', server: { ...serverOptions(baseURL as string), hmr: false } });
    await server.listen();
    origin = urlOf(server);
  });

  test.afterAll(async () => {
    await server?.close();
  });

  test("React's development build has nothing to warn about, the element removed and put back included", async ({ page }) => {
    test.setTimeout(60_000);
    const problems = watch(page);
    await page.goto(`${origin}/`);
    const rates = page.getByRole('region', { name: '贷款利率' });
    await expect(rates.locator('.host-note')).toHaveText(/^利率已更新/, { timeout: 30_000 });
    for (let round = 0; round < 2; round += 1) {
      await rates.getByRole('button', { name: '收起利率表' }).click();
      await expect(rates.locator('gjj-rate-table')).toHaveCount(0);
      await rates.getByRole('button', { name: '展开利率表' }).click();
      await expect(rates.locator('.host-note')).toHaveText(/^利率已更新/);
    }
    const policies = page.getByRole('region', { name: '公积金政策' });
    const link = policies.locator('.gjj-policy-list__link').first();
    const title = (await link.textContent())?.trim() ?? '';
    await link.click();
    // The first detail shown makes the dev server transform its lazily loaded sanitizer: slow on a busy machine. The
    // policy's body has headings of its own, so the title is found by its name, and the body once it is there.
    const detail = policies.getByRole('complementary', { name: '政策详情' });
    await expect(detail.getByRole('heading', { level: 3, name: title })).toBeVisible({ timeout: 20_000 });
    await expect(detail.locator('.gjj-policy-detail__body')).not.toBeEmpty({ timeout: 20_000 });
    // React's development build is what ran, so its warnings would have been seen.
    expect(await page.evaluate(() => document.querySelector('script[src*="@vite/client"]') !== null)).toBe(true);
    expect(problems).toEqual([]);
  });
});
