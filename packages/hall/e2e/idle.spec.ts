import { expect, test } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, signIn } from './support';

const IDLE_MESSAGE = '您已长时间未操作，将自动退出系统';

test.describe('idle sign-out (spec 4.6)', () => {
  test('activity keeps the session; over 30 idle minutes the message shows for 3.5 s, then /login', async ({ page }) => {
    // The idle timer reads Date.now and setInterval through the sdk's system clock, which Playwright's clock fakes.
    await page.clock.install();
    await signIn(page, DEMO.developer);
    await dismissPrompts(page);

    await page.clock.fastForward('29:00');
    await page.mouse.click(10, 400); // a mouse press on the page counts as activity
    await page.clock.fastForward('29:00');
    await expect(page.getByText(IDLE_MESSAGE)).toHaveCount(0);
    await expect(page).toHaveURL(/#\/kfswt\/home$/);

    await page.clock.fastForward('02:00');
    await expect(page.getByRole('alert').filter({ hasText: IDLE_MESSAGE })).toBeVisible();
    await expect(page).toHaveURL(/#\/kfswt\/home$/);
    await page.clock.fastForward(3_500);
    await expect(page).toHaveURL(/#\/login$/);
    const signedIn = await page.evaluate(() => Object.keys(sessionStorage).some((k) => k.endsWith('-accessToken')));
    expect(signedIn).toBe(false);
  });
});
