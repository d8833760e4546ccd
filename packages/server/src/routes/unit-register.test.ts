import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { UNIT_MESSAGES as U, UNIT_PATHS } from '@gjj-hall/sdk/auth';
import { isCreditCode, isIdCard, VALIDATE_MESSAGES as M } from '@gjj-hall/sdk/validate';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { DEMO_UNIT_RECORDS } from '../seed/unit';
import { freshIp, login, publicKey, signIn } from '../test-support/login';

// One in-memory PGlite for the file; the clock moves past the one-code-a-minute limit where a test needs a new code.
let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-24T10:00:00+08:00');
const MINUTE = 60_000;
let key = '';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
  key = await publicKey(app);
});

afterAll(() => app.close());

const unit = (dwzh: string) => {
  const row = DEMO_UNIT_RECORDS.find((u) => u.dwzh === dwzh);
  if (!row) throw new Error(dwzh);
  return row;
};
const NEW_UNIT = unit('100200300101');
const MISMATCH_UNIT = unit('100200300102');
const PWD_UNIT = unit('100200300103');
const PWD_DEVELOPER = unit('900100200103');
const CLOSED_UNIT = unit('100200300104');

/** POSTs a form-encoded body, as the hall does (spec 7.3). */
const form = (url: string, body: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    payload: new URLSearchParams(body).toString(),
  });

async function lastCode(phone: string): Promise<string> {
  const res = await app.inject({ url: `/dev/outbox?kind=sms&to=${phone}` });
  return res.json<{ data: Array<{ code: string }> }>().data[0]?.code ?? '';
}

const passwordBody = (u: { dwzh: string; jbrxm: string; jbrzjhm: string }, password: string, dxyzm: string, over: Record<string, string> = {}) => ({
  dwzh: u.dwzh,
  jbrxm: u.jbrxm,
  jbrzjhm: sm2Encrypt(u.jbrzjhm, key),
  password: sm2Encrypt(password, key),
  dxyzm,
  ...over,
});

const msg = (res: { json: () => unknown }) => (res.json() as { msg: string }).msg;

describe('seeded unit records', () => {
  it('have valid credit codes and handler ID numbers, and phones 153 0015 xxxx for the new ones', () => {
    for (const u of DEMO_UNIT_RECORDS) {
      expect(isCreditCode(u.tyshxydm), u.dwzh).toBe(true);
      expect(isIdCard(u.jbrzjhm), u.dwzh).toBe(true);
      if (!['100200300001', '900100200001'].includes(u.dwzh)) expect(u.jbrsjhm).toMatch(/^1530015\d{4}$/);
    }
  });
});

describe('load phone by dwzh', () => {
  it('answers the unit name and the handler phone masked, form-encoded', async () => {
    const res = await form(UNIT_PATHS.loadPhone, { dwzh: NEW_UNIT.dwzh, yt: 'register' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: '操作成功', data: { dwmc: NEW_UNIT.dwmc, jbrsjhm: '153****0001' } });
  });

  it('says what to do: unknown, other category, closed, registered already, not registered yet', async () => {
    const cases: Array<[string, Record<string, string>, number, string]> = [
      [UNIT_PATHS.loadPhone, { dwzh: '999999999999', yt: 'register' }, 400, U.unknownUnit],
      [UNIT_PATHS.loadPhone, { dwzh: '900100200001', yt: 'register' }, 400, U.notDepositUnit],
      [UNIT_PATHS.qtLoadPhone, { dwzh: '100200300001' }, 400, U.notOtherUnit],
      [UNIT_PATHS.loadPhone, { dwzh: CLOSED_UNIT.dwzh, yt: 'register' }, 400, U.closed],
      [UNIT_PATHS.loadPhone, { dwzh: '100200300001', yt: 'register' }, 409, U.alreadyRegistered],
      [UNIT_PATHS.loadPhone, { dwzh: MISMATCH_UNIT.dwzh, yt: 'setPwd' }, 400, U.notRegistered],
      [UNIT_PATHS.loadPhone, { dwzh: 'ab' }, 400, U.dwzh],
      [UNIT_PATHS.loadPhone, {}, 400, U.dwzhEmpty],
    ];
    for (const [url, body, status, text] of cases) {
      const res = await form(url, body);
      expect([res.statusCode, msg(res)], JSON.stringify(body)).toEqual([status, text]);
    }
  });

  it('does not send a code to a unit that is registered already', async () => {
    const res = await form(UNIT_PATHS.sendSms, { dwzh: '100200300001', yt: 'register' });
    expect(res.statusCode).toBe(409);
    expect(await lastCode('13900139000')).toBe('');
  });
});

describe('/dwRegister', () => {
  it('needs the code sent to the handler phone on file, and the handler name and ID of the record', async () => {
    const sent = await form(UNIT_PATHS.sendSms, { dwzh: MISMATCH_UNIT.dwzh, yt: 'register' });
    expect(sent.statusCode).toBe(200);
    expect(msg(sent)).toBe('验证码已发送至经办人手机 153****0002');
    const code = await lastCode(MISMATCH_UNIT.jbrsjhm);
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = await form(UNIT_PATHS.register, passwordBody(MISMATCH_UNIT, 'Unit@2027', code === '000000' ? '111111' : '000000'));
    expect([wrongCode.statusCode, msg(wrongCode)]).toEqual([428, '验证码错误，请重新输入']);

    const wrongName = await form(UNIT_PATHS.register, passwordBody({ ...MISMATCH_UNIT, jbrxm: '赵莉' }, 'Unit@2027', code));
    expect([wrongName.statusCode, msg(wrongName)]).toEqual([400, U.handlerMismatch]);
    // Still no login.
    expect((await form(UNIT_PATHS.loadPhone, { dwzh: MISMATCH_UNIT.dwzh, yt: 'register' })).statusCode).toBe(200);
  });

  it('checks the ID number and the password (XT_MMZZ) before anything is spent', async () => {
    const badId = await form(UNIT_PATHS.register, passwordBody({ ...NEW_UNIT, jbrzjhm: '370103197909053034' }, 'Unit@2027', '123456'));
    expect([badId.statusCode, msg(badId)]).toEqual([400, M.idCard]);
    const weak = await form(UNIT_PATHS.register, passwordBody(NEW_UNIT, 'abc123', '123456'));
    expect([weak.statusCode, msg(weak)]).toEqual([400, M.newPassword]);
    const digits = await form(UNIT_PATHS.register, passwordBody(NEW_UNIT, '12345678', '123456'));
    expect(msg(digits)).toBe(M.newPassword);
    const noName = await form(UNIT_PATHS.register, { ...passwordBody(NEW_UNIT, 'Unit@2027', '123456'), jbrxm: '' });
    expect([noName.statusCode, msg(noName)]).toEqual([400, M.name]);
    const plain = await form(UNIT_PATHS.register, { ...passwordBody(NEW_UNIT, 'Unit@2027', '123456'), password: 'Unit@2027' });
    expect([plain.statusCode, msg(plain)]).toEqual([400, '登录信息解密失败，请刷新页面后重试']);
  });

  it('creates the unit login; the unit signs in with the new password; a second registration is refused', async () => {
    clock += 2 * MINUTE;
    expect((await form(UNIT_PATHS.sendSms, { dwzh: NEW_UNIT.dwzh, yt: 'register' })).statusCode).toBe(200);
    const code = await lastCode(NEW_UNIT.jbrsjhm);
    const res = await form(UNIT_PATHS.register, passwordBody(NEW_UNIT, 'Unit@2027', code));
    expect(res.json()).toEqual({ code: 0, msg: U.registered, data: { dwzh: NEW_UNIT.dwzh, dwmc: NEW_UNIT.dwmc } });

    // The demo password is not this login's.
    expect((await login(app, NEW_UNIT.dwzh, { loginType: 2 })).statusCode).toBe(426);
    const signedIn = await login(app, NEW_UNIT.dwzh, { loginType: 2, password: 'Unit@2027' });
    expect(signedIn.statusCode).toBe(200);
    const info = await app.inject({ url: '/api/izfgjj-zhfw/v1/dwxx/dwxxUser', headers: { token: signedIn.json<{ data: { token: string } }>().data.token } });
    expect(info.json<{ data: unknown }>().data).toEqual({ dwmc: NEW_UNIT.dwmc, dwzh: NEW_UNIT.dwzh, dwzhzt: '01', jbrxm: NEW_UNIT.jbrxm, jbrsjhm: '153****0001' });

    // The code is spent, and the unit is registered now.
    const again = await form(UNIT_PATHS.register, passwordBody(NEW_UNIT, 'Unit@2028', code));
    expect([again.statusCode, msg(again)]).toEqual([409, U.alreadyRegistered]);
  });
});

describe('/setLoginPwd and /setQtLoginPwd', () => {
  it('sets a unit login password: old sessions end, the old password stops working, the new one signs in', async () => {
    const oldToken = await signIn(app, PWD_UNIT.dwzh, 2);
    expect((await form(UNIT_PATHS.sendSms, { dwzh: PWD_UNIT.dwzh, yt: 'setPwd' })).statusCode).toBe(200);
    const code = await lastCode(PWD_UNIT.jbrsjhm);
    const res = await form(UNIT_PATHS.setLoginPwd, passwordBody(PWD_UNIT, 'Logistic#88', code));
    expect(res.json()).toEqual({ code: 0, msg: U.passwordSet, data: null });

    expect((await app.inject({ url: '/api/auth/v1/getUserInfo', headers: { token: oldToken } })).statusCode).toBe(401);
    expect((await login(app, PWD_UNIT.dwzh, { loginType: 2 })).statusCode).toBe(426);
    expect((await login(app, PWD_UNIT.dwzh, { loginType: 2, password: 'Logistic#88' })).statusCode).toBe(200);
  });

  it('a code sent for registering does not set a password, nor a unit code a developer one', async () => {
    clock += 2 * MINUTE;
    await form(UNIT_PATHS.qtSendSms, { dwzh: PWD_DEVELOPER.dwzh });
    const code = await lastCode(PWD_DEVELOPER.jbrsjhm);
    const onUnitPath = await form(UNIT_PATHS.setLoginPwd, passwordBody(PWD_DEVELOPER, 'Estate#2027', code));
    expect([onUnitPath.statusCode, msg(onUnitPath)]).toEqual([400, U.notDepositUnit]);

    const res = await form(UNIT_PATHS.qtSetLoginPwd, passwordBody(PWD_DEVELOPER, 'Estate#2027', code));
    expect(res.statusCode).toBe(200);
    expect((await login(app, PWD_DEVELOPER.dwzh, { loginType: 3, password: 'Estate#2027' })).statusCode).toBe(200);
  });

  it('refuses a name that does not match, after the code, and leaves the password as it was', async () => {
    clock += 2 * MINUTE;
    await form(UNIT_PATHS.qtSendSms, { dwzh: PWD_DEVELOPER.dwzh });
    const code = await lastCode(PWD_DEVELOPER.jbrsjhm);
    const res = await form(UNIT_PATHS.qtSetLoginPwd, passwordBody({ ...PWD_DEVELOPER, jbrzjhm: '370102198806212028' }, 'Other#2027', code));
    expect([res.statusCode, msg(res)]).toEqual([400, U.handlerMismatch]);
    expect((await login(app, PWD_DEVELOPER.dwzh, { loginType: 3, password: 'Estate#2027' })).statusCode).toBe(200);
  });

  it('leaves the demo logins alone', async () => {
    expect((await login(app, '100200300001', { loginType: 2 })).statusCode).toBe(200);
    expect((await login(app, '900100200001', { loginType: 3 })).statusCode).toBe(200);
  });
});

describe('/UnitDeposit', () => {
  const PHONE = '15300150005';
  const application = (over: Record<string, string> = {}) => ({
    dwmc: '示范市云帆软件有限公司',
    tyshxydm: '91370100MA3J5L2R70',
    dwdz: '示范市高新区创新路 88 号',
    yzbm: '250101',
    fddbr: '李云帆',
    jbrxm: '何静',
    jbrzjhm: sm2Encrypt('370107198304303079', key),
    jbrsjhm: PHONE,
    dxyzm: '000000',
    jcqsny: '2026-12',
    dwjcbl: '12',
    zgrs: '35',
    ...over,
  });

  it('answers the spec 5.4 messages for a bad credit code, postal code, name, mobile and ID', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ tyshxydm: '91370100MA3J5L2R71' }, M.creditCode],
      [{ tyshxydm: '' }, M.creditCode],
      [{ yzbm: '050101' }, M.postalCode],
      [{ fddbr: '李' }, M.name],
      [{ jbrsjhm: '12345678901' }, M.mobile],
      [{ jbrzjhm: sm2Encrypt('370107198302303079', key) }, M.idCard],
      [{ jcqsny: '2030-01' }, U.jcqsnyRange],
      [{ dwjcbl: '13' }, U.dwjcbl],
      [{ zgrs: '0' }, U.zgrs],
    ];
    for (const [over, text] of cases) {
      const res = await form(UNIT_PATHS.depositAdd, application(over));
      expect([res.statusCode, msg(res)], JSON.stringify(over)).toEqual([400, text]);
    }
    const { tyshxydm: _omit, ...missing } = application();
    expect(msg(await form(UNIT_PATHS.depositAdd, missing))).toBe(M.creditCodeEmpty);
  });

  it('refuses a unit the centre already holds, saying to register for the hall instead', async () => {
    const res = await form(UNIT_PATHS.depositAdd, application({ tyshxydm: '91370100MA3C5K8X1W' }));
    expect([res.statusCode, msg(res)]).toEqual([409, U.depositOpened]);
  });

  it('makes a pending application with a reference number; a second one for the credit code is refused', async () => {
    clock += 2 * MINUTE;
    const sent = await form(UNIT_PATHS.depositSendSms, { jbrsjhm: PHONE });
    expect(msg(sent)).toBe('验证码已发送至 153****0005');
    const code = await lastCode(PHONE);
    const wrong = await form(UNIT_PATHS.depositAdd, application({ dxyzm: code === '000000' ? '111111' : '000000' }));
    expect([wrong.statusCode, msg(wrong)]).toEqual([428, '验证码错误，请重新输入']);

    const res = await form(UNIT_PATHS.depositAdd, application({ dxyzm: code }));
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { sqbh: string; dwmc: string } }>().data;
    expect(data.sqbh).toMatch(/^DJ20261124\d{6}$/);
    expect(msg(res)).toBe(U.depositSubmitted);
    const [row] = await db.query<{ status: number; jbrzjhm: string; dwjcbl: string }>(
      'select status, jbrzjhm, dwjcbl::text as dwjcbl from unit_deposit_application where sqbh = $1',
      [data.sqbh],
    );
    expect(row).toEqual({ status: 0, jbrzjhm: '370107198304303079', dwjcbl: '12.00' });

    const again = await form(UNIT_PATHS.depositAdd, application({ dxyzm: code }));
    expect([again.statusCode, msg(again)]).toEqual([409, U.depositPending]);
  });

  it('accepts JSON as well, and limits each client address', async () => {
    const res = await app.inject({ method: 'POST', url: UNIT_PATHS.loadPhone, payload: { dwzh: NEW_UNIT.dwzh, yt: 'setPwd' } });
    expect(res.statusCode).toBe(200);
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 21; i += 1) {
      last = (await app.inject({ method: 'POST', url: UNIT_PATHS.loadPhone, remoteAddress: ip, payload: { dwzh: NEW_UNIT.dwzh } })).statusCode;
    }
    expect(last).toBe(429);
  });
});
