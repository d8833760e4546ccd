import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { SESSION_EXPIRED_MESSAGE, SESSION_IDLE_MS } from '../auth/session';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { freshIp, login } from '../test-support/login';
import { REFRESH_MESSAGES, TOKEN_PATH } from './token';

let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-26T09:00:00+08:00');
const TTL_MS = 60_000;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock), accessTokenTtlMs: TTL_MS, refreshRateLimit: 5 });
});
afterAll(() => app.close());

const ZHANG = '110101199003072316';
const UNIT = '100200300001';

interface Pair {
  token: string;
  refreshToken: string;
}

async function signIn(account = ZHANG, loginType: 1 | 2 = 1): Promise<Pair & { expiresIn: string }> {
  const res = await login(app, account, { loginType });
  expect(res.statusCode).toBe(200);
  return { token: String(res.headers.token), refreshToken: String(res.headers['refresh-token']), expiresIn: String(res.headers['token-expires-in']) };
}

const userInfo = (token: string) => app.inject({ url: '/api/auth/v1/getUserInfo', headers: { token } });

/** The hall's refresh: form-encoded as OAuth 2.0 sends it, the session's access token in the header. */
const refresh = (pair: Partial<Pair>, ip = freshIp()) =>
  app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(pair.token ? { token: pair.token } : {}) },
    payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: pair.refreshToken ?? '', scope: 'server' }).toString(),
  });

function pairOf(res: Awaited<ReturnType<typeof refresh>>): Pair {
  const data = res.json<{ data: { access_token: string; refresh_token: string } }>().data;
  return { token: data.access_token, refreshToken: data.refresh_token };
}

describe('sign-in hands out a refresh token and the lifetime', () => {
  it('in the headers refresh-token and token-expires-in, exposed to browsers', async () => {
    const pair = await signIn();
    expect(pair.refreshToken).toMatch(/^[0-9a-f]{64}$/);
    expect(pair.refreshToken).not.toBe(pair.token);
    expect(pair.expiresIn).toBe('60');
    const cors = await app.inject({ url: '/api/auth/v1/getPubleKey', headers: { origin: 'http://localhost:5173' } });
    expect(String(cors.headers['access-control-expose-headers'])).toMatch(/refresh-token.*token-expires-in/);
  });

  it('the access token stops opening the session at its lifetime, however busy the user', async () => {
    const pair = await signIn();
    clock += TTL_MS - 1000;
    expect((await userInfo(pair.token)).statusCode).toBe(200);
    clock += 1000;
    const expired = await userInfo(pair.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().msg).toBe(SESSION_EXPIRED_MESSAGE);
  });
});

describe(`POST ${TOKEN_PATH}`, () => {
  it('rotates: a new access and refresh token, the old access token refused, the session (its account) kept', async () => {
    const first = await signIn();
    clock += TTL_MS + 5000; // the access token has expired: a refresh still renews the session
    const res = await refresh(first);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; data: { access_token: string; refresh_token: string; token_type: string; expires_in: number } }>();
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ token_type: 'bearer', expires_in: 60 });
    expect(res.headers.token).toBe(body.data.access_token);
    expect(res.headers['refresh-token']).toBe(body.data.refresh_token);
    const second = pairOf(res);
    expect(second.token).not.toBe(first.token);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await userInfo(first.token)).statusCode).toBe(401);
    const info = await userInfo(second.token);
    expect(info.statusCode).toBe(200);
    expect(info.json().data.account).toBe(ZHANG);
    // Renewed for a whole lifetime from the refresh.
    clock += TTL_MS - 1000;
    expect((await userInfo(second.token)).statusCode).toBe(200);
    // And again, with the newest pair.
    const third = await refresh(second);
    expect(third.statusCode).toBe(200);
    expect((await userInfo(pairOf(third).token)).statusCode).toBe(200);
  });

  it('reuse of an old refresh token revokes the session: both the thief and the user must sign in again', async () => {
    const first = await signIn();
    const second = pairOf(await refresh(first));
    // Someone replays the first refresh token (with the first access token they also copied).
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ code: 401, msg: REFRESH_MESSAGES.reused, data: null });
    expect((await userInfo(second.token)).statusCode).toBe(401);
    const again = await refresh(second);
    expect(again.statusCode).toBe(401);
    expect(again.json().msg).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it("refuses another session's token: a refresh token is bound to its session's access token", async () => {
    const mine = await signIn();
    const theirs = await signIn(UNIT, 2);
    const res = await refresh({ token: theirs.token, refreshToken: mine.refreshToken });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(REFRESH_MESSAGES['other-session']);
    // Without any access token, likewise.
    expect((await refresh({ refreshToken: mine.refreshToken })).statusCode).toBe(401);
    // Neither session is harmed: each refreshes with its own pair.
    expect((await refresh(mine)).statusCode).toBe(200);
    expect((await refresh(theirs)).statusCode).toBe(200);
  });

  it('a session that is over answers 401 with the Chinese message: signed out, idle past the limit, unknown token', async () => {
    const out = await signIn();
    await app.inject({ method: 'POST', url: '/api/auth/v1/auth/token/logout', headers: { token: out.token } });
    const loggedOut = await refresh(out);
    expect(loggedOut.statusCode).toBe(401);
    expect(loggedOut.json()).toEqual({ code: 401, msg: SESSION_EXPIRED_MESSAGE, data: null });

    const idle = await signIn();
    clock += SESSION_IDLE_MS + 1000;
    expect((await refresh(idle)).json().msg).toBe(SESSION_EXPIRED_MESSAGE);

    const unknown = await refresh({ token: idle.token, refreshToken: 'f'.repeat(64) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().msg).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it('a busy session renewed every 20 minutes still ends after 12 hours, and unused for 30 minutes', async () => {
    let pair: Pair = await signIn();
    for (let i = 0; i < 35; i += 1) {
      clock += 20 * 60_000;
      const res = await refresh(pair);
      expect(res.statusCode).toBe(200);
      pair = pairOf(res);
    }
    clock += 20 * 60_000; // 12 hours
    const old = await refresh(pair);
    expect(old.statusCode).toBe(401);
    expect(old.json().msg).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it('answers bad input with 400 and a Chinese message', async () => {
    const pair = await signIn();
    const missing = await app.inject({ method: 'POST', url: TOKEN_PATH, remoteAddress: freshIp(), headers: { token: pair.token }, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('缺少刷新令牌，请重新登录');
    const grant = await app.inject({
      method: 'POST',
      url: TOKEN_PATH,
      remoteAddress: freshIp(),
      headers: { token: pair.token },
      payload: { grant_type: 'password', refresh_token: pair.refreshToken },
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().msg).toBe('不支持的授权类型：续期请用 refresh_token');
  });

  it('is throttled per client address (429 with the catalogue message)', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await refresh({ token: 'a'.repeat(64), refreshToken: 'b'.repeat(64) }, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const res = await refresh({ token: 'a'.repeat(64), refreshToken: 'b'.repeat(64) }, ip);
    expect(res.json().msg).toBe('请求过于频繁，请稍后再试');
  });
});
