import type { Server } from 'node:http';
import type { Page, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
// @ts-expect-error -- serve.mjs is the example's plain-JavaScript server, without types
import { createGovPlatformServer } from '../serve.mjs';

// The simulated government platform on its own origin, sending citizens back to the hall the reference server serves.
let server: Server;
let platform: string;
const centre = () => process.env.GJJ_E2E_URL ?? '';
const ZHANG = '110101199003072316';
const STATE_KEY = 'gjj-hall:zw-state';

test.beforeAll(async ({ request }) => {
  server = createGovPlatformServer({ centreUrl: centre() }) as Server;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  platform = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  // Where the hall sends citizens (what a centre configures; a development call here).
  expect((await request.post(`${centre()}/dev/gov-platform`, { data: { url: platform } })).ok()).toBe(true);
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

/** Every request the hall's page makes, to check that no authCode travels in a URL to our server. */
function watchRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return seen;
}

/** A fresh authCode for a citizen, as the platform's back end issues it. */
async function freshCode(page: Page, idNumber = ZHANG): Promise<string> {
  const res = await page.request.post(`${centre()}/sim/gov/login`, { data: { idNumber, password: 'Gov@2026' } });
  return ((await res.json()) as { data: { authCode: string } }).data.authCode;
}

/** Opens the hall, keeps `state` as if the hall had sent the citizen off, and comes back with `authCode` and `returned`. */
async function returnToHall(page: Page, authCode: string, kept: string, returned: string): Promise<void> {
  await page.goto('/home.html#/login');
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [STATE_KEY, kept] as const);
  await page.goto(`/home.html#/zwLogin?authCode=${encodeURIComponent(authCode)}&state=${returned}`);
}

test('a citizen signs in on the platform, comes back to the hall and lands on their home; the code never stays in a URL', async ({ page }) => {
  const requests = watchRequests(page);
  await page.goto('/home.html#/login');
  await page.getByRole('link', { name: '政务服务网登录' }).click();
  await expect(page).toHaveURL(new RegExp(`^${platform}\\?state=[0-9a-f]{32}&redirect_uri=`));
  await expect(page.getByRole('heading', { name: '统一身份认证' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A wrong password: the platform's message, the ID number kept.
  await page.getByLabel('身份证号').fill(ZHANG);
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toHaveText('身份证号或密码错误');
  await expect(page.getByLabel('身份证号')).toHaveValue(ZHANG);
  await expectNoAxeViolations(page);

  await page.getByLabel('密码').fill('Gov@2026');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/#\/grwt\/home$/);
  await expect(page.getByRole('button', { name: /张三/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '登录成功，欢迎您，张三' })).toBeVisible();
  await expectNoAxeViolations(page);

  const exchange = requests.find((r) => r.url().endsWith('/api/auth/v1/zw/login'));
  expect(exchange?.method()).toBe('POST');
  expect(JSON.parse(exchange?.postData() ?? '{}')).toEqual({ authCode: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  expect(requests.filter((r) => r.url().startsWith(centre()) && /authCode/i.test(r.url()))).toEqual([]);
  expect(page.url()).not.toContain('authCode');
  expect(await page.evaluate((key) => sessionStorage.getItem(key), STATE_KEY)).toBeNull();
});

test('a reused authCode shows a clear message and does not sign in', async ({ page }) => {
  const code = await freshCode(page);
  await returnToHall(page, code, 'first-state-123', 'first-state-123');
  await expect(page).toHaveURL(/#\/grwt\/home$/);

  // Signed out, the same code again (from the history, a bookmark or an attacker).
  await page.getByRole('button', { name: /张三/ }).click();
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('alertdialog', { name: '退出系统' }).getByRole('button', { name: '确定退出' }).click();
  await expect(page).toHaveURL(/#\/login$/);

  await returnToHall(page, code, 'second-state-456', 'second-state-456');
  await expect(page.getByRole('alert').filter({ hasText: '授权码' })).toHaveText('登录授权码已使用，请重新从政务服务网登录');
  expect(page.url()).not.toContain('authCode');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: '返回登录页' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await page.goto('/home.html#/grwt/home');
  await expect(page).toHaveURL(/#\/login$/);
});

test('a wrong state shows a clear message, does not sign in, and leaves the code unspent', async ({ page }) => {
  const requests = watchRequests(page);
  const code = await freshCode(page);
  await returnToHall(page, code, 'kept-state-789', 'other-state-000');
  await expect(page.getByRole('alert').filter({ hasText: '状态' })).toHaveText('登录状态校验失败，请重新从政务服务网登录');
  expect(page.url()).not.toContain('authCode');
  await expectNoAxeViolations(page);
  expect(requests.filter((r) => r.url().includes('/zw/login'))).toEqual([]);
  await page.goto('/home.html#/grwt/home');
  await expect(page).toHaveURL(/#\/login$/);

  // No state kept at all (a link from elsewhere) is refused the same way.
  await page.evaluate((key) => sessionStorage.removeItem(key), STATE_KEY);
  await page.goto(`/home.html#/zwLogin?authCode=${code}&state=kept-state-789`);
  await expect(page.getByRole('alert').filter({ hasText: '状态' })).toHaveText('登录状态校验失败，请重新从政务服务网登录');

  // The hall never sent it: the code is still good once.
  const res = await page.request.post(`${centre()}/api/auth/v1/zw/login`, { data: { authCode: code } });
  expect(res.status()).toBe(200);
});

test('the platform refuses a return address it has not registered', async ({ page }) => {
  const response = await page.goto(`${platform}?state=abcdefgh12&redirect_uri=${encodeURIComponent('https://evil.example/home.html')}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('返回地址未在本平台登记');
  await expectNoAxeViolations(page);
});
