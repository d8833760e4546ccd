import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { freshIp, signIn } from '../test-support/login';
import { smsSettled } from '../auth/sms-code';
import { TWO_CHECK_GRANT_MS, TWO_CHECK_MENU_MESSAGE, TWO_CHECK_NOT_NEEDED_MESSAGE, TWO_CHECK_REQUIRED_MESSAGE } from './two-check';
import { TWO_CHECK_NO_PHONE_MESSAGE, TWO_CHECK_SMS_DONE_MESSAGE, twoCheckSentMessage } from './two-check-sms';

// Issue 37, item 2: the second check of an enable-10 menu by an SMS code to the login's phone on record, on the same
// device; it records the grant a confirmed QR code records. One in-memory PGlite; the clock is ours to move.
let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-26T10:00:00+08:00');

const ZHANG = { account: '110101199003072316', phone: '13800138000' };
const LI = '320106198506124022';
const UNIT = '100200300001';
const TC = '/api/auth/v1/twoCheck';
/** 个人明细查询: enable 10 in the demo menus, seen by individuals. */
const MXCX = 1112;
const MXCX_PATH = '/grwt/zhxx/zhcx/grmxcx';
/** 个人账户信息: enable 1. */
const GRZHXX = 1111;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
});
afterAll(() => app.close());

const send = (token: string, menuId: number = MXCX, ip = freshIp()) =>
  app.inject({ method: 'POST', url: `${TC}/sendSmsCode`, payload: { menuId }, headers: { token }, remoteAddress: ip });
const check = (token: string, code: string, menuId: number = MXCX) =>
  app.inject({ method: 'POST', url: `${TC}/checkSmsCode`, payload: { menuId, code }, headers: { token }, remoteAddress: freshIp() });
const grant = async (token: string) =>
  (await app.inject({ url: `${TC}/grant`, query: { menuId: String(MXCX) }, headers: { token } })).json<{ data: { required: boolean; granted: boolean } }>().data;
const page = (token: string) => app.inject({ url: '/api/izfgjj-zhfw/v1/ywbl/check', query: { path: MXCX_PATH }, headers: { token } });
async function lastCode(phone: string): Promise<string> {
  await smsSettled();
  return (await app.inject({ url: `/dev/outbox?kind=sms&to=${phone}` })).json<{ data: { code: string }[] }>().data[0]?.code ?? '';
}
const wrong = (code: string) => code.replace(/^./, (d) => String((Number(d) + 1) % 10));

describe('the second check by SMS (issue 37, item 2)', { timeout: 60_000 }, () => {
  it('sends a code to the phone on record (masked in the answer), and the code grants this session the menu as a QR confirmation does', async () => {
    const token = await signIn(app, ZHANG.account);
    expect((await page(token)).json().msg).toBe(TWO_CHECK_REQUIRED_MESSAGE);
    const sent = await send(token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ code: 0, msg: twoCheckSentMessage('138****8000'), data: { phone: '138****8000', length: 6 } });
    const code = await lastCode(ZHANG.phone);
    expect(code).toMatch(/^\d{6}$/);

    const bad = await check(token, wrong(code));
    expect([bad.statusCode, bad.json().msg]).toEqual([428, '验证码错误，请重新输入']);
    expect((await grant(token)).granted).toBe(false);

    const ok = await check(token, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ msg: TWO_CHECK_SMS_DONE_MESSAGE, data: { expiresAt: new Date(clock + TWO_CHECK_GRANT_MS).toISOString() } });
    expect(await grant(token)).toMatchObject({ required: true, granted: true });
    expect((await page(token)).statusCode).toBe(200);
    // Single use.
    expect((await check(token, code)).statusCode).toBe(428);
    // Ten minutes later the grant is over, as a QR confirmation's.
    clock += TWO_CHECK_GRANT_MS + 1000;
    expect((await grant(token)).granted).toBe(false);
  });

  it('a code serves the session and the menu it was sent for: another session of the same login cannot spend it', async () => {
    clock += 2 * 60_000; // one code a minute per phone
    const first = await signIn(app, ZHANG.account);
    const second = await signIn(app, ZHANG.account);
    expect((await send(first)).statusCode).toBe(200);
    const code = await lastCode(ZHANG.phone);
    expect((await check(second, code)).statusCode).toBe(428);
    expect((await grant(second)).granted).toBe(false);
    expect((await check(first, code)).statusCode).toBe(200);
  });

  it('dies after five wrong tries', async () => {
    clock += 2 * 60_000;
    const token = await signIn(app, ZHANG.account);
    expect((await send(token)).statusCode).toBe(200);
    const code = await lastCode(ZHANG.phone);
    for (let i = 0; i < 5; i++) expect((await check(token, wrong(code))).statusCode).toBe(428);
    const late = await check(token, code);
    expect([late.statusCode, late.json().msg]).toEqual([428, '验证码已失效，请重新获取']);
  });

  it('is throttled like every SMS: a second code to the same phone within the minute is refused', async () => {
    clock += 2 * 60_000;
    const token = await signIn(app, ZHANG.account);
    expect((await send(token)).statusCode).toBe(200);
    const again = await send(token);
    expect(again.statusCode).toBe(429);
  });

  it('refuses a menu without the second check, another role\'s menu, a login without a phone, and no session', async () => {
    clock += 2 * 60_000;
    const token = await signIn(app, ZHANG.account);
    const plain = await send(token, GRZHXX);
    expect([plain.statusCode, plain.json().msg]).toEqual([409, TWO_CHECK_NOT_NEEDED_MESSAGE]);
    const unit = await signIn(app, UNIT, 2);
    const other = await send(unit);
    expect([other.statusCode, other.json().msg]).toEqual([403, TWO_CHECK_MENU_MESSAGE]);
    await db.query(`update app_user set phone = '' where account = $1`, [LI]);
    const li = await signIn(app, LI);
    const none = await send(li);
    expect([none.statusCode, none.json().msg]).toEqual([409, TWO_CHECK_NO_PHONE_MESSAGE]);
    const anonymous = await app.inject({ method: 'POST', url: `${TC}/sendSmsCode`, payload: { menuId: MXCX } });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await check(token, '12ab');
    expect([malformed.statusCode, malformed.json().msg]).toEqual([400, '请输入正确的验证码']);
  });
});
