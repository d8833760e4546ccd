import { expect, test } from '../../../test/support/e2e';

// Issue 23: what a page change does for keyboard and screen-reader users, and to the toasts of the page left.

test.describe('after a page change', () => {
  test('focus goes to the new page\'s heading and the title changes; not on the first load', async ({ page }) => {
    await page.goto('/home.html#/policyInfo');
    const first = page.getByRole('heading', { level: 1, name: '政策信息' });
    await expect(first).toBeVisible();
    // First load: nothing is moved (the skip link stays the first stop of Tab).
    await expect(first).not.toBeFocused();

    await page.getByRole('navigation', { name: '便民服务' }).getByRole('link', { name: '贷款利率' }).click();
    const heading = page.getByRole('heading', { level: 1, name: '贷款利率' });
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAttribute('tabindex', '-1');
    await expect(page).toHaveTitle('贷款利率 - 网上业务大厅');

    // Back in the browser is a page change too.
    await page.goBack();
    await expect(first).toBeFocused();
    await expect(page).toHaveTitle('政策信息 - 网上业务大厅');
  });

  test('a toast of the page left is gone at once, long before its own 5 s', async ({ page }) => {
    await page.goto('/home.html#/commonDownload');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '住房公积金提取申请表' }) });
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /下载/ }).click();
    await download;
    const done = page.getByRole('status').filter({ hasText: '住房公积金提取申请表下载完成' });
    await expect(done).toBeVisible();
    const shownAt = Date.now();
    // The toast has been on this page for a while (a toast raised with the navigation itself would go along).
    await page.waitForTimeout(1_200);
    await page.getByRole('navigation', { name: '便民服务' }).getByRole('link', { name: '政策信息' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '政策信息' })).toBeVisible();
    await expect(done).toHaveCount(0);
    expect(Date.now() - shownAt).toBeLessThan(5_000);
  });
});
