import type { Queryable } from '../db/db';
import { ApiError } from '../http/envelope';

/** The catalogue's 429 text (spec 8.2), answered when a client goes over a limit. */
export const TOO_MANY_REQUESTS_MESSAGE = '请求过于频繁，请稍后再试';

/**
 * A sliding-window counter per key (a client address, an account, a phone): at most about `limit` hits in any
 * `windowMs`. Kept in the database (table rate_limit_hit), so every server instance on one database counts together.
 */
export interface RateLimiter {
  /** Records a hit for `key` at `now`; false when it goes over the limit (the hit is still counted). */
  hit(key: string, now: number): Promise<boolean>;
  /** Hits counted for `key` at `now`, without adding one. */
  count(key: string, now: number): Promise<number>;
  /**
   * Records a hit like `hit` and tells more: the count with it; `retryAfterMs`, how long the client must wait (if it
   * sends nothing more) until one more hit would pass, 0 when this one passed; and `resetMs`, until the current window
   * ends. For `Retry-After` and the `x-ratelimit-*` headers of @fastify/rate-limit.
   */
  take(key: string, now: number): Promise<{ count: number; retryAfterMs: number; resetMs: number }>;
  /**
   * Records `hits` hits of `key` at once (one statement) and returns the window's counts with them: what
   * `take` does for one, for a caller that hands out the hits itself from memory (a lease, see http/flood.ts).
   */
  takeMany(key: string, now: number, hits: number): Promise<{ current: number; previous: number; elapsed: number; windowStart: number }>;
  /** Takes back one hit of `key` (a send that failed through no fault of the client's). */
  refund(key: string, now: number): Promise<void>;
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * Two fixed windows weighted by how far the current one has run: count = current + previous × (1 − elapsed / window),
 * the estimate that Cloudflare and nginx use; it never lets through more than the limit in a window of the current
 * one's start, and at most twice it over a window straddling two.
 */
const estimate = (current: number, previous: number, elapsed: number, windowMs: number) =>
  current + previous * Math.max(0, 1 - elapsed / windowMs);

/**
 * How long after `elapsed` (ms into the current window) the estimate, with no more hits, falls to `limit − 1`, so
 * that one more hit passes: first while the previous window's weight fades, else after the roll, when the current
 * window becomes the previous one and fades in turn.
 */
export function waitForRoom(current: number, previous: number, elapsed: number, windowMs: number, limit: number): number {
  const room = limit - 1;
  if (estimate(current, previous, elapsed, windowMs) <= room) return 0;
  if (current <= room && previous > 0) {
    const at = windowMs * (1 - (room - current) / previous);
    if (at <= windowMs) return Math.max(0, Math.ceil(at - elapsed));
  }
  const faded = current > 0 ? windowMs * Math.max(0, 1 - room / current) : 0;
  return Math.ceil(windowMs - elapsed + faded);
}

/**
 * A limiter named `bucket` (one per rule: 'login', 'captcha', …); every limiter of the same bucket on one database
 * shares its counts.
 *
 * @example
 * const logins = createRateLimiter(db, 'login', 20, 60_000);
 * if (!(await logins.hit(request.ip, Date.now()))) throw new ApiError(429, TOO_MANY_REQUESTS_MESSAGE);
 */
export function createRateLimiter(db: Queryable, bucket: string, limit: number, windowMs: number): RateLimiter {
  let lastSweep = 0;
  const windows = (now: number) => {
    const start = Math.floor(now / windowMs) * windowMs;
    return { start, previous: start - windowMs, elapsed: now - start };
  };
  const counts = async (key: string, now: number, add: number) => {
    const w = windows(now);
    // Forget windows that can no longer count, at most once per window per process.
    if (w.start !== lastSweep) {
      lastSweep = w.start;
      await db.query('delete from rate_limit_hit where bucket = $1 and window_start < $2', [bucket, new Date(w.previous)]);
    }
    const [row] = await db.query<{ current: number; previous: number }>(
      add
        ? `with up as (
             insert into rate_limit_hit as r (bucket, key, window_start, hits) values ($1, $2, $3, $5::int)
             on conflict (bucket, key, window_start) do update set hits = r.hits + $5::int
             returning hits)
           select (select hits from up) as current,
                  coalesce((select hits from rate_limit_hit where bucket = $1 and key = $2 and window_start = $4), 0) as previous`
        : `select coalesce((select hits from rate_limit_hit where bucket = $1 and key = $2 and window_start = $3), 0) as current,
                  coalesce((select hits from rate_limit_hit where bucket = $1 and key = $2 and window_start = $4), 0) as previous`,
      add ? [bucket, key, new Date(w.start), new Date(w.previous), add] : [bucket, key, new Date(w.start), new Date(w.previous)],
    );
    return { current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0), elapsed: w.elapsed, windowStart: w.start };
  };
  const read = async (key: string, now: number, add: number) => {
    const { current, previous, elapsed } = await counts(key, now, add);
    return estimate(current, previous, elapsed, windowMs);
  };
  return {
    limit,
    windowMs,
    async hit(key, now) {
      return (await read(key, now, 1)) <= limit;
    },
    async count(key, now) {
      return read(key, now, 0);
    },
    async take(key, now) {
      const { current, previous, elapsed } = await counts(key, now, 1);
      const count = estimate(current, previous, elapsed, windowMs);
      return { count, retryAfterMs: count <= limit ? 0 : waitForRoom(current, previous, elapsed, windowMs, limit), resetMs: windowMs - elapsed };
    },
    async takeMany(key, now, hits) {
      return counts(key, now, Math.max(1, Math.floor(hits)));
    },
    async refund(key, now) {
      await db.query('update rate_limit_hit set hits = greatest(hits - 1, 0) where bucket = $1 and key = $2 and window_start = $3', [
        bucket,
        key,
        new Date(windows(now).start),
      ]);
    },
  };
}

/**
 * A Fastify `onRequest` hook that counts the request against `limiter` by client address and answers 429 with
 * 请求过于频繁，请稍后再试 once the address is over it.
 *
 * @example
 * app.get('/api/auth/v1/ca/getRandom', { onRequest: limitByAddress(createRateLimiter(db, 'ca-random', 60, 60_000), now) }, handler)
 */
export function limitByAddress(
  limiter: RateLimiter,
  now: () => Date,
): (request: { ip: string }, reply?: { header(name: string, value: number): unknown }) => Promise<void> {
  const guard = async (request: { ip: string }, reply?: { header(name: string, value: number): unknown }) => {
    const { count, retryAfterMs } = await limiter.take(request.ip, now().getTime());
    if (count <= limiter.limit) return;
    // The document promises Retry-After with every 429 (http/openapi.ts; the conformance kit checks it).
    reply?.header('retry-after', Math.max(1, Math.ceil(retryAfterMs / 1000)));
    throw new ApiError(429, TOO_MANY_REQUESTS_MESSAGE);
  };
  // Read by the OpenAPI document: a route running this guard answers 429 (http/openapi.ts).
  return Object.assign(guard, { [THROTTLES]: true });
}

/** Marks a guard that limits how often a client may call (the document then lists 429 with Retry-After). */
export const THROTTLES = Symbol.for('gjj.throttles');
