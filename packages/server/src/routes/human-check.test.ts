import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { captcha, freshIp, login, publicKey } from '../test-support/login';
import { smsSettled } from '../auth/sms-code';
import {
  PICTURE_AFTER_FAILURES,
  PICTURE_REQUIRED_MESSAGE,
  POW_ALGORITHM,
  POW_COST,
  POW_INVALID_MESSAGE,
  POW_TTL_MS,
  type HumanCheckAction,
} from '../auth/human-check';
import { DEMO_PASSWORD } from '../seed/demo';

// Issue 37, item 1: a check before sign-in that is not a puzzle. One in-memory PGlite; the clock is ours to move.
let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-23T10:00:00+08:00');
let key = '';
const AUTH = '/api/auth/v1';
const ZHANG = { account: '110101199003072316', phone: '13800138000' };

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
  key = await publicKey(app);
});
afterAll(() => app.close());

const challenge = (action: HumanCheckAction, ip: string) =>
  app.inject({ url: `${AUTH}/humanCheck/challenge`, query: { action }, remoteAddress: ip });

/** What the page does: fetch a challenge, solve it (the same altcha-lib solver the widget uses), send the payload. */
async function solved(action: HumanCheckAction, ip: string): Promise<string> {
  const res = await challenge(action, ip);
  expect(res.statusCode).toBe(200);
  const data = res.json<{ data: { picture: boolean; challenge: Challenge } }>().data;
  expect(data.picture).toBe(false);
  const solution = await solveChallenge({ challenge: data.challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge: data.challenge, solution })).toString('base64');
}
const verify = (action: HumanCheckAction, payload: string, ip: string) =>
  app.inject({ method: 'POST', url: `${AUTH}/humanCheck/verify`, payload: { action, payload }, remoteAddress: ip });
async function pass(action: HumanCheckAction, ip: string): Promise<{ uuid: string; code: string }> {
  const res = await verify(action, await solved(action, ip), ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { uuid: string; code: string } }>().data;
}
const sendLogin = (phone: string, check: { uuid: string; code: string }, ip: string) =>
  app.inject({ url: `${AUTH}/sendLoginSmsCode`, query: { loginType: '1', phoneDec: sm2Encrypt(phone, key), ...check }, remoteAddress: ip });

describe('the proof of work before sign-in (issue 37)', { timeout: 60_000 }, () => {
  it('hands out a signed PBKDF2 challenge bound to its action, with no picture', async () => {
    const res = await challenge('login', freshIp());
    const { picture, challenge: c } = res.json<{ data: { picture: boolean; challenge: Challenge } }>().data;
    expect(picture).toBe(false);
    expect(c.parameters).toMatchObject({ algorithm: POW_ALGORITHM, cost: POW_COST, data: { action: 'login' } });
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
    // The key the solver must find is in no field: only its prefix and the server's signature of it.
    expect(JSON.stringify(c)).not.toMatch(/derivedKey/);
    const bad = await app.inject({ url: `${AUTH}/humanCheck/challenge`, query: { action: 'anything' }, remoteAddress: freshIp() });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, '用途不正确']);
  });

  it('signs in by password with a solved challenge and no picture typed', async () => {
    const ip = freshIp();
    const res = await login(app, ZHANG.account, { ip, ...(await pass('login', ip)) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends an SMS sign-in code with a solved challenge, and the code signs in', async () => {
    const ip = freshIp();
    const sent = await sendLogin(ZHANG.phone, await pass('sms', ip), ip);
    expect(sent.statusCode, sent.body).toBe(200);
    await smsSettled();
    const code = (await app.inject({ url: `/dev/outbox?kind=sms&to=${ZHANG.phone}` })).json<{ data: { code: string }[] }>().data[0]?.code ?? '';
    const res = await app.inject({
      method: 'POST',
      url: `${AUTH}/otherAuth/smsCodeLogin?grant_type=password&scope=server`,
      remoteAddress: ip,
      payload: { loginType: 1, phoneDec: sm2Encrypt(ZHANG.phone, key), smsCodeDec: sm2Encrypt(code, key) },
    });
    expect(res.statusCode, res.body).toBe(200);
    clock += 2 * 60_000; // the next test's code to this phone is not too soon
  });

  it('is single use: a payload redeems once, and what it redeems for is spent by one call', async () => {
    const ip = freshIp();
    const payload = await solved('login', ip);
    const first = await verify('login', payload, ip);
    expect(first.statusCode).toBe(200);
    const again = await verify('login', payload, freshIp());
    expect([again.statusCode, again.json().msg]).toEqual([428, POW_INVALID_MESSAGE]);
    const check = first.json<{ data: { uuid: string; code: string } }>().data;
    expect((await login(app, ZHANG.account, { ip, ...check, password: 'wrong' })).statusCode).toBe(426);
    const reuse = await login(app, ZHANG.account, { ip: freshIp(), ...check });
    expect(reuse.statusCode).toBe(428);
  });

  it('is bound to its action: a sign-in pass sends no SMS, an SMS pass signs nobody in, a payload redeems for its own action only', async () => {
    const ip = freshIp();
    const forLogin = await pass('login', ip);
    const sms = await sendLogin(ZHANG.phone, forLogin, ip);
    expect([sms.statusCode, sms.json().msg]).toEqual([428, '图形验证码错误或已失效，请重新输入']);
    const ip2 = freshIp();
    const forSms = await pass('sms', ip2);
    expect((await login(app, ZHANG.account, { ip: ip2, ...forSms })).statusCode).toBe(428);
    const ip3 = freshIp();
    const crossed = await verify('sms', await solved('login', ip3), ip3);
    expect([crossed.statusCode, crossed.json().msg]).toEqual([428, POW_INVALID_MESSAGE]);
  });

  it('refuses a tampered challenge, a wrong solution, garbage and an expired challenge', async () => {
    const ip = freshIp();
    const payload = await solved('login', ip);
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString()) as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    // Another cost or counter the client would like better.
    const cheaper = { ...parsed, challenge: { ...parsed.challenge, parameters: { ...parsed.challenge.parameters, cost: 1 } } };
    const flipped = parsed.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const wrongKey = { ...parsed, solution: { ...parsed.solution, derivedKey: flipped } };
    const otherAction = { ...parsed, challenge: { ...parsed.challenge, parameters: { ...parsed.challenge.parameters, data: { ...parsed.challenge.parameters.data, action: 'sms' } } } };
    for (const bad of [b64(cheaper), b64(wrongKey), b64(otherAction), b64({}), 'bm90IGpzb24=']) {
      const res = await verify('login', bad, freshIp());
      expect([res.statusCode, res.json().msg]).toEqual([428, POW_INVALID_MESSAGE]);
    }
    clock += POW_TTL_MS + 1000;
    const late = await verify('login', payload, freshIp());
    expect([late.statusCode, late.json().msg]).toEqual([428, POW_INVALID_MESSAGE]);
  });

  it(`brings the picture back for an address after ${PICTURE_AFTER_FAILURES} refused sign-ins or checks, which still passes with it; other addresses keep the proof of work`, async () => {
    const ip = freshIp();
    clock += 60 * 60_000; // the login's own failure count (device rule) of the tests above is forgotten
    // A wrong password, a wrong check, an unknown account: each a refusal of this address.
    expect((await login(app, ZHANG.account, { ip, password: `${DEMO_PASSWORD}x` })).statusCode).toBe(426);
    expect((await login(app, ZHANG.account, { ip, code: 'ZZZZ' })).statusCode).toBe(428);
    expect((await challenge('login', ip)).json().data.picture).toBe(PICTURE_AFTER_FAILURES <= 2);
    expect((await login(app, '110101190001010000', { ip })).statusCode).toBe(426);
    const res = await challenge('login', ip);
    expect(res.json().data).toEqual({ picture: true, challenge: null });
    // A payload solved before the signal is refused too, with the message that asks for the picture.
    const other = freshIp();
    const payload = await solved('login', other);
    const refused = await verify('login', payload, ip);
    expect([refused.statusCode, refused.json().msg]).toEqual([428, PICTURE_REQUIRED_MESSAGE]);
    // The picture works, and the owner signs in.
    const picture = await captcha(app);
    expect((await login(app, ZHANG.account, { ip, ...picture })).statusCode).toBe(200);
    // Elsewhere, no picture.
    expect((await challenge('login', other)).json().data.picture).toBe(false);
  });
});
