import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, openLogin, signIn, submitLogin, type DemoLogin } from './support';


test.describe('signing in with account and password', () => {
  test('the login page: login types, method tabs, the account form with its rules, and axe', async ({ page }) => {
    await openLogin(page);
    await expect(page).toHaveTitle('用户登录 - 网上业务大厅');
    await expect(page.getByRole('heading', { level: 1, name: '用户登录' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '个人登录' })).toBeChecked();
    await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Every rule, with its Chinese message under the field, tied to it.
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const account = page.getByRole('textbox', { name: '账号', exact: true });
    await expect(account).toHaveAttribute('aria-invalid', 'true');
    await expect(account).toHaveAccessibleDescription('请输入账号');
    await expect(account).toBeFocused();
    await expect(page.getByLabel('密码', { exact: true })).toHaveAccessibleDescription('密码不能为空');
    await expect(page.getByLabel('验证码', { exact: true })).toHaveAccessibleDescription('验证码不能为空');
    await account.fill('ab');
    await page.getByLabel('密码', { exact: true }).fill('abcdef');
    await page.getByLabel('验证码', { exact: true }).fill('12');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(account).toHaveAccessibleDescription('账号不能包含特殊字符，且必须大于4小于等于20位');
    // Signing in checks only that a password was typed: no second rule beside the 8-16 one of setting a password.
    await expect(page.getByLabel('密码', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/6-16位/)).toHaveCount(0);
    await expect(page.getByLabel('验证码', { exact: true })).toHaveAccessibleDescription('请输入正确的验证码');
    await expectNoAxeViolations(page);

    // The other methods are tabs, each with its own form.
    await page.getByRole('tab', { name: '手机验证码' }).click();
    await expect(page.getByRole('form', { name: '手机验证码登录' })).toBeVisible();
    await page.getByRole('tab', { name: '扫码登录' }).click();
    await expect(page.getByRole('tabpanel').getByRole('button', { name: '显示登录二维码' })).toBeVisible();
    await page.getByRole('tab', { name: '数字证书' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('数字证书登录仅适用于单位和开发商');
    await page.getByRole('tab', { name: '账号密码' }).click();
    // What was typed is still there.
    await expect(account).toHaveValue('ab');
  });

  const kinds: [string, DemoLogin][] = [
    ['an individual', DEMO.personal],
    ['a unit', DEMO.unit],
    ['a developer', DEMO.developer],
  ];
  for (const [kind, who] of kinds) {
    test(`${kind} lands on their own home with their own menus`, async ({ page }) => {
      const problems = watchProblems(page);
      await signIn(page, who);
      const welcome = page.getByText(`登录成功，欢迎您，${who.name}`);
      await expect(welcome).toBeVisible();
      await dismissPrompts(page);
      await expect(welcome).toBeHidden(); // 3 s: the screenshot shows the banner rather than the toast
      const tabs = page.getByRole('tablist', { name: '业务分类' }).getByRole('tab');
      await expect(tabs).toHaveText(who.screens);
      // The top bar: the name, the logo from the configuration, the breadcrumb from home.
      await expect(page.getByRole('img', { name: /示范市住房公积金管理中心/ })).toBeVisible();
      await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('首页');
      await expect(page.getByRole('contentinfo')).toContainText('技术支持：示范市大数据发展中心');
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`home-${who.home.split('/')[1]}.png`), fullPage: true });
      // Other areas' pages are not theirs: they get the 404 page.
      const other = who.home.startsWith('/grwt') ? '/dwwt/home' : '/grwt/home';
      await page.goto(`/home.html#${other}`);
      await expect(page).toHaveURL(/#\/404$/);
      expect(problems).toEqual([]);
    });
  }

  test('a wrong password and a wrong captcha show their messages and keep what was typed', async ({ page }) => {
    let uuid = await openLogin(page);
    const next = await submitLogin(page, DEMO.personal, uuid, { password: 'Wrong@2026', expectFailure: true });
    const alert = page.locator('.form-alert');
    await expect(alert).toHaveText('用户名不存在或密码错误');
    await expect(page.getByRole('textbox', { name: '账号', exact: true })).toHaveValue(DEMO.personal.account);
    await expect(page.getByLabel('密码', { exact: true })).toHaveValue('Wrong@2026');
    // The captcha is single use: a new one, and its field emptied.
    await expect(page.getByLabel('验证码', { exact: true })).toHaveValue('');
    expect(next).not.toBe(uuid);
    uuid = next ?? uuid;

    await submitLogin(page, DEMO.personal, uuid, { captcha: 'ZZZZ', expectFailure: true });
    await expect(alert).toHaveText('验证码错误，请重新输入');
    await expect(page.getByRole('alert').filter({ hasText: '验证码错误' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The refresh button fetches another picture.
    const refreshed = page.waitForResponse((r) => r.url().includes('/getImgCode'));
    await page.getByRole('button', { name: '看不清，换一张' }).click();
    await refreshed;
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('logging out asks first, cancelling does nothing, confirming clears the session', async ({ page }) => {
    await signIn(page, DEMO.developer);
    await page.getByRole('button', { name: new RegExp(DEMO.developer.name) }).click();
    await page.getByRole('button', { name: '退出系统' }).click();
    const dialog = page.getByRole('alertdialog', { name: '退出系统' });
    await expect(dialog).toContainText('您确定要退出系统吗？');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/#\/kfswt\/home$/);

    await page.getByRole('button', { name: new RegExp(DEMO.developer.name) }).click();
    await page.getByRole('button', { name: '退出系统' }).click();
    const logout = page.waitForRequest((r) => r.url().includes('/api/auth/v1/auth/token/logout') && r.method() === 'POST');
    await dialog.getByRole('button', { name: '确定退出' }).click();
    await logout;
    await expect(page).toHaveURL(/#\/login$/);
    const stored = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('accessToken')));
    expect(stored).toEqual([]);
    // The home page is out of reach now.
    await page.goto('/home.html#/kfswt/home');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('the account menu opens the 修改密码 and 切换账号 dialogs, closed with Esc and a close button', async ({ page }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    const menu = page.getByRole('button', { name: new RegExp(DEMO.personal.name) });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: '修改密码' }).click();
    const password = page.getByRole('dialog', { name: '修改密码' });
    await expect(password.getByLabel('手机号码', { exact: true })).toHaveValue('138****8000'); // the dialog of sms.spec.ts
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(password).toBeHidden();

    await menu.click();
    await page.getByRole('button', { name: '切换账号' }).click();
    const account = page.getByRole('dialog', { name: '切换账号' });
    await expect(account).toBeVisible();
    await account.getByRole('button', { name: '关闭' }).click();
    await expect(account).toBeHidden();
  });
});
