import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { STANDALONE_DIR, startHostPage, standaloneFile, type HostPage } from '../../../test/support/host-page';

const RATES = {
  provident: '[{"llmc":"01","zxll":2.1},{"llmc":"02","zxll":2.6},{"llmc":"71","zxll":2.525},{"llmc":"72","zxll":3.075}]',
  commercial: '[{"llmc":"21","zxll":3.0},{"llmc":"22","zxll":3.5},{"llmc":"23","zxll":3.0},{"llmc":"24","zxll":3.5}]',
};
const NONCE = 'bmFuay1ub25jZQ';

// A partner bank's page on another origin: one script tag, a strict CSP, rates on the page, no connection anywhere.
// The calculator's own headings are h3 (its dialog's h2), so the page gives it an h2 section.
// /vendor/ serves the built files as a bank's web server would; /broken/ has the main file but not its extras file.
let host: HostPage;
let hostUrl: string;
const served: string[] = [];

function page(script: string, nonce = ''): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>合作银行 - 贷款计算器</title>
<script src="${script}" defer${nonce ? ` nonce="${nonce}"` : ''}></script></head>
<body><main><h1>住房贷款</h1><h2>贷款计算器</h2>
<gjj-loan-calculator provident-rates='${RATES.provident}' commercial-rates='${RATES.commercial}'></gjj-loan-calculator>
</main></body></html>`;
}

test.beforeAll(async () => {
  host = await startHostPage((url) => {
    served.push(url.pathname + url.search);
    const file = /^\/(vendor|broken)\/(gjj-[a-z.-]+\.js)$/.exec(url.pathname);
    if (file) {
      const name = file[2] as string;
      const missing = (file[1] === 'broken' && name.includes('extras')) || !existsSync(resolve(STANDALONE_DIR, name));
      return missing ? null : { script: standaloneFile(name) };
    }
    const pages: Record<string, [string, string]> = {
      '/': [page('/vendor/gjj-loan-calculator.js?v=1'), "script-src 'self'"],
      '/all': [page('/vendor/gjj-widgets.js'), "script-src 'self'"],
      '/nonce': [page('/vendor/gjj-loan-calculator.js', NONCE), `script-src 'nonce-${NONCE}'`],
      '/broken': [page('/broken/gjj-loan-calculator.js'), "script-src 'self'"],
    };
    const [html, scripts] = pages[url.pathname] ?? pages['/']!;
    return { html, csp: `default-src 'self'; ${scripts}; style-src 'self'; connect-src 'none'` };
  });
  hostUrl = host.url;
});

test.afterAll(async () => {
  await host.close();
});


const calculator = (page: Page) => page.locator('gjj-loan-calculator');

async function compare(page: Page) {
  const calc = calculator(page);
  await calc.getByLabel('贷款金额（万元）').fill('100');
  await calc.getByLabel('贷款期限（月）').fill('360');
  await calc.getByLabel('贷款发放日期').fill('2024-05-20');
  await calc.getByRole('button', { name: '计算', exact: true }).click();
  await expect(calc.getByRole('region', { name: '计算结果' })).toContainText('4,003.40');
}

async function combined(page: Page) {
  const calc = calculator(page);
  await calc.getByRole('tab', { name: '组合贷款' }).click();
  const panel = calc.getByRole('tabpanel', { name: '组合贷款' });
  await panel.getByLabel('公积金贷款金额（万元）').fill('60');
  await panel.getByLabel('商业贷款金额（万元）').fill('40');
  await panel.getByLabel('贷款期限（月）').fill('360');
  await panel.getByRole('button', { name: '计算', exact: true }).click();
  await expect(panel.getByRole('region', { name: '组合贷款计算结果' })).toContainText('组合贷款合计');
  await expect(panel.getByRole('button', { name: /查看还款计划/ })).toBeEnabled();
}

test.describe('gjj-loan-calculator.js on a bank page (strict CSP, one script tag)', () => {
  test('computes the comparison with the engine file from beside it, and loads the extras file from beside it on first use', async ({ page }) => {
    const problems = watchProblems(page);
    served.length = 0;
    await page.goto(hostUrl);
    await compare(page);
    // The engine (decimal.js) is the main file's first companion, with its version query.
    expect(served.filter((p) => p.includes('engine'))).toEqual(['/vendor/gjj-loan-calculator.engine.js?v=1']);
    expect(served.filter((p) => p.includes('extras'))).toEqual([]);
    expect(await page.locator('script').count()).toBe(1);

    await combined(page);
    // The version query of the main file's address is kept for its companion.
    expect(served.filter((p) => p.includes('extras'))).toEqual(['/vendor/gjj-loan-calculator.extras.js?v=1']);
    const calc = calculator(page);
    await calc.getByRole('tabpanel', { name: '组合贷款' }).getByRole('button', { name: /查看还款计划/ }).click();
    const dialog = calc.getByRole('dialog', { name: '还款计划（组合贷款）' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('table')).toContainText('第 1 页，共 36 页');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: '关闭' }).last().click();

    await calc.getByRole('tab', { name: '提前还款试算' }).click();
    const prepay = calc.getByRole('tabpanel', { name: '提前还款试算' });
    await prepay.getByLabel('贷款金额（万元）').fill('100');
    await prepay.getByLabel('贷款期限（月）').fill('240');
    await prepay.getByLabel('提前还款期次（第几期）').fill('12');
    await prepay.getByLabel('提前还款金额（万元）').fill('10');
    await prepay.getByRole('button', { name: '计算', exact: true }).click();
    await expect(prepay.getByRole('region', { name: '提前还款试算结果' })).toContainText('100,000.00');
    await expect(prepay.getByRole('button', { name: /查看还款计划/ })).toBeEnabled();
    // One extras file for all three parts, and one engine file, each loaded once; the bank's page still has its one
    // script tag.
    expect(served.filter((p) => p.includes('extras'))).toHaveLength(1);
    expect(served.filter((p) => p.includes('engine'))).toHaveLength(1);
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.evaluate(() => 'React' in window || 'gjjLoanCalculatorExtras' in window || 'gjjLoanCalculatorEngine' in window)).toBe(false);
    expect(problems).toEqual([]);
  });

  test('carries the nonce of its script tag to the engine and extras files under a nonce-only CSP', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto(`${hostUrl}/nonce`);
    await compare(page);
    await combined(page);
    expect(problems).toEqual([]);
  });

  test('says so when the extras file cannot be loaded, and the comparison keeps working', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto(`${hostUrl}/broken`);
    const calc = calculator(page);
    await calc.getByRole('tab', { name: '组合贷款' }).click();
    await expect(calc.getByRole('tabpanel', { name: '组合贷款' }).getByRole('alert')).toHaveText(
      '组合贷款未能加载，请检查网络后重试。重新加载',
    );
    await expectNoAxeViolations(page);
    await calc.getByRole('tab', { name: '公积金与商业贷款对比' }).click();
    await compare(page);
    // The failure is logged for the integrator, with the file's address.
    expect(problems.some((p) => p.includes('gjj-loan-calculator.extras.js'))).toBe(true);
  });

  test('the all-elements bundle loads the same extras file from beside itself', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto(`${hostUrl}/all`);
    await compare(page);
    await combined(page);
    expect(problems).toEqual([]);
  });
});
