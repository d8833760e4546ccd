import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { answerCaptcha, outboxMessage, signIn, submitWithMaterials, tokenOf, type DemoLogin } from './support';

// Issue 24, GJ0302 个人账户信息变更 and GJ0313 手机号码变更 (docs/api-personal.md › 信息变更与手机号码变更), as 冯信息:
// the individual of seed step 14 (seed/changes.ts) whom no other spec touches. One walk: the prompt after sign-in
// leads to the change page; address and marital status complete at once; a name change waits for the centre; the
// phone changes with codes to both numbers; another session of the login is told; SMS sign-in takes the new number.

const FENG: DemoLogin & { phone: string; newPhone: string } = {
  type: '个人',
  account: '110105199202026027',
  name: '冯信息',
  home: '/grwt/home',
  screens: [],
  phone: '13300130021',
  newPhone: '13300130022',
};
const ZHFW = '/api/izfgjj-zhfw/v1';
const shot = (name: string) => (process.env.GJJ_SCREENS ? `${process.env.GJJ_SCREENS}/${name}` : test.info().outputPath(name));
// The shell keeps a business page alive while another is open (docs/api-wizard.md): only the visible one counts.
const heading = (page: Page) => page.locator('.wizard__heading:visible');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const next = (page: Page) => page.getByRole('button', { name: '下一步' }).click();

async function hallCall<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  const headers = { token: await tokenOf(page), client: 'pc' };
  const base = new URL(page.url()).origin;
  const response = method === 'GET' ? await page.request.get(`${base}${ZHFW}/${path}`, { headers }) : await page.request.post(`${base}${ZHFW}/${path}`, { headers, data: body });
  return (await response.json()) as { code: number; msg: string; data: T };
}

/** The centre decides through its API (docs/api-applications.md › The centre's side), as staff would. */
async function centre(page: Page, ywbh: string, action: 'accept' | 'complete') {
  const base = new URL(page.url()).origin;
  const response = await page.request.post(`${base}/api/centre/v1/applications/${ywbh}/${action}`, {
    headers: { 'x-centre-key': process.env.GJJ_E2E_CENTRE_KEY ?? '' },
    data: { operator: '王经办', note: '已核对户口簿和更名证明' },
  });
  expect(response.ok()).toBe(true);
}

async function agreeNotice(page: Page) {
  const notice = page.getByRole('dialog', { name: '用户办理须知' });
  await notice.getByLabel('我已阅读并同意上述条款约定').check();
  await notice.getByRole('button', { name: '确认' }).click({ timeout: 10_000 });
  await expect(notice).toBeHidden();
}

async function screens(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot(`personal-changes-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shot(`personal-changes-${name}-1280.png`), fullPage: true });
}

test('information and phone changes: the prompt leads here, changes complete at once or through the centre, the new phone signs in and other sessions are told', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const problems = watchProblems(page);

  // Information incomplete (info_check 1): the prompt after sign-in leads to 个人账户信息变更.
  await signIn(page, FENG);
  const prompt = page.getByRole('alertdialog', { name: '提示' });
  await expect(prompt).toContainText('您的个人信息不完整，请先完善个人信息。');
  await prompt.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/grwt\/zhxx\/zhxxbg\/grzhxxbg$/);

  // Another session of the same login (another browser), to be told of the phone change at its next request.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, FENG);

  // GJ0302: the form starts from what is on record; only what changes is sent; it completes at once.
  await agreeNotice(page);
  await next(page);
  await expect(heading(page)).toHaveText(/身份信息$/);
  await expect(page.getByText('现登记：冯信息')).toBeVisible();
  await next(page);
  await expect(heading(page)).toHaveText(/联系信息$/);
  await expect(field(page, '通讯地址')).toHaveValue('示范市历下区泉城路 8 号');
  await expect(field(page, '邮政编码')).toHaveValue('250011');
  await next(page);
  await expect(heading(page)).toHaveText(/个人情况$/);
  // Nothing changed yet: a clear message, not a submission.
  await next(page);
  await expect(page.locator('.wizard__step:visible > .form-alert')).toHaveText('您没有修改任何信息，请修改需要变更的项目后再提交');
  await page.getByRole('button', { name: '上一步' }).click();
  await field(page, '通讯地址').fill('示范市市中区经七路 100 号');
  await next(page);
  await field(page, '婚姻状况').selectOption('20');
  // The spouse is asked for once married; a wrong ID number is caught on the page.
  await field(page, '配偶姓名').fill('王配偶');
  await field(page, '配偶证件号码').fill('110105198803037035');
  await next(page);
  await expect(field(page, '配偶证件号码')).toHaveAttribute('aria-invalid', 'true');
  await field(page, '配偶证件号码').fill('110105198803037034');
  await field(page, '职业').fill('工程师');
  await field(page, '学历').selectOption('大学本科');
  await expectNoAxeViolations(page);
  await next(page);
  await expect(heading(page)).toHaveText(/申请材料$/);
  // Married now: the marriage certificate is asked for, optional; the collector opens on the application first.
  await expect(page.locator('.archive-item[data-clbh="JHZ"]')).toContainText('结婚证或离婚证');
  await next(page);
  await expect(heading(page)).toHaveText(/核对信息$/);
  const check = page.locator('.wizard-check');
  await expect(check).toContainText('示范市历下区泉城路 8 号 → 示范市市中区经七路 100 号');
  await expect(check).toContainText('未婚 → 已婚');
  await expect(check).not.toContainText('邮政编码');
  await expectNoAxeViolations(page);
  await screens(page, '0302-check');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.locator('.wizard-done:visible')).toContainText('申请已提交并已办结');
  // The change shows where the person looks at their details: 个人账户信息.
  await page.goto('/home.html#/grwt/zhxx/zhcx/grzhxx');
  const holder = page.locator('.acct-holder');
  await expect(holder).toContainText('示范市市中区经七路 100 号');
  await expect(holder).toContainText('已婚');
  await expect(holder).toContainText('工程师');
  await expect(holder).toContainText('大学本科');
  // The spouse is on the records (the account page does not show it; the change form reads it back, masked).
  const now = await hallCall<Record<string, string>>(page, 'GET', 'grzhxxbg/current');
  expect(now.data).toMatchObject({ txdz: '示范市市中区经七路 100 号', hyzk: '20', poxm: '王配偶', pozjhm: '110***********7034', zy: '工程师', xl: '大学本科', yzbm: '250011' });

  // A key field (姓名) goes to the centre, and changes the records only when the centre completes it.
  // Its 户口簿 and 更名证明 uploaded to its draft first, as the wizard does (issue 31 item 3).
  const named = (await submitWithMaterials<{ ywbh: string; zt: string }>(page, 'GJ0302', { xingming: '冯新名' })).body;
  expect(named.data.zt).toBe('01');
  expect((await hallCall<Record<string, string>>(page, 'GET', 'grzhxxbg/current')).data.xingming).toBe('冯信息');
  await centre(page, named.data.ywbh, 'accept');
  await centre(page, named.data.ywbh, 'complete');
  expect((await hallCall<Record<string, string>>(page, 'GET', 'grzhxxbg/current')).data.xingming).toBe('冯新名');
  await page.reload();
  await expect(holder).toContainText('冯新名');

  // GJ0313: the new number, then on 核对信息 a code to the old number and one to the new, each behind the captcha.
  await page.goto('/home.html#/grwt/zhxx/zhxxbg/sjhbg');
  await agreeNotice(page);
  await next(page);
  await field(page, '新手机号码').fill(FENG.newPhone);
  await next(page);
  await expect(page.getByText('本次办理无需提供材料')).toBeVisible();
  await next(page);
  await expect(heading(page)).toHaveText(/核对信息$/);
  const proof = page.getByRole('group', { name: '提交前验证手机号码' });
  await expect(proof).toContainText('133****0021');
  // Without the codes, nothing is submitted.
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.locator('.wizard__step:visible > .form-alert')).toHaveText('请输入原手机号码验证码');
  const startedAt = new Date(Date.now() - 1000).toISOString();
  const first = await answerCaptcha(page, { scope: proof });
  await proof.getByRole('button', { name: /获取验证码\s*（原手机号码验证码）/ }).click();
  await expect(proof.getByRole('status')).toContainText('验证码已发送至原手机号码 133****0021');
  await field(page, '原手机号码验证码').fill(await outboxMessage(page.request, 'sms', FENG.phone, startedAt));
  // Typing answers the message.
  await expect(page.locator('.wizard__step:visible > .form-alert')).toHaveText('');
  await answerCaptcha(page, { scope: proof, previous: first });
  await proof.getByRole('button', { name: /获取验证码\s*（新手机号码验证码）/ }).click();
  await expect(proof.getByRole('status')).toContainText(`验证码已发送至新手机号码 ${FENG.newPhone}`);
  await field(page, '新手机号码验证码').fill(await outboxMessage(page.request, 'sms', FENG.newPhone, startedAt));
  await expectNoAxeViolations(page);
  await screens(page, '0313-check');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.locator('.wizard-done:visible')).toContainText('申请已提交并已办结');
  await expect(page.locator('.wizard-done:visible')).toContainText('本账号在其他设备上的登录已失效');

  // The other session hears why at its next request; this one goes on.
  await otherPage.goto('/home.html#/grwt/zhxx/zhxxbg/sjhbg');
  const told = otherPage.getByRole('alertdialog', { name: '系统提示' });
  await expect(told).toContainText('您的手机号码已变更，请重新登录');
  await expectNoAxeViolations(otherPage);
  await other.close();
  expect((await hallCall<{ sjhm: string }>(page, 'GET', 'sjhbg/current')).data.sjhm).toBe('133****0022');

  // SMS sign-in: the new number signs in (as 冯新名, the centre's change); the old one no longer does. The page was
  // loaded again after the centre's change, so the top bar already says 冯新名.
  await page.getByRole('button', { name: /冯新名/ }).click();
  await page.getByRole('button', { name: '退出系统' }).click();
  await page.getByRole('alertdialog', { name: '退出系统' }).getByRole('button', { name: '确定退出' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await page.getByRole('radio', { name: '个人登录' }).check();
  await page.getByRole('tab', { name: '手机验证码' }).click();
  const form = page.getByRole('form', { name: '手机验证码登录' });
  const smsAt = new Date(Date.now() - 1000).toISOString();
  await form.getByLabel('手机号码', { exact: true }).fill(FENG.phone);
  await answerCaptcha(page, { scope: form });
  await form.getByRole('button', { name: '发送验证码' }).click();
  // The old number: the same answer, but its owner is told by a notice instead of getting a code.
  await expect(page.locator('.toasts')).toContainText('如该手机号码已绑定登录账号，验证码已发送，请注意查收');
  await outboxMessage(page.request, 'notice', FENG.phone, smsAt);
  await page.evaluate(() => sessionStorage.removeItem('smsLoginCodeTime'));
  await page.reload();
  await page.getByRole('radio', { name: '个人登录' }).check();
  await page.getByRole('tab', { name: '手机验证码' }).click();
  await form.getByLabel('手机号码', { exact: true }).fill(FENG.newPhone);
  await answerCaptcha(page, { scope: form });
  await form.getByRole('button', { name: '发送验证码' }).click();
  await form.getByLabel('短信验证码', { exact: true }).fill(await outboxMessage(page.request, 'sms', FENG.newPhone, smsAt));
  await form.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/#\/grwt\/home$/);
  await expect(page.getByRole('button', { name: /冯新名/ })).toBeVisible();
  // The information is complete now: no prompt after this sign-in.
  await page.locator('[data-login-prompts="settled"]').waitFor({ state: 'attached' });
  await expect(page.getByRole('alertdialog', { name: '提示' })).toHaveCount(0);
  expect(problems.filter((p) => !/Failed to load resource|401/.test(p))).toEqual([]);
});
