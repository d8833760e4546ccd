import type { Server } from 'node:http';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
// @ts-expect-error -- serve.mjs is the example's plain-JavaScript server, without types
import { createBankServer } from '../serve.mjs';

// The bank's page as an integrator would serve it: its own origin, its strict CSP, the two files of the calculator.
let server: Server;
let origin: string;

test.beforeAll(async () => {
  server = createBankServer() as Server;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

test('the bank page computes in the browser, in its colours, with nothing leaving its origin', async ({ page }) => {
  const problems = watchProblems(page);
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(origin)) elsewhere.push(request.url());
  });

  await page.goto(`${origin}/`);
  expect(await page.locator('script').count()).toBe(1);
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
