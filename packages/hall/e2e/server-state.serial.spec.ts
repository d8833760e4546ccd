import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { freePort } from '../../../test/support/net';
import { e2eCalendar as cal } from '../../../test/support/demo-calendar';
import { DEMO, PASSWORD, captchaAnswer, devState, dismissPrompts, openLogin, recordAlerts, signIn, submitLogin } from './support';

// These tests change what the whole server answers. They run one after the other, after every other test
// (the `server-state` project of playwright.config.ts), and put the server back as they found it.
test.describe.configure({ mode: 'serial' });

/** The server's default address of the simulated platform (DEV_GOV_PLATFORM_URL of packages/server/src/routes/sso.ts). */
const DEV_GOV_PLATFORM_URL = 'http://127.0.0.1:8091/';

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
      await expect(page.getByRole('heading', { level: 2, name: `关于调整${cal.settledYear}年度住房公积金缴存基数的通知` })).toBeVisible();
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

  test('an entry paused on the server shows its note (spec 4.2) and no page; resumed, it opens its page', async ({ page, request }) => {
    const note = '系统升级，暂停办理，预计2026年12月1日恢复';
    await devState(request, { pauseMenu: { path: '/grwt/tqSys/tqyw/ltx_tq', bz: note } });
    try {
      await signIn(page, DEMO.personal);
      await dismissPrompts(page);
      await page.getByRole('tab', { name: '提取业务' }).click();
      const tile = page.getByRole('button', { name: /离休、退休提取/ });
      await expect(tile).toContainText('暂停办理');
      const alerts = await recordAlerts(page);
      await tile.click();
      await alerts.seen(note);
      await expect(page).toHaveURL(/#\/grwt\/home\?activeIndex=1$/);
      await expectNoAxeViolations(page);
      // A paused entry gets no route, so a bookmark cannot open the business; its address shows the pause note in
      // the shell, not 页面不存在 (issue 23).
      await page.goto('/home.html#/grwt/tqSys/tqyw/ltx_tq');
      await expect(page).toHaveURL(/#\/grwt\/tqSys\/tqyw\/ltx_tq$/);
      await expect(page.getByRole('heading', { level: 1, name: '离休、退休提取' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: note })).toBeVisible();
      await expect(page.getByText('页面不存在')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: '当前位置' })).toBeVisible();
      await expectNoAxeViolations(page);
      // An address of no menu at all is still a 404.
      await page.goto('/home.html#/grwt/tqSys/tqyw/no_such_page');
      await expect(page).toHaveURL(/#\/404$/);
    } finally {
      await devState(request, { resumeMenu: '/grwt/tqSys/tqyw/ltx_tq' });
    }
    // The menus are read at sign-in: the next one (a new tab has no session) sees the entry open.
    const next = await page.context().newPage();
    await signIn(next, DEMO.personal);
    await dismissPrompts(next);
    await next.getByRole('tab', { name: '提取业务' }).click();
    const tile = next.getByRole('button', { name: /离休、退休提取/ });
    await expect(tile).not.toContainText('暂停办理');
    await tile.click();
    await expect(next).toHaveURL(/#\/grwt\/tqSys\/tqyw\/ltx_tq$/);
    // Its page (issue 33): the business's own name; 张三 has not reached the retirement age, and it says so.
    await expect(next.getByRole('heading', { level: 1, name: '离休退休提取' })).toBeVisible();
    await expect(next.getByRole('alertdialog', { name: '提示' })).toContainText('您尚未达到法定退休年龄');
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
    await expect(dialog).toContainText('登录已过期，请重新登录');
    await expect(dialog.getByRole('button', { name: '关闭' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(dialog).toHaveCount(0);
  });

  test('a flood of wrong passwords from elsewhere slows strangers down, never the owner in the browser that signed in before', async ({
    page,
    context,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const who = DEMO.remote;
    try {
      // The owner signed in in this browser before: it keeps a device cookie for the login (issue 18, auth/device.ts).
      await signIn(page, who);
      const device = (await context.cookies()).find((c) => c.name.startsWith('gjj_device_'));
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/' });

      // A stranger tries wrong passwords through the API, without that cookie, waiting as told (Retry-After),
      // until seven have failed: the next attempt from any client without the cookie then waits 16 s.
      const key = ((await (await request.get('/api/auth/v1/getPubleKey')).json()) as { data: string }).data;
      const attempt = async (password: string) => {
        const { uuid } = ((await (await request.get('/api/auth/v1/getImgCode')).json()) as { data: { uuid: string } }).data;
        return request.post('/api/auth/v1/otherAuth/accountLogin?grant_type=password&scope=server', {
          data: { loginType: 1, username: sm2Encrypt(who.account, key), password: sm2Encrypt(password, key), code: await captchaAnswer(request, uuid), uuid },
        });
      };
      for (let failures = 0; failures < 7; ) {
        const res = await attempt('Wrong@2026');
        if (res.status() === 429) await new Promise((done) => setTimeout(done, Number(res.headers()['retry-after']) * 1000 + 100));
        else {
          expect(res.status()).toBe(426);
          failures += 1;
        }
      }
      // Slowed: even the right password, from the stranger or from a browser new to the login.
      const slowed = await attempt(PASSWORD);
      expect(slowed.status()).toBe(429);
      expect(Number(slowed.headers()['retry-after'])).toBeGreaterThan(0);
      const fresh = await browser.newContext();
      try {
        const other = await fresh.newPage();
        const uuid = await openLogin(other);
        await submitLogin(other, who, uuid, { expectFailure: true });
        await expect(other.locator('.form-alert')).toHaveText(/^登录失败次数较多，请 \d+ 秒后再试$/);
      } finally {
        await fresh.close();
      }

      // The owner, in a new tab of the browser that signed in before, signs in at once.
      const again = await context.newPage();
      await signIn(again, who);
    } finally {
      await devState(request, { unlock: who.account });
    }
  });

  test('/zwLogin with the government platform unreachable says so and offers the way back, not the browser’s error page', async ({ page, request }) => {
    // The platform's address at a loopback port nothing listens on (a real refused connection).
    const closed = `http://127.0.0.1:${await freePort()}/`;
    expect((await request.post('/dev/gov-platform', { data: { url: closed } })).ok()).toBe(true);
    try {
      const left: string[] = [];
      page.on('request', (r) => r.url().startsWith(closed) && left.push(r.url()));
      await openLogin(page);
      await page.getByRole('link', { name: '政务服务网登录' }).click();
      const alert = page.getByRole('main').getByRole('alert');
      await expect(alert).toHaveText('政务服务网暂时无法访问，请稍后再试；也可以返回登录页，使用账号密码、手机验证码等其他方式登录');
      await expect(page).toHaveURL(/\/home\.html#\/zwLogin$/);
      await expect(page.getByRole('heading', { level: 1, name: '政务服务网登录' })).toBeVisible();
      expect(left).toEqual([]);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: test.info().outputPath('zw-unreachable-390.png'), fullPage: true });
      // Trying again while it is still down says the same; the way back leads to the login page.
      await page.getByRole('link', { name: '重新连接政务服务网' }).click();
      await expect(alert).toHaveText(/^政务服务网暂时无法访问/);
      await page.getByRole('link', { name: '返回登录页' }).click();
      await expect(page).toHaveURL(/#\/login$/);
    } finally {
      expect((await request.post('/dev/gov-platform', { data: { url: DEV_GOV_PLATFORM_URL } })).ok()).toBe(true);
    }
  });
});
