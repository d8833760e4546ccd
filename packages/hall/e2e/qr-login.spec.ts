import type { Browser, BrowserContext, Page, Response } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, signIn, submitLogin } from './support';

// QR login (spec 2.7, 4.4): the desktop shows a QR; "the phone" is a second browser context, signed in to the hall,
// that photographs the desktop's screen on the confirmation page (扫描二维码) and confirms or refuses there. A link to
// the confirmation page, or one that signs in and comes back to it, confirms nothing (issue 18, item 20).

const DIALOG = '请使用政务 App 扫码登录';
const WARNING = '请勿为他人扫码：中心工作人员不会以任何理由要求您扫码或确认登录。';
const isCode = (r: Response) => r.url().includes('/api/auth/v1/qrcode/getQrCode') && r.ok();

/** The QR on the desktop's screen as a phone camera sees it: a screenshot of the picture (PNG). */
async function photograph(page: Page): Promise<Buffer> {
  return page.getByRole('dialog', { name: DIALOG }).getByRole('img', { name: '扫码登录二维码' }).screenshot();
}

/** What the QR on the desktop's screen says (its text, decoded from a screenshot). */
async function scanScreen(page: Page): Promise<string> {
  const png = PNG.sync.read(await photograph(page));
  const text = jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data;
  if (!text) throw new Error('屏幕上的二维码无法识别');
  return text;
}

/** On the phone's confirmation page, 扫描二维码 takes `photo` (the camera's picture of the desktop's screen). */
async function scanOnPhone(mobile: Page, photo: Buffer): Promise<void> {
  await mobile.getByLabel('扫描二维码').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
}

/** Opens /login, chooses the login type and the QR tab, and shows the QR dialog. */
async function showQr(page: Page, type: '个人' | '单位' | '开发商' = '个人'): Promise<void> {
  await page.goto('/home.html#/login');
  await page.getByRole('radio', { name: `${type}登录` }).check();
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const code = page.waitForResponse(isCode);
  await page.getByRole('button', { name: '显示登录二维码' }).click();
  await code;
  const dialog = page.getByRole('dialog', { name: DIALOG });
  await expect(dialog.getByRole('img', { name: '扫码登录二维码' })).toBeVisible();
}

/** A phone: a browser context of its own (its own session storage), at the server's address. */
async function phone(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  return { context, page: await context.newPage() };
}

test.describe('QR login', () => {
  test('confirmed on the confirmation page by the signed-in person, the desktop lands on their home', async ({ page, browser, baseURL }) => {
    await page.goto('/home.html#/login');
    await page.getByRole('tab', { name: '扫码登录' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('在手机上确认后，即可在本机登录个人账号');
    await expectNoAxeViolations(page);

    await showQr(page);
    const dialog = page.getByRole('dialog', { name: DIALOG });
    const photo = await photograph(page);
    await expect(dialog).toContainText(/二维码 1[12]\d 秒后过期/);
    expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBe(380);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`qr-dialog.png`) });

    const url = await scanScreen(page);
    expect(url).toMatch(new RegExp(`^${baseURL}/home\\.html#/qrConfirm\\?codeId=[0-9a-f-]{36}$`));

    const { context, page: mobile } = await phone(browser, baseURL);
    try {
      await signIn(mobile, DEMO.personal);
      await dismissPrompts(mobile);
      await mobile.goto('/home.html#/qrConfirm');
      await expect(mobile.getByRole('heading', { level: 1, name: '扫码登录确认' })).toBeVisible();
      await expect(mobile.getByText(WARNING)).toBeVisible();
      await expectNoAxeViolations(mobile);
      await scanOnPhone(mobile, await photograph(page));

      // What is being approved: the browser that asked, from where, when; and the warning.
      const facts = mobile.locator('.qr-confirm__facts');
      const fact = (term: string) => facts.locator(`dt:text-is("${term}") + dd`);
      await expect(fact('登录类型')).toHaveText('个人登录');
      await expect(fact('请求登录的浏览器')).toHaveText('Chrome 浏览器（Linux）');
      await expect(fact('请求地点')).toHaveText('本机/内网地址（127.0.0.1）');
      await expect(fact('请求时间')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      await expect(mobile.getByText(WARNING)).toBeVisible();
      await expect(mobile.getByText('请确认以上是您本人正在使用的电脑')).toBeVisible();
      await expectNoAxeViolations(mobile);
      await mobile.screenshot({ path: test.info().outputPath(`qr-confirm.png`), fullPage: true });

      // The desktop's next poll (3 s) sees the code opened.
      await expect(dialog).toContainText('已扫码，请在手机上确认登录');

      await mobile.getByRole('button', { name: '确认登录' }).click();
      await expect(mobile.getByText('已确认登录，请回到电脑上继续操作。')).toBeVisible();
      await expect(mobile.getByRole('button', { name: '确认登录' })).toHaveCount(0);

      // Status 10: the dialog closes and the desktop signs in as the confirming person.
      await expect(page).toHaveURL(/#\/grwt\/home$/);
      await expect(dialog).toBeHidden();
      await expect(page.getByText('登录成功，欢迎您，张三')).toBeVisible();
      await dismissPrompts(page);
      await expect(page.getByRole('button', { name: /张三/ })).toBeVisible();
      await expectNoAxeViolations(page);

      // The code is spent: scanning it again on the phone says so.
      await mobile.reload();
      await scanOnPhone(mobile, photo);
      await expect(mobile.getByText('此二维码已处理')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('refused: the failure overlay, and its button gives a new code; a signed-out phone signs in, then scans', async ({
    page,
    browser,
    baseURL,
  }) => {
    await showQr(page);
    const first = await scanScreen(page);

    const { context, page: mobile } = await phone(browser, baseURL);
    try {
      // Signed out on the phone (its camera opened the QR's address): the page says so and offers to sign in.
      await mobile.goto(first);
      await expect(mobile.getByText('您尚未登录')).toBeVisible();
      await expect(mobile.getByText(WARNING)).toBeVisible();
      await expectNoAxeViolations(mobile);
      const captcha = mobile.waitForResponse((r) => r.url().includes('/api/auth/v1/getImgCode') && r.ok());
      await mobile.getByRole('link', { name: '前往登录' }).click();
      const uuid = ((await (await captcha).json()) as { data: { uuid: string } }).data.uuid;
      await submitLogin(mobile, DEMO.personal, uuid);
      // Signing in lands at home, not back on the confirmation page; the person opens it and scans.
      await expect(mobile).toHaveURL(new RegExp(`#${DEMO.personal.home}$`));
      await dismissPrompts(mobile);
      await mobile.goto('/home.html#/qrConfirm');
      await scanOnPhone(mobile, await photograph(page));

      await mobile.getByRole('button', { name: '拒绝' }).click();
      await expect(mobile.getByText('已拒绝此次登录。')).toBeVisible();
    } finally {
      await context.close();
    }

    const dialog = page.getByRole('dialog', { name: DIALOG });
    await expect(dialog.getByRole('paragraph').filter({ hasText: '认证失败，请重试' })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('认证失败，请重试');
    const refresh = dialog.getByRole('button', { name: '点击刷新' });
    await expect(refresh).toBeFocused();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`qr-failed.png`) });

    // Keyboard alone: Enter on the focused button fetches a new code.
    const next = page.waitForResponse(isCode);
    await page.keyboard.press('Enter');
    await next;
    await expect(refresh).toHaveCount(0);
    await expect(dialog.getByRole('img', { name: '扫码登录二维码' })).toBeVisible();
    const second = await scanScreen(page);
    expect(second).not.toBe(first);
    await expect(page).toHaveURL(/#\/login$/);

    // Closing the dialog stops it; the login page is still there.
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: '显示登录二维码' })).toBeFocused();
  });

  test('a person of another login type cannot confirm', async ({ page, browser, baseURL }) => {
    await showQr(page, '单位');
    const url = await scanScreen(page);
    const { context, page: mobile } = await phone(browser, baseURL);
    try {
      await signIn(mobile, DEMO.personal);
      await dismissPrompts(mobile);
      await mobile.goto(url);
      await scanOnPhone(mobile, await photograph(page));
      await expect(mobile.getByText('此二维码用于单位登录，请使用单位账号登录后重新扫码。')).toBeVisible();
      await expect(mobile.getByRole('button', { name: '确认登录' })).toHaveCount(0);
      // Nor refuse: only a login that can claim the code by scanning it has a say over it.
      await expect(mobile.getByRole('button', { name: '拒绝' })).toHaveCount(0);
      await expectNoAxeViolations(mobile);
    } finally {
      await context.close();
    }
    // The desktop still waits: nobody of its type has opened it.
    await expect(page.getByRole('dialog', { name: DIALOG })).not.toContainText('已扫码');
  });

  test('an expired code shows the expired overlay; refreshing shows a new one', async ({ page }) => {
    // The countdown runs on Date.now and setInterval through the sdk's system clock, which Playwright's clock fakes.
    await page.clock.install();
    await showQr(page);
    const dialog = page.getByRole('dialog', { name: DIALOG });
    const first = await scanScreen(page);
    await page.clock.fastForward('01:00');
    await expect(dialog).toContainText(/二维码 [56]\d 秒后过期/);
    const expired = dialog.getByRole('paragraph').filter({ hasText: '二维码已过期' });
    await expect(expired).toHaveCount(0);
    await page.clock.fastForward('01:00');
    await expect(expired).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('二维码已过期');
    await expect(dialog.getByRole('button', { name: '点击刷新' })).toBeFocused();
    await expect(dialog).not.toContainText('秒后过期');
    await expectNoAxeViolations(page);

    const next = page.waitForResponse(isCode);
    await dialog.getByRole('button', { name: '点击刷新' }).click();
    await next;
    await expect(expired).toHaveCount(0);
    await expect(dialog).toContainText(/二维码 1[12]\d 秒后过期/);
    expect(await scanScreen(page)).not.toBe(first);
  });

  test('a link confirms nothing: signing in from /login?redirect=/qrConfirm?codeId=… does not land on the confirmation page, nor does the link itself show the request', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The attacker's browser asks for a code and sends the victim a link built from it.
    await showQr(page);
    const codeId = /codeId=([0-9a-f-]{36})$/.exec(await scanScreen(page))?.[1] ?? '';
    expect(codeId).not.toBe('');
    const { context, page: victim } = await phone(browser, baseURL);
    try {
      const captcha = victim.waitForResponse((r) => r.url().includes('/api/auth/v1/getImgCode') && r.ok());
      await victim.goto(`/home.html#/login?redirect=${encodeURIComponent(`/qrConfirm?codeId=${codeId}`)}`);
      const uuid = ((await (await captcha).json()) as { data: { uuid: string } }).data.uuid;
      await submitLogin(victim, DEMO.personal, uuid);
      await expect(victim).toHaveURL(new RegExp(`#${DEMO.personal.home}$`));
      await dismissPrompts(victim);
      await expect(victim.getByRole('button', { name: '确认登录' })).toHaveCount(0);

      // Signed in, the link itself: the page explains, shows no request and offers nothing to confirm.
      await victim.goto(`/home.html#/qrConfirm?codeId=${codeId}`);
      await expect(victim.getByText('本页不会根据链接地址显示或确认登录请求')).toBeVisible();
      await expect(victim.getByText(WARNING)).toBeVisible();
      await expect(victim.locator('label', { hasText: '扫描二维码' })).toBeVisible();
      await expect(victim.locator('.qr-confirm__facts')).toHaveCount(0);
      await expect(victim.getByRole('button', { name: '确认登录' })).toHaveCount(0);
      await expectNoAxeViolations(victim);
    } finally {
      await context.close();
    }
    // Nobody scanned: the attacker's dialog still waits (a poll every 3 s; two have passed by now at the latest).
    await page.waitForTimeout(3_500);
    await expect(page.getByRole('dialog', { name: DIALOG })).not.toContainText('已扫码');
  });
});
