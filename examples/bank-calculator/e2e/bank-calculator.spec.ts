import type { Server } from 'node:http';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
// @ts-expect-error -- serve.mjs is the example's plain-JavaScript server, without types
import { createBankServer } from '../serve.mjs';

// The bank's page as an integrator would serve it: its own origin, its strict CSP, the files of the calculator, and the
// reference server as the centre it asks for its latest rates and limits.
let server: Server;
let origin: string;
let centre: string;

test.beforeAll(async ({ baseURL }) => {
  centre = new URL(baseURL ?? '').origin;
  server = createBankServer({ centre }) as Server;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

test('the bank page computes in the browser, in its colours, asking the centre only for its rates and limits', async ({ page }) => {
  const problems = watchProblems(page);
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith(`${centre}/api/izfgjj-zhfw/v1/`)) elsewhere.push(url);
    // The calculation itself never leaves the page.
    if (url.includes('gjjsdcs')) elsewhere.push(url);
  });

  await page.goto(`${origin}/`);
  // The page's one script tag; the element adds its engine file beside it once the page is idle (issue 19), which may
  // already have happened by the load event.
  const scripts = await page.locator('script').evaluateAll((all) => all.map((s) => s.getAttribute('src')));
  expect(scripts.filter((src) => !src?.endsWith('/gjj-loan-calculator.engine.js'))).toEqual(['/vendor/gjj-loan-calculator.js']);
  const calc = page.locator('gjj-loan-calculator');
  await calc.getByLabel('贷款金额（万元）').fill('100');
  await calc.getByLabel('贷款期限（月）').fill('360');
  await calc.getByLabel('贷款发放日期').fill('2024-05-20');
  await calc.getByRole('button', { name: '计算', exact: true }).click();
  const results = calc.getByRole('region', { name: '计算结果' });
  await expect(results).toContainText('4,003.40');
  await expect(results).toContainText('4,490.45');

  // The bank's red, through --gjj-color-primary.
  const selected = calc.getByRole('tab', { selected: true });
  expect(await selected.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(168, 7, 26)');

  // The other tabs come from the second file, beside the first.
  await calc.getByRole('tab', { name: '组合贷款' }).click();
  const combined = calc.getByRole('tabpanel', { name: '组合贷款' });
  await combined.getByLabel('公积金贷款金额（万元）').fill('60');
  await combined.getByLabel('商业贷款金额（万元）').fill('40');
  await combined.getByLabel('贷款期限（月）').fill('360');
  await combined.getByRole('button', { name: '计算', exact: true }).click();
  await expect(combined.getByRole('button', { name: /查看还款计划/ })).toBeEnabled();

  await expectNoAxeViolations(page);
  expect(elsewhere).toEqual([]);
  expect(problems).toEqual([]);
});

// Issue 23: the rates by the names a person reads, with their dates; and a page left behind by a rate change says so.
test('names each rate with the date it took effect, and says when the centre has newer rates', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto(`${origin}/`);
  const calc = page.locator('gjj-loan-calculator');
  await calc.getByLabel('贷款期限（月）').fill('360');
  await expect(calc.getByText('首套住房，贷款期限五年以上，2025-05-08 起执行')).toBeVisible();
  await expect(calc.getByText('首套住房，贷款期限五年以上，2025-05-20 起执行')).toBeVisible();
  // No code a person cannot read.
  await expect(calc.getByText(/\b(01|02|21|22|LPR)\b/)).toHaveCount(0);
  // The page's rates are the centre's latest: nothing to say.
  await expect(calc.locator('[part="notice"]')).toHaveCount(0);

  // The centre lowers its provident fund rates from 2026-10-01; the bank's page has not been updated.
  await page.route(`${centre}/api/izfgjj-zhfw/v1/hkjh/getGjjDkzxll`, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        code: 0,
        msg: '',
        data: [
          { llmc: '01', zxll: 1.85, sxrq: '2026-10-01', llsm: '' },
          { llmc: '02', zxll: 2.35, sxrq: '2026-10-01', llsm: '' },
          { llmc: '71', zxll: 2.275, sxrq: '2026-10-01', llsm: '' },
          { llmc: '72', zxll: 2.825, sxrq: '2026-10-01', llsm: '' },
        ],
      }),
    }),
  );
  await page.reload();
  const notice = calc.getByRole('status').filter({ hasText: '本页所列利率不是公积金中心的最新利率' });
  // The check waits for the first 计算 (no call before it; issue 19).
  await calc.getByLabel('贷款金额（万元）').fill('100');
  await calc.getByLabel('贷款期限（月）').fill('360');
  await expect(notice).toHaveCount(0);
  await calc.getByRole('button', { name: '计算', exact: true }).click();
  await expect(notice).toContainText('中心最新利率自 2026-10-01 起执行');
  await expectNoAxeViolations(page);
  await notice.getByRole('button', { name: '改用最新利率' }).click();
  await expect(notice).toHaveCount(0);
  await calc.getByLabel('贷款期限（月）').fill('360');
  await expect(calc.getByLabel('公积金贷款年利率（%）')).toHaveValue('2.35');
  await expect(calc.getByText('首套住房，贷款期限五年以上，2026-10-01 起执行')).toBeVisible();
  expect(problems).toEqual([]);
});
