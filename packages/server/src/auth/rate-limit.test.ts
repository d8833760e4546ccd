import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';

describe('createRateLimiter', () => {
  it('allows `limit` hits in any window, per key', () => {
    const limiter = createRateLimiter(3, 60_000);
    expect([0, 10, 20, 30].map((t) => limiter.hit('a', t))).toEqual([true, true, true, false]);
    expect(limiter.hit('b', 30)).toBe(true);
    // The window slides: at 60 001 the hit at 0 has left it, but three later ones (10, 20, 30) remain.
    expect(limiter.hit('a', 60_001)).toBe(false);
    expect(limiter.hit('a', 120_000)).toBe(true);
  });

  it('keeps memory bounded under many addresses', () => {
    const limiter = createRateLimiter(1, 1_000, 100);
    for (let i = 0; i < 1_000; i++) expect(limiter.hit(`k${i}`, i)).toBe(true);
  });
});
