import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { centreDecide } from '../../../test/support/centre';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { dismissPrompts, outboxMessage, signIn, tokenOf, type DemoLogin, materialPng, expectWizardStep } from './support';

// The other withdrawal pages (issue 33) as only a browser shows them, on the logins of seed step 48
// (packages/server/src/seed/withdrawal-walks.ts) that no other test uses:
// - 韩购房 (married, his spouse 许配偶 on file) is too young for 离休退休提取: the reason shows before anything is typed;
//   then 购买自住住房提取 with his spouse withdrawing for the same home: the limit and its reasons, the materials the
//   answers call for, the authorisation letter signed on a phone by QR, submitted, completed by the centre's command;
// - 冯退休 (born 1969, past the demo centre's 55) closes her account by 离休退休提取, completed by the centre.
// The other kinds are the server tests' (withdrawals.test.ts, withdrawals-more.test.ts).

const BUYER: DemoLogin = { type: '个人', account: '110105198806124811', name: '韩购房', home: '/grwt/home', screens: [] };
const BUYER_PHONE = '13300134801';
const RETIREE: DemoLogin = { type: '个人', account: '110105196904104823', name: '冯退休', home: '/grwt/home', screens: [] };
const RETIREE_PHONE = '13300134802';
const ZHFW = '/api/izfgjj-zhfw/v1';
const shot = (name: string) => (process.env.GJJ_SCREENS ? `${process.env.GJJ_SCREENS}/${name}` : test.info().outputPath(name));

async function hallCall<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const url = `${new URL(page.url()).origin}${ZHFW}/${path}`;
  const headers = { token: await tokenOf(page), client: 'pc' };
  const response = method === 'GET' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data: body });
  return ((await response.json()) as { data: T }).data;
}

/** The centre's command (npm run centre -w @gjj-hall/server), as staff run it, against the e2e server. */
async function centreCommand(...args: string[]): Promise<string> {
  const script = resolve(import.meta.dirname, '../../server/dist/centre.js');
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], {
    env: { ...process.env, CENTRE_URL: process.env.GJJ_E2E_URL ?? '', CENTRE_API_KEY: process.env.GJJ_E2E_CENTRE_KEY ?? '' },
  });
  return stdout;
}

async function upload(page: Page, labels: string[]) {
  for (const label of labels) await page.getByLabel(label, { exact: true }).setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: materialPng() });
}

/** Opens a withdrawal page and agrees to its notice; the guide is step 1. */
async function openKind(page: Page, path: string) {
  await page.goto(`/home.html#/grwt/tqSys/tqyw/${path}`);
  const notice = page.getByRole('dialog', { name: '用户办理须知' });
  await notice.getByLabel('我已阅读并同意上述条款约定').check();
  const agree = notice.getByRole('button', { name: /^确认/ });
  await expect(agree).toBeEnabled({ timeout: 10_000 });
  await agree.click();
  await expectWizardStep(page, 1, '办事指南');
  await page.getByRole('button', { name: '下一步' }).click();
}

async function fillCard(page: Page, holder: string) {
  await page.getByLabel('收款银行', { exact: true }).selectOption('102');
  await page.getByLabel('收款银行卡号', { exact: true }).fill('6222021234567890128');
  await expect(page.getByText('请核对：6222***********0128')).toBeVisible();
  await page.getByLabel('持卡人姓名', { exact: true }).fill(holder);
}

/** A date `days` before today, as the centre writes it. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** The QR on the desktop page, read as a phone's camera would. */
async function qrText(page: Page): Promise<string> {
  const src = (await page.getByRole('img', { name: '手机签署二维码' }).getAttribute('src')) ?? '';
  const png = PNG.sync.read(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('二维码无法识别');
  return code.data;
}

/** Signs the letter on a phone: the QR's address, the SMS code from the outbox, a signature drawn with the mouse. */
async function signOnPhone(browser: Browser, baseURL: string, url: string, phoneNumber: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const phone = await context.newPage();
  await phone.goto(url);
  await expect(phone.getByRole('heading', { name: '签署授权委托书', level: 1 })).toBeVisible();
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await phone.getByRole('button', { name: '发送验证码' }).click();
  await phone.getByLabel('短信验证码').fill(await outboxMessage(phone.request, 'sms', phoneNumber, sentAfter));
  const pad = phone.locator('canvas.mobile-sign__pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await phone.mouse.move(box.x + 0.1 * box.width, box.y + 0.5 * box.height);
  await phone.mouse.down();
  for (const [x, y] of [[0.3, 0.2], [0.5, 0.7], [0.7, 0.3], [0.9, 0.6]] as const) await phone.mouse.move(box.x + x * box.width, box.y + y * box.height, { steps: 8 });
  await phone.mouse.up();
  await phone.getByRole('button', { name: '提交' }).click();
  await expect(phone.getByRole('heading', { name: '签署成功' })).toBeVisible();
  await context.close();
}

test.describe('withdrawal pages', () => {
  test.describe.configure({ timeout: 150_000 });

  test('ineligible: 离休退休提取 before the retirement age says why before anything is typed', async ({ page }) => {
    await signIn(page, BUYER);
    await dismissPrompts(page);
    await page.goto('/home.html#/grwt/tqSys/tqyw/ltx_tq');
    const dialog = page.getByRole('alertdialog', { name: '提示' });
    await expect(dialog).toContainText('您尚未达到法定退休年龄，不能办理离休退休提取');
    await expect(page.locator('.wizard__heading')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: shot('withdrawal-ineligible-1280.png') });
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/#\/grwt\/home$/);
  });

  test('purchase with the spouse: limit and reasons, the spouse, materials by the answers, the QR-signed letter, completed by the centre', async ({ page, browser, baseURL }) => {
    const problems = watchProblems(page);
    await signIn(page, BUYER);
    await dismissPrompts(page);
    const since = new Date().toISOString();
    await openKind(page, 'gmzzf');

    await expectWizardStep(page, 2, '购房信息');
    await page.getByLabel('购房合同编号或不动产权证号', { exact: true }).fill('GF-2026-4801');
    await page.getByLabel('房屋坐落', { exact: true }).fill('示范市历下区经十路 48 号 3 单元 502 室');
    await page.getByLabel('购房日期', { exact: true }).fill(daysAgo(40));
    await page.getByLabel('房屋总价（元）', { exact: true }).fill('800000');
    await page.getByLabel('贷款金额（元）', { exact: true }).fill('800000.01');
    await page.getByLabel('配偶共同提取同一套住房').check();
    await page.getByRole('button', { name: '下一步' }).click();
    // The page's own checks: the loan above the price, the spouse asked once the box is ticked.
    await expect(page.getByText('贷款金额不能超过房屋总价')).toBeVisible();
    await expect(page.getByText('请输入配偶姓名')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('贷款金额（元）', { exact: true }).fill('600000');
    await page.getByLabel('配偶姓名', { exact: true }).fill('许配偶');
    await page.getByLabel('配偶身份证号码', { exact: true }).fill('110105198909154829');
    await page.screenshot({ path: shot('withdrawal-purchase-facts-1280.png'), fullPage: true });
    await page.getByRole('button', { name: '下一步' }).click();

    // The limit with its reasons before typing: the outlay less the loan, capped by the balance.
    await expectWizardStep(page, 3, '提取金额与收款账户');
    const limit = page.getByRole('region', { name: '本次最多可提取金额' });
    await expect(limit).toContainText('本次最多可提取 12,000.00 元');
    await expect(limit).toContainText('房屋总价 800000.00 元，减贷款 600000.00 元');
    await page.getByLabel('提取金额（元）', { exact: true }).fill('12000.01');
    await fillCard(page, '韩购房');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('提取金额超过本次最多可提取的 12000.00 元')).toBeVisible();
    await page.getByLabel('提取金额（元）', { exact: true }).fill('10000');
    await expect(page.getByText('大写：壹万元整')).toBeVisible();
    await page.getByLabel('持卡人姓名', { exact: true }).focus();
    // Left, the amount reads as money (spec 5.7).
    await expect(page.getByLabel('提取金额（元）', { exact: true })).toHaveValue('10,000.00');
    await page.screenshot({ path: shot('withdrawal-purchase-amount-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: shot('withdrawal-purchase-amount-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: '下一步' }).click();

    // The materials the answers call for: the marriage certificate and the letter, because the spouse withdraws too.
    await expectWizardStep(page, 4, '申请材料');
    const needed = page.locator('.wizard-materials');
    await expect(needed).toContainText('结婚证');
    await expect(needed).toContainText('授权委托书');
    await upload(page, ['上传身份证（正反面）', '上传购房合同', '上传购房发票或不动产权证', '上传结婚证']);
    await expect(page.locator('.archive-file[data-file-id]')).toHaveCount(4);
    const signing = page.getByRole('region', { name: '手机扫码签署授权委托书' });
    await expect(signing.getByRole('img', { name: '手机签署二维码' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: shot('withdrawal-purchase-letter-1280.png'), fullPage: true });
    await signOnPhone(browser, baseURL as string, await qrText(page), BUYER_PHONE);
    await expect(signing).toContainText('已签署', { timeout: 10_000 });
    // The signed letter is among the application's files.
    await expect(page.locator('.archive-file[data-file-id]')).toHaveCount(5);
    await page.getByRole('button', { name: '下一步' }).click();

    await expectWizardStep(page, 5, '核对信息');
    const check = page.locator('.wizard-check');
    await expect(check).toContainText('是：许配偶（110***********4829）');
    await expect(check).toContainText('10,000.00 元（壹万元整）');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expectWizardStep(page, 6, '办理完成');
    const ywbh = (await page.locator('.wizard-done__ywbh').textContent()) ?? '';
    expect(ywbh).toMatch(/^TQ0101\d{16}$/);
    await expect(page.locator('.wizard-done')).toContainText('中心将审核您的申请');
    expect(await hallCall(page, 'GET', 'tq/sl')).toEqual({ jxz: 1, ybj: 0 });

    // 提取进度: the application with its status and timeline, 撤回 offered while the centre has not accepted it.
    await page.goto('/home.html#/grwt/tqSys/tqcx/tqjd');
    await expect(page.getByRole('heading', { level: 1, name: '提取进度' })).toBeVisible();
    const progressRow = page.getByRole('row').filter({ hasText: ywbh });
    await expect(progressRow).toContainText('已提交');
    await expect(progressRow).toContainText('10,000.00');
    await expect(progressRow.getByRole('button', { name: `撤回 购买自住住房提取 ${ywbh}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shot('withdrawal-progress-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The centre accepts and completes it by its command, as staff would: the money leaves the account.
    await centreDecide('accept', ywbh, { operator: '王审核' });
    expect(await centreCommand('complete', ywbh, '--operator', '王审核')).toContain(ywbh);
    expect((await hallCall<{ ye: string }>(page, 'POST', 'tq/ktqje', { ywlx: 'TQ0199' })).ye).toBe('2000.00');
    const history = await hallCall<{ list: Array<{ ywbh: string; tqje: string; skzh: string }> }>(page, 'GET', 'tq/ls');
    expect(history.list[0]).toMatchObject({ ywbh, tqje: '10000.00', skzh: '6222***********0128' });
    expect(await outboxMessage(page.request, 'notice', BUYER_PHONE, since)).toContain(`（业务编号 ${ywbh}）已办结`);

    // 提取历史: the amount paid, the card masked, the receipt's code, and the receipt itself.
    await page.goto('/home.html#/grwt/tqSys/tqcx/tqls');
    await expect(page.getByRole('heading', { level: 1, name: '提取历史' })).toBeVisible();
    const historyRow = page.getByRole('row').filter({ hasText: ywbh });
    await expect(historyRow).toContainText('10,000.00');
    await expect(historyRow).toContainText('6222***********0128');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: shot('withdrawal-history-1280.png'), fullPage: true });
    const download = page.waitForEvent('download');
    await historyRow.getByRole('button', { name: `下载回单 ${ywbh}` }).click();
    expect((await download).suggestedFilename()).toBe(`提取回单_${ywbh}.pdf`);
    expect(problems).toEqual([]);
  });

  test('retirement closes the account: the whole balance with interest shown, no amount typed, completed by the centre', async ({ page }) => {
    const problems = watchProblems(page);
    await signIn(page, RETIREE);
    await dismissPrompts(page);
    const since = new Date().toISOString();
    await openKind(page, 'ltx_tq');

    await expectWizardStep(page, 2, '退休信息');
    await page.getByLabel('退休日期', { exact: true }).fill('2024-04-30');
    await page.getByRole('button', { name: '下一步' }).click();

    await expectWizardStep(page, 3, '销户提取与收款账户');
    const limit = page.getByRole('region', { name: '本次最多可提取金额' });
    await expect(limit).toContainText(/本次销户提取 9,0\d\d\.\d\d 元（玖仟.*），含结息至今日的利息，办结后个人账户销户/);
    await expect(page.getByLabel('提取金额（元）')).toHaveCount(0);
    await fillCard(page, '冯退休');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: shot('withdrawal-retire-amount-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: '下一步' }).click();

    await expectWizardStep(page, 4, '申请材料');
    await upload(page, ['上传身份证（正反面）', '上传退休证明']);
    await expect(page.locator('.archive-file[data-file-id]')).toHaveCount(2);
    await page.getByRole('button', { name: '下一步' }).click();

    await expectWizardStep(page, 5, '核对信息');
    await expect(page.locator('.wizard-check')).toContainText('销户提取，以办结时结息后的余额为准');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expectWizardStep(page, 6, '办理完成');
    const ywbh = (await page.locator('.wizard-done__ywbh').textContent()) ?? '';
    expect(ywbh).toMatch(/^TQ0103\d{16}$/);

    await centreDecide('accept', ywbh, { operator: '王审核' });
    expect(await centreCommand('complete', ywbh, '--operator', '王审核')).toContain(ywbh);
    // Closed: nothing is left, and the whole balance with its interest is the history's amount.
    const history = await hallCall<{ list: Array<{ ywbh: string; tqje: string }> }>(page, 'GET', 'tq/ls');
    expect(history.list[0]).toMatchObject({ ywbh, tqje: expect.stringMatching(/^90\d\d\.\d\d$/) });
    expect(await outboxMessage(page.request, 'notice', RETIREE_PHONE, since)).toContain(`（业务编号 ${ywbh}）已办结`);
    expect(problems).toEqual([]);
  });
});
