import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, signIn } from './support';

// Account switching (spec 2.8, 4.12, 6): 张三 holds a personal and a flexible-employment account under one login.
// The switch is his session's: other tests signing in as 张三 meanwhile still land on his primary account.


async function openSwitchDialog(page: Page) {
  await page.getByRole('button', { name: /张三/ }).click();
  await page.getByRole('button', { name: '切换账号' }).click();
  const dialog = page.getByRole('dialog', { name: '切换账号' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The token the page sends, read from its own requests. */
function tokenOf(page: Page): () => string {
  let token = '';
  page.on('request', (request) => {
    const header = request.headers().token;
    if (header) token = header;
  });
  return () => token;
}

test.describe('switching account', () => {
  test('张三 switches between his personal and flexible-employment accounts: top bar, home and menus follow', async ({ page }) => {
    const switches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/v1/switchUser')) switches.push(r.url());
    });
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    const menuButton = page.getByRole('button', { name: /张三/ });
    await expect(menuButton).toContainText('个人缴存账户');
    await expect(page.getByRole('main')).toContainText('201000000101');
    const tabs = page.getByRole('tablist', { name: '业务分类' });
    await tabs.getByRole('tab', { name: '账户信息' }).click();
    await expect(page.getByRole('main')).toContainText('个人账户信息变更');
    await expect(page.getByRole('main')).not.toContainText('灵活就业人员信息变更');

    const dialog = await openSwitchDialog(page);
    const items = dialog.getByRole('listitem');
    await expect(items).toHaveCount(2);
    const current = dialog.getByRole('button', { name: /个人缴存账户/ });
    await expect(current).toHaveAttribute('aria-current', 'true');
    await expect(current).toContainText('当前登录');
    await expect(current).toContainText('110***********2316');
    await expect(current.locator('.status-tag')).toHaveText('正常');
    await expect(current.locator('.status-tag')).toHaveClass(/status-tag--success/);
    const flexible = dialog.getByRole('button', { name: /灵活就业缴存账户/ });
    await expect(flexible).not.toContainText('当前登录');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`switch-dialog.png`) });

    // The current account: nothing happens, by mouse or by keyboard.
    // aria-disabled: Playwright would wait for it to be enabled, a person can still click it.
    await current.click({ force: true });
    await current.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alertdialog', { name: '温馨提示' })).toBeHidden();
    await expect(dialog).toBeVisible();
    expect(switches).toEqual([]);

    // Another: 温馨提示 asks first; 取消 goes back to the list.
    await flexible.click();
    const confirm = page.getByRole('alertdialog', { name: '温馨提示' });
    await expect(confirm).toContainText('是否切换账号？');
    await expect(confirm).toContainText('张三（灵活就业缴存账户）');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();
    expect(switches).toEqual([]);

    // By keyboard alone: Tab to the other account, Enter, then 确定.
    await flexible.focus();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await confirm.getByRole('button', { name: '确定' }).click();
    await reloaded;
    await expect(page).toHaveURL(/#\/grwt\/home$/);
    expect(switches).toHaveLength(1);
    await expect(page.getByRole('button', { name: /张三/ })).toContainText('灵活就业缴存账户');
    await expect(page.getByRole('main')).toContainText('201000000188');
    await dismissPrompts(page);
    await page.getByRole('tablist', { name: '业务分类' }).getByRole('tab', { name: '账户信息' }).click();
    await expect(page.getByRole('main')).toContainText('灵活就业人员信息变更');
    await expect(page.getByRole('main')).not.toContainText('个人账户信息变更');
    await expectNoAxeViolations(page);

    // And back again; now the flexible account is the current one.
    const again = await openSwitchDialog(page);
    await expect(again.getByRole('button', { name: /灵活就业缴存账户/ })).toHaveAttribute('aria-current', 'true');
    await again.getByRole('button', { name: /个人缴存账户/ }).click();
    const back = page.waitForEvent('load');
    await page.getByRole('alertdialog', { name: '温馨提示' }).getByRole('button', { name: '确定' }).click();
    await back;
    await expect(page.getByRole('button', { name: /张三/ })).toContainText('个人缴存账户');
    await expect(page.getByRole('main')).toContainText('201000000101');
  });

  test("the server refuses an account that is not the login's own, asked with the page's own token", async ({ page }) => {
    const token = tokenOf(page);
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    expect(token()).toMatch(/^[0-9a-f]{64}$/);
    const headers = { token: token() };
    const info = (await (await page.request.get('/api/auth/v1/getUserInfo', { headers })).json()) as {
      data: { id: string; otherInfo: { id: string }[] };
    };
    const own = info.data.otherInfo.map((a) => a.id);
    expect(own).toHaveLength(2);
    const others = Array.from({ length: 8 }, (_, i) => String(i + 1)).filter((id) => !own.includes(id));
    for (const id of others) {
      const res = await page.request.get('/api/auth/v1/switchUser', { params: { toUserId: id }, headers });
      expect(res.status(), `toUserId=${id}`).toBe(403);
      expect(await res.json()).toMatchObject({ code: 403, msg: '只能切换到本登录名下的账户' });
    }
    // Nothing moved: the session is still on the account it was on.
    const after = (await (await page.request.get('/api/auth/v1/getUserInfo', { headers })).json()) as { data: { id: string } };
    expect(after.data.id).toBe(info.data.id);
    await page.reload();
    await expect(page.getByRole('button', { name: /张三/ })).toContainText('个人缴存账户');
  });
});
