import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2Encrypt, sm2Sign } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { deviceCookie, freshIp, login, publicKey } from '../test-support/login';
import { demoKeyDir } from '../routes/ca';
import { DEMO_PASSWORD } from '../seed/demo';
import { demoPasswordHash } from '../seed/password';
import { sendSmsCode, SMS_LIMITS } from './sms-code';
import {
  DEVICE_COOKIE_MAX_AGE_S,
  DEVICE_MAX_FAILURES,
  DEVICE_SECRET_META_KEY,
  deviceCookieName,
  deviceCookieValue,
  deviceSetCookie,
  loadDeviceSecret,
  verifyDeviceCookie,
} from './device';
import { LOCK_MS, MAX_LOGIN_FAILURES, UNTRUSTED_FREE_FAILURES } from './lockout';

// Issue 18 item 2 (and 23, SMS sign-in): a stranger's flood never locks the owner out of their own browser.
let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-24T09:00:00+08:00');
const SECOND = 1000;
const MINUTE = 60_000;
const AUTH = '/api/auth/v1';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
});
afterAll(() => app.close());

const secret = () => loadDeviceSecret(db, undefined);

/** A personal login of its own for one test (password DEMO_PASSWORD), so no test's lock reaches another's. */
async function addLogin(account: string): Promise<string> {
  const [user] = await db.query<{ id: string }>(
    `insert into app_user (login_type, account, phone, display_name, password_hash) values (1, $1, '', '测试', $2) returning id::text as id`,
    [account, await demoPasswordHash(DEMO_PASSWORD)],
  );
  await db.query(`insert into user_account (user_id, account, nik_name, is_primary) values ($1, $2, '测试', true)`, [user?.id, account]);
  return account;
}
const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

/** Signs `account` in with its password from a browser of its own; the device cookie it got. */
async function knownBrowser(account: string, loginType: 1 | 2 | 3 = 1): Promise<string> {
  const res = await login(app, account, { loginType });
  expect(res.statusCode).toBe(200);
  const cookie = deviceCookie(res);
  expect(cookie).toMatch(/^gjj_device_[0-9a-f]{16}=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  return cookie;
}

/**
 * A stranger without a device cookie tries wrong passwords, each from a new address, waiting out every 429 as told
 * by Retry-After, until the login is locked for untrusted clients. Answers the waits it was told, in seconds.
 */
async function flood(attempt: () => Promise<LightMyRequestResponse>): Promise<number[]> {
  const waits: number[] = [];
  for (let failures = 0; failures < MAX_LOGIN_FAILURES; ) {
    const res = await attempt();
    if (res.statusCode === 429 && res.json<{ msg: string }>().msg.includes('秒后再试')) {
      // Too early: slowed down, nothing counted.
      waits.push(retryAfter(res));
      clock += retryAfter(res) * SECOND;
      continue;
    }
    failures += 1;
    if (failures < MAX_LOGIN_FAILURES) expect(res.statusCode, `failure ${failures}`).not.toBe(429);
    else {
      expect(res.statusCode).toBe(429);
      expect(res.json<{ msg: string }>().msg).toContain('已暂停在未登录过的设备上登录该账号');
    }
  }
  return waits;
}

describe('device cookies', () => {
  it('a successful sign-in sets one: HttpOnly, SameSite=Lax, Path=/api/, 180 days, Secure only over https', async () => {
    const res = await login(app, '110101199003072316');
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/^gjj_device_[0-9a-f]{16}=/);
    expect(set).toContain(`Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`);
    expect(set).toContain('Path=/api/');
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).not.toContain('Secure');
    // The login (an ID number) is in neither the name nor the value.
    expect(set).not.toContain('110101199003072316');
    expect(DEVICE_COOKIE_MAX_AGE_S).toBe(180 * 86_400);

    expect(deviceSetCookie(await secret(), '110101199003072316', true)).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    // A failed sign-in sets none.
    expect((await login(app, '110101199003072316', { password: 'Wrong@2026' })).headers['set-cookie']).toBeUndefined();
  });

  it('is signed with a secret kept in app_meta (one for every instance) or taken from DEVICE_COOKIE_SECRET', async () => {
    const key = await secret();
    expect(key.length).toBe(32);
    expect(await secret()).toEqual(key);
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from app_meta where key = $1', [DEVICE_SECRET_META_KEY]);
    expect(row?.n).toBe(1);
    const fromEnv = await loadDeviceSecret(db, 'x'.repeat(32));
    expect(fromEnv.toString()).toBe('x'.repeat(32));
    await expect(loadDeviceSecret(db, 'too-short')).rejects.toThrow(/DEVICE_COOKIE_SECRET 至少 32 个字符/);
    // The value verifies only for its own login, and only unaltered.
    const value = deviceCookieValue(key, 'A');
    expect(verifyDeviceCookie(key, 'A', value)).toBe(value.split('.')[0]);
    expect(verifyDeviceCookie(key, 'B', value)).toBeNull();
    expect(verifyDeviceCookie(fromEnv, 'A', value)).toBeNull();
    expect(verifyDeviceCookie(key, 'A', `${value}x`)).toBeNull();
    expect(deviceCookieName(key, 'A')).not.toBe(deviceCookieName(key, 'B'));
  });
});

describe('a stranger\'s flood of wrong passwords', () => {
  const OWNER = '110101198001011234';

  it('slows the stranger down (429, Retry-After 1, 2, 4 … s), then refuses them, but not the owner in their known browser', async () => {
    await addLogin(OWNER);
    const known = await knownBrowser(OWNER);
    const waits = await flood(() => login(app, OWNER, { password: 'Guess@2026' }));
    // 09:00 plus the waits (127 s): the lock runs to 09:17:07, told as 09:18.
    // After the third failure each further attempt waits 1, 2, 4, … s: nothing is held on the server meanwhile.
    expect(waits).toEqual(Array.from({ length: MAX_LOGIN_FAILURES - UNTRUSTED_FREE_FAILURES }, (_, i) => 2 ** i));

    // The stranger, even with the right password, is refused, with the end of the lock in centre time.
    const refused = await login(app, OWNER);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 429,
      msg: '登录失败次数过多，为保护账号安全，已暂停在未登录过的设备上登录该账号，请于 2026-11-24 09:18 后再试；在曾经登录过的浏览器上仍可登录',
      data: null,
    });
    expect(retryAfter(refused)).toBeGreaterThan(14 * 60);
    expect(retryAfter(refused)).toBeLessThanOrEqual(LOCK_MS / SECOND);

    // The owner, from the browser that signed in before, signs in at once, and the browser gets a new cookie.
    const owner = await login(app, OWNER, { cookie: known });
    expect(owner.statusCode).toBe(200);
    const renewed = deviceCookie(owner);
    expect(renewed).not.toBe(known);
    expect((await login(app, OWNER, { cookie: renewed })).statusCode).toBe(200);
    // An earlier cookie of the same browser still works (it is signed, not stored).
    expect((await login(app, OWNER, { cookie: known })).statusCode).toBe(200);

    // The owner's successes do not lift the lock for strangers; its end does.
    expect((await login(app, OWNER)).statusCode).toBe(429);
    clock += LOCK_MS;
    expect((await login(app, OWNER)).statusCode).toBe(200);
  });

  it('a forged or altered cookie counts as none', async () => {
    const ACCOUNT = await addLogin('110101197705051112');
    const known = await knownBrowser(ACCOUNT);
    await flood(() => login(app, ACCOUNT, { password: 'Guess@2026' }));
    const [name = '', value = ''] = known.split('=');
    const [nonce = '', mac = ''] = value.split('.');
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const flipped = `${flip(mac[0] ?? '')}${mac.slice(1)}`;
    // Only the spare low bits of the last character: decoded, the same bytes.
    const last = mac.slice(-1);
    const spare = `${mac.slice(0, -1)}${'AEIMQUYcgkosw048'.includes(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : last}`;
    for (const cookie of [
      `${name}=${nonce}.${flipped}`,
      `${name}=${flip(nonce[0] ?? '')}${nonce.slice(1)}.${mac}`,
      ...(spare === mac ? [] : [`${name}=${nonce}.${spare}`]),
      `${name}=nonsense`,
      `${name}=`,
      `${name}=${deviceCookieValue(Buffer.alloc(32, 7), ACCOUNT)}`,
    ]) {
      const res = await login(app, ACCOUNT, { cookie });
      expect(res.statusCode, cookie).toBe(429);
      expect(res.json<{ msg: string }>().msg).toContain('已暂停在未登录过的设备上登录该账号');
    }
    expect((await login(app, ACCOUNT, { cookie: known })).statusCode).toBe(200);
  });

  it('a device cookie for one login does not help another', async () => {
    const X = '110101199003072316';
    const Y = await addLogin('110101198512123456');
    const forX = await knownBrowser(X);
    await knownBrowser(Y);
    await flood(() => login(app, Y, { password: 'Guess@2026' }));
    const [, value = ''] = forX.split('=');
    const key = await secret();
    // X's cookie as it is, and X's value under Y's cookie name.
    for (const cookie of [forX, `${deviceCookieName(key, Y)}=${value}`]) {
      expect((await login(app, Y, { cookie })).statusCode).toBe(429);
    }
    clock += LOCK_MS;
  });

  it('wrong passwords with a valid device cookie lock that cookie only, never the login', async () => {
    const ACCOUNT = await addLogin('110101198306061118');
    const mine = await knownBrowser(ACCOUNT);
    const other = await knownBrowser(ACCOUNT);
    for (let i = 1; i < DEVICE_MAX_FAILURES; i++) {
      expect((await login(app, ACCOUNT, { cookie: mine, password: `Wrong${i}` })).statusCode).toBe(426);
    }
    const locked = await login(app, ACCOUNT, { cookie: mine, password: 'Wrong5' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 429,
      msg: expect.stringMatching(/^在本浏览器上登录失败次数过多，已暂停在本浏览器上登录该账号，请于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 后再试$/),
      data: null,
    });
    expect(retryAfter(locked)).toBe(LOCK_MS / SECOND);
    // That cookie is refused, even with the right password …
    expect((await login(app, ACCOUNT, { cookie: mine })).statusCode).toBe(429);
    // … while the login is not locked: another known browser, and a new client, sign in at once (no wait either).
    expect((await login(app, ACCOUNT, { cookie: other })).statusCode).toBe(200);
    expect((await login(app, ACCOUNT)).statusCode).toBe(200);
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from login_lock where account = $1', [ACCOUNT]);
    expect(row?.n).toBe(0);
    clock += LOCK_MS;
    expect((await login(app, ACCOUNT, { cookie: mine })).statusCode).toBe(200);
  });

  it('concurrent wrong passwords cannot slip past the wait: each is counted before the password is checked', async () => {
    const ACCOUNT = await addLogin('110101196001010011');
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(app, ACCOUNT, { password: 'Guess@2026' })));
    const counted = answers.filter((res) => res.statusCode === 426).length;
    // Three are counted (the third sets the first wait); the rest are told to wait, and counted nothing.
    expect(counted).toBe(UNTRUSTED_FREE_FAILURES);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(8 - counted);
    clock += LOCK_MS;
  });
});

describe('SMS sign-in follows the same device rule (item 23)', () => {
  const ZHAO = { account: '110105199506205040', phone: '13300130004' };
  let key = '';
  const smsLogin = (code: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: `${AUTH}/otherAuth/smsCodeLogin?grant_type=password&scope=server`,
      remoteAddress: freshIp(),
      ...(cookie ? { headers: { cookie } } : {}),
      payload: { loginType: 1, phoneDec: sm2Encrypt(ZHAO.phone, key), smsCodeDec: sm2Encrypt(code, key) },
    });
  /** A code sent to the phone now (straight through sms-code.ts, as the send call does). */
  const sentCode = async () => {
    let code = '';
    clock += 2 * MINUTE;
    // The per-phone send limits are not under test here.
    await db.query('delete from sms_code where phone = $1', [ZHAO.phone]);
    const sms = { send: async (_phone: string, text: string) => void (code = text), notify: async () => {} };
    await sendSmsCode(db, { sms, smsLimits: SMS_LIMITS }, { phone: ZHAO.phone, purpose: 'login', client: freshIp(), at: new Date(clock) });
    return code;
  };

  it('a stranger guessing codes is slowed and then refused; the owner\'s known browser still signs in by SMS', async () => {
    key = await publicKey(app);
    const known = await knownBrowser(ZHAO.account);
    await sentCode();
    await flood(() => smsLogin('000000'));
    const code = await sentCode();
    // The stranger with the right code: refused. The owner's browser: in, with a new device cookie.
    expect((await smsLogin(code)).statusCode).toBe(429);
    const owner = await smsLogin(code, known);
    expect(owner.statusCode).toBe(200);
    expect(deviceCookie(owner)).not.toBe('');
    clock += LOCK_MS;
  });

  it('shares the login\'s count with its password: a password flood holds SMS sign-in for strangers too', async () => {
    const known = await knownBrowser(ZHAO.account);
    await flood(() => login(app, ZHAO.account, { password: 'Guess@2026' }));
    const code = await sentCode();
    expect((await smsLogin(code)).statusCode).toBe(429);
    expect((await smsLogin(code, known)).statusCode).toBe(200);
    clock += LOCK_MS;
  });

  it('wrong codes with a valid device cookie lock that cookie only', async () => {
    const known = await knownBrowser(ZHAO.account);
    await sentCode();
    for (let i = 1; i < DEVICE_MAX_FAILURES; i++) expect((await smsLogin('000000', known)).statusCode).toBe(428);
    expect((await smsLogin('000000', known)).json<{ msg: string }>().msg).toContain('已暂停在本浏览器上登录该账号');
    const code = await sentCode();
    expect((await smsLogin(code, known)).statusCode).toBe(429);
    expect((await smsLogin(code)).statusCode).toBe(200);
    clock += LOCK_MS;
  });
});

describe('certificate sign-in follows the same device rule', () => {
  const keyFile = (name: string) =>
    JSON.parse(readFileSync(join(demoKeyDir(), name), 'utf8')) as { account: string; loginType: 2 | 3; privateKey: string };
  const UNIT = keyFile('unit.gjjkey.json');
  const STRANGER = keyFile('unregistered-unit.gjjkey.json');
  const caLogin = async (privateKey: string, cookie?: string) => {
    const ip = freshIp();
    const { random } = (await app.inject({ url: `${AUTH}/ca/getRandom`, remoteAddress: ip })).json<{ data: { random: string } }>().data;
    return app.inject({
      method: 'POST',
      url: `${AUTH}/ca/caLogin`,
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
      payload: { loginType: UNIT.loginType, account: UNIT.account, random, signature: sm2Sign(random, privateKey) },
    });
  };

  it('signatures by another key are slowed and then refused; the unit\'s known browser signs in with its key', async () => {
    expect(STRANGER.account).toBe(UNIT.account);
    const first = await caLogin(UNIT.privateKey);
    expect(first.statusCode).toBe(200);
    const known = deviceCookie(first);
    expect(known).not.toBe('');
    await flood(() => caLogin(STRANGER.privateKey));
    expect((await caLogin(UNIT.privateKey)).statusCode).toBe(429);
    expect((await caLogin(UNIT.privateKey, known)).statusCode).toBe(200);
    // The password sign-in of the same login is held for strangers too.
    expect((await login(app, UNIT.account, { loginType: 2 })).statusCode).toBe(429);
    clock += LOCK_MS;
  });
});
