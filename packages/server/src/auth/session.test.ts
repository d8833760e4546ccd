import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { freshIp, publicKey, signIn } from '../test-support/login';
import { SMS_DEMO_LOGINS } from '../seed/sms';
import { CHANGE_INITIAL_PASSWORD_MESSAGE, SIGN_IN_FIRST_MESSAGE } from './session';

// Issue 18 items 10 and 15: what a session of a login with an initial password may do, and what a visitor is told.
let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-25T10:00:00+08:00');
const AUTH = '/api/auth/v1';
const ZHFW = '/api/izfgjj-zhfw/v1';
const [INITIAL] = SMS_DEMO_LOGINS;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
});
afterAll(() => app.close());

/** Calls of a signed-in user that changing the password does not need. */
const BUSINESS = [`${ZHFW}/grxx/loginGrxx`, `${ZHFW}/xxwz/check`, `${ZHFW}/ywbl/check?path=/grwt/zhcx`, `${AUTH}/menu/getMenuEnable?ids=1`];

describe('a login with an initial password (pwd_status 0, spec 4.1)', () => {
  it('may only read its user information, change the password, sign out and make public calls until it changes it', async () => {
    const token = await signIn(app, INITIAL!.account);
    const call = (url: string) => app.inject({ url, headers: { token }, remoteAddress: freshIp() });

    const info = await call(`${AUTH}/getUserInfo`);
    expect(info.statusCode).toBe(200);
    expect(info.json().data.pwdStatus).toBe('0');
    for (const url of [...BUSINESS, `${AUTH}/switchUser?toUserId=1`]) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ code: 403, msg: '请先修改初始密码', data: null });
    }
    const confirm = await app.inject({ method: 'POST', url: `${AUTH}/qrcode/scanQrCode`, headers: { token }, payload: { codeId: '00000000-0000-4000-8000-000000000000' } });
    expect(confirm.statusCode).toBe(403);
    // Public calls, with the session's token or without, and the key.
    expect((await call(`${AUTH}/getPubleKey`)).statusCode).toBe(200);
    expect((await call(`${ZHFW}/tsjy/getList?pageNum=1&pageSize=10`)).statusCode).toBe(200);

    // Changing it: the code to the phone on file, then the new password; everything opens to the same session.
    clock += 2 * 60_000;
    const key = await publicKey(app);
    const sent = await app.inject({ url: `${AUTH}/sendUpPwdSmsCode`, headers: { token }, remoteAddress: freshIp() });
    expect(sent.statusCode).toBe(200);
    const outbox = (await app.inject({ url: `/dev/outbox?kind=sms&to=${INITIAL!.phone}` })).json<{ data: Array<{ code: string }> }>().data;
    const changed = await app.inject({
      method: 'POST',
      url: `${AUTH}/updatePwdByPhone`,
      headers: { token },
      payload: { phoneDec: sm2Encrypt('133****0001', key), smsCodeDec: sm2Encrypt(outbox[0]?.code ?? '', key), pwdDec: sm2Encrypt('First2026go', key) },
    });
    expect(changed.json()).toMatchObject({ code: 0 });
    for (const url of BUSINESS) expect((await call(url)).statusCode, url).toBe(200);
  });

  it('may sign out', async () => {
    // An initial password again (张三's, the demo one), as the centre would set it.
    await db.query(
      `update app_user set pwd_status = '0', password_hash = (select password_hash from app_user where account = $2) where account = $1`,
      [INITIAL!.account, '110101199003072316'],
    );
    const token = await signIn(app, INITIAL!.account);
    expect((await app.inject({ url: `${ZHFW}/grxx/loginGrxx`, headers: { token } })).json().msg).toBe(CHANGE_INITIAL_PASSWORD_MESSAGE);
    const out = await app.inject({ method: 'POST', url: `${AUTH}/auth/token/logout`, headers: { token } });
    expect(out.json()).toMatchObject({ code: 0 });
    expect((await app.inject({ url: `${AUTH}/getUserInfo`, headers: { token } })).statusCode).toBe(401);
  });
});

describe('a visitor who is not signed in (item 15)', () => {
  it('is told to sign in; a token that opens no session is told it expired', async () => {
    for (const url of [...BUSINESS, `${AUTH}/getUserInfo`]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ code: 401, msg: SIGN_IN_FIRST_MESSAGE, data: null });
      const stale = await app.inject({ url, headers: { token: 'a'.repeat(64) } });
      expect(stale.json(), url).toEqual({ code: 401, msg: '登录已过期，请重新登录', data: null });
    }
    expect(SIGN_IN_FIRST_MESSAGE).toBe('请先登录');
  });
});
