import { TOKEN_REFRESH_CHECK_MS } from '../constants/constants';
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
