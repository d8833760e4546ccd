import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, devState, dismissPrompts, signIn } from './support';

// Complaints and suggestions: /complaintJY (list), /complaintJYInfo (detail), /complaintJYAdd (the ComplaintForm widget).
// Other tests run beside these against the same server: every complaint made here carries a tag of its own, and no
// test counts more than the rows with its own tag.

const unique = (what: string) => `${what}（e2e ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}）`;
const SCREENS = process.env.GJJ_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
}

const form = (page: Page) => page.getByRole('form', { name: '投诉建议' });

/** Fills the form: type 建议, department 01 (the first one), the content, and a phone when given. */
async function fillComplaint(page: Page, nr: string, lxdh = '') {
  const f = form(page);
  await f.getByLabel('类型').selectOption({ label: '建议' });
  await f.getByLabel('责任部门').selectOption({ index: 1 });
  await f.getByLabel('意见内容').fill(nr);
  if (lxdh) await f.getByLabel('联系电话（选填）').fill(lxdh);
}

/** Counts the complaint submissions the page sends. */
function countSubmissions(page: Page): { readonly count: number } {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/tsjy/add')) seen.count += 1;
  });
  return seen;
}

/** The rows of the list whose content is exactly `nr`. */
const rowsWith = (page: Page, nr: string) =>
  page.getByRole('list', { name: /投诉建议/ }).getByRole('listitem').filter({ has: page.getByText(nr, { exact: true }) });

test.describe('complaints and suggestions', () => {
  test('signed out, the list shows the published complaints with their replies, each linked to its detail', async ({ page }) => {
    await page.goto('/home.html#/complaintJY');
    await expect(page).toHaveTitle('投诉建议 - 网上业务大厅');
    await expect(page.getByRole('heading', { level: 1, name: '投诉建议' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '公开的投诉建议' })).toBeVisible();
    const rows = page.getByRole('list', { name: '公开的投诉建议' }).getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    // Published ones are answered: each shows its status and the centre's reply.
    for (const row of (await rows.all()).slice(0, 3)) {
      await expect(row.locator('.status-tag')).toHaveText('已回复');
      // The heading and the time are separated (issue 23: not 中心回复2026-11-05 10:05:00).
      await expect(row.locator('.complaint-reply__title')).toHaveText(/^中心回复（\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}）$/);
    }
    await expect(page.getByRole('navigation', { name: '投诉建议分页' })).toContainText(/共 \d+ 条/);
    await shot(page, 'complaint-list-public');
    await expectNoAxeViolations(page);
    // The page size is kept in the address, and 返回列表 from a detail comes back to it.
    await page.getByRole('navigation', { name: '投诉建议分页' }).getByLabel('每页条数').selectOption('10');
    await expect(page).toHaveURL(/#\/complaintJY\?.*size=10/);
    await expect(page.getByRole('navigation', { name: '投诉建议分页' }).getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
    // The list has rendered for the new address (the size shows 10) and its page has loaded: its links now carry it.
    await expect(page.getByRole('navigation', { name: '投诉建议分页' }).getByLabel('每页条数')).toHaveValue('10');
    await expect(page.getByRole('list', { name: '公开的投诉建议' })).toHaveAttribute('aria-busy', 'false');

    const first = rows.first().getByRole('link');
    const sqbh = ((await first.textContent()) ?? '').match(/TS\d{14}/)?.[0] ?? '';
    expect(sqbh).not.toBe('');
    await first.click();
    await expect(page).toHaveURL(/#\/complaintJYInfo\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: '投诉建议详情' })).toBeVisible();
    const details = page.locator('.complaint-detail');
    await expect(details).toContainText(sqbh);
    await expect(details).toContainText('已回复');
    // No contact details of someone else's complaint.
    await expect(details).not.toContainText('联系电话');
    await expect(page.getByRole('heading', { level: 2, name: '中心回复' })).toBeVisible();
    await expect(page.locator('.complaint-reply__title')).toHaveText(/^回复时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: '返回列表' }).click();
    await expect(page).toHaveURL(/#\/complaintJY\?.*size=10/);
    await expect(page.getByRole('navigation', { name: '投诉建议分页' }).getByLabel('每页条数')).toHaveValue('10');

    // An id that is not one's own nor published reads as not found.
    await page.goto('/home.html#/complaintJYInfo?id=999999');
    await expect(page.locator('.complaint-alert')).toHaveText('未找到该投诉建议');
    await expect(page.locator('.complaint-alert')).toHaveRole('alert');
  });

  test("validation messages appear under the fields, the first wrong one is focused, and the typed text stays", async ({ page }) => {
    const sent = countSubmissions(page);
    await page.goto('/home.html#/complaintJYAdd');
    await expect(page.getByRole('heading', { level: 1, name: '我要投诉建议' })).toBeVisible();
    const f = form(page);
    await expect(f.getByLabel('类型').locator('option')).toHaveCount(5);
    await f.getByRole('button', { name: '提交' }).click();
    await expect(f.getByLabel('类型')).toHaveAccessibleDescription('请选择类型');
    await expect(f.getByLabel('责任部门')).toHaveAccessibleDescription('请选择责任部门');
    await expect(f.getByLabel('意见内容')).toHaveAccessibleDescription(/请输入意见！/);
    await expect(f.getByLabel('类型')).toBeFocused();
    await expect(f.getByLabel('类型')).toHaveAttribute('aria-invalid', 'true');

    await f.getByLabel('类型').selectOption({ label: '投诉' });
    await f.getByLabel('责任部门').selectOption({ index: 2 });
    await f.getByLabel('意见内容').fill('排队太久');
    await f.getByLabel('联系电话（选填）').fill('0531-123');
    await expect(f.getByLabel('意见内容')).toHaveAccessibleDescription(/意见不得少于五个字！/);
    await expect(f).toContainText('已输入 4 / 500 字');
    await f.getByRole('button', { name: '提交' }).click();
    await expect(f.getByLabel('意见内容')).toBeFocused();
    await expect(f.getByLabel('联系电话（选填）')).toHaveAccessibleDescription(/请输入正确的联系电话（手机号码或带区号的固定电话）/);
    await shot(page, 'complaint-add-invalid');
    await expectNoAxeViolations(page);
    // Nothing typed was lost, and nothing was sent.
    await expect(f.getByLabel('意见内容')).toHaveValue('排队太久');
    await expect(f.getByLabel('联系电话（选填）')).toHaveValue('0531-123');
    await expect(f.getByLabel('类型')).toHaveValue('01');
    expect(sent.count).toBe(0);
  });

  test('signed out, a complaint is stored anonymously: the reference number is shown with the advice to keep it', async ({ page }) => {
    await page.goto('/home.html#/complaintJYAdd');
    await expect(page.getByText('您当前未登录')).toBeVisible();
    // By keyboard alone: arrows choose in the selects, Tab moves on, Enter on the button sends.
    const f = form(page);
    await expect(f.getByLabel('类型').locator('option')).toHaveCount(5);
    await f.getByLabel('类型').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(f.getByLabel('类型')).toHaveValue('02');
    await page.keyboard.press('Tab');
    await expect(f.getByLabel('责任部门')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect(f.getByLabel('意见内容')).toBeFocused();
    await page.keyboard.type(unique('建议在网上大厅增加办件进度的短信提醒'));
    await page.keyboard.press('Tab');
    await expect(f.getByLabel('联系电话（选填）')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(f.getByRole('button', { name: '提交' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: '提交成功' })).toBeFocused();
    const sqbh = (await page.locator('[data-sqbh]').textContent()) ?? '';
    expect(sqbh).toMatch(/^TS\d{14}$/);
    await expect(page.getByRole('status').filter({ hasText: '请牢记受理编号' })).toContainText(sqbh);
    await expect(page).toHaveURL(/#\/complaintJYAdd$/);
    await shot(page, 'complaint-add-anonymous-done');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: '再提交一条' }).click();
    await expect(form(page).getByLabel('意见内容')).toHaveValue('');
  });

  test('signed in, a double-click stores one complaint, which appears in 我的投诉建议 and in its detail', async ({ page }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    const sent = countSubmissions(page);
    await page.goto('/home.html#/complaintJY');
    await expect(page.getByRole('heading', { level: 2, name: '我的投诉建议' })).toBeVisible();
    await page.getByRole('link', { name: '我要投诉建议' }).click();
    await expect(page).toHaveURL(/#\/complaintJYAdd$/);
    await expect(page.getByRole('heading', { level: 1, name: '我要投诉建议' })).toBeVisible();
    await expect(form(page).getByLabel('类型').locator('option')).toHaveCount(5);
    await expect(page.getByText('您当前未登录')).toHaveCount(0);
    await expectNoAxeViolations(page);

    const nr = unique('双击提交只应受理一条投诉建议');
    await fillComplaint(page, nr, '13912345678');
    await form(page).getByRole('button', { name: '提交' }).dblclick();
    // Signed in, success goes to the complaint's detail.
    await expect(page).toHaveURL(/#\/complaintJYInfo\?id=\d+$/);
    const details = page.locator('.complaint-detail');
    await expect(details).toContainText(nr);
    await expect(details).toContainText(/TS\d{14}/);
    await expect(details).toContainText('建议');
    await expect(details).toContainText('139****5678');
    await expect(details).toContainText('待处理');
    await expect(page.getByText('中心尚未回复，请耐心等待。')).toBeVisible();
    await shot(page, 'complaint-detail-mine');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: '返回列表' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '我的投诉建议' })).toBeVisible();
    await expect(rowsWith(page, nr)).toHaveCount(1);
    await expect(rowsWith(page, nr).locator('.status-tag')).toHaveText('待处理');
    await shot(page, 'complaint-list-mine');
    await expectNoAxeViolations(page);
    expect(sent.count).toBe(1);
  });

  test("the centre's reply shows with 已回复 in the list and the detail, and once published in the signed-out list", async ({ page, browser, baseURL }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    await page.goto('/home.html#/complaintJYAdd');
    const nr = unique('希望公积金贷款审批时间再缩短一些');
    await fillComplaint(page, nr);
    await form(page).getByRole('button', { name: '提交' }).click();
    await expect(page).toHaveURL(/#\/complaintJYInfo\?id=\d+$/);
    const sqbh = ((await page.locator('.complaint-detail dd').first().textContent()) ?? '').trim();
    expect(sqbh).toMatch(/^TS\d{14}$/);

    await devState(page.request, { processComplaint: sqbh });
    await page.reload();
    await expect(page.locator('.complaint-detail')).toContainText('处理中');

    const reply = `您好，已督促信贷管理处优化审批流程。${sqbh}`;
    await devState(page.request, { replyComplaint: { sqbh, hfnr: reply, publish: true } });
    await page.reload();
    await expect(page.locator('.complaint-detail .status-tag')).toHaveText('已回复');
    await expect(page.locator('.complaint-reply')).toContainText(reply);
    await expect(page.getByText('中心尚未回复')).toHaveCount(0);
    await shot(page, 'complaint-detail-replied');
    await expectNoAxeViolations(page);

    await page.goto('/home.html#/complaintJY');
    const row = rowsWith(page, nr);
    await expect(row).toHaveCount(1);
    await expect(row.locator('.status-tag')).toHaveText('已回复');
    await expect(row.locator('.complaint-reply')).toContainText(reply);

    // Published: a visitor who is not signed in sees it, with the reply, in the public list.
    const visitor = await browser.newContext({ baseURL });
    const anon = await visitor.newPage();
    await anon.goto('/home.html#/complaintJY');
    await expect(anon.getByRole('heading', { level: 2, name: '公开的投诉建议' })).toBeVisible();
    const published = rowsWith(anon, nr);
    await expect(published).toHaveCount(1);
    await expect(published).toContainText(reply);
    await published.getByRole('link').click();
    await expect(anon.locator('.complaint-detail')).toContainText(nr);
    await expect(anon.locator('.complaint-detail')).not.toContainText('联系电话');
    await visitor.close();
  });
});
