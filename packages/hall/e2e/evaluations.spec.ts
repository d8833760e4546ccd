import type { Page, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, signIn } from './support';

// The satisfaction evaluation pages (/goodBadReviews, /evaluationInformation, /startEvaluation, /evaluationRecords)
// against the reference server. Other tests evaluate as the same person at the same time, so every comment carries
// a tag of its own and no test counts all of a person's records.

const tag = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const isEvaluate = (r: Request) => r.url().includes('/api/izfgjj-zhfw/v1/hcp/evaluate') && r.method() === 'POST';

async function signedIn(page: Page): Promise<void> {
  await signIn(page, DEMO.personal);
  await dismissPrompts(page);
}

async function openForm(page: Page, sxbm = ''): Promise<void> {
  await page.goto(`/home.html#/startEvaluation${sxbm ? `?sxbm=${sxbm}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name: '我要评价' })).toBeVisible();
  await expect(page.getByLabel('评价事项')).toBeVisible();
}

test.describe('satisfaction evaluation', () => {
  test('/goodBadReviews explains, lists the five levels and the three ways in; sign-in is said to be needed', async ({ page }) => {
    await page.goto('/home.html#/goodBadReviews');
    await expect(page).toHaveTitle('好差评 - 网上业务大厅');
    await expect(page.getByRole('list', { name: '满意度等级' }).getByRole('listitem')).toHaveText(['非常满意', '满意', '基本满意', '不满意', '非常不满意']);
    await expect(page.getByText('需要登录后使用，点击后将前往登录页。')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: '进入事项评价' }).click();
    await expect(page).toHaveURL(/#\/evaluationInformation$/);
    await page.goBack();
    await page.getByRole('link', { name: '进入我要评价' }).click();
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('signed-out visitors to /startEvaluation and /evaluationRecords go to /login', async ({ page }) => {
    for (const path of ['/startEvaluation?sxbm=TQ01', '/evaluationRecords']) {
      await page.goto(`/home.html#${path}`);
      await expect(page).toHaveURL(/#\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: '用户登录' })).toBeVisible();
    }
  });

  test('/evaluationInformation lists the items by category, with their ratings, and passes axe signed out', async ({ page }) => {
    await page.goto('/home.html#/evaluationInformation');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['提取业务', '贷款业务', '缴存业务', '综合服务']);
    const withdrawals = page.getByRole('region', { name: '提取业务' });
    await expect(withdrawals.getByRole('rowheader')).toHaveText(['租房提取', '购房提取', '离职销户提取']);
    await expect(withdrawals.getByRole('link', { name: '去评价：租房提取' })).toHaveAttribute('href', '#/startEvaluation?sxbm=TQ01');
    await expectNoAxeViolations(page);
  });

  test('a person evaluates from the 去评价 of an item, by keyboard, and finds it on top of the records and in its detail', async ({ page }) => {
    const mark = tag();
    await signedIn(page);
    await page.goto('/home.html#/evaluationInformation');
    const row = page.getByRole('region', { name: '贷款业务' }).getByRole('row', { name: /提前还款/ });
    const before = Number(await row.getByRole('cell').first().textContent());
    await row.getByRole('link', { name: '去评价：提前还款' }).click();
    await expect(page).toHaveURL(/#\/startEvaluation\?sxbm=DK02$/);
    await expect(page.getByLabel('评价事项')).toHaveValue('DK02');
    await expectNoAxeViolations(page);

    // The levels are one radio group: Space picks, the arrow keys move.
    await page.getByRole('radio', { name: '非常满意' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '满意', exact: true })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('评价内容（选填）')).toBeFocused();
    await page.keyboard.type(`还款办理顺利 ${mark}`);
    await expect(page.getByText(`已输入 ${[...`还款办理顺利 ${mark}`].length}/200 字`)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: '提交评价' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByText('评价成功', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/#\/evaluationRecords$/);
    const receipt = page.getByRole('status').filter({ hasText: '评价编号' });
    await expect(receipt).toHaveText(/评价成功，评价编号：PJ\d{14}/);
    const pjbh = (await receipt.textContent())?.match(/PJ\d{14}/)?.[0] ?? '';

    const table = page.getByRole('table', { name: '我的评价记录' });
    await expect(table.getByRole('columnheader')).toHaveText(['评价编号', '事项', '满意度', '评价内容', '评价时间', '操作']);
    const mine = table.getByRole('row').filter({ hasText: mark });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('cell')).toHaveText([pjbh, '提前还款', '满意', `还款办理顺利 ${mark}`, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, '详情']);
    await expectNoAxeViolations(page);

    await mine.getByRole('button', { name: `详情：${pjbh}` }).click();
    const dialog = page.getByRole('dialog', { name: '评价详情' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('definition')).toHaveText([pjbh, '提前还款', '满意', `还款办理顺利 ${mark}`, /^\d{4}-\d{2}-\d{2} /]);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: '关闭' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(mine.getByRole('button', { name: `详情：${pjbh}` })).toBeFocused();

    // The item's count went up by at least this one (others may evaluate it at the same time).
    await page.goto('/home.html#/evaluationInformation');
    const after = page.getByRole('region', { name: '贷款业务' }).getByRole('row', { name: /提前还款/ }).getByRole('cell').first();
    await expect.poll(async () => Number(await after.textContent())).toBeGreaterThan(before);
  });

  test('a double-click (and more clicks) stores one evaluation, every request with one key', async ({ page }) => {
    const mark = tag();
    await signedIn(page);
    await openForm(page, 'TQ01');
    const sent: Request[] = [];
    page.on('request', (r) => isEvaluate(r) && sent.push(r));
    // Slow the answer down so the later clicks land while the first is under way.
    await page.route('**/hcp/evaluate', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByRole('radio', { name: '基本满意' }).check();
    await page.getByLabel('评价内容（选填）').fill(`双击测试 ${mark}`);
    // The button's name changes to 正在提交… while sending: a locator that does not depend on it.
    const submit = page.locator('form.eval-form button[type="submit"]');
    await submit.dblclick();
    await expect(submit).toHaveText('正在提交…');
    await expect(submit).toBeDisabled();
    await expect(page).toHaveURL(/#\/evaluationRecords$/);
    const table = page.getByRole('table', { name: '我的评价记录' });
    await expect(table.getByRole('row').filter({ hasText: mark })).toHaveCount(1);
    expect(sent.length).toBe(1);
    expect(new Set(sent.map((r) => r.headers()['idempotency-key'])).size).toBe(1);
  });

  test('five clicks in one task (before the page can even disable the button) store one evaluation', async ({ page }) => {
    const mark = tag();
    await signedIn(page);
    await openForm(page, 'TQ02');
    const sent: Request[] = [];
    page.on('request', (r) => isEvaluate(r) && sent.push(r));
    await page.getByRole('radio', { name: '非常不满意' }).check();
    await page.getByLabel('评价内容（选填）').fill(`连点测试 ${mark}`);
    await page.locator('form.eval-form button[type="submit"]').evaluate((button: HTMLButtonElement) => {
      for (let i = 0; i < 5; i += 1) button.click();
    });
    await expect(page).toHaveURL(/#\/evaluationRecords$/);
    await expect(page.getByRole('table', { name: '我的评价记录' }).getByRole('row').filter({ hasText: mark })).toHaveCount(1);
    expect(sent).toHaveLength(1);
  });

  test('a send that fails keeps the form and is retried with the same key; one evaluation is stored', async ({ page }) => {
    const mark = tag();
    await signedIn(page);
    await openForm(page, 'FW01');
    const keys: string[] = [];
    let first = true;
    await page.route('**/hcp/evaluate', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (first) {
        first = false;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await page.getByRole('radio', { name: '非常满意' }).check();
    await page.getByLabel('评价内容（选填）').fill(`重试测试 ${mark}`);
    await page.getByRole('button', { name: '提交评价' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '网络连接失败，请检查网络后重试' })).toBeVisible();
    await expect(page.getByLabel('评价事项')).toHaveValue('FW01');
    await expect(page.getByRole('radio', { name: '非常满意' })).toBeChecked();
    await expect(page.getByLabel('评价内容（选填）')).toHaveValue(`重试测试 ${mark}`);
    await page.getByRole('button', { name: '提交评价' }).click();
    await expect(page).toHaveURL(/#\/evaluationRecords$/);
    await expect(page.getByRole('table', { name: '我的评价记录' }).getByRole('row').filter({ hasText: mark })).toHaveCount(1);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w.:-]{8,128}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  test('validation messages keep the choices made; nothing is sent until the form is right', async ({ page }) => {
    await signedIn(page);
    await openForm(page);
    const sent: Request[] = [];
    page.on('request', (r) => isEvaluate(r) && sent.push(r));
    const submit = page.getByRole('button', { name: '提交评价' });
    await submit.click();
    await expect(page.getByText('请选择评价事项')).toBeVisible();
    await expect(page.getByText('请选择满意度')).toBeVisible();
    await expect(page.getByLabel('评价事项')).toBeFocused();
    await expect(page.getByLabel('评价事项')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await page.getByLabel('评价事项').selectOption('TQ03');
    await expect(page.getByText('请选择评价事项')).toBeHidden();
    await submit.click();
    await expect(page.getByText('请选择满意度')).toBeVisible();
    await expect(page.getByRole('radio', { name: '非常满意' })).toBeFocused();

    await page.getByRole('radio', { name: '不满意', exact: true }).check();
    const long = '办'.repeat(201);
    await page.getByLabel('评价内容（选填）').fill(long);
    await expect(page.getByText('已输入 201/200 字')).toBeVisible();
    await submit.click();
    await expect(page.getByText('评价内容不能超过 200 个字')).toBeVisible();
    await expect(page.getByLabel('评价内容（选填）')).toBeFocused();
    // What was chosen and typed stays.
    await expect(page.getByLabel('评价事项')).toHaveValue('TQ03');
    await expect(page.getByRole('radio', { name: '不满意', exact: true })).toBeChecked();
    await expect(page.getByLabel('评价内容（选填）')).toHaveValue(long);
    expect(sent).toHaveLength(0);
  });

  test('/evaluationRecords says 暂无数据 to someone who has evaluated nothing, and passes axe', async ({ page }) => {
    // Only this file evaluates, and only as the individual: the developer login has no records.
    await signIn(page, DEMO.developer);
    await dismissPrompts(page);
    await page.goto('/home.html#/evaluationRecords');
    await expect(page.getByRole('heading', { level: 1, name: '我的评价' })).toBeVisible();
    await expect(page.getByText('暂无数据')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: '评价记录分页' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('/evaluationRecords keeps the page size in the address (spec 9 sizes)', async ({ page }) => {
    await signedIn(page);
    await openForm(page, 'JC01');
    await page.getByRole('radio', { name: '满意', exact: true }).check();
    await page.getByRole('button', { name: '提交评价' }).click();
    await expect(page).toHaveURL(/#\/evaluationRecords$/);
    const pager = page.getByRole('navigation', { name: '评价记录分页' });
    await pager.getByRole('combobox', { name: '每页条数' }).selectOption('10');
    await expect(page).toHaveURL(/#\/evaluationRecords\?page=1&size=10$/);
    const rows = page.getByRole('table', { name: '我的评价记录' }).getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(11);
    await page.reload();
    await expect(pager.getByRole('combobox', { name: '每页条数' })).toHaveValue('10');
    await expect(pager).toContainText(/共 \d+ 条/);
  });
});
