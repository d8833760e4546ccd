import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { centreDecide } from '../../../test/support/centre';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, materialPng, outboxMessage, recordAlerts, signIn, submitWithMaterials, tokenOf, type DemoLogin } from './support';

// 我的业务, 业务详情 and 待办事项 (issue 20) against the built server, the centre played through its API
// (/api/centre/v1, docs/api-applications.md). Every application this file makes ends withdrawn or completed, so a
// later test (or a rerun) meets no "already in progress" restriction of its own making.

const ZHFW = '/api/izfgjj-zhfw/v1';
/**
 * 周晓明 (seed step 17, packages/server/src/seed/office.ts): the one whose name change the centre completes here. A
 * completed name change renames the person on the records (issue 24), so it is not 张三, whom other tests read.
 */
const ZHOU: DemoLogin = { type: '个人', account: '110105198703143016', name: '周晓明', home: '/grwt/home', screens: [] };
const ZHOU_PHONE = '13300130031';
/** The name 张三's applications here ask for: never completed (each ends withdrawn), so he keeps his own. */
const NEW_NAME = '张叁';
/** Where the screenshots go: GJJ_SCREENS when set, else the test's own folder under test-results/e2e/. */
const shot = (name: string) => (process.env.GJJ_SCREENS ? `${process.env.GJJ_SCREENS}/${name}` : test.info().outputPath(name));

const base = () => process.env.GJJ_E2E_URL ?? '';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** What the signed-in user's own client would send: a call of the hall's API with the page's token. */
async function hallCall<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
  const token = await tokenOf(page);
  const headers = { token, client: 'pc' };
  const response =
    method === 'GET'
      ? await page.request.get(`${base()}${ZHFW}/${path}`, { headers })
      : await page.request.post(`${base()}${ZHFW}/${path}`, { headers, data: body });
  return { status: response.status(), body: (await response.json()) as Envelope<T> };
}

/** Submits a 个人账户信息变更 whose key field (姓名) needs the centre: it stays 已提交. */
async function submitNameChange(page: Page, xingming = NEW_NAME): Promise<{ ywbh: string; promisedDate: string }> {
  // A name other than the one on file (the same one is refused: nothing would change); its 户口簿 and 更名证明 uploaded
  // to its draft first, as the wizard does (issue 31 item 3).
  const { status, body } = await submitWithMaterials(page, 'GJ0302', { xingming });
  expect(status, body.msg).toBe(200);
  expect(body.data.zt).toBe('01');
  expect(body.data.promisedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return body.data;
}

/** The centre decides (accept, complete, return, reject) through its API, as 王审核. */
const centre = (ywbh: string, action: 'accept' | 'complete' | 'return' | 'reject', extra: { note?: string; reasons?: string[] } = {}) =>
  centreDecide(action, ywbh, { operator: '王审核', ...extra });

/** The centre's command (npm run centre -w @gjj-hall/server), as staff run it, against the e2e server. */
async function centreCommand(...args: string[]): Promise<string> {
  const script = resolve(import.meta.dirname, '../../server/dist/centre.js');
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], {
    env: { ...process.env, CENTRE_URL: base(), CENTRE_API_KEY: process.env.GJJ_E2E_CENTRE_KEY ?? '' },
  });
  return stdout;
}

/** Opens 我的业务 as a user would: the home tab 我的办件, then its tile. */
async function openMyBusiness(page: Page, area: string) {
  await page.getByRole('tab', { name: '我的办件' }).click();
  await page.getByRole('button', { name: /我的业务/ }).click();
  await expect(page).toHaveURL(new RegExp(`#/${area}/wdbj/wdyw$`));
  await expect(page.getByRole('heading', { level: 1, name: '我的业务' })).toBeVisible();
}

/** Presses Tab until `target` has the focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 40) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const rowOf = (page: Page, ywbh: string) => page.getByRole('row').filter({ hasText: ywbh });

test.describe('我的业务 and 待办事项', () => {
  test('a submitted application shows with its promised date; accepted and completed by the centre, its status, timeline and SMS follow', async ({
    page,
  }) => {
    await signIn(page, ZHOU);
    await dismissPrompts(page);
    const since = new Date(Date.now() - 1000).toISOString();
    const { ywbh, promisedDate } = await submitNameChange(page, '周晓鸣');

    await openMyBusiness(page, 'grwt');
    const table = page.getByRole('table', { name: /我的业务/ });
    await expect(table.getByRole('columnheader')).toHaveText(['业务名称', '业务编号', '状态', '提交时间', '承诺办结日期', '操作']);
    const row = rowOf(page, ywbh);
    await expect(row.getByRole('cell')).toHaveText(['个人账户信息变更', ywbh, '已提交', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, promisedDate, '查看']);
    // The newest first.
    await expect(table.getByRole('row').nth(1)).toContainText(ywbh);
    await expectNoAxeViolations(page);
    expect(await outboxMessage(page.request, 'notice', ZHOU_PHONE, since)).toContain(`（业务编号 ${ywbh}）已提交，承诺办结日期 ${promisedDate}`);

    // The filter and the search live in the address; a number that cannot be one is refused before any call.
    await page.getByLabel('状态').selectOption({ label: '已办结' });
    await page.getByLabel('业务编号').fill(ywbh.toLowerCase());
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page).toHaveURL(/zt=03/);
    await expect(page.getByText('暂无数据')).toBeVisible();
    await page.getByLabel('状态').selectOption({ label: '已提交' });
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, ywbh)).toBeVisible();
    await page.getByLabel('业务编号').fill('GJ0302');
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page.getByText('业务编号应为 2 位字母加 20 位数字')).toBeVisible();
    await expect(page.getByLabel('业务编号')).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: '重置' }).click();
    await expect(page).toHaveURL(/#\/grwt\/wdbj\/wdyw$/);

    await rowOf(page, ywbh).getByRole('link', { name: /查看/ }).click();
    await expect(page).toHaveURL(new RegExp(`#/grwt/wdbj/ywxq\\?ywbh=${ywbh}$`));
    await expect(page.getByRole('heading', { level: 1, name: '业务详情' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: '当前位置' }).getByRole('listitem');
    await expect(crumbs).toHaveText(['首页', '我的办件', '业务详情']);
    const facts = page.locator('.office-facts');
    await expect(facts.getByRole('definition')).toHaveText(['个人账户信息变更', ywbh, '已提交', /^\d{4}-/, `${promisedDate}（3 个工作日内）`]);
    const timeline = page.getByRole('list', { name: '办理进度' }).locator(':scope > li');
    // The draft its materials were uploaded to (issue 31 item 3), then the submission.
    await expect(timeline).toHaveCount(2);
    await expect(timeline.first()).toContainText('草稿');
    await expect(timeline.nth(1)).toContainText('已提交');
    await expect(timeline.nth(1)).toContainText('周晓明');
    await expect(page.getByRole('button', { name: '撤回' })).toBeVisible();
    await expectNoAxeViolations(page);

    await centre(ywbh, 'accept', { note: '材料齐全，予以受理' });
    await page.reload();
    await expect(facts.getByRole('definition').nth(2)).toHaveText('已受理');
    await expect(timeline).toHaveCount(3);
    await expect(timeline.nth(2)).toContainText('王审核');
    await expect(timeline.nth(2)).toContainText('说明：材料齐全，予以受理');
    // Accepted: too late to withdraw.
    await expect(page.getByRole('button', { name: '撤回' })).toHaveCount(0);

    // Completed by the centre's command, as staff would.
    expect(await centreCommand('complete', ywbh, '--operator', '王审核')).toContain(ywbh);
    await page.reload();
    await expect(facts.getByRole('definition').nth(2)).toHaveText('已办结');
    await expect(timeline).toHaveCount(4);
    await expect(timeline.nth(3).locator('.status-tag')).toHaveText('已办结');
    expect(await outboxMessage(page.request, 'notice', ZHOU_PHONE, since)).toBe(`【住房公积金】您的“个人账户信息变更”（业务编号 ${ywbh}）已办结。`);

    await page.getByRole('link', { name: '返回我的业务' }).click();
    await expect(rowOf(page, ywbh).getByRole('cell').nth(2)).toHaveText('已办结');
  });

  test('撤回 before acceptance asks first; 取消 changes nothing, 确定撤回 withdraws it', async ({ page }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    const { ywbh } = await submitNameChange(page);
    await page.goto(`/home.html#/grwt/wdbj/ywxq?ywbh=${ywbh}`);
    await page.getByRole('button', { name: '撤回' }).click();
    const confirm = page.getByRole('alertdialog', { name: '系统提示' });
    await expect(confirm).toContainText(`您确定要撤回业务 ${ywbh} 吗？`);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.locator('.office-facts').getByRole('definition').nth(2)).toHaveText('已提交');

    await page.getByRole('button', { name: '撤回' }).click();
    const said = await recordAlerts(page);
    await confirm.getByRole('button', { name: '确定撤回' }).click();
    await said.seen('申请已撤回');
    await expect(page.locator('.office-facts').getByRole('definition').nth(2)).toHaveText('已撤回');
    const timeline = page.getByRole('list', { name: '办理进度' }).locator(':scope > li');
    await expect(timeline).toHaveCount(3);
    await expect(timeline.nth(2)).toContainText('已撤回');
    await expect(page.getByRole('button', { name: '撤回' })).toHaveCount(0);
    // The server refuses it too once withdrawn.
    const again = await hallCall(page, 'POST', 'ywsq/withdraw', { ywbh });
    expect(again.status).toBe(409);
  });

  test('退回 with reasons: the to-do opens the detail with the reasons; a bad value keeps what was typed; corrected, it is resubmitted', async ({
    page,
  }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    const { ywbh } = await submitNameChange(page);
    const reasons = ['请上传身份证正反面照片', '姓名与户口簿不一致'];
    await centre(ywbh, 'return', { reasons });

    await page.getByRole('tab', { name: '我的办件' }).click();
    await page.getByRole('button', { name: /待办事项/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '待办事项' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: ywbh });
    await expect(item).toContainText('个人账户信息变更已退回，请按退回原因修改后重新提交');
    await expectNoAxeViolations(page);
    await item.getByRole('link', { name: /去修改/ }).click();
    await expect(page).toHaveURL(new RegExp(`#/grwt/wdbj/ywxq\\?ywbh=${ywbh}$`));

    const note = page.getByRole('note', { name: '退回原因' });
    await expect(note.getByRole('listitem')).toHaveText(reasons);
    const timeline = page.getByRole('list', { name: '办理进度' }).locator(':scope > li');
    await expect(timeline.nth(2).getByRole('list', { name: '原因' }).getByRole('listitem')).toHaveText(reasons);

    await page.getByRole('button', { name: '修改后重新提交' }).click();
    const form = page.getByRole('form', { name: '修改申请内容' });
    await expect(form.getByRole('heading', { name: '修改申请内容' })).toBeFocused();
    const name = form.getByLabel('姓名');
    await expect(name).toHaveValue(NEW_NAME);
    await name.fill('张3');
    await form.getByRole('button', { name: '重新提交' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '姓名应为 2 至 15 个汉字或字母' })).toBeVisible();
    await expect(name).toHaveValue('张3');
    await expectNoAxeViolations(page);

    // The centre asked for a photo: the collector of the same application takes another file before resubmitting.
    const materials = page.getByRole('region', { name: '补充或更换材料' });
    const material = materials.locator('.archive-item').first();
    await expect(material.locator('.archive-file[data-file-id]')).toHaveCount(1);
    const label = (await material.locator('input[type=file]').first().getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^上传/);
    await materials.getByLabel(label, { exact: true }).setInputFiles({ name: '补充材料.png', mimeType: 'image/png', buffer: materialPng([200, 60, 30]) });
    await expect(material.locator('.archive-file[data-file-id]')).toHaveCount(2);
    await expectNoAxeViolations(page);

    await name.fill(NEW_NAME);
    await form.getByRole('button', { name: '重新提交' }).click();
    await expect(form).toBeHidden();
    await expect(materials).toBeHidden();
    await expect(page.locator('.office-facts').getByRole('definition').nth(2)).toHaveText('已提交');
    await expect(timeline).toHaveCount(4);
    await expect(timeline.nth(3)).toContainText('已提交');

    // No longer a to-do; withdrawn, it is out of the way of the other tests.
    const todos = await hallCall<Array<{ ywbh: string }>>(page, 'GET', 'todo/list');
    expect(todos.body.data.map((t) => t.ywbh)).not.toContain(ywbh);
    expect((await hallCall(page, 'POST', 'ywsq/withdraw', { ywbh })).status).toBe(200);
  });

  test('a restriction refuses a second application of the same business with its message; a draft is deleted', async ({ page }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    const { ywbh } = await submitNameChange(page);
    try {
      const check = await hallCall<{ pass: boolean; messages: Array<{ msg: string }> }>(page, 'GET', 'ywblxz/check?ywlx=GJ0302');
      const message = `您已有一笔“个人账户信息变更”正在办理（业务编号 ${ywbh}），办结或撤回后才能再申请`;
      expect(check.body.data).toMatchObject({ pass: false, messages: [{ msg: message }] });
      const second = await hallCall(page, 'POST', 'ywsq/submit', { ywlx: 'GJ0302', payload: { xingming: NEW_NAME } });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ msg: message });
      expect(second.body.code).not.toBe(0);
    } finally {
      await hallCall(page, 'POST', 'ywsq/withdraw', { ywbh });
    }

    const draft = await hallCall<{ ywbh: string; zt: string }>(page, 'POST', 'ywsq/saveDraft', { ywlx: 'GJ0302', payload: { txdz: '北京市东城区示例路 1 号' } });
    expect(draft.status, draft.body.msg).toBe(200);
    await page.goto(`/home.html#/grwt/wdbj/wdyw?zt=00`);
    await expect(rowOf(page, draft.body.data.ywbh).getByRole('cell').nth(2)).toHaveText('草稿');
    await rowOf(page, draft.body.data.ywbh).getByRole('link', { name: /查看/ }).click();
    await expect(page.getByRole('term').filter({ hasText: '通讯地址' })).toBeVisible();
    await page.getByRole('button', { name: '删除草稿' }).click();
    await page.getByRole('alertdialog', { name: '系统提示' }).getByRole('button', { name: '确定删除' }).click();
    await expect(page).toHaveURL(/#\/grwt\/wdbj\/wdyw$/);
    await expect(rowOf(page, draft.body.data.ywbh)).toHaveCount(0);
  });

  test('keyboard only: search by number, open the detail, 撤回 (Esc keeps it, 确定撤回 withdraws)', async ({ page }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    const { ywbh } = await submitNameChange(page);
    await page.goto('/home.html#/grwt/wdbj/wdyw');
    await tabTo(page, page.getByLabel('业务编号'));
    await page.keyboard.type(ywbh);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`ywbh=${ywbh}`));
    await expect(page.getByRole('row')).toHaveCount(2);
    await tabTo(page, rowOf(page, ywbh).getByRole('link', { name: /查看/ }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: '业务详情' })).toBeVisible();

    const withdraw = page.getByRole('button', { name: '撤回' });
    await tabTo(page, withdraw);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: '系统提示' });
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(withdraw).toBeFocused();
    await page.keyboard.press('Enter');
    await tabTo(page, confirm.getByRole('button', { name: '确定撤回' }), 6);
    await page.keyboard.press('Enter');
    await expect(page.locator('.office-facts').getByRole('definition').nth(2)).toHaveText('已撤回');
  });

  test('another login’s number answers 403 and shows nothing of it; the unit’s to-do names its interest statement and, while its page is not open, where to confirm it', async ({ page, browser }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    const { ywbh } = await submitNameChange(page);
    const unit = await browser.newPage();
    try {
      await signIn(unit, DEMO.unit);
      await dismissPrompts(unit);
      await unit.goto(`/home.html#/dwwt/wdbj/ywxq?ywbh=${ywbh}`);
      const denied = unit.getByRole('alertdialog', { name: '错误' });
      await expect(denied).toContainText('当前操作没有权限，请联系管理员授权');
      await denied.getByRole('button', { name: '确定' }).click();
      await expect(unit.getByText('个人账户信息变更')).toHaveCount(0);

      await unit.goto('/home.html#/dwwt/home');
      await openMyBusiness(unit, 'dwwt');
      await expect(unit.getByText('暂无数据')).toBeVisible();
      await expectNoAxeViolations(unit);
      await unit.getByRole('navigation', { name: '当前位置' }).getByRole('link', { name: '我的办件' }).click();
      await unit.getByRole('button', { name: /待办事项/ }).click();
      const statement = unit.getByRole('listitem').filter({ hasText: /请确认\d{4}年度单位利息单/ });
      await expect(statement).toContainText('待确认');
      // The statement page is built (issue 34): the item links there.
      await statement.getByRole('link', { name: /去确认/ }).click();
      await expect(unit).toHaveURL(/#\/dwwt\/cxyw\/dwlxd_cx$/);
    } finally {
      await unit.close();
      await hallCall(page, 'POST', 'ywsq/withdraw', { ywbh });
    }
  });

  test('pages at 390 px and 1280 px, 张三 and the unit, axe clean (screenshots)', async ({ page, browser }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    const { ywbh } = await submitNameChange(page);
    await centre(ywbh, 'return', { reasons: ['请上传身份证正反面照片'], note: '姓名变更须核对证件' });
    try {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/home.html#/grwt/wdbj/wdyw');
        await expect(rowOf(page, ywbh)).toBeVisible();
        await page.screenshot({ path: shot(`mybiz-list-${width}.png`), fullPage: true });
        await page.goto(`/home.html#/grwt/wdbj/ywxq?ywbh=${ywbh}`);
        await expect(page.getByRole('note', { name: '退回原因' })).toBeVisible();
        await page.screenshot({ path: shot(`mybiz-detail-${width}.png`), fullPage: true });
        await page.goto('/home.html#/grwt/wdbj/dbsx');
        await expect(page.getByRole('listitem').filter({ hasText: ywbh })).toBeVisible();
        await page.screenshot({ path: shot(`mybiz-todo-${width}.png`), fullPage: true });
        await expectNoAxeViolations(page);
      }
      const unit = await browser.newPage({ viewport: { width: 390, height: 900 } });
      await signIn(unit, DEMO.unit);
      await dismissPrompts(unit);
      await unit.goto('/home.html#/dwwt/wdbj/dbsx');
      await expect(unit.getByRole('heading', { level: 1, name: '待办事项' })).toBeVisible();
      await unit.screenshot({ path: shot(`mybiz-unit-todo-390.png`), fullPage: true });
      await unit.setViewportSize({ width: 1280, height: 900 });
      await unit.goto('/home.html#/dwwt/wdbj/wdyw');
      await expect(unit.getByText('暂无数据')).toBeVisible();
      await unit.screenshot({ path: shot(`mybiz-unit-list-1280.png`), fullPage: true });
      await unit.close();
    } finally {
      await hallCall(page, 'POST', 'ywsq/withdraw', { ywbh });
    }
  });
});
