import type { APIRequestContext, Locator, Page, Response } from '@playwright/test';
import { expect, expectNoAxeViolations } from '../../../test/support/e2e';
import { PNG } from 'pngjs';

/** The demo sign-ins of the reference server (packages/server/src/seed/demo.ts). One password for all. */
export const PASSWORD = 'Gjj@2026';

export interface DemoLogin {
  type: '个人' | '单位' | '开发商';
  account: string;
  /** What the top bar shows: the nickname of an individual, the company name of a unit or developer. */
  name: string;
  home: string;
  /** The area's menu screens, as the home page's tabs list them. */
  screens: string[];
}

export const DEMO = {
  personal: {
    type: '个人',
    account: '110101199003072316',
    name: '张三',
    home: '/grwt/home',
    screens: ['账户信息', '提取业务', '贷款业务', '我的办件'],
  },
  unit: {
    type: '单位',
    account: '100200300001',
    name: '示例科技有限公司',
    home: '/dwwt/home',
    screens: ['缴存业务', '账户信息变更', '查询业务', '我的办件'],
  },
  developer: {
    type: '开发商',
    account: '900100200001',
    name: '示例置业发展有限公司',
    home: '/kfswt/home',
    screens: ['查询业务', '我的办件'],
  },
  /** Flexible employment: information incomplete (status 1). Changed only by the tests that change server state; account-info.spec.ts reads her account. */
  flexible: { type: '个人', account: '320106198506124022', name: '李梅', home: '/grwt/home', screens: [] },
  /** Out-of-area loan person. Used only by the tests that change server state. */
  remote: { type: '个人', account: '440304199208155533', name: '王磊', home: '/grwt/home', screens: [] },
} satisfies Record<string, DemoLogin>;

const baseURL = () => {
  const url = process.env.GJJ_E2E_URL;
  if (!url) throw new Error('GJJ_E2E_URL 未设置');
  return url;
};

/** The answer of a captcha, from the server's development outbox (newest first, `to` is the captcha uuid). */
export async function captchaAnswer(request: APIRequestContext, uuid: string): Promise<string> {
  const response = await request.get(`${baseURL()}/dev/outbox`, { params: { kind: 'captcha', to: uuid } });
  const { data } = (await response.json()) as { data: { to: string; code: string }[] };
  const entry = data.find((e) => e.to === uuid);
  if (!entry) throw new Error(`开发用发件箱中没有验证码 ${uuid}`);
  return entry.code;
}

/**
 * Types the answer of the picture captcha shown in `scope` (a form, or the page), read from the development outbox
 * by the picture's uuid; waits for a picture other than `previous` (each serves one call, and the form fetches the
 * next after a send). Resolves with the uuid answered. Every call that sends an SMS code before sign-in needs one
 * (issue 18).
 */
export async function answerCaptcha(page: Page, options: { scope?: Locator; previous?: string; label?: string } = {}): Promise<string> {
  const scope = options.scope ?? page.locator('body');
  const picture = scope.getByRole('img', { name: '图形验证码' });
  await expect(picture).toHaveAttribute('data-uuid', options.previous ? new RegExp(`^(?!${options.previous}$).+`) : /.+/);
  const uuid = (await picture.getAttribute('data-uuid')) ?? '';
  await scope.getByLabel(options.label ?? '图形验证码', { exact: true }).fill(await captchaAnswer(page.request, uuid));
  return uuid;
}

/**
 * The newest message of `kind` to `phone` in the development outbox (an SMS code, or a notice's text), once there
 * is one newer than `after` (an ISO time). Polls: a code may go out just after the answer (issue 18).
 */
export async function outboxMessage(request: APIRequestContext, kind: 'sms' | 'notice', phone: string, after = ''): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const response = await request.get(`${baseURL()}/dev/outbox`, { params: { kind, to: phone } });
      const { data } = (await response.json()) as { data: { code: string; at: string }[] };
      const newest = data[0];
      text = newest && newest.at > after ? newest.code : '';
      return text;
    })
    .not.toBe('');
  return text;
}

/** Changes what an administrator would change on the server (POST /dev/state). */
export async function devState(request: APIRequestContext, body: Record<string, unknown>): Promise<unknown> {
  const response = await request.post(`${baseURL()}/dev/state`, { data: body });
  expect(response.ok()).toBe(true);
  return response.json();
}

const isCaptcha = (r: Response) => r.url().includes('/api/auth/v1/getImgCode') && r.ok();
const uuidOf = async (r: Response) => ((await r.json()) as { data: { uuid: string } }).data.uuid;

/** Opens /login and resolves with the uuid of the captcha it shows. */
export async function openLogin(page: Page): Promise<string> {
  if (!page.url().endsWith('#/login')) {
    const captcha = page.waitForResponse(isCaptcha);
    await page.goto('/home.html#/login');
    return uuidOf(await captcha);
  }
  // Already there: going to the same address again would change nothing, so the page is loaded afresh. A captcha
  // the old page was still fetching may answer during the reload, with a body the browser has already dropped: only
  // a captcha the new page asks for counts (its request starts once the new document's script runs).
  await page.reload({ waitUntil: 'commit' });
  for (let tries = 0; ; tries += 1) {
    const uuid = await uuidOf(await page.waitForResponse(isCaptcha)).catch((error: unknown) => {
      if (tries >= 2) throw error;
      return null;
    });
    if (uuid) return uuid;
  }
}

/**
 * Fills the account form and submits it: the login type, the account, the password and the right captcha answer
 * (or `captcha` as given). Resolves with the uuid of the next captcha when the attempt fails (`expectFailure`).
 */
export async function submitLogin(
  page: Page,
  who: Pick<DemoLogin, 'type' | 'account'>,
  uuid: string,
  options: { password?: string; captcha?: string; expectFailure?: boolean } = {},
): Promise<string | null> {
  await page.getByRole('radio', { name: `${who.type}登录` }).check();
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(who.account);
  await page.getByLabel('密码', { exact: true }).fill(options.password ?? PASSWORD);
  await page.getByLabel('验证码', { exact: true }).fill(options.captcha ?? (await captchaAnswer(page.request, uuid)));
  const next = options.expectFailure ? page.waitForResponse(isCaptcha) : null;
  await page.getByRole('button', { name: '登录', exact: true }).click();
  return next ? uuidOf(await next) : null;
}

/** Signs in as a demo user and waits for their home page. */
export async function signIn(page: Page, who: DemoLogin): Promise<void> {
  const uuid = await openLogin(page);
  await submitLogin(page, who, uuid);
  await expect(page).toHaveURL(new RegExp(`#${who.home}$`));
  await expect(page.getByRole('button', { name: new RegExp(who.name) })).toBeVisible();
}

/** Closes the prompt dialog of spec 2.13 if one shows up after sign-in (spec 4.3). */
export async function dismissPrompts(page: Page): Promise<void> {
  // The shell says when the prompts are decided; before that, "no dialog" means nothing.
  await page.locator('[data-login-prompts="settled"]').waitFor({ state: 'attached' });
  const prompt = page.getByRole('alertdialog', { name: '提示' });
  for (let i = 0; i < 3; i += 1) {
    if (!(await prompt.isVisible().catch(() => false))) return;
    const close = prompt.getByRole('button', { name: /^(关闭|确定)$/ }).first();
    await close.click();
  }
}

/** The access token the page holds (session storage, as the sdk's storage writes it); empty when it holds none. */
export async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.endsWith('-accessToken'));
    const raw = key ? sessionStorage.getItem(key) : null;
    if (!raw) return '';
    try {
      return String((JSON.parse(raw) as { content: unknown }).content ?? '');
    } catch {
      return raw;
    }
  });
}

/**
 * Records the text of every alert and status the page shows from now on (a toast lasts 3 s; on a starved machine it
 * can come and go between two polls of `toBeVisible`). `seen()` polls for one that was visible with `text` in it.
 * The page must stay on its document (hash navigation is fine) until `seen` is asked.
 *
 * @example
 * const alerts = await recordAlerts(page);
 * await tile.click();
 * await alerts.seen('暂停办理');
 */
export async function recordAlerts(page: Page): Promise<{ seen: (text: string) => Promise<void> }> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __gjjAlerts: string[] }).__gjjAlerts = seen;
    const look = () => {
      for (const el of document.querySelectorAll<HTMLElement>('[role="alert"], [role="status"]')) {
        const text = el.textContent ?? '';
        if (text && el.checkVisibility() && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    look();
  });
  return {
    seen: async (text) => {
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __gjjAlerts: string[] }).__gjjAlerts), { message: `提示「${text}」未出现` })
        .toEqual(expect.arrayContaining([expect.stringContaining(text)]));
    },
  };
}

/** A small real PNG (pngjs) of one colour, for the archive's uploads (the archive checks the bytes, not the name). */
export function materialPng(rgb: readonly [number, number, number] = [30, 120, 90]): Buffer {
  const png = new PNG({ width: 24, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...rgb, 255], i);
  return PNG.sync.write(png);
}

/**
 * Submits as the wizard does since issue 31 item 3 (a submission needs its required materials): the answers saved as a
 * draft, one PNG uploaded through the archive's uploadCl for each required material the collector lists (getCls), then
 * ywsq/submit of that draft. Answers the submission's status and envelope, as a direct call would.
 *
 * @example
 * const { body } = await submitWithMaterials(page, 'GJ0302', { xingming: '冯新名' });
 */
export async function submitWithMaterials<T = { ywbh: string; zt: string; promisedDate: string }>(
  page: Page,
  ywlx: string,
  payload: Record<string, unknown>,
): Promise<{ status: number; body: { code: number; msg: string; data: T } }> {
  const headers = { token: await tokenOf(page), client: 'pc' };
  const base = new URL(page.url()).origin;
  const draft = await page.request.post(`${base}/api/izfgjj-zhfw/v1/ywsq/saveDraft`, { headers, data: { ywlx, payload } });
  expect(draft.ok(), await draft.text()).toBe(true);
  const { ywbh } = ((await draft.json()) as { data: { ywbh: string } }).data;
  const list = await page.request.post(`${base}/api/dzda/v1/zhcjyw/getCls`, { headers, data: { ywbh } });
  const materials = ((await list.json()) as { data: Array<{ clbh: string; required: boolean; files: unknown[] }> }).data;
  for (const m of materials.filter((x) => x.required && x.files.length === 0)) {
    const up = await page.request.post(`${base}/api/dzda/v1/zhcjyw/uploadCl`, {
      headers,
      multipart: { ywbh, clbh: m.clbh, file: { name: `${m.clbh}.png`, mimeType: 'image/png', buffer: materialPng() } },
    });
    expect(up.ok(), await up.text()).toBe(true);
  }
  const res = await page.request.post(`${base}/api/izfgjj-zhfw/v1/ywsq/submit`, { headers, data: { ywlx, ywbh, payload } });
  return { status: res.status(), body: (await res.json()) as { code: number; msg: string; data: T } };
}

/** The wizard's step heading (第 n 步，共 m 步：title). */
export const wizardHeading = (page: Page): Locator => page.locator('.wizard__heading');

/** The wizard shows step `n` titled `title` (of any number of steps), and the page is axe clean there. */
export async function expectWizardStep(page: Page, n: number, title: string): Promise<void> {
  await expect(wizardHeading(page)).toHaveText(new RegExp(`第 ${n} 步，共 \\d+ 步：${title}$`));
  await expectNoAxeViolations(page);
}
