import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { createRateLimiter, waitForRoom } from './rate-limit';

let db: Db;
beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, false);
});
afterAll(() => db.close());

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-25T10:00:00Z');

describe('createRateLimiter (in the database)', () => {
  it('allows `limit` hits in a window, per key and per bucket', async () => {
    const limiter = createRateLimiter(db, 'test-a', 3, MINUTE);
    const seen = [];
    for (const t of [0, 10, 20, 30]) seen.push(await limiter.hit('a', T0 + t));
    expect(seen).toEqual([true, true, true, false]);
    expect(await limiter.hit('b', T0 + 30)).toBe(true);
    expect(await createRateLimiter(db, 'test-b', 3, MINUTE).hit('a', T0 + 30)).toBe(true);
  });

  it('slides: the previous window counts in proportion to what is left of it', async () => {
    const limiter = createRateLimiter(db, 'test-slide', 4, MINUTE);
    for (let i = 0; i < 4; i++) await limiter.hit('k', T0 + 50_000 + i);
    // 15 s into the next window three quarters of the previous one's 4 hits still count: 3 + 1 = 4, allowed; 5 is not.
    expect(await limiter.hit('k', T0 + MINUTE + 15_000)).toBe(true);
    expect(await limiter.hit('k', T0 + MINUTE + 15_001)).toBe(false);
    // Two windows later nothing of it is left.
    expect(await limiter.hit('k', T0 + 3 * MINUTE)).toBe(true);
  });

  it('is shared by two limiters of one bucket (two server instances on one database)', async () => {
    const one = createRateLimiter(db, 'test-shared', 2, MINUTE);
    const two = createRateLimiter(db, 'test-shared', 2, MINUTE);
    expect(await one.hit('ip', T0)).toBe(true);
    expect(await two.hit('ip', T0 + 1)).toBe(true);
    expect(await one.hit('ip', T0 + 2)).toBe(false);
    expect(await two.hit('ip', T0 + 3)).toBe(false);
  });

  it('counts concurrent hits without losing one', async () => {
    const limiter = createRateLimiter(db, 'test-concurrent', 10, MINUTE);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => limiter.hit('c', T0 + i)));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await limiter.count('c', T0 + 40)).toBe(30);
  });

  it('gives back a refunded hit', async () => {
    const limiter = createRateLimiter(db, 'test-refund', 1, MINUTE);
    expect(await limiter.hit('r', T0)).toBe(true);
    await limiter.refund('r', T0 + 1);
    expect(await limiter.hit('r', T0 + 2)).toBe(true);
    expect(await limiter.hit('r', T0 + 3)).toBe(false);
  });
});

describe('take: the count and how long to wait (Retry-After of @fastify/rate-limit)', () => {
  it('passes with no wait, then tells the wait until one more hit passes', async () => {
    const limiter = createRateLimiter(db, 'test-take', 2, MINUTE);
    expect(await limiter.take('t', T0 + 20_000)).toEqual({ count: 1, retryAfterMs: 0, resetMs: 40_000 });
    expect((await limiter.take('t', T0 + 20_001)).retryAfterMs).toBe(0);
    // Three hits in this window: after the roll they count 3 × (1 − s/60 s), at most 1 when s ≥ 40 s: 40 + 40 s away.
    expect(await limiter.take('t', T0 + 20_000 + 2)).toEqual({ count: 3, retryAfterMs: 79_998, resetMs: 39_998 });
    // And that is so: one more hit passes then, not a millisecond before.
    expect(await limiter.hit('u', T0)).toBe(true);
    expect(await limiter.count('t', T0 + 20_002 + 79_998)).toBeLessThanOrEqual(1);
    expect(await limiter.count('t', T0 + 20_002 + 79_997)).toBeGreaterThan(1);
  });

  it('waits for the previous window to fade when the current one has room', () => {
    // 10 hits last window, 1 now, limit 5: 1 + 10 × (1 − x/60 s) ≤ 4 when x ≥ 42 s; 12 s in, so 30 s.
    expect(waitForRoom(1, 10, 12_000, MINUTE, 5)).toBe(30_000);
    expect(waitForRoom(1, 2, 12_000, MINUTE, 5)).toBe(0);
  });
});
