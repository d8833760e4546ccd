import { ApiError } from '../http/envelope';

/** The catalogue's 429 text (spec 8.2), answered when a client goes over a limit. */
export const TOO_MANY_REQUESTS_MESSAGE = '请求过于频繁，请稍后再试';

/**
 * A sliding-window counter per key (a client address): at most `limit` hits in any `windowMs`. In process, so each
 * server instance counts on its own; behind a load balancer of N instances a client gets up to N × limit.
 */
export interface RateLimiter {
  /** Records a hit for `key` at `now`; false when it goes over the limit (the hit is still counted). */
  hit(key: string, now: number): boolean;
}

export function createRateLimiter(limit: number, windowMs: number, maxKeys = 10_000): RateLimiter {
  const hits = new Map<string, number[]>();
  const prune = (now: number) => {
    for (const [key, times] of hits) if ((times.at(-1) ?? 0) <= now - windowMs) hits.delete(key);
  };
  return {
    hit(key, now) {
      // Bounds memory under a flood of distinct addresses: forget the idle ones first.
      if (hits.size >= maxKeys && !hits.has(key)) {
        prune(now);
        const oldest = hits.keys().next();
        if (hits.size >= maxKeys && !oldest.done) hits.delete(oldest.value);
      }
      const times = (hits.get(key) ?? []).filter((t) => t > now - windowMs);
      times.push(now);
      // Keep no more than needed to decide: limit + 1 entries.
      if (times.length > limit + 1) times.splice(0, times.length - limit - 1);
      hits.set(key, times);
      return times.length <= limit;
    },
  };
}

/**
 * A Fastify `onRequest` hook that counts the request against `limiter` by client address and answers 429 with
 * 请求过于频繁，请稍后再试 once the address is over it.
 *
 * @example
 * app.get('/api/auth/v1/ca/getRandom', { onRequest: limitByAddress(createRateLimiter(60, 60_000), now) }, handler)
 */
export function limitByAddress(limiter: RateLimiter, now: () => Date): (request: { ip: string }) => Promise<void> {
  return async (request) => {
    if (!limiter.hit(request.ip, now().getTime())) throw new ApiError(429, TOO_MANY_REQUESTS_MESSAGE);
  };
}
