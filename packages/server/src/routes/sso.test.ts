import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { freshIp } from '../test-support/login';
import { GOV_DEMO_PASSWORD } from '../seed/ca';
import { DEV_GOV_CLIENT_ID, DEV_GOV_PLATFORM_URL, SIM_GOV_SESSION_TTL_MS, SSO_MESSAGES } from './sso';
import { PRODUCTION } from '../test-support/production';

let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-22T15:30:00+08:00');
const ZHANG = '110101199003072316';
const ZHAO = '110105198803151232';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
});
afterAll(() => app.close());

/** Where the hall comes back to (the simulated platform's page checks its list; the code is bound to it). */
const HALL_RETURN = 'http://127.0.0.1:8080/home.html';
/** A PKCE pair as the hall makes it: a random verifier and its S256 challenge. */
const newPkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
/** What a code is issued for: this hall's client id and return address, and a challenge. */
const bindingFor = (challenge: string, over: Record<string, unknown> = {}) => ({
  clientId: DEV_GOV_CLIENT_ID,
  redirectUri: HALL_RETURN,
  codeChallenge: challenge,
  codeChallengeMethod: 'S256',
  ...over,
});
const citizenLogin = (idNumber: string, password = GOV_DEMO_PASSWORD, binding: Record<string, unknown> | null = bindingFor(newPkce().challenge)) =>
  app.inject({ method: 'POST', url: '/sim/gov/login', remoteAddress: freshIp(), payload: { idNumber, password, ...binding } });
/** A code issued to the hall for a citizen, with the verifier the hall kept; `over` changes what it is issued for. */
const authCode = async (idNumber = ZHANG, over: Record<string, unknown> = {}) => {
  const { verifier, challenge } = newPkce();
  const res = await citizenLogin(idNumber, GOV_DEMO_PASSWORD, bindingFor(challenge, over));
  return { code: res.json<{ data: { authCode: string } }>().data.authCode, verifier };
};
type Issued = { code: unknown; verifier?: unknown };
/** POST zw/login as the hall does: the code, its verifier and the return address; `over` changes what is sent. */
const exchange = (issued: Issued, over: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/v1/zw/login',
    remoteAddress: freshIp(),
    payload: { authCode: issued.code, codeVerifier: issued.verifier, redirectUri: HALL_RETURN, ...over },
  });

describe('the simulated platform (/sim/gov, development only)', () => {
  it('issues a one-time code to a citizen who signs in, and stores only its hash', async () => {
    const res = await citizenLogin(ZHANG);
    expect(res.statusCode).toBe(200);
    const { authCode: code, name, expiresIn } = res.json<{ data: { authCode: string; name: string; expiresIn: number } }>().data;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect({ name, expiresIn }).toEqual({ name: '张三', expiresIn: 60 });
    const rows = await db.query<{ code_hash: string }>('select code_hash from sso_auth_code');
    expect(rows.some((r) => r.code_hash === code)).toBe(false);
  });

  it('refuses a wrong password or an unknown citizen with one message', async () => {
    expect((await citizenLogin(ZHANG, 'nope')).json()).toMatchObject({ code: 426, msg: SSO_MESSAGES.citizenFailed });
    expect((await citizenLogin('110101199001010011')).json()).toMatchObject({ code: 426, msg: SSO_MESSAGES.citizenFailed });
    expect((await citizenLogin('123')).json()).toMatchObject({ code: 400, msg: '请输入正确的身份证号' });
  });

  it('is absent in production, where single sign-on says it is not open', async () => {
    const prod = await buildApp({ db: { ...db, close: async () => {} }, ...PRODUCTION });
    try {
      expect((await prod.inject({ method: 'POST', url: '/sim/gov/login', payload: { idNumber: ZHANG, password: GOV_DEMO_PASSWORD } })).statusCode).toBe(404);
      for (const call of ['code', 'session', 'logout']) {
        const res = await prod.inject({ method: 'POST', url: `/sim/gov/${call}`, payload: { sessionToken: 'A'.repeat(43) } });
        expect(res.statusCode, call).toBe(404);
      }
      expect((await prod.inject({ url: '/api/auth/v1/zw/config' })).json()).toMatchObject({ data: { platformUrl: null } });
      const res = await prod.inject({
        method: 'POST',
        url: '/api/auth/v1/zw/login',
        payload: { authCode: 'a'.repeat(43), codeVerifier: 'v'.repeat(43), redirectUri: HALL_RETURN },
      });
      expect(res.json()).toMatchObject({ code: 404, msg: SSO_MESSAGES.notConfigured });
    } finally {
      await prod.close();
    }
  });
});

describe('the simulated platform’s own session (/sim/gov/session, code, logout)', () => {
  type SessionAnswer = { code: number; msg: string; data: { name: string; expiresIn: number; authCode: string } };
  const pkce = newPkce();
  const call = (path: 'session' | 'code' | 'logout', sessionToken: unknown, remoteAddress = freshIp()) =>
    app.inject({
      method: 'POST',
      url: `/sim/gov/${path}`,
      remoteAddress,
      payload: { sessionToken, ...(path === 'code' ? bindingFor(pkce.challenge) : {}) },
    });
  const signIn = async (idNumber = ZHANG) => (await citizenLogin(idNumber)).json<{ data: { sessionToken: string; sessionExpiresIn: number } }>().data;

  it('signing in opens a 30-minute session, kept only as a hash', async () => {
    const { sessionToken, sessionExpiresIn } = await signIn();
    expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessionExpiresIn).toBe(SIM_GOV_SESSION_TTL_MS / 1000);
    const rows = await db.query<{ token_hash: string }>('select token_hash from sim_gov_session');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === sessionToken)).toBe(false);
    expect((await call('session', sessionToken)).json<SessionAnswer>().data).toEqual({ name: '张三', expiresIn: 1800 });
  });

  it('a live session gets a fresh one-time code for its citizen each time, which signs in at the hall', async () => {
    const { sessionToken } = await signIn();
    const first = (await call('code', sessionToken)).json<SessionAnswer>();
    const second = (await call('code', sessionToken)).json<SessionAnswer>();
    expect(first).toMatchObject({ code: 0, data: { name: '张三', expiresIn: 60 } });
    expect(first.data.authCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.data.authCode).not.toBe(first.data.authCode);
    const res = await exchange({ code: second.data.authCode, verifier: pkce.verifier });
    expect(res.statusCode).toBe(200);
    const info = (await app.inject({ url: '/api/auth/v1/getUserInfo', headers: { token: String(res.headers.token) } })).json<{ data: { account: string } }>();
    expect(info.data.account).toBe(ZHANG);
    // Same rules as every code: single use.
    expect((await exchange({ code: second.data.authCode, verifier: pkce.verifier })).json()).toMatchObject({ code: 428, msg: SSO_MESSAGES.codeUsed });
  });

  it('an expired session gets no code: 401, and the platform signs the citizen in again', async () => {
    const { sessionToken } = await signIn();
    clock += SIM_GOV_SESSION_TTL_MS - 1_000;
    expect((await call('code', sessionToken)).statusCode).toBe(200);
    clock += 1_000;
    for (const path of ['code', 'session'] as const) {
      const res = await call(path, sessionToken);
      expect(res.statusCode, path).toBe(401);
      expect(res.json(), path).toMatchObject({ code: 401, msg: SSO_MESSAGES.sessionEnded, data: null });
    }
  });

  it('an unknown or malformed token gets no code', async () => {
    expect((await call('code', 'A'.repeat(43))).json()).toMatchObject({ code: 401, msg: SSO_MESSAGES.sessionEnded });
    expect((await call('session', 'A'.repeat(43))).statusCode).toBe(401);
    expect((await call('code', 'short')).json()).toMatchObject({ code: 400, msg: SSO_MESSAGES.sessionEnded });
    expect((await call('code', undefined)).json()).toMatchObject({ code: 400, msg: SSO_MESSAGES.sessionEnded });
  });

  it('signing out ends the session (and only that one); signing out twice is no error', async () => {
    const { sessionToken } = await signIn();
    const other = (await signIn()).sessionToken;
    expect((await call('logout', sessionToken)).json()).toMatchObject({ code: 0, data: null });
    expect((await call('code', sessionToken)).statusCode).toBe(401);
    expect((await call('session', sessionToken)).statusCode).toBe(401);
    expect((await call('logout', sessionToken)).statusCode).toBe(200);
    expect((await call('code', other)).statusCode).toBe(200);
  });

  it('counts the calls per address like the platform’s sign-in (20 a minute)', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 21; i += 1) answers.push((await call('session', 'A'.repeat(43), ip)).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(answers[20]).toBe(429);
    expect((await call('session', 'A'.repeat(43))).statusCode).toBe(401);
  });
});

describe('GET zw/config', () => {
  it('answers the platform address, which development can change', async () => {
    expect((await app.inject({ url: '/api/auth/v1/zw/config' })).json()).toMatchObject({ data: { platformUrl: DEV_GOV_PLATFORM_URL, clientId: DEV_GOV_CLIENT_ID } });
    const set = await app.inject({ method: 'POST', url: '/dev/gov-platform', payload: { url: 'http://127.0.0.1:9999/' } });
    expect(set.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/v1/zw/config' })).json()).toMatchObject({ data: { platformUrl: 'http://127.0.0.1:9999/' } });
    expect((await app.inject({ method: 'POST', url: '/dev/gov-platform', payload: { url: 'javascript:alert(1)' } })).statusCode).toBe(400);
  });
});

describe('POST zw/login', () => {
  it('exchanges a code for a session of the citizen’s individual login, method 500', async () => {
    const res = await exchange(await authCode());
    expect(res.statusCode).toBe(200);
    const token = String(res.headers.token);
    expect(res.json()).toMatchObject({ code: 0, data: { token, loginType: 1 } });
    const info = (await app.inject({ url: '/api/auth/v1/getUserInfo', headers: { token } })).json<{ data: { account: string; loginMethod: string; nikName: string } }>().data;
    expect(info).toMatchObject({ account: ZHANG, loginMethod: '500', nikName: '张三' });
  });

  it('refuses a reused code', async () => {
    const code = await authCode();
    expect((await exchange(code)).statusCode).toBe(200);
    const again = await exchange(code);
    expect(again.statusCode).toBe(428);
    expect(again.json()).toMatchObject({ msg: SSO_MESSAGES.codeUsed });
  });

  it('refuses a code older than 60 seconds; one of 59 s still works', async () => {
    const late = await authCode();
    const inTime = await authCode();
    clock += 59_000;
    expect((await exchange(inTime)).statusCode).toBe(200);
    clock += 1_001;
    const res = await exchange(late);
    expect(res.statusCode).toBe(428);
    expect(res.json()).toMatchObject({ msg: SSO_MESSAGES.codeExpired });
    // Once expired, never again usable.
    expect((await exchange(late)).json()).toMatchObject({ msg: SSO_MESSAGES.codeExpired });
  });

  it('refuses an unknown or malformed code, and a citizen the centre does not know', async () => {
    const verifier = newPkce().verifier;
    expect((await exchange({ code: 'A'.repeat(43), verifier })).json()).toMatchObject({ code: 428, msg: SSO_MESSAGES.codeUnknown });
    expect((await exchange({ code: 'bad code', verifier })).json()).toMatchObject({ code: 400, msg: SSO_MESSAGES.codeUnknown });
    expect((await exchange({ code: undefined, verifier })).json()).toMatchObject({ code: 400, msg: '缺少登录授权码，请重新从政务服务网登录' });
    const res = await exchange(await authCode(ZHAO));
    expect(res.statusCode).toBe(417);
    expect(res.json()).toMatchObject({ msg: SSO_MESSAGES.noAccount });
  });
});

describe('an authCode is bound to its client, its return address and a PKCE verifier (issue 18, item 19)', () => {
  it('the normal flow: a code issued to this hall, exchanged with its verifier and the same return address', async () => {
    const res = await exchange(await authCode());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { loginType: 1 } });
  });

  it('refuses a code the platform issued to another service (client_id)', async () => {
    const res = await exchange(await authCode(ZHANG, { clientId: 'other-service' }));
    expect(res.statusCode).toBe(428);
    expect(res.json()).toMatchObject({ msg: SSO_MESSAGES.codeMismatch });
  });

  it('refuses a code issued for another return address, and one exchanged with another', async () => {
    const elsewhere = await exchange(await authCode(ZHANG, { redirectUri: 'https://evil.example/home.html' }));
    expect(elsewhere.statusCode).toBe(428);
    expect(elsewhere.json()).toMatchObject({ msg: SSO_MESSAGES.codeMismatch });
    const other = await exchange(await authCode(), { redirectUri: 'http://127.0.0.1:8080/home.html?x=1' });
    expect(other.json()).toMatchObject({ code: 428, msg: SSO_MESSAGES.codeMismatch });
  });

  it('refuses a code without its verifier, or with a wrong one; a refused use spends the code', async () => {
    const issued = await authCode();
    const none = await exchange({ code: issued.code });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ msg: '缺少登录校验值，请重新从政务服务网登录' });
    const wrong = await exchange({ code: issued.code, verifier: newPkce().verifier });
    expect(wrong.statusCode).toBe(428);
    expect(wrong.json()).toMatchObject({ msg: SSO_MESSAGES.codeMismatch });
    // Whoever tried the code first spent it: the right verifier comes too late.
    expect((await exchange(issued)).json()).toMatchObject({ code: 428, msg: SSO_MESSAGES.codeUsed });
    // The challenge itself is no verifier.
    const challenged = newPkce();
    const res = await citizenLogin(ZHANG, GOV_DEMO_PASSWORD, bindingFor(challenged.challenge));
    const code = res.json<{ data: { authCode: string } }>().data.authCode;
    expect((await exchange({ code, verifier: challenged.challenge })).json()).toMatchObject({ code: 428, msg: SSO_MESSAGES.codeMismatch });
  });

  it('refuses a code used twice', async () => {
    const issued = await authCode();
    expect((await exchange(issued)).statusCode).toBe(200);
    expect((await exchange(issued)).json()).toMatchObject({ code: 428, msg: SSO_MESSAGES.codeUsed });
  });

  it('the simulated platform issues codes only with the whole binding and the S256 method', async () => {
    const plain = await citizenLogin(ZHANG, GOV_DEMO_PASSWORD, bindingFor(newPkce().challenge, { codeChallengeMethod: 'plain' }));
    expect(plain.json()).toMatchObject({ code: 400, msg: 'PKCE 校验方式只能是 S256' });
    const partial = await citizenLogin(ZHANG, GOV_DEMO_PASSWORD, { clientId: DEV_GOV_CLIENT_ID });
    expect(partial.json()).toMatchObject({ code: 400, msg: '客户端标识、返回地址、PKCE 校验值及其方式须一并提供' });
    // Signing in on the platform's own page (no service asking): a platform session, no code.
    const own = await citizenLogin(ZHANG, GOV_DEMO_PASSWORD, null);
    expect(own.statusCode).toBe(200);
    const data = own.json<{ data: Record<string, unknown> }>().data;
    expect(data).toMatchObject({ name: '张三', sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(data).not.toHaveProperty('authCode');
    const code = await app.inject({ method: 'POST', url: '/sim/gov/code', remoteAddress: freshIp(), payload: { sessionToken: data.sessionToken } });
    expect(code.json()).toMatchObject({ code: 400, msg: '缺少客户端标识（client_id）' });
  });
});
