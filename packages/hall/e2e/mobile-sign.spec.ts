import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { startHostPage, standaloneFile, type HostPage } from '../../../test/support/host-page';
import { DEMO, dismissPrompts, outboxMessage, signIn, tokenOf } from './support';

// Issue 22, QR signing of the authorisation letter end to end: <gjj-qr-signing> (its script-tag file) on a partner's
// page under a strict CSP with 张三's session, a second browser context at a phone's size opening the QR's address
// (#/mobileSign?uuid=), the SMS code from the development outbox, a signature drawn with the mouse, and the signed
// letter downloaded and rendered with pdftoppm. Every application this file makes is a draft it deletes at the end.

const PHONE = '13800138000'; // 张三's phone on file (packages/server/src/seed/demo.ts)
const ZHFW = '/api/izfgjj-zhfw/v1';
const A = '/api/dzda/v1/zhcjyw';
const shot = (name: string) => (process.env.GJJ_SCREENS ? `${process.env.GJJ_SCREENS}/${name}` : test.info().outputPath(name));
const run = promisify(execFile);

/** A partner's page (another origin) with the element's own script-tag file, configured with the session's token. */
async function hostPage(api: string, token: string, ywbh: string): Promise<HostPage> {
  const files: Record<string, string | Buffer> = {
    '/gjj-qr-signing.js': standaloneFile('gjj-qr-signing.js'),
    '/host.js': `GjjWidgets.configure({ apiBase: ${JSON.stringify(api)}, getToken: function () { return ${JSON.stringify(token)}; } });
window.signed = []; window.expired = [];
document.addEventListener('gjj-signed', function (e) { window.signed.push(e.detail); });
document.addEventListener('gjj-expired', function (e) { window.expired.push(e.detail); });`,
  };
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>授权委托书签署</title>
<script src="/gjj-qr-signing.js"></script><script src="/host.js"></script></head>
<body><main><h1>办理个人账户同城转移</h1><gjj-qr-signing ywbh="${ywbh}"></gjj-qr-signing></main></body></html>`;
  const csp = `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ${api}`;
  return startHostPage((url) => {
    const script = files[url.pathname];
    return script ? { script } : { html, csp };
  });
}

/** The text the QR on the desktop page reads as (decoded from its PNG, as a phone's camera would). */
async function qrText(page: Page): Promise<string> {
  const src = (await page.locator('gjj-qr-signing img').getAttribute('src')) ?? '';
  const png = PNG.sync.read(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('二维码无法识别');
  return code.data;
}

async function phoneContext(browser: Browser, baseURL: string) {
  return browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
}

/** A signature: two strokes of a name-like scrawl drawn with the mouse across the pad. */
async function drawSignature(phone: Page): Promise<void> {
  const pad = phone.locator('canvas.mobile-sign__pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const strokes = [
    [[0.1, 0.5], [0.2, 0.25], [0.3, 0.7], [0.4, 0.3], [0.48, 0.65]],
    [[0.55, 0.3], [0.62, 0.75], [0.72, 0.35], [0.8, 0.7], [0.9, 0.4]],
  ];
  for (const stroke of strokes) {
    const [first, ...rest] = stroke as [number, number][];
    await phone.mouse.move(box.x + first![0] * box.width, box.y + first![1] * box.height);
    await phone.mouse.down();
    for (const [x, y] of rest) await phone.mouse.move(box.x + x * box.width, box.y + y * box.height, { steps: 8 });
    await phone.mouse.up();
  }
}

test.describe('QR signing of the authorisation letter', () => {
  test.describe.configure({ timeout: 120_000 });
  let desktop: Page;
  let token: string;
  let host: HostPage | undefined;
  const drafts: string[] = [];

  const call = async <T>(path: string, data: unknown) => {
    const response = await desktop.request.post(`${process.env.GJJ_E2E_URL}${path}`, { headers: { token, client: 'pc' }, data });
    return { status: response.status(), body: (await response.json()) as { code: number; msg: string; data: T } };
  };
  const newDraft = async () => {
    // 同城转移, not 个人账户信息变更: a login keeps one draft of a business (issue 31), and my-business.spec.ts files
    // 张三's 个人账户信息变更 on the same server, maybe at the same time.
    const { body } = await call<{ ywbh: string }>(`${ZHFW}/ywsq/saveDraft`, { ywlx: 'GJ0314', payload: { zyyy: '03' } });
    drafts.push(body.data.ywbh);
    return body.data.ywbh;
  };

  test.beforeEach(async ({ page }) => {
    desktop = page;
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    token = await tokenOf(page);
    expect(token).not.toBe('');
  });

  test.afterEach(async () => {
    await host?.close();
    host = undefined;
    for (const ywbh of drafts.splice(0)) await call(`${ZHFW}/ywsq/deleteDraft`, { ywbh });
  });

  test('signed on a phone: the desktop shows 已签署 and fires gjj-signed, the letter carries the signature, the link is spent', async ({ browser, baseURL }) => {
    const api = baseURL as string;
    const ywbh = await newDraft();
    host = await hostPage(api, token, ywbh);
    const problems = watchProblems(desktop);
    await desktop.setViewportSize({ width: 1280, height: 800 });
    await desktop.goto(host.url);
    const panel = desktop.locator('gjj-qr-signing');
    await expect(panel.locator('img')).toBeVisible();
    await expect(panel).toContainText(/二维码 \d+ 秒后失效/);
    const url = await qrText(desktop);
    expect(url).toMatch(new RegExp(`^${api.replace(/[.]/g, '\\.')}/home\\.html#/mobileSign\\?uuid=[0-9a-f-]{36}$`));
    await expectNoAxeViolations(desktop);
    await desktop.screenshot({ path: shot('qr-signing-desktop-1280.png') });

    const context = await phoneContext(browser, api);
    const phone = await context.newPage();
    const phoneProblems = watchProblems(phone);
    await phone.goto(url);
    await expect(phone.getByRole('heading', { name: '签署授权委托书', level: 1 })).toBeVisible();
    await expect(phone.locator('.mobile-sign__letter')).toContainText('委托人：张*');
    await expect(phone.locator('.mobile-sign__letter')).toContainText(`业务编号：${ywbh}`);
    await expect(phone.getByRole('link', { name: '查看授权委托书全文（PDF）' })).toBeVisible();
    // The desktop learns that the phone has the page open (status 1, polled every 3 s).
    await expect(panel).toContainText('已扫码', { timeout: 8000 });

    // An empty pad is refused before anything is sent.
    const sentAfter = new Date(Date.now() - 1000).toISOString();
    await phone.getByRole('button', { name: '发送验证码' }).click();
    await expect(phone.getByRole('button', { name: /s 后重新获取/ })).toBeDisabled();
    const code = await outboxMessage(phone.request, 'sms', PHONE, sentAfter);
    await phone.getByLabel('短信验证码').fill(code);
    await phone.getByRole('button', { name: '提交' }).click();
    await expect(phone.getByText('请在签名区内手写签名')).toBeVisible();
    await expectNoAxeViolations(phone);

    // Someone without the applicant's phone: a wrong code is refused, and the letter is not signed.
    await drawSignature(phone);
    const wrong = code.replace(/^./, (d) => String((Number(d) + 1) % 10));
    await phone.getByLabel('短信验证码').fill(wrong);
    await phone.getByRole('button', { name: '提交' }).click();
    await expect(phone.getByRole('alert').filter({ hasText: '验证码错误，请重新输入' })).toBeVisible();
    await expect(panel).not.toContainText('已签署');
    await phone.screenshot({ path: shot('mobile-sign-390.png'), fullPage: true });

    await phone.getByLabel('短信验证码').fill(code);
    await phone.getByRole('button', { name: '提交' }).click();
    await expect(phone.getByRole('heading', { name: '签署成功' })).toBeVisible();
    await expect(phone.getByText(`已签署并存入业务 ${ywbh} 的申请材料`)).toBeVisible();
    await expectNoAxeViolations(phone);
    await phone.screenshot({ path: shot('mobile-sign-done-390.png') });

    // The desktop: 已签署, and gjj-signed with the application and the signed letter's file.
    await expect(panel).toContainText('已签署', { timeout: 8000 });
    await expect.poll(() => desktop.evaluate(() => (window as unknown as { signed: unknown[] }).signed)).toHaveLength(1);
    const [detail] = await desktop.evaluate(() => (window as unknown as { signed: { ywbh: string; fileId?: string }[] }).signed);
    expect(detail).toEqual({ ywbh, fileId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await desktop.screenshot({ path: shot('qr-signing-signed-1280.png') });

    // The letter is the application's material SQS; downloaded, its page shows ink in the signature box.
    const { body: materials } = await call<{ clbh: string; files: { fileId: string; mimeType: string }[] }[]>(`${A}/getCls`, { ywbh });
    expect(materials.data.find((m) => m.clbh === 'SQS')?.files).toEqual([expect.objectContaining({ fileId: detail!.fileId, mimeType: 'application/pdf' })]);
    const download = await desktop.request.get(`${api}${A}/download`, { params: { ywbh, fileId: detail!.fileId! }, headers: { token } });
    expect(download.status()).toBe(200);
    const pdfPath = test.info().outputPath('signed-letter.pdf');
    writeFileSync(pdfPath, await download.body());
    const pngBase = process.env.GJJ_SCREENS ? `${process.env.GJJ_SCREENS}/signed-letter` : test.info().outputPath('signed-letter');
    await run('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', '-singlefile', pdfPath, pngBase]);
    const rendered = PNG.sync.read(readFileSync(`${pngBase}.png`));
    // The signature box of the letter (pdf.ts SIGNATURE_BOX: x 320, y 150, 220 × 90 pt from the bottom left; at 72 dpi
    // a point is a pixel), its border left out.
    const box = { x: 320 + 4, y: rendered.height - 150 - 90 + 4, width: 220 - 8, height: 90 - 8 };
    let ink = 0;
    for (let y = box.y; y < box.y + box.height; y += 1) {
      for (let x = box.x; x < box.x + box.width; x += 1) {
        const i = (y * rendered.width + x) * 4;
        if (rendered.data[i]! < 128 && rendered.data[i + 1]! < 128 && rendered.data[i + 2]! < 128) ink += 1;
      }
    }
    expect(ink, 'dark pixels of the signature in the box').toBeGreaterThan(150);

    // The link works once: the phone's page now says it is spent, and a second submission is refused.
    await phone.reload();
    await expect(phone.getByRole('alert').filter({ hasText: '签署二维码已失效' })).toHaveText('签署二维码已失效，请在电脑上刷新二维码后重新扫码');
    const uuid = url.split('uuid=')[1];
    const again = await phone.request.post(`${api}${A}/qmSubmit`, { data: { uuid, smsCode: code, signature: 'data:image/png;base64,AAAA' } });
    expect(again.status()).toBe(410);
    expect(problems).toEqual([]);
    expect(phoneProblems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    await context.close();
  });

  test('the countdown runs out: 二维码已过期 and gjj-expired; 点击刷新 brings a new link', async ({ baseURL }) => {
    const ywbh = await newDraft();
    host = await hostPage(baseURL as string, token, ywbh);
    await desktop.clock.install();
    await desktop.goto(host.url);
    const panel = desktop.locator('gjj-qr-signing');
    await expect(panel.locator('img')).toBeVisible();
    const first = await qrText(desktop);
    await desktop.clock.fastForward('10:01');
    await expect(panel).toContainText('二维码已过期');
    await expect.poll(() => desktop.evaluate(() => (window as unknown as { expired: unknown[] }).expired)).toEqual([{ ywbh }]);
    await expectNoAxeViolations(desktop);
    await desktop.screenshot({ path: shot('qr-signing-expired-1280.png') });
    await panel.getByRole('button', { name: '点击刷新' }).click();
    await expect(panel).toContainText(/二维码 \d+ 秒后失效/);
    expect(await qrText(desktop)).not.toBe(first);
  });
});
