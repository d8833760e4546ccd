import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../../test/support/chromium';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
// @ts-expect-error -- serve.mjs is the example's plain-JavaScript server, without types
import { createGovPlatformServer, SESSION_COOKIE } from '../serve.mjs';

// The simulated government platform on its own origin, sending citizens back to the hall the reference server serves.
let server: Server;
let platform: string;
const centre = () => process.env.GJJ_E2E_URL ?? '';
const ZHANG = '110101199003072316';
const STATE_KEY = 'gjj-hall:zw-state';
const VERIFIER_KEY = 'gjj-hall:zw-verifier';
const CODE_MISMATCH = '登录授权码不是签发给本服务的，或校验未通过，请重新从政务服务网登录';

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

const HALL_NAME = '住房公积金网上业务大厅';

/** Console errors, page errors and CSP reports of every page and frame of the context (a new tab included). */
function watchConsole(context: BrowserContext): string[] {
  const problems: string[] = [];
  context.on('console', (m) => {
    if (m.type() === 'error' || /Content.Security.Policy/i.test(m.text())) problems.push(`${m.text()} (${m.location().url})`);
  });
  context.on('weberror', (e) => problems.push(e.error().message));
  return problems;
}

/** Signs a citizen in on the platform's own home page (no hall involved). */
async function signInOnPlatform(page: Page, idNumber = ZHANG): Promise<void> {
  await page.goto(platform);
  await expect(page.getByRole('heading', { name: '统一身份认证' })).toBeVisible();
  await page.getByLabel('身份证号').fill(idNumber);
  await page.getByLabel('密码').fill('Gov@2026');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { name: HALL_NAME })).toBeVisible();
}

/** The addresses of every history entry of a tab (devtools protocol). */
async function historyUrls(context: BrowserContext, page: Page): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as { entries: Array<{ url: string }> };
  await cdp.detach();
  return entries.map((e) => e.url);
}

/** Every request the hall's page makes, to check that no authCode travels in a URL to our server. */
function watchRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return seen;
}

/** A code the platform issued, with the PKCE verifier the hall kept for it. */
interface Issued {
  code: string;
  verifier: string;
}

/** A fresh PKCE pair, as the hall makes it. */
function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A fresh authCode for a citizen, as the platform's back end issues it to the hall (or, `over`, to something else). */
async function freshCode(page: Page, idNumber = ZHANG, over: Record<string, string> = {}): Promise<Issued> {
  const { verifier, challenge } = pkce();
  const binding = { clientId: 'gjj-hall', redirectUri: `${centre()}/home.html`, codeChallenge: challenge, codeChallengeMethod: 'S256', ...over };
  const res = await page.request.post(`${centre()}/sim/gov/login`, { data: { idNumber, password: 'Gov@2026', ...binding } });
  return { code: ((await res.json()) as { data: { authCode: string } }).data.authCode, verifier };
}

/**
 * Opens the hall, keeps `state` and the code's verifier as if the hall had sent the citizen off, and comes back with
 * the code and `returned`.
 */
async function returnToHall(page: Page, issued: Issued, kept: string, returned: string): Promise<void> {
  await page.goto('/home.html#/login');
  // The login page itself, so /zwLogin below mounts afresh and no message of an earlier return is still on screen.
  await expect(page.getByRole('heading', { name: '用户登录' })).toBeVisible();
  await page.evaluate(
    ([stateKey, state, verifierKey, verifier]) => {
      sessionStorage.setItem(stateKey, state);
      sessionStorage.setItem(verifierKey, verifier);
    },
    [STATE_KEY, kept, VERIFIER_KEY, issued.verifier] as const,
  );
  await page.goto(`/home.html#/zwLogin?authCode=${encodeURIComponent(issued.code)}&state=${returned}`);
}

/** The platform's address as the hall sends a citizen there (a fresh state and challenge); `over` changes a parameter. */
function authorizeUrl(over: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    state: 'abcdefgh12',
    redirect_uri: `${centre()}/home.html`,
    client_id: 'gjj-hall',
    response_type: 'code',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    ...over,
  });
  return `${platform}?${query}`;
}

test('a citizen signs in on the platform, comes back to the hall and lands on their home; the code never stays in a URL', async ({ page }) => {
  const requests = watchRequests(page);
  await page.goto('/home.html#/login');
  await page.getByRole('link', { name: '政务服务网登录' }).click();
  await expect(page).toHaveURL(new RegExp(`^${platform}\\?state=[0-9a-f]{32}&redirect_uri=`));
  // An authorization request of the hall's client, with the S256 challenge of a verifier the tab keeps.
  const sent = new URL(page.url()).searchParams;
  expect(Object.fromEntries(sent)).toMatchObject({
    redirect_uri: `${centre()}/home.html`,
    client_id: 'gjj-hall',
    response_type: 'code',
    code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    code_challenge_method: 'S256',
  });
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
  const body = JSON.parse(exchange?.postData() ?? '{}') as Record<string, string>;
  expect(body).toEqual({
    authCode: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    codeVerifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    redirectUri: `${centre()}/home.html`,
  });
  // The verifier went to the hall's own server only, and is the one whose hash left with the citizen.
  expect(createHash('sha256').update(body.codeVerifier ?? '').digest('base64url')).toBe(sent.get('code_challenge'));
  expect(requests.filter((r) => r.url().startsWith(centre()) && /authCode|codeVerifier/i.test(r.url()))).toEqual([]);
  expect(page.url()).not.toContain('authCode');
  expect(await page.evaluate((keys) => keys.map((k) => sessionStorage.getItem(k)), [STATE_KEY, VERIFIER_KEY])).toEqual([null, null]);
});

test('the hall refuses a code the platform issued to another service, and one whose verifier this tab did not keep', async ({ page }) => {
  // Issued to another service (its client id): a code that service received cannot sign in here.
  await returnToHall(page, await freshCode(page, ZHANG, { clientId: 'other-service' }), 'state-other-1', 'state-other-1');
  await expect(page.getByRole('alert').filter({ hasText: '授权码' })).toHaveText(CODE_MISMATCH);
  // Issued to the hall, but for another return address.
  await returnToHall(page, await freshCode(page, ZHANG, { redirectUri: `${centre()}/other.html` }), 'state-other-2', 'state-other-2');
  await expect(page.getByRole('alert').filter({ hasText: '授权码' })).toHaveText(CODE_MISMATCH);
  // The hall's code, but the tab keeps another verifier (a code carried to another browser): refused, and spent.
  const stolen = await freshCode(page);
  await returnToHall(page, { ...stolen, verifier: pkce().verifier }, 'state-other-3', 'state-other-3');
  await expect(page.getByRole('alert').filter({ hasText: '授权码' })).toHaveText(CODE_MISMATCH);
  await returnToHall(page, stolen, 'state-other-4', 'state-other-4');
  await expect(page.getByRole('alert').filter({ hasText: '授权码' })).toHaveText('登录授权码已使用，请重新从政务服务网登录');
  // A state kept without its verifier (not the hall's own trip out) sends nothing.
  const requests = watchRequests(page);
  const unspent = await freshCode(page);
  await page.goto('/home.html#/login');
  await expect(page.getByRole('heading', { name: '用户登录' })).toBeVisible();
  await page.evaluate(([key]) => sessionStorage.setItem(key, 'state-only-5'), [STATE_KEY] as const);
  await page.goto(`/home.html#/zwLogin?authCode=${unspent.code}&state=state-only-5`);
  await expect(page.getByRole('alert').filter({ hasText: '状态' })).toHaveText('登录状态校验失败，请重新从政务服务网登录');
  expect(requests.filter((r) => r.url().includes('/zw/login'))).toEqual([]);
  await page.goto('/home.html#/grwt/home');
  await expect(page).toHaveURL(/#\/login$/);
});

test('a reused authCode shows a clear message and does not sign in', async ({ page }) => {
  const code = await freshCode(page);
  await returnToHall(page, code, 'first-state-123', 'first-state-123');
  await expect(page).toHaveURL(/#\/grwt\/home$/);

  // Signed out, the same code again (from the history, a bookmark or an attacker).
  await page.getByRole('button', { name: /张三/ }).click();
  await page.getByRole('button', { name: '退出系统' }).click();
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
  await page.goto(`/home.html#/zwLogin?authCode=${code.code}&state=kept-state-789`);
  await expect(page.getByRole('alert').filter({ hasText: '状态' })).toHaveText('登录状态校验失败，请重新从政务服务网登录');

  // The hall never sent it: the code is still good once.
  const res = await page.request.post(`${centre()}/api/auth/v1/zw/login`, {
    data: { authCode: code.code, codeVerifier: code.verifier, redirectUri: `${centre()}/home.html` },
  });
  expect(res.status()).toBe(200);
});

test('the platform refuses a return address it has not registered, an unknown client, and a request without an S256 challenge', async ({ page }) => {
  const response = await page.goto(authorizeUrl({ redirect_uri: 'https://evil.example/home.html' }));
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('返回地址未在本平台登记');
  await expectNoAxeViolations(page);
  const refused = async (over: Record<string, string>, text: string) => {
    expect((await page.goto(authorizeUrl(over)))?.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText(text);
  };
  await refused({ client_id: 'other-service' }, '接入服务（client_id）未在本平台登记');
  await refused({ code_challenge: '' }, '缺少或无效的 PKCE 校验值');
  await refused({ code_challenge_method: 'plain' }, '缺少或无效的 PKCE 校验值');
  await refused({ response_type: 'token' }, '不支持的 response_type');
  // The form carries the whole request on to the back end, which binds the code to it.
  await page.goto(authorizeUrl());
  await expect(page.locator('input[type=hidden][name=client_id]')).toHaveValue('gjj-hall');
  await expect(page.locator('input[type=hidden][name=code_challenge_method]')).toHaveValue('S256');
});

test('signed in on the platform, the citizen opens the whole hall in a new tab and lands signed in; no code stays anywhere', async ({ context, page }) => {
  const problems = watchConsole(context);
  await page.goto(platform);
  await expectNoAxeViolations(page);
  await signInOnPlatform(page);
  await expect(page.getByRole('heading', { name: '您好，张三' })).toBeVisible();
  await expectNoAxeViolations(page);
  const cookie = (await context.cookies(platform)).find((c) => c.name === SESSION_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });

  const tabLink = page.getByRole('link', { name: '在新标签页打开' });
  await expect(tabLink).toHaveAttribute('target', '_blank');
  await expect(tabLink).toHaveAttribute('rel', 'noopener');
  const [tab] = await Promise.all([context.waitForEvent('page'), tabLink.click()]);
  const requests = watchRequests(tab);
  await expect(tab).toHaveURL(/\/home\.html#\/grwt\/home$/);
  await expect(tab.getByRole('button', { name: /张三/ })).toBeVisible();
  await expect(tab.getByRole('status').filter({ hasText: '登录成功，欢迎您，张三' })).toBeVisible();
  // The platform page stays as it was: the hall went its own way in the new tab.
  await expect(page).toHaveURL(platform);

  // The hall's trip to the platform and back replaced its entries: one entry, the hall's home, no code in any.
  expect(await historyUrls(context, tab)).toEqual([expect.stringMatching(/\/home\.html#\/grwt\/home$/)]);
  expect(requests.filter((r) => r.url().startsWith(centre()) && /authCode/i.test(r.url()))).toEqual([]);
  expect(await tab.evaluate((key) => sessionStorage.getItem(key), STATE_KEY)).toBeNull();
  await expectNoAxeViolations(tab);
  expect(problems).toEqual([]);
});

test('signed in on the platform, the citizen opens the whole hall in a frame of the platform page and lands signed in there', async ({ context, page }) => {
  const problems = watchConsole(context);
  await signInOnPlatform(page);
  const entriesBefore = await page.evaluate(() => history.length);
  await page.getByRole('link', { name: '在本页打开' }).click();
  await expect(page).toHaveURL(`${platform}hall`);
  const hall = page.frameLocator(`iframe[title="${HALL_NAME}"]`);
  await expect(hall.getByRole('button', { name: /张三/ })).toBeVisible();
  await expect(hall.getByRole('status').filter({ hasText: '登录成功，欢迎您，张三' })).toBeVisible();
  const frame = page.frames().find((f) => f.url().startsWith(centre()));
  expect(frame?.url()).toMatch(/\/home\.html#\/grwt\/home$/);
  // /hall is the one new history entry: the frame's trip to the platform and back added none (no code to go back to).
  expect(await page.evaluate(() => history.length)).toBe(entriesBefore + 1);
  expect(await frame?.evaluate((key) => sessionStorage.getItem(key), STATE_KEY)).toBeNull();
  expect((await page.request.get(`${platform}hall`, { maxRedirects: 0 })).headers()['content-security-policy']).toContain(`frame-src 'self' ${centre()};`);
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);

  // Opened again (the hall is still signed in in this tab): straight to the hall's home, no trip to the platform.
  const trips: string[] = [];
  page.on('request', (r) => r.url().startsWith(platform) && r.url().includes('state=') && trips.push(r.url()));
  await page.reload();
  await expect(hall.getByRole('button', { name: /张三/ })).toBeVisible();
  expect(trips).toEqual([]);
});

test('signed in on the platform, the hall’s own link comes back signed in at once; an ended session gets the form and loses its cookie', async ({ context, page: first }) => {
  let page = first;
  await signInOnPlatform(page);
  const platformAnswers: number[] = [];
  page.on('response', (r) => r.url().startsWith(`${platform}?state=`) && platformAnswers.push(r.status()));
  await page.goto('/home.html#/login');
  await page.getByRole('link', { name: '政务服务网登录' }).click();
  await expect(page).toHaveURL(/#\/grwt\/home$/);
  await expect(page.getByRole('button', { name: /张三/ })).toBeVisible();
  expect(platformAnswers).toEqual([303]);

  // Signed out on the platform: the back end's session is over, and the hall's link gets the form again.
  const token = (await context.cookies(platform)).find((c) => c.name === SESSION_COOKIE)?.value;
  // (A new tab of the same browser: the hall's session lives in the first tab's session storage.)
  page = await context.newPage();
  await page.goto(platform);
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page.getByRole('heading', { name: '统一身份认证' })).toBeVisible();
  expect((await context.cookies(platform)).map((c) => c.name)).not.toContain(SESSION_COOKIE);
  expect((await page.request.post(`${centre()}/sim/gov/session`, { data: { sessionToken: token } })).status()).toBe(401);

  // A session the back end does not know (expired, ended or made up): the form, and the cookie is cleared.
  await context.addCookies([{ name: SESSION_COOKIE, value: 'A'.repeat(43), url: platform }]);
  await page.goto('/home.html#/login');
  await page.getByRole('link', { name: '政务服务网登录' }).click();
  await expect(page.getByRole('heading', { name: '统一身份认证' })).toBeVisible();
  await expect(page.getByText('登录后将返回“住房公积金网上业务大厅”。')).toBeVisible();
  expect((await context.cookies(platform)).map((c) => c.name)).not.toContain(SESSION_COOKIE);
  // And the platform's /hall, signed out, goes to its sign-in.
  await page.goto(`${platform}hall`);
  await expect(page).toHaveURL(platform);
  await expect(page.getByRole('heading', { name: '统一身份认证' })).toBeVisible();
});

test('a page of another origin cannot frame the hall (frame-ancestors), and the platform refuses a form posted from elsewhere', async ({ context, page }) => {
  const problems = watchConsole(context);
  const foreign = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>别处的页面</title></head>
<body><h1>别处的页面</h1><iframe title="大厅" src="${centre()}/home.html#/login"></iframe>
<form method="post" action="${platform}login"><input name="idNumber" value="${ZHANG}"><input name="password" value="Gov@2026"><button>提交</button></form></body></html>`);
  });
  await new Promise<void>((done) => foreign.listen(0, '127.0.0.1', done));
  try {
    const address = foreign.address();
    await page.goto(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    // The hall's frame-ancestors: itself, the platform and HALL_FRAME_ANCESTORS (the archive-host example's origin, set
    // by the e2e setup); this page's origin is none of them.
    const ancestors = ["'self'", platform.replace(/\/$/, ''), `http://127.0.0.1:${process.env.GJJ_E2E_ARCHIVE_HOST_PORT}`].join(' ');
    await expect.poll(() => problems.find((p) => p.includes('frame-ancestors'))).toContain(`Framing '${centre()}/' violates the following Content Security Policy directive: "frame-ancestors ${ancestors}"`);
    // The frame stays empty: no hall, no login form in it.
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame?.url()).not.toContain('/home.html');
    await expect(page.frameLocator('iframe[title="大厅"]').getByRole('link', { name: '政务服务网登录' })).toHaveCount(0);

    // Login CSRF: a form of another site signing the visitor in on the platform is refused.
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.getByRole('alert')).toHaveText('请求来源无效，请在本平台页面上操作。');
    expect((await context.cookies(platform)).map((c) => c.name)).not.toContain(SESSION_COOKIE);
  } finally {
    await new Promise((done) => foreign.close(done));
  }
});

test('the platform refuses a form whose Origin is another site (login CSRF), even without Sec-Fetch-Site, and takes its own', async ({ request }) => {
  const form = { idNumber: ZHANG, password: 'not-the-password' };
  // No Sec-Fetch-Site (an older browser), an Origin of another site: refused before anything is asked.
  const foreign = await request.post(`${platform}login`, { form, headers: { origin: 'http://evil.example' }, maxRedirects: 0 });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toContain('请求来源无效，请在本平台页面上操作。');
  const opaque = await request.post(`${platform}login`, { form, headers: { origin: 'null' }, maxRedirects: 0 });
  expect(opaque.status()).toBe(403);
  // Its own origin: the form is answered (here, the wrong password's message).
  const own = await request.post(`${platform}login`, { form, headers: { origin: platform.replace(/\/$/, '') }, maxRedirects: 0 });
  expect(own.status()).toBe(200);
  expect(await own.text()).toContain('身份证号或密码错误');
  // The platform's pages let the browser send their own origin with their own form (not `Origin: null`).
  expect((await request.get(platform)).headers()['referrer-policy']).toBe('same-origin');
});

test.describe('the platform on another site than the hall, in a browser that blocks third-party storage', () => {
  // The same platform server under another host name: `localhost` and `127.0.0.1` are two sites, as
  // `zwfw.example.gov.cn` and `gjj.example.org` would be, so the frame holds a cross-site hall. The browser is one of
  // its own, told to block third-party cookies and storage (as Chrome's incognito windows do), whatever its defaults.
  let otherSite: string;
  let browser: Browser;
  test.beforeAll(async ({ request }) => {
    otherSite = platform.replace('127.0.0.1', 'localhost');
    expect((await request.post(`${centre()}/dev/gov-platform`, { data: { url: otherSite } })).ok()).toBe(true);
    // The full browser: the headless shell does not apply the third-party storage phase-out.
    browser = await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS, '--test-third-party-cookie-phaseout'] });
  });
  test.afterAll(async ({ request }) => {
    await browser?.close();
    expect((await request.post(`${centre()}/dev/gov-platform`, { data: { url: platform } })).ok()).toBe(true);
  });

  test('the framed hall says it cannot keep the sign-in there and opens in a new window, which signs the citizen in', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const problems = watchConsole(context);
    const page = await context.newPage();
    await page.goto(otherSite);
    await page.getByLabel('身份证号').fill(ZHANG);
    await page.getByLabel('密码').fill('Gov@2026');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('heading', { name: HALL_NAME })).toBeVisible();
    const trips: string[] = [];
    context.on('request', (r) => r.url().includes('state=') && trips.push(r.url()));

    await page.getByRole('link', { name: '在本页打开' }).click();
    const hall = page.frameLocator(`iframe[title="${HALL_NAME}"]`);
    await expect(hall.getByRole('heading', { name: '政务服务网登录' })).toBeVisible();
    await expect(hall.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
      '当前浏览器不允许本页保存登录状态（本页嵌在其他网站的页面中时常见），请在新窗口中打开网上业务大厅登录',
    );
    // Nothing went to the platform: a state that could not be kept would only fail on the way back.
    expect(trips).toEqual([]);
    await expectNoAxeViolations(page);

    // The login page's own 政务服务网登录 link, in the same frame, leads to the same explanation, not to a blank page.
    const frame = page.frames().find((f) => f.url().startsWith(`${centre()}/home.html`));
    await frame?.goto(`${centre()}/home.html#/login`);
    await hall.getByRole('link', { name: '政务服务网登录' }).click();
    await expect(hall.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(/^当前浏览器不允许本页保存登录状态/);
    expect(trips).toEqual([]);

    // A window of its own is no third party: the platform's Lax cookie goes with top-level navigations, so the
    // citizen signed in on the platform lands signed in, without a second sign-in.
    const [tab] = await Promise.all([context.waitForEvent('page'), hall.getByRole('link', { name: '在新窗口中打开网上业务大厅' }).click()]);
    await expect(tab).toHaveURL(`${centre()}/home.html#/grwt/home`);
    await expect(tab.getByRole('button', { name: /张三/ })).toBeVisible();
    expect(trips).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
