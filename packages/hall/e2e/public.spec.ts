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

  test('a public page loads neither the login page (with sm-crypto) nor the signed-in shell', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/home.html#/loanRate');
    await expect(page.getByRole('table').first()).toBeVisible();
    expect(scripts.filter((s) => /\/(login-page|shell|session-loader|sanitize)-/.test(s))).toEqual([]);
  });

  test('the root of the site opens the hall on the public home, whose sign-in entries lead to the login page (issue 23)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home\.html#\/index$/);
    await expect(page.getByRole('heading', { level: 1, name: '网上业务大厅' })).toBeVisible();
    await page.getByRole('link', { name: /^个人登录/ }).click();
    await expect(page).toHaveURL(/\/home\.html#\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: '用户登录' })).toBeVisible();
  });

  test('a path that needs sign-in sends a signed-out visitor to /login (spec 4.1)', async ({ page }) => {
    for (const path of ['/no/such/page', '/grwt/home', '/cooperation', '/pubNotice']) {
      await page.goto(`/home.html#${path}`);
      await expect(page).toHaveURL(/#\/login$/);
    }
  });

  test('/404 passes axe and leads home', async ({ page }) => {
    await page.goto('/home.html#/404');
    await expect(page.getByRole('heading', { level: 1, name: '抱歉，您访问的页面不存在' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: '返回首页' }).click();
    // Signed out, the home is the public home (issue 23).
    await expect(page).toHaveURL(/#\/index$/);
  });

  test('the quick menu leads to the centre introduction', async ({ page }) => {
    await page.goto('/home.html#/loanRate');
    await page.getByRole('navigation', { name: '便民服务' }).getByRole('link', { name: '中心简介' }).click();
    await expect(page).toHaveURL(/#\/introToCenter$/);
    await expect(page.getByRole('heading', { level: 1, name: '中心简介' })).toBeVisible();
    await expectNoAxeViolations(page);
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
