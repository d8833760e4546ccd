import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { answerCaptcha, dismissPrompts, openLogin, outboxMessage, PASSWORD, submitLogin } from './support';

// Registration of individuals (spec 2.1, 3.9, 5.4): each test has its own person and phone (131 0013 xxxx, seeded in
// packages/server/src/seed/person.ts or typed here), since a phone gets one code a minute. 灵活就业人员开户 and
// 异地贷款人员注册 take a verified identity from the government platform first (issue 18): 冯雪 and 褚伟 are its
// citizens (seed step 9).

const IDENTITY_KEY = 'gjj-hall:zw-identity';

/**
 * Stands in for the government platform (the example platform's page is another test's, on a server-wide address):
 * the hall's trip out is answered at once, as a platform with a live session does, with a code the simulated
 * platform's back end binds to exactly what the hall asked for (its client id, return address and S256 challenge).
 */
async function platformSignsIn(page: Page, idNumber: string): Promise<string[]> {
  const trips: string[] = [];
  // The platform stood in for here answers, whatever address the server has for it (issue 23's check before leaving).
  await page.route('**/api/auth/v1/zw/status', (route) => route.fulfill({ json: { code: 0, msg: 'ok', data: { reachable: true } } }));
  await page.route(
    (url) => url.searchParams.has('code_challenge'),
    async (route) => {
      const asked = new URL(route.request().url()).searchParams;
      trips.push(route.request().url());
      const issued = await page.request.post('/sim/gov/login', {
        data: {
          idNumber,
          password: 'Gov@2026',
          clientId: asked.get('client_id'),
          redirectUri: asked.get('redirect_uri'),
          codeChallenge: asked.get('code_challenge'),
          codeChallengeMethod: asked.get('code_challenge_method'),
        },
      });
      const { authCode } = ((await issued.json()) as { data: { authCode: string } }).data;
      const back = `${asked.get('redirect_uri')}#/zwLogin?${new URLSearchParams({ authCode, state: asked.get('state') ?? '' })}`;
      await route.fulfill({ status: 303, headers: { location: back } });
    },
  );
  return trips;
}

/** A verified identity as /zwLogin keeps it (a made-up ticket: for the form's own checks only, nothing is sent). */
async function keepMadeUpIdentity(page: Page) {
  await page.evaluate(
    ([key, value]) => sessionStorage.setItem(key, value),
    [IDENTITY_KEY, JSON.stringify({ ticket: 't'.repeat(43), xingming: '冯雪', zjhm: '370783199001010045', expiresAt: Date.now() + 600_000 })] as const,
  );
}

const NEW_PASSWORD = 'Newpass2026';

/** The newest SMS code sent to `phone`, from the server's development outbox (the /userRegister code goes out just after the answer). */
const smsCode = (page: Page, phone: string) => outboxMessage(page.request, 'sms', phone);
/** What /userRegister answers a send, whoever the person is (issue 18). */
const ON_FILE_SENT = '如您的姓名和证件号码与本中心登记的一致，验证码已发送至您的预留手机，请注意查收';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const alert = (page: Page) => page.locator('.register-form .form-alert');

async function fillPassword(page: Page, password = NEW_PASSWORD) {
  await field(page, '登录密码').fill(password);
  await field(page, '确认密码').fill(password);
}

/** Answers the picture captcha, presses 发送验证码 and waits for the answer (`said`) and the countdown to start. */
async function sendCode(page: Page, said: string) {
  await answerCaptcha(page);
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText(said)).toBeVisible();
  await expect(page.getByRole('button', { name: /s 后重新获取$/ })).toBeDisabled();
}

/** Signs in with a newly registered account and waits for the individual's home. */
async function signInAs(page: Page, account: string, name: string) {
  const uuid = await openLogin(page);
  await submitLogin(page, { type: '个人', account }, uuid, { password: NEW_PASSWORD });
  await expect(page).toHaveURL(/#\/grwt\/home$/);
  await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  await dismissPrompts(page);
}

test.describe('registration of individuals', () => {
  test('/userRegister: from the login page, the code to the phone on file (not shown), the password; then signing in', async ({ page }) => {
    await openLogin(page);
    await page.getByRole('navigation', { name: '个人注册' }).getByRole('link', { name: '个人注册' }).click();
    await expect(page).toHaveURL(/#\/userRegister$/);
    await expect(page).toHaveTitle('个人用户注册 - 网上业务大厅');
    await expect(page.getByRole('heading', { level: 1, name: '个人用户注册' })).toBeVisible();
    await expectNoAxeViolations(page);

    await field(page, '姓名').fill('赵六');
    await field(page, '身份证号码').fill('370102198805123015');
    await expect(page.getByText('验证码将发送至您在本中心预留的手机号码')).toBeVisible();
    await expect(field(page, '预留手机号')).toHaveCount(0);
    await expect(field(page, '预留手机号码')).toHaveCount(0);
    await sendCode(page, ON_FILE_SENT);
    await field(page, '短信验证码').fill(await smsCode(page, '13100130001'));
    await fillPassword(page);
    await expect(page.getByText('密码强度：强')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`register-user.png`), fullPage: true });

    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page.getByText('注册成功，请使用证件号码和密码登录')).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByRole('radio', { name: '个人登录' })).toBeChecked();

    await signInAs(page, '370102198805123015', '赵六');
    await expect(page.getByRole('main')).toContainText('201000000301');
  });

  test('a registered ID number and a person not on file hear what anyone hears; the registered one\'s phone is told', async ({ page }) => {
    await page.goto('/home.html#/userRegister');
    await field(page, '姓名').fill('张三');
    await field(page, '身份证号码').fill('110101199003072316');
    const before = new Date().toISOString();
    await sendCode(page, ON_FILE_SENT);
    await expect(alert(page)).toHaveText('');
    expect(await outboxMessage(page.request, 'notice', '13800138000', before)).toContain('您的证件号码已注册网上业务大厅');
    await expect(field(page, '姓名')).toHaveValue('张三');
    await expectNoAxeViolations(page);

    // A fresh page (no countdown running): a person not on file.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await field(page, '姓名').fill('钱多');
    await field(page, '身份证号码').fill('110101199001011237');
    await sendCode(page, ON_FILE_SENT);
    await page.getByRole('link', { name: '返回登录' }).click();
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('a wrong code is refused, and everything typed stays', async ({ page }) => {
    await page.goto('/home.html#/userRegister');
    await field(page, '姓名').fill('孙丽');
    await field(page, '身份证号码').fill('370102199109234525');
    await sendCode(page, ON_FILE_SENT);
    const right = await smsCode(page, '13100130002');
    await field(page, '短信验证码').fill(right === '000000' ? '111111' : '000000');
    await fillPassword(page);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(alert(page)).toHaveText('验证码错误或已失效，请重新获取');
    await expect(field(page, '姓名')).toHaveValue('孙丽');
    await expect(field(page, '登录密码')).toHaveValue(NEW_PASSWORD);
    await expect(page).toHaveURL(/#\/userRegister$/);
    await expectNoAxeViolations(page);
  });

  test('every rule message of spec 5.4 a person can meet on these forms, under its field', async ({ page }) => {
    await page.goto('/home.html#/userRegister');
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/grzc/')) requests.push(r.url());
    });
    // A code needs the person first: nothing is sent.
    await page.getByRole('button', { name: '发送验证码' }).click();
    await expect(field(page, '姓名')).toHaveAccessibleDescription('姓名不能为空');
    await expect(field(page, '姓名')).toBeFocused();
    await expect(field(page, '身份证号码')).toHaveAccessibleDescription('身份证号码不能为空');
    expect(requests).toEqual([]);

    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(field(page, '短信验证码')).toHaveAccessibleDescription('验证码不能为空');
    await expect(field(page, '登录密码')).toHaveAccessibleDescription('密码不能为空');
    await expect(field(page, '确认密码')).toHaveAccessibleDescription('请再次输入密码');

    await field(page, '姓名').fill('赵');
    await field(page, '身份证号码').fill('370102198813323015');
    await field(page, '短信验证码').fill('12');
    await field(page, '登录密码').fill('abc123');
    await field(page, '确认密码').fill('abc1234');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(field(page, '姓名')).toHaveAccessibleDescription('姓名格式不正确');
    await expect(field(page, '身份证号码')).toHaveAccessibleDescription('输入的身份证号里出生日期不对');
    await expect(field(page, '短信验证码')).toHaveAccessibleDescription('请输入正确的验证码');
    await expect(field(page, '登录密码')).toHaveAccessibleDescription('请输入8-16位密码，至少包含字母、数字两种组合');
    await expect(field(page, '确认密码')).toHaveAccessibleDescription('两次输入密码不一致!');
    await field(page, '身份证号码').fill('370102198805123016');
    await field(page, '身份证号码').blur();
    await expect(field(page, '身份证号码')).toHaveAccessibleDescription('请输入正确的身份证号码');
    await expectNoAxeViolations(page);
    expect(requests).toEqual([]);

    // The flexible-employment form (with a verified identity: name and ID number filled, read-only) adds the phone,
    // the postal code and the declaration.
    await page.goto('/home.html#/lhjyrysl');
    await keepMadeUpIdentity(page);
    await page.reload();
    await expect(field(page, '姓名')).toHaveValue('冯雪');
    await expect(field(page, '姓名')).toHaveAttribute('readonly', '');
    await expect(field(page, '身份证号码')).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(field(page, '手机号码')).toHaveAccessibleDescription('请输入手机号码');
    await expect(field(page, '户籍所在地')).toHaveAccessibleDescription('请输入户籍所在地');
    await expect(field(page, '通讯地址')).toHaveAccessibleDescription('请输入通讯地址');
    await expect(field(page, '月缴存基数（元）')).toHaveAccessibleDescription('请输入月缴存基数');
    await expect(field(page, '缴存比例')).toHaveAccessibleDescription('请选择缴存比例');
    await field(page, '手机号码').fill('1231234567');
    await field(page, '邮政编码（选填）').fill('012345');
    await field(page, '月缴存基数（元）').fill('12.345');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(field(page, '手机号码')).toHaveAccessibleDescription('请输入正确的手机号码');
    await expect(field(page, '邮政编码（选填）')).toHaveAccessibleDescription('请输入正确的邮政编码');
    await expect(field(page, '月缴存基数（元）')).toHaveAccessibleDescription('只能输入数字、小数');
    await field(page, '月缴存基数（元）').fill('1000');
    await field(page, '月缴存基数（元）').blur();
    await expect(field(page, '月缴存基数（元）')).toHaveAccessibleDescription('月缴存基数须在 2200 至 33000 元之间');
    await expectNoAxeViolations(page);

    await page.goto('/home.html#/yddkryzc');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(field(page, '缴存地城市')).toHaveAccessibleDescription('请输入公积金缴存地城市');
    await expect(field(page, '缴存地住房公积金管理中心')).toHaveAccessibleDescription('请输入缴存地住房公积金管理中心');
    await expect(field(page, '缴存地个人公积金账号')).toHaveAccessibleDescription('请输入缴存地个人公积金账号');
    await expectNoAxeViolations(page);
  });

  test('灵活就业人员开户 and 异地贷款人员注册 ask for a verified identity first: no form for a name and an ID number alone', async ({ page }) => {
    for (const [path, what] of [
      ['/lhjyrysl', '灵活就业人员开户'],
      ['/yddkryzc', '异地贷款人员注册'],
    ] as const) {
      await page.goto(`/home.html#${path}`);
      const gate = page.getByRole('region', { name: '第一步：核验本人身份' });
      await expect(gate).toContainText(`为防止他人冒用身份证号码，${what}须先通过政务服务网登录核验本人身份，仅凭姓名和证件号码不能办理。`);
      await expect(gate.getByRole('button', { name: '通过政务服务网核验身份' })).toBeVisible();
      await expect(field(page, '身份证号码')).toHaveCount(0);
      await expect(page.getByRole('form')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });

  test('/lhjyrysl: a flexible employee verifies through the platform, opens an account and a login, with the flexible menus; again is refused', async ({ page }) => {
    const trips = await platformSignsIn(page, '370783199001010045');
    await openLogin(page);
    await page.getByRole('link', { name: '灵活就业人员开户' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '灵活就业人员开户' })).toBeVisible();
    await page.getByRole('button', { name: '通过政务服务网核验身份' }).click();
    // Back from the platform on this page, with the identity it vouched for.
    await expect(page).toHaveURL(/#\/lhjyrysl$/);
    await expect(page.getByText('已通过政务服务网核验本人身份：冯雪（370***********0045）')).toBeVisible();
    expect(new URL(trips[0] ?? 'http://x/').searchParams.get('client_id')).toBe('gjj-hall');
    await expect(field(page, '姓名')).toHaveValue('冯雪');
    await expect(field(page, '身份证号码')).toHaveValue('370783199001010045');
    await expect(field(page, '身份证号码')).toHaveAttribute('readonly', '');
    await field(page, '手机号码').fill('13100130101');
    await sendCode(page, '验证码已发送至 131****0101');
    await field(page, '短信验证码').fill(await smsCode(page, '13100130101'));
    await field(page, '户籍所在地').fill('示范市历下区');
    await field(page, '通讯地址').fill('示范市历下区泉城路 88 号');
    await field(page, '月缴存基数（元）').fill('6000');
    await field(page, '缴存比例').selectOption('12');
    await expect(page.getByText('月缴存额（个人和单位部分均由本人缴纳）：1,440.00 元')).toBeVisible();
    await fillPassword(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`register-flexible.png`), fullPage: true });
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByText(/开户成功，您的个人公积金账号为 \d{12}，请使用证件号码和密码登录/)).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
    // The identity is spent: nothing of it stays in the tab.
    expect(await page.evaluate((key) => sessionStorage.getItem(key), IDENTITY_KEY)).toBeNull();

    await signInAs(page, '370783199001010045', '冯雪');
    await page.getByRole('tab', { name: '账户信息' }).click();
    await expect(page.getByRole('main')).toContainText('灵活就业人员信息变更');

    // A fresh tab (signed out): verifying the same person again is refused, with what to do instead.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/home.html#/lhjyrysl');
    await page.reload();
    await page.getByRole('button', { name: '通过政务服务网核验身份' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '已注册' })).toHaveText('该证件号码已注册，请直接登录；忘记密码可通过“忘记密码”找回');
    await expect(page).toHaveURL(/#\/zwLogin$/);
  });

  test('/yddkryzc: an out-of-area loan person verifies through the platform, registers and signs in to the loan menus', async ({ page }) => {
    await platformSignsIn(page, '420106198907203155');
    await page.goto('/home.html#/yddkryzc');
    await expect(page.getByRole('heading', { level: 1, name: '异地贷款人员注册' })).toBeVisible();
    await page.getByRole('button', { name: '通过政务服务网核验身份' }).click();
    await expect(page.getByText('已通过政务服务网核验本人身份：褚伟（420***********3155）')).toBeVisible();
    await expect(field(page, '姓名')).toHaveValue('褚伟');
    await field(page, '手机号码').fill('13100130201');
    await sendCode(page, '验证码已发送至 131****0201');
    await field(page, '短信验证码').fill(await smsCode(page, '13100130201'));
    await field(page, '缴存地城市').fill('武汉市');
    await field(page, '缴存地住房公积金管理中心').fill('武汉住房公积金管理中心');
    await field(page, '缴存地个人公积金账号').fill('420100778899');
    await field(page, '工作单位（选填）').fill('武汉示例光电有限公司');
    await fillPassword(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page).toHaveURL(/#\/login$/);

    await signInAs(page, '420106198907203155', '褚伟');
    // The loan menus of the role, and 我的办件 that every login has (issue 20).
    await expect(page.getByRole('tablist', { name: '业务分类' }).getByRole('tab')).toHaveText(['贷款业务', '我的办件']);
    // A verified login: no notice about its identity.
    await expect(page.getByText('身份未核验')).toHaveCount(0);
  });

  test('a login registered without proof of identity sees why on its home page, and its business pages are refused with the reason', async ({ page }) => {
    // 蒋青 (seed step 9): registered by 异地贷款人员注册 before it asked for a verified identity.
    const uuid = await openLogin(page);
    await submitLogin(page, { type: '个人', account: '370102199403152213' }, uuid, { password: PASSWORD });
    await expect(page).toHaveURL(/#\/grwt\/home$/);
    await dismissPrompts(page);
    await expect(page.getByText(/^身份未核验：您的账号注册时未核验本人身份，暂不能办理业务。请退出后选择“政务服务网登录”完成实名核验/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: '签约冲还贷' }).click();
    const dialog = page.getByRole('alertdialog', { name: '错误' });
    await expect(dialog).toContainText('您的身份尚未核验，暂不能办理业务。请通过政务服务网登录完成实名核验');
  });
});
