import type { Locator, Page } from '@playwright/test';
import { seededDataDir } from '../../../test/support/e2e-data';
import { startServer } from '../../../test/support/server-process';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { dismissPrompts, materialPng, signIn, type DemoLogin, tokenOf } from './support';

// The handling wizard (issue 21) on GJ0302 个人账户信息变更, as 李短信: a demo individual whose state no other
// browser test depends on (sms.spec.ts only asks SMS codes for their phone). What this file submits it withdraws.

test.describe.configure({ mode: 'serial' });

const LI: DemoLogin = { type: '个人', account: '110105199506205040', name: '李短信', home: '/grwt/home', screens: [] };
const PATH = '/grwt/zhxx/zhxxbg/grzhxxbg';
/** A valid ID number no depositor holds: 李短信's new one. */
const NEW_ID = '110105199506205112';
const ZHFW = '/api/izfgjj-zhfw/v1';
const shot = (name: string) => (process.env.GJJ_SCREENS ? `${process.env.GJJ_SCREENS}/${name}` : test.info().outputPath(name));

async function hallCall<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  const headers = { token: await tokenOf(page), client: 'pc' };
  const base = new URL(page.url()).origin;
  const response = method === 'GET' ? await page.request.get(`${base}${ZHFW}/${path}`, { headers }) : await page.request.post(`${base}${ZHFW}/${path}`, { headers, data: body });
  return (await response.json()) as { code: number; msg: string; data: T };
}

const heading = (page: Page) => page.locator('.wizard__heading');
const stepCurrent = (page: Page) => page.locator('.wizard-steps li[aria-current="step"]');

/** Opens the business, agrees to the notice (its countdown first), and answers the draft prompt if one shows. */
async function openWizard(page: Page, draft: '继续填写' | '重新填写' | null) {
  await page.goto(`/home.html#${PATH}`);
  const notice = page.getByRole('dialog', { name: '用户办理须知' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('同一时间只能有一笔个人账户信息变更在办理中');
  const agree = notice.getByRole('button', { name: /^确认/ });
  await expect(agree).toBeDisabled();
  await expect(agree).toHaveText(/秒后可用/);
  await notice.getByLabel('我已阅读并同意上述条款约定').check();
  await expect(agree).toBeEnabled({ timeout: 10_000 });
  await agree.click();
  const prompt = page.getByRole('alertdialog', { name: '提示' });
  if (draft) {
    await expect(prompt).toContainText('检测到未提交的草稿，是否继续填写？');
    await expectNoAxeViolations(page);
    await prompt.getByRole('button', { name: draft }).click();
  }
  await expect(prompt).toBeHidden();
}

/** Screenshots of the page at 390 and 1280 px. */
async function screens(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot(`wizard-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shot(`wizard-${name}-1280.png`), fullPage: true });
}

async function expectStep(page: Page, n: number, title: string) {
  await expect(heading(page)).toHaveText(new RegExp(`第 ${n} 步，共 7 步：${title}$`));
  await expect(heading(page)).toBeFocused();
  await expect(stepCurrent(page)).toContainText(title);
  await expectNoAxeViolations(page);
}

const field = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true });

test('the full walk: notice, guide, form steps with their checks, drafts that survive a reload and a new sign-in, a failed save kept in the browser, materials, 修改, submit and the confirmation', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchProblems(page);
  await signIn(page, LI);
  await dismissPrompts(page);

  await openWizard(page, null);
  await expectStep(page, 1, '办事指南');
  await expect(page.getByRole('list', { name: '办理步骤' }).getByRole('listitem')).toHaveCount(7);
  for (const term of ['事项定义', '受理条件', '办理流程', '办结时限', '受理依据', '办理结果']) await expect(page.locator('.wizard-guide dt', { hasText: term })).toBeVisible();
  await screens(page, '1-guide');
  // Back on the first step returns home (spec 2.5).
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/#\/grwt\/home$/);
  // The shell keeps a business page alive while the user is elsewhere (spec 2.5 page caching): back at its address
  // the walk is where it was.
  await page.goto(`/home.html#${PATH}`);
  await expect(heading(page)).toHaveText(/办事指南$/);
  await page.getByRole('button', { name: '下一步' }).click();
  await expectStep(page, 2, '身份信息');
  // The page's checks: a wrong ID number is named and takes the focus; nothing typed is lost.
  await field(page, '新证件号码').fill('110105199506205041');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('证件号码不正确，请核对出生日期和最后一位校验码')).toBeVisible();
  await expect(field(page, '新证件号码')).toBeFocused();
  await expect(field(page, '新证件号码')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  // A new ID number: the centre checks it against the new 身份证, the material this answer calls for.
  await field(page, '新证件号码').fill(NEW_ID);
  await screens(page, '2-identity');
  await page.getByRole('button', { name: '下一步' }).click();
  await expectStep(page, 3, '联系信息');
  await field(page, '通讯地址').fill('北京市朝阳区建国路 88 号');
  await field(page, '邮政编码').fill('10002');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('邮政编码应为 6 位数字')).toBeVisible();
  await field(page, '邮政编码').fill('100022');
  // Saved shortly after typing stops.
  await expect(page.getByRole('status').filter({ hasText: '草稿已自动保存' })).toBeVisible({ timeout: 10_000 });
  await screens(page, '3-contact');

  // A reload: the draft is offered and restores the step and every answer.
  await page.reload();
  await openWizard(page, '继续填写');
  await expect(heading(page)).toHaveText(/联系信息$/);
  await expect(field(page, '通讯地址')).toHaveValue('北京市朝阳区建国路 88 号');
  await expect(field(page, '邮政编码')).toHaveValue('100022');

  // Signed out and in again: the draft is the login's, on the server.
  await page.getByRole('button', { name: new RegExp(LI.name) }).click();
  await page.getByRole('button', { name: '退出系统' }).click();
  await page.getByRole('alertdialog', { name: '退出系统' }).getByRole('button', { name: '确定退出' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await signIn(page, LI);
  await dismissPrompts(page);
  await openWizard(page, '继续填写');
  await expect(heading(page)).toHaveText(/联系信息$/);
  await expect(field(page, '邮政编码')).toHaveValue('100022');

  // A save the server does not take: the page says so, the browser keeps it, and it goes once the server answers.
  await page.route('**/draftbox/save', (route) => route.abort('failed'));
  await field(page, '单位电话').fill('010-65001234');
  await expect(page.getByRole('alert').filter({ hasText: '草稿未能保存' })).toBeVisible({ timeout: 10_000 });
  await expectNoAxeViolations(page);
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('gjj-draft:')).map((k) => localStorage.getItem(k)));
  expect(kept).toHaveLength(1);
  expect(kept[0]).toContain('010-65001234');
  await screens(page, '3-save-failed');
  await page.unroute('**/draftbox/save');
  // The next step change saves again.
  await page.getByRole('button', { name: '下一步' }).click();
  await expectStep(page, 4, '个人情况');
  await expect(page.getByRole('status').filter({ hasText: '草稿已自动保存' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '草稿未能保存' })).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('gjj-draft:')).length)).toBe(0);
  const saved = await hallCall<{ step: number; payload: Record<string, string> }>(page, 'GET', 'draftbox/get?ywlx=GJ0302');
  expect(saved.data.payload.gzdh).toBe('010-65001234');

  // Back and next keep the answers.
  await page.getByRole('button', { name: '上一步' }).click();
  await expectStep(page, 3, '联系信息');
  await expect(field(page, '单位电话')).toHaveValue('010-65001234');
  await page.getByRole('button', { name: '下一步' }).click();
  await expectStep(page, 4, '个人情况');
  await field(page, '婚姻状况').selectOption('20');
  await screens(page, '4-personal');
  await page.getByRole('button', { name: '下一步' }).click();
  await expectStep(page, 5, '申请材料');
  // What this applicant needs follows their answers: a new ID number, and married (one table on the server: the
  // guide's list here and the collector's below are the same rows).
  const materials = page.locator('.wizard-materials__item');
  await expect(materials).toHaveCount(4);
  await expect(materials.nth(0)).toContainText('身份证（正反面）');
  await expect(materials.nth(0)).toContainText('必需');
  await expect(materials.nth(1)).toContainText('结婚证或离婚证');
  await expect(materials.nth(1)).toContainText('可选');
  await expect(materials.nth(2)).toContainText('其他材料');
  await expect(materials.nth(3)).toContainText('授权委托书');
  // The files are collected on the application, saved as a 00 draft whose number the wizard's draft keeps.
  const collector = page.locator('.archive');
  await expect(collector.locator('.archive-item')).toHaveCount(4);
  await expect(collector.locator('.archive-item[data-clbh="SFZ"]')).toContainText('必传');
  await expect(collector.locator('.archive-item[data-clbh="JHZ"]')).toBeVisible();
  await expect.poll(async () => (await hallCall<{ payload: Record<string, string> }>(page, 'GET', 'draftbox/get?ywlx=GJ0302')).data.payload._ywbh ?? '').toMatch(/^GJ0302\d{16}$/);
  const ywbhDraft = (await hallCall<{ payload: Record<string, string> }>(page, 'GET', 'draftbox/get?ywlx=GJ0302')).data.payload._ywbh!;
  // 下一步 is refused while a required material has no file, naming it.
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.locator('.wizard__step > .form-alert')).toHaveText('请上传：身份证（正反面）');
  await expect(heading(page)).toHaveText(/申请材料$/);
  await expectNoAxeViolations(page);
  // Uploaded by keyboard: the file input is reached with Tab from the 选择文件 before it.
  const input = page.getByLabel('上传身份证（正反面）', { exact: true });
  await input.focus();
  await expect(input).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: '身份证正面.png', mimeType: 'image/png', buffer: materialPng([30, 90, 200]) });
  await expect(collector.locator('.archive-item[data-clbh="SFZ"] .archive-file[data-file-id]')).toHaveCount(1);
  await expect(collector.locator('.archive-item[data-clbh="SFZ"]')).toContainText('身份证正面.png');
  // The refusal's message goes once a file is stored.
  await expect(page.locator('.wizard__step > .form-alert')).toHaveText('');
  await screens(page, '5-materials');
  // A reload finds the same application and its file.
  await page.reload();
  await openWizard(page, '继续填写');
  await expect(heading(page)).toHaveText(/申请材料$/);
  await expect(collector.locator('.archive-item[data-clbh="SFZ"]')).toContainText('身份证正面.png');

  await page.getByRole('button', { name: '下一步' }).click();
  await expectStep(page, 6, '核对信息');
  const check = page.locator('.wizard-check');
  await expect(check).toContainText(NEW_ID);
  await expect(check).toContainText('已婚');
  await expect(check.locator('.wizard-check__uploaded')).toHaveText('身份证（正反面）：1 个文件');
  await screens(page, '6-check');
  // 修改 goes back to the answer's step and returns to the check.
  await page.getByRole('button', { name: '修改 通讯地址' }).click();
  await expectStep(page, 3, '联系信息');
  await field(page, '通讯地址').fill('北京市朝阳区建国路 99 号');
  await page.getByRole('button', { name: '保存并返回核对' }).click();
  await expectStep(page, 6, '核对信息');
  await expect(check).toContainText('北京市朝阳区建国路 99 号');

  await page.getByRole('button', { name: '提交申请' }).click();
  await expectStep(page, 7, '办理完成');
  const ywbh = (await page.locator('.wizard-done__ywbh').textContent()) ?? '';
  expect(ywbh).toMatch(/^GJ0302\d{16}$/);
  // The submitted application is the draft that holds the material.
  expect(ywbh).toBe(ywbhDraft);
  await expect(page.locator('.wizard-done')).toContainText(/承诺办结日期\s*\d{4}-\d{2}-\d{2}/);
  await expect(page.locator('.wizard-done')).toContainText('已提交');
  await screens(page, '7-done');
  // The draft went with the submission.
  expect((await hallCall(page, 'GET', 'draftbox/get?ywlx=GJ0302')).data).toBeNull();

  await page.getByRole('link', { name: '查看业务详情' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '业务详情' })).toBeVisible();
  // Exact: the print sheet holds a hidden 业务编号：… copy.
  await expect(page.locator('section.office').getByText(ywbh, { exact: true })).toBeVisible();
  const archive = await page.request.post(`${new URL(page.url()).origin}/api/dzda/v1/zhcjyw/getCls`, {
    headers: { token: await tokenOf(page), client: 'pc' },
    data: { ywbh },
  });
  const attached = ((await archive.json()) as { data: Array<{ clbh: string; files: Array<{ fileName: string }> }> }).data;
  expect(attached.find((m) => m.clbh === 'SFZ')?.files.map((f) => f.fileName)).toEqual(['身份证正面.png']);

  // Leave nothing in progress for the next run.
  expect((await hallCall(page, 'POST', 'ywsq/withdraw', { ywbh })).code).toBe(0);
  expect(problems.filter((p) => !/Failed to load resource|ERR_FAILED/.test(p))).toEqual([]);
});

test('重新填写 discards the draft application the wizard made for the materials, with its file: nothing is left in 我的业务', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, LI);
  await dismissPrompts(page);
  await openWizard(page, null);
  await page.getByRole('button', { name: '下一步' }).click();
  await field(page, '新证件号码').fill(NEW_ID);
  for (const title of ['联系信息', '个人情况', '申请材料']) {
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(heading(page)).toHaveText(new RegExp(`${title}$`));
  }
  await expect.poll(async () => (await hallCall<{ payload: Record<string, string> }>(page, 'GET', 'draftbox/get?ywlx=GJ0302')).data?.payload._ywbh ?? '').toMatch(/^GJ0302\d{16}$/);
  const ywbh = (await hallCall<{ payload: Record<string, string> }>(page, 'GET', 'draftbox/get?ywlx=GJ0302')).data.payload._ywbh!;
  await page.getByLabel('上传身份证（正反面）', { exact: true }).setInputFiles({ name: '身份证正面.png', mimeType: 'image/png', buffer: materialPng([30, 90, 200]) });
  await expect(page.locator('.archive-item[data-clbh="SFZ"] .archive-file[data-file-id]')).toHaveCount(1);
  // 我的业务 shows the draft while the walk is under way.
  const list00 = async () => (await hallCall<{ list: Array<{ ywbh: string }> }>(page, 'GET', 'ywsq/list?zt=00&pageNum=1&pageSize=50')).data.list.map((r) => r.ywbh);
  expect(await list00()).toContain(ywbh);

  await page.reload();
  await openWizard(page, '重新填写');
  await expectStep(page, 1, '办事指南');
  await expect.poll(list00).not.toContain(ywbh);
  expect((await hallCall(page, 'GET', 'draftbox/get?ywlx=GJ0302')).data).toBeNull();
  // Its file went with it: the number is no one's now.
  const archive = await page.request.post(`${new URL(page.url()).origin}/api/dzda/v1/zhcjyw/getCls`, { headers: { token: await tokenOf(page), client: 'pc' }, data: { ywbh } });
  expect(archive.status()).toBe(403);
  // As the user sees it: 我的业务 filtered to 草稿 has no such row.
  await page.goto('/home.html#/grwt/wdbj/wdyw?zt=00');
  await expect(page.getByRole('heading', { level: 1, name: '我的业务' })).toBeVisible();
  // The list has loaded (its rows, or 暂无数据) before the row's absence means anything.
  await expect(page.getByText('暂无数据').or(page.getByRole('row').filter({ hasText: /GJ\d{4}/ }).first())).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: ywbh })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

// A server of this test's own (its own port and data directory), stopped and started again under the page.
test('a draft survives a restart of the server', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await startServer({ dataDir: seededDataDir('gjj-e2e-wizard-') });
  const url = server.url;
  const shared = process.env.GJJ_E2E_URL;
  // The sign-in helpers read captchas from the server under test.
  process.env.GJJ_E2E_URL = url;
  const context = await browser.newContext({ baseURL: url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  try {
    const page = await context.newPage();
    await signIn(page, LI);
    await dismissPrompts(page);
    await openWizard(page, null);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(heading(page)).toHaveText(/联系信息$/);
    await field(page, '电子邮箱').fill('li.duanxin@example.com');
    await expect(page.getByRole('status').filter({ hasText: '草稿已自动保存' })).toBeVisible({ timeout: 10_000 });

    await server.restart();

    await page.reload();
    await openWizard(page, '继续填写');
    await expect(heading(page)).toHaveText(/联系信息$/);
    await expect(field(page, '电子邮箱')).toHaveValue('li.duanxin@example.com');
    // 重新填写 starts afresh and forgets the draft.
    await page.reload();
    await openWizard(page, '重新填写');
    await expectStep(page, 1, '办事指南');
    expect((await hallCall(page, 'GET', 'draftbox/get?ywlx=GJ0302')).data).toBeNull();
  } finally {
    process.env.GJJ_E2E_URL = shared;
    await context.close();
    await server.stop();
  }
});

test('GJ0313 手机号码变更 rides the same wizard: one form step, no materials, to the check (not submitted: the phone is sms.spec.ts\'s)', async ({ page }) => {
  await signIn(page, LI);
  await dismissPrompts(page);
  await page.goto('/home.html#/grwt/zhxx/zhxxbg/sjhbg');
  const notice = page.getByRole('dialog', { name: '用户办理须知' });
  await expect(notice).toContainText('短信登录所用的号码');
  await notice.getByLabel('我已阅读并同意上述条款约定').check();
  await notice.getByRole('button', { name: '确认' }).click({ timeout: 10_000 });
  await expect(heading(page)).toHaveText(/第 1 步，共 5 步：办事指南$/);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(heading(page)).toHaveText(/新手机号码$/);
  await field(page, '新手机号码').fill('1330013');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请输入正确的 11 位手机号码')).toBeVisible();
  await expectNoAxeViolations(page);
  await field(page, '新手机号码').fill('13300139999');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('本次办理无需提供材料')).toBeVisible();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(heading(page)).toHaveText(/核对信息$/);
  await expect(page.locator('.wizard-check')).toContainText('13300139999');
  await expectNoAxeViolations(page);
  await hallCall(page, 'POST', 'draftbox/delete', { ywlx: 'GJ0313' });
});
