import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';

test.describe('public pages of the built hall', () => {
  test('the rate page shows the seeded rates from the server and passes axe', async ({ page }) => {
    await page.goto('/home.html#/loanRate');
    await expect(page).toHaveTitle('贷款利率 - 网上业务大厅');
    await expect(page.getByRole('heading', { level: 1, name: '贷款利率' })).toBeVisible();

    const provident = page.getByRole('table', { name: /个人住房公积金贷款利率/ });
    await expect(provident.getByRole('row')).toHaveCount(5);
    await expect(provident.getByRole('row', { name: /首套住房，贷款期限五年以上/ })).toContainText('2.60%');
    await expect(provident.getByRole('row', { name: /第二套住房，贷款期限五年以上/ })).toContainText('3.075%');
    await expect(provident).toContainText('自 2025-05-08 起执行');

    const commercial = page.getByRole('table', { name: /商业性个人住房贷款利率/ });
    await expect(commercial.getByRole('row', { name: /首套住房，贷款期限五年以下/ })).toContainText('3.00%');
    await expect(commercial.getByRole('row', { name: /首套住房，贷款期限五年以上/ })).toContainText('3.50%');
    await expect(commercial).toContainText('自 2025-05-20 起执行');

    await expectNoAxeViolations(page);
  });

  test('the root of the site opens the hall', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home\.html#\/loanRate$/);
    await expect(page.getByRole('heading', { level: 1, name: '贷款利率' })).toBeVisible();
  });

  test('an unknown path lands on /404, which passes axe and leads home', async ({ page }) => {
    await page.goto('/home.html#/no/such/page');
    await expect(page).toHaveURL(/#\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: '抱歉，您访问的页面不存在' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/#\/loanRate$/);
  });

  test('the page works by keyboard: the skip link moves focus to the content', async ({ page }) => {
    await page.goto('/home.html#/loanRate');
    await expect(page.getByRole('table').first()).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('the page runs under its CSP without a single violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    const response = await page.goto('/home.html#/loanRate');
    expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
    await expect(page.getByRole('table').first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});
