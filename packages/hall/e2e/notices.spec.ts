import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, signIn } from './support';
import { e2eCalendar as cal } from '../../../test/support/demo-calendar';

/** The notice's year: the base adjustment of the last 1 July before the seed day (the demo calendar). */
const YEAR = cal.settledYear;

test.describe('/pubNotice, the announcements', () => {
  test('a signed-in person reads the published notice, sanitized, without the draft, and the page passes axe', async ({ page }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    await page.goto('/home.html#/pubNotice');
    await expect(page).toHaveTitle('系统公告 - 网上业务大厅');
    const notices = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(notices.getByRole('heading', { name: `关于调整${YEAR}年度住房公积金缴存基数的通知` })).toBeVisible();
    await expect(page.getByText('系统升级维护公告（草稿）')).toHaveCount(0);
    // The body's markup survives sanitizing where it is harmless: the date stays bold.
    await expect(page.locator('.notices__body strong', { hasText: `${YEAR}年7月1日` })).toBeVisible();
    await expect(page.getByText(`发布时间：${YEAR}-07-01`)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
