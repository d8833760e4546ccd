import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, devState, dismissPrompts, openLogin, signIn, submitLogin } from './support';

// These tests change what the whole server answers. They run one after the other, after every other test
// (the `server-state` project of playwright.config.ts), and put the server back as they found it.
test.describe.configure({ mode: 'serial' });

test.describe('what an administrator changes on the server', () => {
  test('a closed service sends every page to /pubNotice, signed in or not', async ({ page, request }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    await devState(request, { qdzt: '0' });
    try {
      // The very next navigation, even to another tab of the home page, meets the closed service.
      await page.getByRole('tab', { name: '贷款业务' }).click();
      await expect(page).toHaveURL(/#\/pubNotice$/);
      await expect(page.getByRole('status').filter({ hasText: '暂停服务' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: '关于调整2026年度住房公积金缴存基数的通知' })).toBeVisible();
      await expectNoAxeViolations(page);
      for (const path of ['/login', '/dkcs', '/grwt/home', '/no/such/page']) {
        await page.goto(`/home.html#${path}`);
        await expect(page).toHaveURL(/#\/pubNotice$/);
      }
    } finally {
      await devState(request, { qdzt: '1' });
    }
    await page.goto('/home.html#/grwt/home');
    await expect(page).toHaveURL(/#\/grwt\/home$/);
  });

  test('a new configuration version is loaded on the next navigation', async ({ page, request }) => {
    await page.goto('/home.html#/loanRate');
    await expect(page.getByRole('heading', { level: 1, name: '贷款利率' })).toBeVisible();
    const loads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/xtcs/getList')) loads.push(r.url());
    });
    await page.getByRole('link', { name: '登录' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    expect(loads).toEqual([]); // same version: the configuration held is used
    await devState(request, { bumpConfigVersion: true });
    await page.getByRole('navigation', { name: '便民服务' }).getByRole('link', { name: '贷款利率' }).click();
    await expect(page).toHaveURL(/#\/loanRate$/);
    await expect.poll(() => loads.length).toBe(1);
    // Stored once the new configuration has arrived, a moment after the request went out.
    const storedVersion = () =>
      page.evaluate(() => {
        const key = Object.keys(sessionStorage).find((k) => k.endsWith('-configVersion'));
        return key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { content: { value: string } }).content.value : '';
      });
    await expect.poll(storedVersion).toBe('2');
  });

  test('after signing in, incomplete information is prompted (确定 goes to the change page)', async ({ page }) => {
    await signIn(page, DEMO.flexible);
    const prompt = page.getByRole('alertdialog', { name: '提示' });
    await expect(prompt).toContainText('您的个人信息不完整，请先完善个人信息。');
    await expect(prompt.locator('.dialog__footer').getByRole('button')).toHaveText(['确定']);
    await prompt.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/#\/grwt\/zhxx\/lhjyryyw\/lhjyryxxbg$/);
    await expect(page.getByRole('heading', { level: 1, name: '灵活就业人员信息变更' })).toBeVisible();
  });

  test('a grant withdrawn on the server brings the 403 dialog when the page opens', async ({ page, request }) => {
    const path = '/grwt/zhxx/lhjyryyw/yjce_tz';
    await devState(request, { forbid: { account: DEMO.flexible.account, path } });
    try {
      await signIn(page, DEMO.flexible);
      await dismissPrompts(page);
      await page.goto(`/home.html#${path}`);
      const dialog = page.getByRole('alertdialog', { name: '错误' });
      await expect(dialog).toContainText('当前操作没有权限，请联系管理员授权');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: '确定' }).click();
      await expect(dialog).toBeHidden();
    } finally {
      await devState(request, { allow: { account: DEMO.flexible.account, path } });
    }
  });

  test('a session revoked on the server brings the 401 dialog on the next call; it cannot be closed, 重新登录 signs out', async ({ page, request }) => {
    await signIn(page, DEMO.flexible);
    await dismissPrompts(page);
    await devState(request, { revokeSessionsOf: DEMO.flexible.account });
    await page.getByRole('button', { name: /月缴存额调整/ }).click();
    const dialog = page.getByRole('alertdialog', { name: '系统提示' });
    await expect(dialog).toContainText('登录令牌已过期，请重新登录');
    await expect(dialog.getByRole('button', { name: '关闭' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(dialog).toHaveCount(0);
  });

  test('five wrong passwords lock the account, with the time the lock ends', async ({ page, request }) => {
    const who = DEMO.remote;
    try {
      let uuid = await openLogin(page);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        uuid = (await submitLogin(page, who, uuid, { password: 'Wrong@2026', expectFailure: true })) ?? uuid;
        await expect(page.locator('.form-alert')).toHaveText('用户名不存在或密码错误');
      }
      uuid = (await submitLogin(page, who, uuid, { password: 'Wrong@2026', expectFailure: true })) ?? uuid;
      await expect(page.locator('.form-alert')).toHaveText(/^密码连续输错 5 次，账号已锁定，请于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 后再试$/);
      // Locked: even the right password is refused.
      await submitLogin(page, who, uuid, { expectFailure: true });
      await expect(page.locator('.form-alert')).toContainText('账号已锁定');
      await expect(page.getByRole('textbox', { name: '账号', exact: true })).toHaveValue(who.account);
    } finally {
      await devState(request, { unlock: who.account });
    }
    await signIn(page, who);
  });
});
