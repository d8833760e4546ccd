import { describe, expect, it } from 'vitest';
import { createClient, type TokenGrant } from '../client/client';
import { HttpError } from '../client/errors';
import { createManualClock, type ManualClock } from '../testing/manual-clock';
import { createTokenRefresher, TOKEN_REFRESH_PATH } from './token-refresh';

/**
 * A centre in memory, as the reference server behaves: one valid access token at a time, which expires `ttlMs` after
 * it was handed out; the refresh rotates the pair and refuses a used refresh token. Every request is recorded.
 */
function fakeCentre(clock: ManualClock, ttlMs = 60_000) {
  let serial = 0;
  const state = { access: 'A0', refresh: 'R0', expiresAt: clock.now() + ttlMs, refreshes: 0, revoked: false };
  const calls: { path: string; token: string | null }[] = [];
  /** Requests held back until `release()`, so that many are in flight at once. */
  let gate: Promise<void> | null = null;
  let open = () => {};
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://centre');
    const headers = new Headers(init.headers);
    calls.push({ path: url.pathname, token: headers.get('token') });
    if (url.pathname === TOKEN_REFRESH_PATH) {
      const body = new URLSearchParams(String(init.body));
      // The refresh answers after the held calls have all failed, as a slow network would.
      await Promise.resolve();
      if (state.revoked || body.get('refresh_token') !== state.refresh || headers.get('token') !== state.access) {
        state.revoked = true;
        return json(401, { code: 401, msg: '登录已过期，请重新登录', data: null });
      }
      serial += 1;
      state.refreshes += 1;
      Object.assign(state, { access: `A${serial}`, refresh: `R${serial}`, expiresAt: clock.now() + ttlMs });
      return json(200, { code: 0, msg: '续期成功', data: { access_token: state.access, refresh_token: state.refresh, token_type: 'bearer', expires_in: ttlMs / 1000 } }, { token: state.access });
    }
    if (gate) await gate;
    const ok = headers.get('token') === state.access && clock.now() < state.expiresAt && !state.revoked;
    return ok ? json(200, { code: 0, msg: '操作成功', data: url.pathname }) : json(401, { code: 401, msg: '登录已过期，请重新登录', data: null });
  };
  return {
    state,
    calls,
    fetch: fetch as typeof globalThis.fetch,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open();
    },
    refreshCalls: () => calls.filter((c) => c.path === TOKEN_REFRESH_PATH),
  };
}

/** A hall: the session kept in variables, activity decided by the test. */
function hall(clock: ManualClock, centre: ReturnType<typeof fakeCentre>, ttlMs = 60_000) {
  const session = { token: 'A0', refreshToken: 'R0', expiresAt: clock.now() + ttlMs as number | null, active: true };
  const unauthorized: HttpError[] = [];
  const getToken = () => session.token;
  const onToken = (token: string, grant: TokenGrant) => {
    session.token = token;
    if (grant.refreshToken) session.refreshToken = grant.refreshToken;
    if (grant.expiresAt) session.expiresAt = grant.expiresAt;
  };
  const refresher = createTokenRefresher({
    clock,
    fetch: centre.fetch,
    getToken,
    onToken,
    getRefreshToken: () => session.refreshToken,
    getExpiresAt: () => session.expiresAt,
    isActive: () => session.active,
  });
  const client = createClient({
    fetch: centre.fetch,
    getToken,
    onToken,
    onUnauthorized: (error) => unauthorized.push(error as HttpError),
    refresh: refresher,
  });
  return { client, session, unauthorized };
}

/** Lets the promises of a refresh settle (the fake centre answers at once). */
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

describe('createTokenRefresher in the request client', () => {
  it('many calls failing together with 401 lead to one refresh, and each is retried and succeeds', async () => {
    const clock = createManualClock(1_000_000);
    const centre = fakeCentre(clock);
    const { client, session, unauthorized } = hall(clock, centre);
    // The token has just run out on the centre (the expiry the hall holds is still ahead: clocks differ).
    centre.state.expiresAt = clock.now();
    centre.hold();
    const calls = Array.from({ length: 8 }, (_, i) => client.get(`/api/call/${i}`));
    await settle();
    centre.release();
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.data)).toEqual(Array.from({ length: 8 }, (_, i) => `/api/call/${i}`));
    expect(centre.refreshCalls()).toHaveLength(1);
    expect(centre.refreshCalls()[0]!.token).toBe('A0');
    expect(session).toMatchObject({ token: 'A1', refreshToken: 'R1', expiresAt: clock.now() + 60_000 });
    expect(unauthorized).toEqual([]);
    // Every call was sent twice: once with the old token, once with the new.
    expect(centre.calls.filter((c) => c.path !== TOKEN_REFRESH_PATH).map((c) => c.token).sort()).toEqual([...Array(8).fill('A0'), ...Array(8).fill('A1')]);
  });

  it('renews before expiry while the user is active, with no call made (a long form being typed)', async () => {
    const clock = createManualClock(0);
    const centre = fakeCentre(clock);
    const { client, session } = hall(clock, centre);
    await client.get('/api/start'); // the first call sets the timer (after a reload the expiry comes from the store)
    // Five lifetimes of typing: the token is renewed each time before it runs out.
    for (let step = 0; step < 50; step += 1) {
      clock.advance(6_000);
      await settle();
    }
    expect(centre.state.refreshes).toBeGreaterThanOrEqual(5);
    expect((await client.get('/api/submit')).data).toBe('/api/submit');
    expect(session.token).toBe(centre.state.access);
  });

  it('never renews while the user is idle: the token runs out and the 401 reaches the host', async () => {
    const clock = createManualClock(0);
    const centre = fakeCentre(clock);
    const { client, session, unauthorized } = hall(clock, centre);
    await client.get('/api/start');
    session.active = false;
    for (let step = 0; step < 20; step += 1) {
      clock.advance(6_000);
      await settle();
    }
    expect(centre.refreshCalls()).toEqual([]);
    await expect(client.get('/api/after')).rejects.toMatchObject({ status: 401 });
    expect(centre.refreshCalls()).toEqual([]);
    expect(unauthorized).toHaveLength(1);
  });

  it('an active user back after the expiry: the token is renewed before the call, not spent on a 401', async () => {
    const clock = createManualClock(0);
    const centre = fakeCentre(clock);
    const { client, session } = hall(clock, centre);
    session.active = false;
    clock.advance(61_000);
    session.active = true;
    expect((await client.get('/api/back')).data).toBe('/api/back');
    expect(centre.refreshCalls()).toHaveLength(1);
    expect(centre.calls.filter((c) => c.path === '/api/back').map((c) => c.token)).toEqual(['A1']);
  });

  it('a refused refresh (the session is over) lets the 401 through once, to the host, without a loop', async () => {
    const clock = createManualClock(0);
    const centre = fakeCentre(clock);
    const { client, unauthorized } = hall(clock, centre);
    centre.state.revoked = true;
    await expect(client.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(centre.refreshCalls()).toHaveLength(1);
    expect(unauthorized).toHaveLength(1);
    expect(await client.refreshToken()).toBe(false);
  });

  it('takes the refresh token and lifetime a sign-in answers in its headers', async () => {
    const clock = createManualClock(5_000);
    const seen: [string, TokenGrant][] = [];
    const client = createClient({
      fetch: (async () =>
        new Response(JSON.stringify({ code: 0, data: null }), {
          headers: { 'content-type': 'application/json', token: 'T', 'refresh-token': 'RT', 'token-expires-in': '1800' },
        })) as typeof fetch,
      onToken: (token, grant) => seen.push([token, grant]),
      refresh: createTokenRefresher({ clock, getToken: () => 'T', onToken: () => {}, getRefreshToken: () => 'RT', getExpiresAt: () => null, isActive: () => true }),
    });
    await client.post('/api/auth/v1/otherAuth/accountLogin', {});
    expect(seen).toEqual([['T', { refreshToken: 'RT', expiresAt: 5_000 + 1_800_000 }]]);
  });

  it('without refresh options a 401 is not retried (the host decides)', async () => {
    const clock = createManualClock(0);
    const centre = fakeCentre(clock);
    centre.state.expiresAt = 0;
    const client = createClient({ fetch: centre.fetch, getToken: () => 'A0' });
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(centre.calls).toHaveLength(1);
    expect(await client.refreshToken()).toBe(false);
  });
});
