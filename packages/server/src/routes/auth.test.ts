import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSm2KeyPair, sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { hashToken } from '../auth/session';
import { prepareDatabase } from '../start';
import { captcha, freshIp, login, publicKey, signIn } from '../test-support/login';
import { oldScryptHash } from '../test-support/hashes';

// One in-memory PGlite for the whole file; the clock is ours to move.
let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-22T15:30:00+08:00');
const MINUTE = 60_000;

const ZHANG = '110101199003072316';
const UNIT = '100200300001';
const USER_INFO = '/api/auth/v1/getUserInfo';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  // The session's own limits (30 idle minutes, 12 hours) are tested here with one token, so its access token lives
  // longer than both; the access token's lifetime and refresh are token.test.ts's.
  app = await buildApp({ db, now: () => new Date(clock), accessTokenTtlMs: 24 * 60 * 60_000 });
});

afterAll(() => app.close());

const userInfo = (token: string) => app.inject({ url: USER_INFO, headers: { token } });

describe('the SM2 key', () => {
  it('is an uncompressed public key, made once and kept in the database', async () => {
    const key = await publicKey(app);
    expect(key).toMatch(/^04[0-9a-f]{128}$/);
    // A second server on the same database (another instance) hands out the same key.
    const again = await buildApp({ db: { ...db, close: async () => {} } });
    try {
      expect(await publicKey(again)).toBe(key);
    } finally {
      await again.close();
    }
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from app_meta where key = 'sm2_key_pair'`);
    expect(row?.n).toBe(1);
  });
});

describe('GET getImgCode', () => {
  it('answers a uuid and a PNG picture, never the answer, and records the answer in the dev outbox', async () => {
    const res = await app.inject({ url: '/api/auth/v1/getImgCode' });
    const { uuid, img } = res.json<{ data: { uuid: string; img: string } }>().data;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(img).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(img.split(',')[1] ?? '', 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const outbox = (await app.inject({ url: `/dev/outbox?to=${uuid}` })).json<{ data: Array<{ kind: string; code: string }> }>().data;
    expect(outbox).toEqual([expect.objectContaining({ kind: 'captcha', to: uuid })]);
    const answer = outbox[0]?.code ?? '';
    expect(answer).toMatch(/^[2-9A-HJ-NP-Za-km-np-z]{4}$/);
    // Not in the headers, the envelope or the picture's bytes (the base64 text itself is noise, so it is decoded).
    const rest = { ...res.headers, body: res.body.replace(img, '') };
    expect(JSON.stringify(rest)).not.toContain(answer);
    expect(png.toString('latin1')).not.toContain(answer);
  });
});

describe('POST otherAuth/accountLogin', () => {
  it('signs in with the encrypted account and password: token in the header and in data, stored only as its hash', async () => {
    const res = await login(app, ZHANG);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; data: { token: string; loginType: number } }>();
    expect(body.code).toBe(0);
    expect(body.data.loginType).toBe(1);
    expect(res.headers.token).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.token).toBe(res.headers.token);
    const rows = await db.query<{ token_hash: string }>('select token_hash from user_session');
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(body.data.token));
    expect(rows.map((r) => r.token_hash)).not.toContain(body.data.token);
    expect((await userInfo(body.data.token)).statusCode).toBe(200);
  });

  it('exposes the token header to browsers (CORS)', async () => {
    const res = await app.inject({ url: '/api/auth/v1/getPubleKey', headers: { origin: 'http://localhost:5173' } });
    expect(String(res.headers['access-control-expose-headers'])).toContain('token');
  });

  it('answers 426 to a wrong password, an unknown account and the wrong login type', async () => {
    for (const res of [
      await login(app, ZHANG, { password: 'Wrong@2026' }),
      await login(app, '999999999999999999'),
      await login(app, UNIT, { loginType: 1 }),
    ]) {
      expect(res.statusCode).toBe(426);
      expect(res.json()).toEqual({ code: 426, msg: '用户名不存在或密码错误', data: null });
    }
    expect((await login(app, UNIT, { loginType: 2 })).statusCode).toBe(200);
  });

  it('answers 428 to a wrong, used or expired captcha, and spends a captcha even on a wrong answer', async () => {
    const wrong = await captcha(app);
    const bad = await login(app, ZHANG, { uuid: wrong.uuid, code: wrong.code === 'abcd' ? 'abce' : 'abcd' });
    expect(bad.statusCode).toBe(428);
    expect(bad.json()).toMatchObject({ code: 428, msg: '验证码错误，请重新输入' });
    // The right answer after a wrong one: already spent.
    expect((await login(app, ZHANG, { uuid: wrong.uuid, code: wrong.code })).statusCode).toBe(428);

    const used = await captcha(app);
    expect((await login(app, ZHANG, { uuid: used.uuid, code: used.code.toLowerCase() })).statusCode).toBe(200);
    expect((await login(app, ZHANG, { uuid: used.uuid, code: used.code })).statusCode).toBe(428);

    // Valid for 2 minutes: a second before, it still works; a second after, it does not.
    const inTime = await captcha(app);
    clock += 2 * MINUTE - 1_000;
    expect((await login(app, ZHANG, { uuid: inTime.uuid, code: inTime.code })).statusCode).toBe(200);
    const late = await captcha(app);
    clock += 2 * MINUTE + 1_000;
    expect((await login(app, ZHANG, { uuid: late.uuid, code: late.code })).statusCode).toBe(428);
    const unknown = await login(app, ZHANG, { uuid: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(428);
  });

  it('compares the captcha without regard to case', async () => {
    const c = await captcha(app);
    const swapped = [...c.code].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join('');
    expect((await login(app, ZHANG, { uuid: c.uuid, code: swapped })).statusCode).toBe(200);
  });

  it('answers 400 with the decryption message to a field that does not decrypt', async () => {
    for (const body of [
      { username: 'not-a-cipher' },
      { password: `04${'ab'.repeat(120)}` },
      // Encrypted with another key, and without the 04 prefix.
      { username: sm2Encrypt(ZHANG, generateSm2KeyPair().publicKey) },
      { password: sm2Encrypt('Gjj@2026', await publicKey(app)).slice(2) },
    ]) {
      const res = await login(app, ZHANG, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: '登录信息解密失败，请刷新页面后重试', data: null });
    }
  });

  it('answers 400 with the field message to a missing or malformed field', async () => {
    const res = await login(app, ZHANG, { body: { password: undefined } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: '请输入密码' });
    expect((await login(app, ZHANG, { code: '12' })).json()).toMatchObject({ code: 400, msg: '请输入正确的验证码' });
    expect((await login(app, ZHANG, { body: { loginType: 7 } })).json()).toMatchObject({ code: 400, msg: '登录类型的取值不正确' });
    expect((await login(app, ZHANG, { uuid: "x' or '1'='1" })).json()).toMatchObject({ code: 400, msg: '验证码已失效，请刷新验证码' });
  });

  it('treats SQL in the account as an account name that does not exist', async () => {
    const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from app_user'))[0]?.n;
    const before = await count();
    for (const account of ["' or '1'='1", "110101199003072316' --", "'; drop table app_user; --"]) {
      const res = await login(app, account);
      expect(res.statusCode).toBe(426);
    }
    expect(before).toBeGreaterThanOrEqual(5);
    // Nothing was dropped (the seed's logins are counted before, so new demo rows do not break this).
    expect(await count()).toBe(before);
  });
});

describe('lockout of clients without a device cookie (issue 18; the device rule is in auth/device.test.ts)', () => {
  const LI = '320106198506124022';
  const SECOND = 1000;

  it('slows after 3 failures (1, 2, 4 … s), locks after 10 for 15 minutes, telling the end in centre time, then lets in again', async () => {
    clock = Date.parse('2026-11-22T15:30:00+08:00');
    for (let i = 1; i <= 3; i++) expect((await login(app, LI, { password: `Wrong${i}` })).statusCode).toBe(426);
    const early = await login(app, LI, { password: 'Wrong4' });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ code: 429, msg: '登录失败次数较多，请 1 秒后再试', data: null });
    expect(early.headers['retry-after']).toBe('1');
    // Each wait doubles; an attempt after it is counted.
    for (let i = 4; i <= 9; i++) {
      clock += 2 ** (i - 4) * SECOND;
      expect((await login(app, LI, { password: `Wrong${i}` })).statusCode).toBe(426);
      expect((await login(app, LI, { password: `Wrong${i}` })).headers['retry-after']).toBe(String(2 ** (i - 3)));
    }
    clock += 64 * SECOND;
    const tenth = await login(app, LI, { password: 'Wrong10' });
    expect(tenth.statusCode).toBe(429);
    // 15:32:07 (the waits: 127 s) plus 15 minutes, rounded up to the minute.
    const locked = {
      code: 429,
      msg: '登录失败次数过多，为保护账号安全，已暂停在未登录过的设备上登录该账号，请于 2026-11-22 15:48 后再试；在曾经登录过的浏览器上仍可登录',
      data: null,
    };
    expect(tenth.json()).toEqual(locked);
    expect(tenth.headers['retry-after']).toBe('900');

    clock += 14 * MINUTE;
    // The right password while locked: still locked.
    expect((await login(app, LI)).json()).toEqual(locked);

    clock += MINUTE;
    const res = await login(app, LI);
    expect(res.statusCode).toBe(200);
  });

  it('clears the count on a success', async () => {
    for (let i = 0; i < 3; i++) expect((await login(app, LI, { password: 'Wrong' })).statusCode).toBe(426);
    clock += SECOND;
    expect((await login(app, LI)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(app, LI, { password: 'Wrong' })).statusCode).toBe(426);
    clock += SECOND;
    expect((await login(app, LI)).statusCode).toBe(200);
    expect((await login(app, LI, { password: 'Wrong' })).statusCode).toBe(426);
  });

  it('counts unknown accounts too, so the answers do not tell which exist', async () => {
    for (let i = 0; i < 3; i++) expect((await login(app, 'nobody-here')).statusCode).toBe(426);
    expect((await login(app, 'nobody-here')).statusCode).toBe(429);
    clock += 15 * MINUTE;
  });
});

describe('password hashes', () => {
  it('re-hashes an older scrypt hash with Argon2id at the next successful sign-in, and keeps signing in', async () => {
    const DEV = '900100200001';
    await db.query('update app_user set password_hash = $2 where account = $1', [DEV, oldScryptHash('Gjj@2026')]);
    const hashOf = async () => (await db.query<{ h: string }>('select password_hash as h from app_user where account = $1', [DEV]))[0]?.h ?? '';
    // A wrong password changes nothing.
    expect((await login(app, DEV, { loginType: 3, password: 'Wrong@2026' })).statusCode).toBe(426);
    expect(await hashOf()).toMatch(/^scrypt\$16384\$/);
    expect((await login(app, DEV, { loginType: 3 })).statusCode).toBe(200);
    expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(app, DEV, { loginType: 3 })).statusCode).toBe(200);
    expect((await login(app, DEV, { loginType: 3, password: 'Wrong@2026' })).statusCode).toBe(426);
  });
});

describe('login rate limit per client address', () => {
  it('answers 429 to the 21st attempt in a minute from one address, and not to other addresses', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 20; i++) {
      expect((await login(app, UNIT, { ip, loginType: 2, code: '0000' })).statusCode).not.toBe(429);
    }
    const res = await login(app, UNIT, { ip, loginType: 2 });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null });
    expect((await login(app, UNIT, { ip: freshIp(), loginType: 2 })).statusCode).toBe(200);
    // The window slides (two fixed windows, the earlier weighted by what is left of it): two minutes on, it is empty.
    clock += 2 * MINUTE;
    expect((await login(app, UNIT, { ip, loginType: 2 })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 请先登录 without a token, and 登录已过期 with an unknown or malformed one', async () => {
    for (const headers of [{}, { token: '' }, { token: '  ' }]) {
      const res = await app.inject({ url: USER_INFO, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, msg: '请先登录', data: null });
    }
    for (const headers of [{ token: 'f'.repeat(64) }, { token: "' or 1=1 --" }]) {
      const res = await app.inject({ url: USER_INFO, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, msg: '登录已过期，请重新登录', data: null });
    }
  });

  it('ends a session unused for 30 minutes; every call touches it, public calls included', async () => {
    const token = await signIn(app, ZHANG);
    clock += 29 * MINUTE;
    expect((await userInfo(token)).statusCode).toBe(200);
    clock += 29 * MINUTE;
    // A public call with the token header keeps the session alive too.
    expect((await app.inject({ url: '/api/izfgjj-zhfw/v1/xtkg/getQdzt', headers: { token } })).statusCode).toBe(200);
    clock += 29 * MINUTE;
    expect((await userInfo(token)).statusCode).toBe(200);
    clock += 30 * MINUTE;
    expect((await userInfo(token)).statusCode).toBe(401);
  });

  it('ends a busy session after 12 hours', async () => {
    const token = await signIn(app, ZHANG);
    for (let i = 0; i < 35; i++) {
      clock += 20 * MINUTE;
      expect((await userInfo(token)).statusCode).toBe(200);
    }
    // 11 h 40 min so far.
    clock += 20 * MINUTE;
    expect((await userInfo(token)).statusCode).toBe(401);
  });

  it('logout revokes the session; logging out again, or without a token, still answers 0', async () => {
    const token = await signIn(app, ZHANG);
    const other = await signIn(app, ZHANG);
    const out = await app.inject({ method: 'POST', url: '/api/auth/v1/auth/token/logout', headers: { token } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ code: 0, data: null });
    expect((await userInfo(token)).statusCode).toBe(401);
    // Only that session: the other stays.
    expect((await userInfo(other)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/v1/auth/token/logout', headers: { token } })).json()).toMatchObject({ code: 0 });
    expect((await app.inject({ method: 'POST', url: '/api/auth/v1/auth/token/logout' })).json()).toMatchObject({ code: 0 });
    // A JSON content type without a body, as some clients send it.
    const bare = await app.inject({ method: 'POST', url: '/api/auth/v1/auth/token/logout', headers: { 'content-type': 'application/json' } });
    expect(bare.json()).toMatchObject({ code: 0 });
  });
});
