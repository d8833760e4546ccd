import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { REGISTER_PERSON_PATHS as P, UNIT_PATHS as U } from '@gjj-hall/sdk/auth';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { DEPOSITOR_RECORDS } from '../seed/person';
import { smsSettled } from '../auth/sms-code';
import { captcha, freshIp, publicKey } from '../test-support/login';

// Issue 18, item 3: every call before sign-in that names an account, an ID number, a unit or a phone answers the
// same bytes whether it exists or not, and each needs a picture captcha first.

const DAY = 86_400_000;
// Each case runs a day after the last one, so no limit of the one before is in the way.
let clock = Date.parse('2026-11-23T10:00:00+08:00');
const nextDay = () => (clock += DAY);
const AUTH = '/api/auth/v1';
const enc = (text: string) => sm2Encrypt(text, key);

// Made before the tests are collected: the cases below carry fields encrypted with this app's key.
const db: Db = await prepareDatabase({ memory: true }, true);
const app: FastifyInstance = await buildApp({ db, now: () => new Date(clock) });
const key = await publicKey(app);
afterAll(() => app.close());

/** Everything a caller sees of an answer but the date: status, every header, the body byte for byte. */
function seen(res: LightMyRequestResponse) {
  const headers: Record<string, unknown> = { ...res.headers };
  delete headers.date;
  delete headers['x-request-id'];
  return { status: res.statusCode, headers, body: res.body };
}

type Fields = Record<string, string>;
/** One call: GET with a query (the auth calls) or POST form-encoded (the registration calls, spec 7.3). */
interface Call {
  name: string;
  /** Sends to the test's app, or to `to`. */
  send: (fields: Fields, to?: FastifyInstance) => Promise<LightMyRequestResponse>;
  /** The fields for an identifier that exists and one that does not. */
  existing: Fields;
  madeUp: Fields;
}

const get = (path: string) => (fields: Fields, to = app) => to.inject({ url: `${AUTH}/${path}`, query: fields, remoteAddress: freshIp() });
const form = (path: string) => (fields: Fields, to = app) =>
  to.inject({
    method: 'POST',
    url: path,
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const ZHANG = { account: '110101199003072316', phone: '13800138000' };
const NOBODY = { account: '110101199001011237', phone: '13312345678' };
const ON_FILE = DEPOSITOR_RECORDS[2];
const NOT_ON_FILE = { xingming: '钱多', zjhm: '370102198805123023' };
const UNIT = { dwzh: '100200300001' };
const DEVELOPER = { dwzh: '900100200001' };

// Built lazily: the fields are encrypted with the key of the running app.
const calls = (): Call[] => [
  {
    name: 'sendLoginSmsCode (417 for a phone with no login)',
    send: get('sendLoginSmsCode'),
    existing: { loginType: '1', phoneDec: enc(ZHANG.phone) },
    madeUp: { loginType: '1', phoneDec: enc(NOBODY.phone) },
  },
  {
    name: 'recoverPwdPhone',
    send: get('recoverPwdPhone'),
    existing: { loginType: '1', usernameDec: enc(ZHANG.account) },
    madeUp: { loginType: '1', usernameDec: enc(NOBODY.account) },
  },
  {
    name: 'sendRecoverPwdSmsCode',
    send: get('sendRecoverPwdSmsCode'),
    existing: { loginType: '1', usernameDec: enc(ZHANG.account) },
    madeUp: { loginType: '1', usernameDec: enc(NOBODY.account) },
  },
  { name: 'grzc/loadSjhm', send: form(P.loadPhone), existing: { xingming: ON_FILE.xingming, zjhm: enc(ON_FILE.zjhm) }, madeUp: { ...NOT_ON_FILE, zjhm: enc(NOT_ON_FILE.zjhm) } },
  { name: 'grzc/sendGrSms', send: form(P.sendRegisterCode), existing: { xingming: ON_FILE.xingming, zjhm: enc(ON_FILE.zjhm) }, madeUp: { ...NOT_ON_FILE, zjhm: enc(NOT_ON_FILE.zjhm) } },
  {
    name: 'grzc/sendGrSms (already registered)',
    send: form(P.sendRegisterCode),
    existing: { xingming: '张三', zjhm: enc(ZHANG.account) },
    madeUp: { ...NOT_ON_FILE, zjhm: enc(NOT_ON_FILE.zjhm) },
  },
  {
    name: 'lhjy/sendSms (ID registered or not)',
    send: form(P.sendFlexibleCode),
    existing: { xingming: '张三', zjhm: enc(ZHANG.account), sjhm: '13100130111' },
    madeUp: { ...NOT_ON_FILE, zjhm: enc(NOT_ON_FILE.zjhm), sjhm: '13100130111' },
  },
  {
    name: 'yddk/sendSms (ID held here or not)',
    send: form(P.sendRemoteLoanCode),
    existing: { xingming: ON_FILE.xingming, zjhm: enc(ON_FILE.zjhm), sjhm: '13100130112' },
    madeUp: { ...NOT_ON_FILE, zjhm: enc(NOT_ON_FILE.zjhm), sjhm: '13100130112' },
  },
  { name: 'dwzc/loadPhone', send: form(U.loadPhone), existing: { dwzh: UNIT.dwzh, yt: 'setPwd' }, madeUp: { dwzh: '100200300999', yt: 'setPwd' } },
  { name: 'dwzc/sendSms (set password)', send: form(U.sendSms), existing: { dwzh: UNIT.dwzh, yt: 'setPwd' }, madeUp: { dwzh: '100200300999', yt: 'setPwd' } },
  { name: 'dwzc/sendSms (register, already registered)', send: form(U.sendSms), existing: { dwzh: UNIT.dwzh, yt: 'register' }, madeUp: { dwzh: '100200300999', yt: 'register' } },
  { name: 'qtdw/loadPhone', send: form(U.qtLoadPhone), existing: DEVELOPER, madeUp: { dwzh: '900100200999' } },
  { name: 'qtdw/sendSms', send: form(U.qtSendSms), existing: DEVELOPER, madeUp: { dwzh: '900100200999' } },
];

describe('answers before sign-in do not tell whether an account exists', { timeout: 60_000 }, () => {
  it.each(calls().map((c) => [c.name]))('%s: the same bytes for an existing and a made-up one', async (name) => {
    const call = calls().find((c) => c.name === name)!;
    nextDay();
    const existing = await call.send({ ...call.existing, ...(await captcha(app)) });
    await smsSettled();
    nextDay();
    const madeUp = await call.send({ ...call.madeUp, ...(await captcha(app)) });
    await smsSettled();
    expect(existing.statusCode, existing.body).toBe(200);
    expect(seen(madeUp)).toEqual(seen(existing));
  });

  it.each(calls().map((c) => [c.name]))('%s: needs a captcha, refused the same way for both', async (name) => {
    const call = calls().find((c) => c.name === name)!;
    nextDay();
    const without = [await call.send(call.existing), await call.send(call.madeUp)];
    expect(without[0]!.statusCode).toBe(428);
    expect(without[0]!.json().msg).toBe('请输入图形验证码');
    expect(seen(without[1]!)).toEqual(seen(without[0]!));

    const wrong = [];
    for (const fields of [call.existing, call.madeUp]) {
      const { uuid, code } = await captcha(app);
      wrong.push(await call.send({ ...fields, uuid, code: code === 'aaaa' ? 'bbbb' : 'aaaa' }));
    }
    expect(wrong[0]!.statusCode).toBe(428);
    expect(wrong[0]!.json().msg).toBe('图形验证码错误或已失效，请重新输入');
    expect(seen(wrong[1]!)).toEqual(seen(wrong[0]!));

    // A captcha serves once, right or wrong.
    const used = await captcha(app);
    await call.send({ ...call.existing, ...used });
    await smsSettled();
    nextDay();
    expect((await call.send({ ...call.existing, ...used })).json().msg).toBe('图形验证码错误或已失效，请重新输入');
  });

  it('tells the owner of a phone with no login by SMS, not the requester (spec 8.2 417)', async () => {
    nextDay();
    await get('sendLoginSmsCode')({ loginType: '1', phoneDec: enc(NOBODY.phone), ...(await captcha(app)) });
    const outbox = (await app.inject({ url: `/dev/outbox?to=${NOBODY.phone}` })).json<{ data: Array<{ kind: string; code: string }> }>().data;
    expect(outbox[0]).toMatchObject({ kind: 'notice', code: expect.stringContaining('未绑定') });
    expect(outbox.some((m) => m.kind === 'sms')).toBe(false);
  });
});

describe('submissions before sign-in refuse a made-up account as they refuse a wrong code', { timeout: 60_000 }, () => {
  const wrongCode = '000000';
  const submissions = (): Call[] => [
    {
      name: 'grzc/userRegister',
      send: form(P.userRegister),
      existing: { xingming: ON_FILE.xingming, zjhm: enc(ON_FILE.zjhm), password: enc('Newpass2026'), dxyzm: wrongCode },
      madeUp: { ...NOT_ON_FILE, zjhm: enc(NOT_ON_FILE.zjhm), password: enc('Newpass2026'), dxyzm: wrongCode },
    },
    {
      name: 'dwzc/setLoginPwd',
      send: form(U.setLoginPwd),
      existing: { dwzh: UNIT.dwzh, jbrxm: '陈晓', jbrzjhm: enc('110102198503141017'), password: enc('Unit@2027x'), dxyzm: wrongCode },
      madeUp: { dwzh: '100200300999', jbrxm: '陈晓', jbrzjhm: enc('110102198503141017'), password: enc('Unit@2027x'), dxyzm: wrongCode },
    },
    {
      name: 'dwzc/register',
      send: form(U.register),
      existing: { dwzh: '100200300102', jbrxm: '赵丽', jbrzjhm: enc('370104199201184041'), password: enc('Unit@2027x'), dxyzm: wrongCode },
      madeUp: { dwzh: '100200300999', jbrxm: '赵丽', jbrzjhm: enc('370104199201184041'), password: enc('Unit@2027x'), dxyzm: wrongCode },
    },
    {
      name: 'qtdw/setLoginPwd',
      send: form(U.qtSetLoginPwd),
      existing: { dwzh: DEVELOPER.dwzh, jbrxm: '刘洋', jbrzjhm: enc('370102198806212028'), password: enc('Unit@2027x'), dxyzm: wrongCode },
      madeUp: { dwzh: '900100200999', jbrxm: '刘洋', jbrzjhm: enc('370102198806212028'), password: enc('Unit@2027x'), dxyzm: wrongCode },
    },
  ];

  it.each(submissions().map((c) => [c.name]))('%s: the same bytes, before and after a code was sent', async (name) => {
    const call = submissions().find((c) => c.name === name)!;
    nextDay();
    const before = [await call.send(call.existing), await call.send(call.madeUp)];
    expect(before[0]!.statusCode).toBe(428);
    expect(before[0]!.json().msg).toBe('验证码错误或已失效，请重新获取');
    expect(seen(before[1]!)).toEqual(seen(before[0]!));

    // A live code for the existing one (sent to its phone on file) changes nothing for a wrong guess.
    const sendPath = name.startsWith('grzc') ? P.sendRegisterCode : name.startsWith('qtdw') ? U.qtSendSms : U.sendSms;
    const who: Fields = name.startsWith('grzc')
      ? { xingming: ON_FILE.xingming, zjhm: enc(ON_FILE.zjhm) }
      : { dwzh: call.existing.dwzh!, ...(name === 'dwzc/register' ? { yt: 'register' } : { yt: 'setPwd' }) };
    expect((await form(sendPath)({ ...who, ...(await captcha(app)) })).statusCode).toBe(200);
    await smsSettled();
    const after = [await call.send(call.existing), await call.send(call.madeUp)];
    expect(seen(after[0]!)).toEqual(seen(before[0]!));
    expect(seen(after[1]!)).toEqual(seen(before[0]!));
  });
});

/** The median of `values`. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe('the same time whether the account exists or not', { timeout: 180_000 }, () => {
  // A gateway that takes 60 ms a message, as a real one over the network might (and no CPU, so a loaded machine
  // does not blur it): before issue 18 a known account cost that send and an unknown one did not. Medians of many
  // calls, taken in turns so a load that comes and goes falls on both; the bound is half the gateway's time.
  const GATEWAY_MS = 60;
  const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, GATEWAY_MS));
  let slow: FastifyInstance;
  afterAll(() => slow?.close());

  const timed = async (call: Call, rounds: number) => {
    slow ??= await buildApp({ db: { ...db, close: async () => {} }, now: () => new Date(clock), sms: { send: sleep, notify: sleep } });
    const times: Record<'existing' | 'madeUp', number[]> = { existing: [], madeUp: [] };
    for (let i = 0; i < rounds; i += 1) {
      for (const which of i % 2 ? (['madeUp', 'existing'] as const) : (['existing', 'madeUp'] as const)) {
        nextDay();
        const fields = { ...call[which], ...(await captcha(slow)) };
        const started = performance.now();
        const res = await call.send(fields, slow);
        times[which].push(performance.now() - started);
        expect(res.statusCode).toBe(200);
        await smsSettled();
      }
    }
    return { existing: median(times.existing), madeUp: median(times.madeUp) };
  };

  it.each(['sendLoginSmsCode (417 for a phone with no login)', 'sendRecoverPwdSmsCode', 'grzc/sendGrSms', 'dwzc/sendSms (set password)'])(
    `%s: medians of 21 calls each within ${GATEWAY_MS / 2} ms of each other`,
    async (name) => {
      const call = calls().find((c) => c.name === name)!;
      await timed(call, 2); // warm-up
      const { existing, madeUp } = await timed(call, 21);
      console.log(`[timing] ${name}: existing ${existing.toFixed(1)} ms, made-up ${madeUp.toFixed(1)} ms (gateway ${GATEWAY_MS} ms)`);
      expect(Math.abs(existing - madeUp)).toBeLessThan(GATEWAY_MS / 2);
    },
  );
});
