import type { Server } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
// @ts-expect-error -- serve.mjs is the example's plain-JavaScript server, without types
import { createStrictCspServer, CSP } from '../serve.mjs';

// The portal's page as its README describes it: its own origin, the policy of issue 8 exactly, the all-elements
// bundle, and /api/ passed on to the reference server.
let server: Server;
let origin: string;

test.beforeAll(async ({ baseURL }) => {
  server = createStrictCspServer({ centre: baseURL }) as Server;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

interface Watch {
  /** Every CSP violation: the browser's console report and the page's securitypolicyviolation events. */
  violations: string[];
  problems: string[];
}

/** Counts CSP violations two ways (what the console prints, what the document's events report) and other failures. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { violations: [], problems: [] };
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`), true);
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.violations.push(msg.text());
    else if (msg.type() === 'error' || msg.type() === 'warning') seen.problems.push(msg.text());
  });
  page.on('pageerror', (error) => seen.problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) seen.problems.push(`${response.status()} ${response.url()}`);
  });
  return seen;
}

const pageViolations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

async function calculate(page: Page, planId: string, amount: string) {
  const calc = page.locator(`#${planId}`).getByRole('tabpanel', { name: '公积金与商业贷款对比' });
  await calc.getByLabel('贷款金额（万元）').fill(amount);
  await calc.getByLabel('贷款期限（月）').fill('360');
  await calc.getByLabel('贷款发放日期').fill('2024-05-20');
  await calc.getByRole('button', { name: '计算', exact: true }).click();
  await expect(calc.getByRole('region', { name: '计算结果' })).toBeVisible();
}

test('a calculator, a policy list and a complaint form all work under the strict policy with zero CSP violations', async ({ page }) => {
  const seen = await watch(page);
  const response = await page.goto(`${origin}/`);
  expect(response?.headers()['content-security-policy']).toBe("default-src 'self'; script-src 'self'; style-src 'self'");
  expect(CSP).toBe("default-src 'self'; script-src 'self'; style-src 'self'");
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(origin)) elsewhere.push(request.url());
  });

  // The calculator: rates and figures from the centre, through the page's own origin; then the extras file.
  await calculate(page, 'plan-a', '100');
  const planA = page.locator('#plan-a');
  // The seeded rates (2.6 % and 3.5 %), computed by the centre, formatted by the portal's script.
  await expect(page.locator('#plan-a-summary')).toHaveText('公积金贷款月供 4,003.40 元，利息合计 441,222.35 元');
  await planA.getByRole('tab', { name: '组合贷款' }).click();
  const combined = planA.getByRole('tabpanel', { name: '组合贷款' });
  await combined.getByLabel('公积金贷款金额（万元）').fill('60');
  await combined.getByLabel('商业贷款金额（万元）').fill('40');
  await combined.getByLabel('贷款期限（月）').fill('360');
  await combined.getByRole('button', { name: '计算', exact: true }).click();
  await expect(combined.getByRole('region', { name: '组合贷款计算结果' })).toContainText('组合贷款合计');
  await combined.getByRole('button', { name: /查看还款计划/ }).first().click();
  const plan = planA.getByRole('dialog');
  await expect(plan).toBeVisible();
  await expect(plan.getByRole('table')).toBeVisible();
  await plan.getByRole('button', { name: /关闭/ }).first().click();
  await expect(plan).toBeHidden();

  // The policy list: a search, then a detail (its sanitizer arrives with the first detail).
  const policies = page.locator('gjj-policy-list');
  await expect(policies.locator('.gjj-policy-list__link')).toHaveCount(10);
  await policies.getByLabel('政策标题').fill('租房提取');
  await policies.getByLabel('政策标题').press('Enter');
  await expect(policies.locator('.gjj-policy-list__link').first()).toHaveText('关于租房提取住房公积金的实施细则');
  await policies.locator('.gjj-policy-list__link').first().click();
  await expect(policies.locator('.gjj-policy-detail__body')).toContainText('本通知自发布之日起施行');

  // The complaint form: a message of the spec first, then a submission the portal's script acknowledges.
  const form = page.locator('gjj-complaint-form').getByRole('form', { name: '投诉建议' });
  await form.getByRole('button', { name: '提交' }).click();
  await expect(form.getByLabel('意见内容')).toHaveAccessibleDescription(/请输入意见！/);
  await form.getByLabel('类型').selectOption({ label: '建议' });
  await form.getByLabel('责任部门').selectOption({ index: 1 });
  await form.getByLabel('意见内容').fill(`建议在门户首页增加公积金余额查询入口（严格 CSP 示例 ${Date.now()}）`);
  await form.getByRole('button', { name: '提交' }).click();
  await expect(page.locator('#complaint-summary')).toHaveText(/^您的意见已提交，受理编号 TS\d{14}$/);

  await expectNoAxeViolations(page);
  expect(seen.violations).toEqual([]);
  expect(await pageViolations(page)).toEqual([]);
  expect(seen.problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test('the policy is really in force: an inline style the page adds is refused and counted', async ({ page }) => {
  // The counter of the test above, shown able to fail: the same two ways see one violation here.
  const seen = await watch(page);
  await page.goto(`${origin}/`);
  await expect(page.locator('#plan-a').getByLabel('贷款金额（万元）')).toBeVisible();
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<style>body{background:red}</style>'));
  await expect.poll(() => pageViolations(page)).toHaveLength(1);
  expect((await pageViolations(page))[0]).toMatch(/^style-src/);
  await expect.poll(() => seen.violations.length).toBe(1);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 0, 0)');
});

test('two calculators on one page keep their own inputs, tabs, results and events', async ({ page }) => {
  const seen = await watch(page);
  await page.goto(`${origin}/`);
  const planA = page.locator('#plan-a');
  const planB = page.locator('#plan-b');
  const events = await page.evaluateHandle(() => {
    const log: string[] = [];
    for (const id of ['plan-a', 'plan-b']) document.getElementById(id)?.addEventListener('gjj-calculate', () => log.push(id));
    return log;
  });

  const resultsB = planB.getByRole('region', { name: '计算结果' });
  const emptyB = await resultsB.innerText();
  await calculate(page, 'plan-a', '100');
  await expect(planA.getByRole('region', { name: '计算结果' })).toContainText('元');
  await expect(planB.getByLabel('贷款金额（万元）', { exact: true })).toHaveValue('');
  expect(await resultsB.innerText()).toBe(emptyB);
  await expect(page.locator('#plan-b-summary')).toHaveText('尚未计算');
  const summaryA = await page.locator('#plan-a-summary').textContent();

  // Plan B: another tab, then another amount; plan A keeps its tab, its figures and its summary.
  await planB.getByRole('tab', { name: '组合贷款' }).click();
  await expect(planA.getByRole('tab', { selected: true })).toHaveText('公积金与商业贷款对比');
  await planB.getByRole('tab', { name: '公积金与商业贷款对比' }).click();
  await calculate(page, 'plan-b', '50');
  await expect(planA.getByLabel('贷款金额（万元）', { exact: true })).toHaveValue('100');
  await expect(page.locator('#plan-a-summary')).toHaveText(summaryA ?? '-');
  await expect(page.locator('#plan-b-summary')).not.toHaveText(summaryA ?? '-');
  await expect(page.locator('#plan-b-summary')).toHaveText(/^公积金贷款月供/);
  // A wrong input in one shows its message there only.
  await planB.getByLabel('贷款金额（万元）', { exact: true }).fill('');
  await planB.getByRole('button', { name: '计算', exact: true }).click();
  await expect(planB.locator('[part~="error"]').first()).toBeVisible();
  await expect(planA.locator('[part~="error"]')).toHaveCount(0);

  expect(await events.evaluate((log) => log)).toEqual(['plan-a', 'plan-b']);
  expect(seen.violations).toEqual([]);
  expect(seen.problems).toEqual([]);
});

// Issue 23: the portal's stylesheet made a 390 px phone's page 485 px wide (the two calculators' 460 px minimum).
test('on a 390 px phone the page is 390 px wide: no sideways scroll, the calculators one above the other', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${origin}/`);
  const a = page.locator('#plan-a');
  await expect(a.getByLabel('贷款金额（万元）')).toBeVisible();
  await expect(page.locator('gjj-policy-list').locator('.gjj-policy-list__link')).toHaveCount(10);
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, view: window.innerWidth }));
  expect(widths).toEqual({ doc: 390, body: 390, view: 390 });
  const boxA = await a.boundingBox();
  const boxB = await page.locator('#plan-b').boundingBox();
  expect(boxA && boxA.x >= 0 && boxA.x + boxA.width <= 390).toBe(true);
  // One column: plan B under plan A.
  expect(boxB && boxA && boxB.y > boxA.y + boxA.height - 1).toBe(true);
  // A bound broken on the phone is told beside the field, inside the screen.
  await a.getByLabel('贷款期限（月）').fill('600');
  const message = a.getByText('贷款期限不能超过360个月（30年）');
  await expect(message).toBeVisible();
  const box = await message.boundingBox();
  expect(box && box.x + box.width <= 390).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
