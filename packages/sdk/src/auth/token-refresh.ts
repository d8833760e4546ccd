import { buildUrl, isSuccessCode, parseJson, type Envelope, type TokenGrant, type TokenRefresher } from '../client/client';
import { formEncode } from '../client/payload';
import { DEFAULT_CLIENT, DEFAULT_PROJECT, REQUEST_TIMEOUT_MS, TOKEN_REFRESH_CHECK_MS } from '../constants/constants';
import { systemClock, type Clock } from '../timers/clock';

/** Options of {@link createTokenRefreshCheck}. */
export interface TokenRefreshCheckOptions {
  /** @default systemClock */
  clock?: Clock;
  /** @default TOKEN_REFRESH_CHECK_MS (300000 ms) */
  intervalMs?: number;
  /** True when the token should be refreshed now (the spec does not say when; the host decides). */
  isDue: () => boolean;
  /** Refreshes the token. A rejection is passed to `onError` and the next check tries again. */
  refresh: () => Promise<unknown>;
  onError?: (error: unknown) => void;
}

/** A periodic token refresh check (spec 4.5). */
export interface TokenRefreshCheck {
  /** Starts checking every `intervalMs` (first check one interval after the start). Does nothing if running. */
  start(): void;
  /** Stops checking; a refresh already under way finishes but nothing new starts. */
  stop(): void;
}

/**
 * Checks every 5 minutes (spec 4.5, 9) whether the token is due and refreshes it if so, never two refreshes at once.
 * What "due" means is not in the spec, so the host supplies `isDue`.
 *
 * @example
 * const check = createTokenRefreshCheck({
 *   isDue: () => tokenExpiresAt - Date.now() < REMAINING_TIME_MS,
 *   refresh: () => renewToken(session.$refreshToken.get()),
 * })
 * check.start() // after sign-in; check.stop() on logout
 */
export function createTokenRefreshCheck(options: TokenRefreshCheckOptions): TokenRefreshCheck {
  const clock = options.clock ?? systemClock;
  let handle: unknown = null;
  let refreshing = false;

  function tick(): void {
    if (refreshing) return;
    try {
      if (!options.isDue()) return;
      refreshing = true;
      Promise.resolve(options.refresh())
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          refreshing = false;
        });
    } catch (error) {
      refreshing = false;
      options.onError?.(error);
    }
  }

  return {
    start() {
      if (handle === null) handle = clock.setInterval(tick, options.intervalMs ?? TOKEN_REFRESH_CHECK_MS);
    },
    stop() {
      clock.clearInterval(handle);
      handle = null;
    },
  };
}

/** The refresh call of spec 7.2 (`POST /auth/oauth/token`) under /api/auth/v1 (docs/api-shell.md, 令牌续期). */
export const TOKEN_REFRESH_PATH = '/api/auth/v1/auth/oauth/token';

/** Options of {@link createTokenRefresher}. */
export interface TokenRefresherOptions {
  /** The access token held (the same as the client's `getToken`). */
  getToken: () => string | null | undefined;
  /** Stores a renewed access token with its refresh token and expiry (the same as the client's `onToken`). */
  onToken: (token: string, grant: TokenGrant) => void;
  /** The refresh token held; nothing is refreshed without one. */
  getRefreshToken: () => string | null | undefined;
  /** When the access token expires (ms on `clock`), as `onToken` was told; null when unknown. */
  getExpiresAt: () => number | null | undefined;
  /** True while the user is active (not idle by spec 4.6): only then is the token renewed. */
  isActive: () => boolean;
  /** Prefix of the refresh call, as the client's. @default '' */
  baseURL?: string;
  /** @default TOKEN_REFRESH_PATH */
  path?: string;
  /** The `client` and `jproject` headers, as the client's. @default 'wt', 'izfgjj' */
  client?: string;
  jproject?: string;
  /** @default REQUEST_TIMEOUT_MS */
  timeout?: number;
  /** @default systemClock */
  clock?: Clock;
  /** @default the global fetch, looked up per call */
  fetch?: typeof globalThis.fetch;
}

type Outcome = 'ok' | 'refused' | 'failed';

/**
 * The token refresh a request client runs (`createClient({ refresh })`; docs/api-shell.md, 令牌续期):
 * - a third of the token's remaining life before it expires (at most 2 minutes before), while the user is active, it
 *   exchanges the refresh token for a new pair; not active then, it looks again later until the token has run out;
 * - a token already past its expiry is renewed before a call goes out, rather than spent on a certain 401;
 * - a call met with 401 is sent again after one refresh, however many fail together (single-flight); one whose 401
 *   comes after another call renewed the token is simply sent again;
 * - never while the user is idle: the token runs out, and the idle sign-out (spec 4.6) or the 401 dialog ends it.
 *
 * @example
 * const refresher = createTokenRefresher({
 *   getToken: () => session.$accessToken.get(),
 *   onToken: (token, grant) => session.setToken(token, grant.refreshToken, grant.expiresAt),
 *   getRefreshToken: () => session.$refreshToken.get(),
 *   getExpiresAt: () => session.$tokenExpiresAt.get(),
 *   isActive: () => Date.now() - (session.$lastActivity.get() ?? 0) <= IDLE_LIMIT_MS,
 * })
 * const client = createClient({ getToken: …, onToken: …, refresh: refresher })
 */
export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const clock = options.clock ?? systemClock;
  const token = () => options.getToken() || '';
  let inflight: Promise<Outcome> | null = null;
  let timer: unknown = null;

  function renew(): Promise<Outcome> {
    const refreshToken = options.getRefreshToken();
    if (!refreshToken || !token()) return Promise.resolve('refused');
    inflight ??= exchange(refreshToken).finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function exchange(refreshToken: string): Promise<Outcome> {
    const controller = new AbortController();
    const abort = setTimeout(() => controller.abort(), options.timeout ?? REQUEST_TIMEOUT_MS);
    try {
      const response = await (options.fetch ?? globalThis.fetch)(
        buildUrl(options.baseURL ?? '', options.path ?? TOKEN_REFRESH_PATH, { grant_type: 'refresh_token', scope: 'server' }),
        {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
            client: options.client ?? DEFAULT_CLIENT,
            jproject: options.jproject ?? DEFAULT_PROJECT,
            token: token(),
          },
          body: formEncode({ grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'server' }),
          signal: controller.signal,
        },
      );
      const body = parseJson(await response.text()) as Envelope<{ access_token?: string; refresh_token?: string; expires_in?: number }> | undefined;
      const data = body?.data;
      // 400 and 401 are the server's no: the session is over. Anything else may pass: try again later.
      if (!response.ok || !isSuccessCode(body?.code) || !data?.access_token) return response.status === 401 || response.status === 400 ? 'refused' : 'failed';
      const grant: TokenGrant = {};
      if (data.refresh_token) grant.refreshToken = data.refresh_token;
      if (Number(data.expires_in) > 0) grant.expiresAt = clock.now() + Number(data.expires_in) * 1000;
      options.onToken(data.access_token, grant);
      schedule();
      return 'ok';
    } catch {
      return 'failed';
    } finally {
      clearTimeout(abort);
    }
  }

  function schedule(): void {
    clock.clearTimeout(timer);
    timer = null;
    const at = options.getExpiresAt();
    if (!at || !token()) return;
    const left = at - clock.now();
    if (left > 0) timer = clock.setTimeout(due, Math.max(0, left - Math.min(120_000, left / 3)));
  }

  function due(): void {
    timer = null;
    const at = options.getExpiresAt();
    if (!at || !token() || at <= clock.now()) return;
    const later = () => {
      const left = at - clock.now();
      if (left > 0 && timer === null) timer = clock.setTimeout(due, Math.min(TOKEN_REFRESH_CHECK_MS, Math.max(1000, left / 2)));
    };
    if (!options.isActive()) return later();
    void renew().then((outcome) => {
      if (outcome === 'failed') later();
    });
  }

  return {
    grantOf(headers) {
      const grant: TokenGrant = {};
      const refreshToken = headers.get('refresh-token');
      const expiresIn = Number(headers.get('token-expires-in'));
      if (refreshToken) grant.refreshToken = refreshToken;
      if (expiresIn > 0) grant.expiresAt = clock.now() + expiresIn * 1000;
      return grant;
    },
    schedule,
    async beforeCall() {
      const at = options.getExpiresAt();
      if (at && at <= clock.now() + 1000 && options.isActive()) await renew();
      // After a reload the expiry comes from the store, with no timer yet.
      else if (timer === null) schedule();
    },
    async retry(sentToken) {
      if (token() && token() !== sentToken) return true;
      return options.isActive() && (await renew()) === 'ok';
    },
    refresh: () => renew().then((outcome) => outcome === 'ok'),
  };
}
