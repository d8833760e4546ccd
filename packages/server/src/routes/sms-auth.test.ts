import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { captcha, deviceCookie, freshIp, login, publicKey, signIn } from '../test-support/login';
import { MAX_LOGIN_FAILURES } from '../auth/lockout';
import { smsSettled } from '../auth/sms-code';
import { LOGIN_CODE_SENT_MESSAGE, NO_LOGIN_NOTICE, RECOVER_CODE_SENT_MESSAGE, RECOVER_PHONE_HIDDEN_MESSAGE } from './sms-auth';
import { DEMO_PASSWORD } from '../seed/demo';
import { SMS_DEMO_LOGINS } from '../seed/sms';

// One in-memory PGlite for the file; the clock is ours to move (codes last 5 minutes, one a minute per phone).
let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-23T10:00:00+08:00');
let key = '';
const MINUTE = 60_000;
const AUTH = '/api/auth/v1';
const enc = (text: string) => sm2Encrypt(text, key);

const [INITIAL, RECOVER, CHANGE, FREQUENT] = SMS_DEMO_LOGINS;
const ZHANG = { account: '110101199003072316', phone: '13800138000' };
const UNIT = { account: '100200300001', phone: '13900139000' };

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
  key = await publicKey(app);
});

afterAll(() => app.close());

/** The newest SMS code (or, with kind 'notice', notice) sent to a phone, from the dev outbox, once the sends after the reply are done. */
async function lastCode(phone: string, kind: 'sms' | 'notice' = 'sms'): Promise<string> {
  await smsSettled();
  const { data } = (await app.inject({ url: `/dev/outbox?kind=${kind}&to=${phone}` })).json<{ data: { code: string }[] }>();
  return data[0]?.code ?? '';
}

/** sendLoginSmsCode as the hall sends it: with a picture captcha answered right (issue 18). */
const sendLogin = async (phone: string, loginType = 1, ip = freshIp()) =>
  app.inject({ url: `${AUTH}/sendLoginSmsCode`, query: { loginType: String(loginType), phoneDec: enc(phone), ...(await captcha(app)) }, remoteAddress: ip });
const smsLogin = (phone: string, code: string, loginType = 1, ip = freshIp()) =>
  app.inject({
    method: 'POST',
    url: `${AUTH}/otherAuth/smsCodeLogin?grant_type=password&scope=server`,
    remoteAddress: ip,
    payload: { loginType, phoneDec: enc(phone), smsCodeDec: enc(code) },
  });
const userInfo = (token: string) => app.inject({ url: `${AUTH}/getUserInfo`, headers: { token } });
const wrong = (code: string) => String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');

// A password hash for every sign-in and password: slow on a busy machine.
describe('sign-in by SMS code', { timeout: 60_000 }, () => {
  it('sends a 6-digit code (XT_DXYZMCD) to an individual\'s phone, signs in once with it, and the session says how', async () => {
    const sent = await sendLogin(ZHANG.phone);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ code: 0, msg: LOGIN_CODE_SENT_MESSAGE, data: null });
    const code = await lastCode(ZHANG.phone);
    expect(code).toMatch(/^\d{6}$/);

    const bad = await smsLogin(ZHANG.phone, wrong(code));
    // One refusal for a wrong code, a spent or expired one and a phone with no login (issue 18, item 3).
    expect(bad.statusCode).toBe(428);
    expect(bad.json().msg).toBe('验证码错误或已失效，请重新获取');

    const res = await smsLogin(ZHANG.phone, code);
    expect(res.statusCode).toBe(200);
    const token = String(res.headers.token);
    expect(res.json().data).toEqual({ token, loginType: 1 });
    const info = (await userInfo(token)).json().data;
    expect(info).toMatchObject({ account: ZHANG.account, nikName: '张三', loginMethod: '200', pwdStatus: '1' });

    // Single use.
    const again = await smsLogin(ZHANG.phone, code);
    expect(again.statusCode).toBe(428);
    expect(again.json().msg).toBe('验证码错误或已失效，请重新获取');
  });

  it('signs a unit in by its handler\'s phone, only as a unit', async () => {
    clock += 2 * MINUTE;
    // Not as an individual: the handler is told so by SMS (issue 18), and gets no code.
    expect((await sendLogin(UNIT.phone, 1)).statusCode).toBe(200);
    expect(await lastCode(UNIT.phone, 'notice')).toBe(NO_LOGIN_NOTICE);
    expect(await lastCode(UNIT.phone)).toBe('');
    clock += 2 * MINUTE;
    expect((await sendLogin(UNIT.phone, 2)).statusCode).toBe(200);
    const res = await smsLogin(UNIT.phone, await lastCode(UNIT.phone), 2);
    expect(res.statusCode).toBe(200);
    expect((await userInfo(String(res.headers.token))).json().data).toMatchObject({ account: UNIT.account, loginType: 2 });
  });

  it('for a phone with no login, answers as for any other and tells the phone\'s owner (spec 8.2 417) by SMS, no code', async () => {
    const res = await sendLogin('13312345678');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, msg: LOGIN_CODE_SENT_MESSAGE });
    expect(await lastCode('13312345678')).toBe('');
    expect(await lastCode('13312345678', 'notice')).toBe(NO_LOGIN_NOTICE);
    // Signing in with it is refused exactly as a wrong code for a phone that has a login (fails on the old 417).
    const none = await smsLogin('13312345678', '123456');
    expect(none.statusCode).toBe(428);
    expect(none.json()).toEqual({ code: 428, msg: '验证码错误或已失效，请重新获取', data: null });
  });

  it('refuses a second code within a minute and a sixth in an hour (429)', async () => {
    expect((await sendLogin(FREQUENT!.phone)).statusCode).toBe(200);
    const soon = await sendLogin(FREQUENT!.phone);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().msg).toBe('请求过于频繁，请稍后再试');
    for (let i = 0; i < 4; i += 1) {
      clock += MINUTE + 1000;
      expect((await sendLogin(FREQUENT!.phone)).statusCode).toBe(200);
    }
    clock += MINUTE + 1000;
    expect((await sendLogin(FREQUENT!.phone)).statusCode).toBe(429);
  });

  it('a code expires after 5 minutes', async () => {
    clock += 61 * MINUTE;
    expect((await sendLogin(ZHANG.phone)).statusCode).toBe(200);
    const code = await lastCode(ZHANG.phone);
    clock += 5 * MINUTE + 1;
    const res = await smsLogin(ZHANG.phone, code);
    expect(res.statusCode).toBe(428);
    expect(res.json().msg).toBe('验证码错误或已失效，请重新获取');
  });

  it('checks its input: a bad phone, a missing field, a field that does not decrypt', async () => {
    const badPhone = await sendLogin('12345');
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().msg).toBe('请输入正确的手机号码');
    const missing = await app.inject({ url: `${AUTH}/sendLoginSmsCode`, query: { loginType: '1', ...(await captcha(app)) } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请输入手机号码');
    const garbage = await app.inject({
      method: 'POST',
      url: `${AUTH}/otherAuth/smsCodeLogin`,
      payload: { loginType: 1, phoneDec: '04abcdef', smsCodeDec: '04abcdef' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().msg).toBe('登录信息解密失败，请刷新页面后重试');
  });

  it('counts toward the per-address sign-in limit shared with account login', async () => {
    const limited = await buildApp({ db: { ...db, close: async () => {} }, now: () => new Date(clock), loginRateLimit: 2 });
    try {
      const ip = '10.9.9.9';
      const k = await publicKey(limited);
      const post = () =>
        limited.inject({
          method: 'POST',
          url: `${AUTH}/otherAuth/smsCodeLogin`,
          remoteAddress: ip,
          payload: { loginType: 1, phoneDec: sm2Encrypt(ZHANG.phone, k), smsCodeDec: sm2Encrypt('000000', k) },
        });
      expect((await post()).statusCode).toBe(428);
      expect((await login(limited, ZHANG.account, { ip, password: 'Wrong1234' })).statusCode).toBe(426);
      const third = await post();
      expect(third.statusCode).toBe(429);
      expect(third.json().msg).toBe('请求过于频繁，请稍后再试');
    } finally {
      await limited.close();
      await db.query(`delete from login_lock`);
    }
  });
});

describe('password change', { timeout: 60_000 }, () => {
  const send = (token: string, phone?: string) =>
    app.inject({ url: `${AUTH}/sendUpPwdSmsCode`, headers: { token }, query: phone ? { phoneDec: enc(phone) } : {}, remoteAddress: freshIp() });
  const change = (token: string, body: { phone: string; code: string; pwd: string }) =>
    app.inject({
      method: 'POST',
      url: `${AUTH}/updatePwdByPhone`,
      headers: { token },
      payload: { phoneDec: enc(body.phone), smsCodeDec: enc(body.code), pwdDec: enc(body.pwd) },
    });

  it('needs a session', async () => {
    expect((await app.inject({ url: `${AUTH}/sendUpPwdSmsCode` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `${AUTH}/updatePwdByPhone`, payload: {} })).statusCode).toBe(401);
  });

  it('sends to the session\'s own phone, changes the password, ends the other sessions and keeps this one', async () => {
    clock += 2 * MINUTE;
    const other = await signIn(app, CHANGE!.account);
    const token = await signIn(app, CHANGE!.account);
    const masked = '133****0003';
    expect((await send(token, '13800138000')).json()).toMatchObject({ code: 400, msg: '手机号码与当前账号绑定的不一致' });
    expect((await send(token, masked)).statusCode).toBe(200);
    const code = await lastCode(CHANGE!.phone);

    // A weak password is refused before the code is spent.
    for (const pwd of ['abc123', 'abcdefghij', '12345678901', 'abcd 12345']) {
      const res = await change(token, { phone: masked, code, pwd });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('请输入8-16位密码，至少包含字母、数字两种组合');
    }
    const bad = await change(token, { phone: masked, code: wrong(code), pwd: 'NewPass2026' });
    expect(bad.json()).toMatchObject({ code: 428, msg: '验证码错误，请重新输入' });

    const res = await change(token, { phone: masked, code, pwd: 'NewPass2026' });
    expect(res.json()).toMatchObject({ code: 0, msg: '密码修改成功' });
    expect((await userInfo(token)).statusCode).toBe(200);
    expect((await userInfo(other)).statusCode).toBe(401);
    expect((await login(app, CHANGE!.account)).statusCode).toBe(426);
    expect((await login(app, CHANGE!.account, { password: 'NewPass2026' })).statusCode).toBe(200);
  });

  it('turns an initial password into a set one (pwdStatus 0 then 1)', async () => {
    const token = await signIn(app, INITIAL!.account);
    expect((await userInfo(token)).json().data.pwdStatus).toBe('0');
    expect((await send(token)).statusCode).toBe(200);
    const res = await change(token, { phone: '133****0001', code: await lastCode(INITIAL!.phone), pwd: 'First2026go' });
    expect(res.statusCode).toBe(200);
    expect((await userInfo(token)).json().data.pwdStatus).toBe('1');
  });
});

describe('password recovery', { timeout: 60_000 }, () => {
  const query = (account: string, loginType = 1) => ({ loginType: String(loginType), usernameDec: enc(account) });
  const check = (account: string, code: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: `${AUTH}/checkRecoverPwdSmsCode`,
      remoteAddress: freshIp(),
      ...(cookie ? { headers: { cookie } } : {}),
      payload: { loginType: 1, usernameDec: enc(account), smsCodeDec: enc(code) },
    });
  const recover = (ticket: string, pwd: string) =>
    app.inject({ method: 'POST', url: `${AUTH}/recoverPwd`, payload: { ticket, pwdDec: enc(pwd) } });

  const withCaptcha = async (account: string, loginType = 1) => ({ ...query(account, loginType), ...(await captcha(app)) });

  it('shows no phone any more (issue 18): the same answer for an account with one and without, after a captcha', async () => {
    const res = await app.inject({ url: `${AUTH}/recoverPwdPhone`, query: await withCaptcha(RECOVER!.account), remoteAddress: freshIp() });
    expect(res.json()).toEqual({ code: 0, msg: RECOVER_PHONE_HIDDEN_MESSAGE, data: { phone: '' } });
    const none = await app.inject({ url: `${AUTH}/recoverPwdPhone`, query: await withCaptcha('110101199001011237'), remoteAddress: freshIp() });
    expect(none.body).toBe(res.body);
    const without = await app.inject({ url: `${AUTH}/recoverPwdPhone`, query: query(RECOVER!.account), remoteAddress: freshIp() });
    expect(without.json()).toMatchObject({ code: 428, msg: '请输入图形验证码' });
  });

  it('sends nothing for an unknown account or one of another login type, and answers as if it had', async () => {
    clock += 2 * MINUTE;
    for (const [account, type] of [['110101199001011237', 1], [RECOVER!.account, 2]] as const) {
      const res = await app.inject({ url: `${AUTH}/sendRecoverPwdSmsCode`, query: await withCaptcha(account, type), remoteAddress: freshIp() });
      expect(res.json()).toEqual({ code: 0, msg: RECOVER_CODE_SENT_MESSAGE, data: null });
    }
    expect(await lastCode(RECOVER!.phone)).toBe('');
  });

  it('sends, checks (spending the code), sets the new password once, unlocks and ends every session', async () => {
    clock += 2 * MINUTE;
    const first = await login(app, RECOVER!.account);
    const session = String(first.headers.token);
    const known = deviceCookie(first);
    // A stranger's wrong passwords lock the login for clients without a device cookie (issue 18, auth/device.ts),
    // waiting out each slow-down.
    for (let failures = 0; failures < MAX_LOGIN_FAILURES; ) {
      const res = await login(app, RECOVER!.account, { password: 'Wrong1234' });
      if (res.statusCode === 429 && String(res.json().msg).includes('秒后再试')) clock += Number(res.headers['retry-after']) * 1000;
      else failures += 1;
    }
    expect((await login(app, RECOVER!.account)).statusCode).toBe(429);

    const sent = await app.inject({ url: `${AUTH}/sendRecoverPwdSmsCode`, query: await withCaptcha(RECOVER!.account), remoteAddress: freshIp() });
    expect(sent.json()).toEqual({ code: 0, msg: RECOVER_CODE_SENT_MESSAGE, data: null });
    const code = await lastCode(RECOVER!.phone);
    // Recovery's check is a way in too: refused to a client without a device cookie while the login is locked for
    // those (the code is not spent), open to the browser that signed in before.
    expect((await check(RECOVER!.account, code)).statusCode).toBe(429);
    expect((await check(RECOVER!.account, wrong(code), known)).json()).toMatchObject({ code: 428, msg: '验证码错误或已失效，请重新获取' });
    const checked = await check(RECOVER!.account, code, known);
    const ticket = checked.json().data.ticket as string;
    expect(ticket).toMatch(/^[0-9a-f]{64}$/);
    expect((await check(RECOVER!.account, code, known)).json().msg).toBe('验证码错误或已失效，请重新获取');

    expect((await recover(ticket, 'short1')).json().msg).toBe('请输入8-16位密码，至少包含字母、数字两种组合');
    const done = await recover(ticket, 'Found2026ok');
    expect(done.json()).toMatchObject({ code: 0, msg: '密码重置成功，请使用新密码登录' });
    expect((await recover(ticket, 'Again2026ok')).json()).toMatchObject({ code: 400, msg: '验证已失效，请重新获取验证码' });

    expect((await userInfo(session)).statusCode).toBe(401);
    expect((await login(app, RECOVER!.account, { password: DEMO_PASSWORD })).statusCode).toBe(426);
    expect((await login(app, RECOVER!.account, { password: 'Found2026ok' })).statusCode).toBe(200);
  });

  it('checks a code for an account that does not exist exactly as a wrong code for one that does (fails on the old 400 账号不存在)', async () => {
    const real = await check(ZHANG.account, '000000');
    const none = await check('110101199001011237', '000000');
    expect(none.statusCode).toBe(428);
    expect(none.body).toBe(real.body);
    expect(none.json()).toEqual({ code: 428, msg: '验证码错误或已失效，请重新获取', data: null });
  });

  it('a ticket lasts 10 minutes', async () => {
    clock += 2 * MINUTE;
    await app.inject({ url: `${AUTH}/sendRecoverPwdSmsCode`, query: await withCaptcha(RECOVER!.account), remoteAddress: freshIp() });
    const ticket = (await check(RECOVER!.account, await lastCode(RECOVER!.phone))).json().data.ticket as string;
    clock += 10 * MINUTE + 1;
    expect((await recover(ticket, 'Late2026ok')).json()).toMatchObject({ code: 400, msg: '验证已失效，请重新获取验证码' });
    expect((await recover('nonsense', 'Late2026ok')).json()).toMatchObject({ code: 400, msg: '验证已失效，请重新获取验证码' });
  });
});

// Issue 18, item 16: the page hears why, and the failed send costs the user nothing.
describe('when the SMS gateway is down', { timeout: 60_000 }, () => {
  it('sendLoginSmsCode answers 503 短信服务暂时不可用，请稍后再试; once it is back, the phone need not wait its minute', async () => {
    let down = true;
    const sent: string[] = [];
    const gateway = {
      async send(phone: string) {
        if (down) throw new Error('connect ECONNREFUSED');
        sent.push(phone);
      },
      async notify(phone: string) {
        if (down) throw new Error('connect ECONNREFUSED');
        sent.push(phone);
      },
    };
    const broken = await buildApp({ db: { ...db, close: async () => {} }, now: () => new Date(clock), sms: gateway, logger: false });
    try {
      clock += 61 * MINUTE;
      const ask = async (phone: string) =>
        broken.inject({ url: `${AUTH}/sendLoginSmsCode`, query: { loginType: '1', phoneDec: enc(phone), ...(await captcha(broken)) }, remoteAddress: freshIp() });
      for (const phone of [ZHANG.phone, '13312345679']) {
        const res = await ask(phone);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 503, msg: '短信服务暂时不可用，请稍后再试' });
      }
      // The recovery answers before it sends: the send fails after the reply, and the next request hears 503.
      const recover = async () =>
        broken.inject({ url: `${AUTH}/sendRecoverPwdSmsCode`, query: { loginType: '1', usernameDec: enc(ZHANG.account), ...(await captcha(broken)) }, remoteAddress: freshIp() });
      clock += MINUTE;
      expect((await recover()).statusCode).toBe(200);
      await smsSettled();
      expect((await recover()).json()).toMatchObject({ code: 503, msg: '短信服务暂时不可用，请稍后再试' });

      down = false;
      clock += 30_000;
      expect((await ask(ZHANG.phone)).statusCode).toBe(200);
      expect((await recover()).statusCode).toBe(200);
      await smsSettled();
      expect(sent).toEqual([ZHANG.phone, ZHANG.phone]);
    } finally {
      await broken.close();
    }
  });
});
