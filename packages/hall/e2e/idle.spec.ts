import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, signIn, tokenOf } from './support';

const WARNING = '即将自动退出';
const SIGNED_OUT = '您已超过 30 分钟未操作，为保护账户安全已自动退出，请重新登录。';

// Spec 4.6 with issue 37 (WCAG 2.2.1): a warning two minutes before the idle sign-out, with 继续使用 and 退出; the
// login page says why the person was signed out.
test.describe('idle sign-out (spec 4.6, issue 37)', () => {
  test('activity keeps the session; after 28 idle minutes a warning with the time left; at 30 the sign-out, and the login page says why', async ({ page }) => {
    // The idle timer reads Date.now and setInterval through the sdk's system clock, which Playwright's clock fakes.
    await page.clock.install();
    await signIn(page, DEMO.developer);
    await dismissPrompts(page);

    await page.clock.fastForward('27:00');
    await page.mouse.click(10, 400); // a mouse press on the page counts as activity
    await page.clock.fastForward('27:00');
    await expect(page.getByRole('alertdialog', { name: WARNING })).toHaveCount(0);
    await expect(page).toHaveURL(/#\/kfswt\/home$/);

    await page.clock.fastForward('01:10');
    const warning = page.getByRole('alertdialog', { name: WARNING });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('剩余时间');
    await expect(warning.getByRole('button', { name: '继续使用' })).toBeFocused();
    await expect(warning.getByRole('button', { name: '退出' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page).toHaveURL(/#\/kfswt\/home$/);
    await page.clock.fastForward('02:00');
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByRole('status').filter({ hasText: SIGNED_OUT })).toBeVisible();
    const signedIn = await page.evaluate(() => Object.keys(sessionStorage).some((k) => k.endsWith('-accessToken')));
    expect(signedIn).toBe(false);
    // Said once: a reload of the login page does not say it again.
    await page.reload();
    await expect(page.getByRole('heading', { name: '用户登录' })).toBeVisible();
    await expect(page.getByText(SIGNED_OUT)).toHaveCount(0);
  });

  test('继续使用 keeps the session: the token is renewed through the refresh call and the next warning is 28 minutes away', async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    const before = await tokenOf(page);
    await page.clock.fastForward('28:10');
    const warning = page.getByRole('alertdialog', { name: WARNING });
    await expect(warning).toBeVisible();
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/auth/v1/auth/oauth/token') && r.ok());
    await warning.getByRole('button', { name: '继续使用' }).click();
    await refreshed;
    await expect(warning).toHaveCount(0);
    await expect.poll(() => tokenOf(page)).not.toBe(before);
    await page.clock.fastForward('27:00');
    await expect(page.getByRole('alertdialog', { name: WARNING })).toHaveCount(0);
    await expect(page).toHaveURL(/#\/grwt\/home$/);
    // The session still answers on the server.
    const token = await tokenOf(page);
    const status = await page.evaluate(async (t) => (await fetch('/api/auth/v1/getUserInfo', { headers: { token: t, client: 'wt', jproject: 'izfgjj' } })).status, token);
    expect(status).toBe(200);
  });

  test('退出 signs out at once, without the idleness message', async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.unit);
    await dismissPrompts(page);
    await page.clock.fastForward('28:10');
    await page.getByRole('alertdialog', { name: WARNING }).getByRole('button', { name: '退出' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByText(SIGNED_OUT)).toHaveCount(0);
  });
});
