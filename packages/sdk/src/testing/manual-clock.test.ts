import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../timers/clock';
import { createManualClock } from '../testing/manual-clock';

afterEach(() => vi.useRealTimers());

describe('createManualClock', () => {
  it('fires timers only when time is advanced past them, in due order', () => {
    const clock = createManualClock(1_000);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => fired.push(`a@${clock.now()}`), 100);
    clock.setTimeout(() => fired.push(`c@${clock.now()}`), 200);
    clock.advance(99);
    expect(fired).toEqual([]);
    clock.advance(101);
    expect(fired).toEqual(['a@1100', 'b@1200', 'c@1200']);
    expect(clock.now()).toBe(1_200);
    expect(clock.pending()).toBe(0);
  });

  it('repeats intervals until cleared, and fires timers set by timers within the same advance', () => {
    const clock = createManualClock(0);
    const ticks: number[] = [];
    const handle = clock.setInterval(() => ticks.push(clock.now()), 1_000);
    clock.setTimeout(() => clock.setTimeout(() => ticks.push(-clock.now()), 500), 1_000);
    clock.advance(3_000);
    expect(ticks).toEqual([1_000, -1_500, 2_000, 3_000]);
    clock.clearInterval(handle);
    clock.advance(10_000);
    expect(ticks).toHaveLength(4);
    expect(clock.pending()).toBe(0);
  });

  it('cancels a timeout and refuses to go back in time', () => {
    const clock = createManualClock();
    const fn = vi.fn();
    clock.clearTimeout(clock.setTimeout(fn, 10));
    clock.advance(100);
    expect(fn).not.toHaveBeenCalled();
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
  });
});

describe('systemClock', () => {
  it('uses the global timers at call time', () => {
    vi.useFakeTimers({ now: 5_000 });
    const fn = vi.fn();
    systemClock.setTimeout(fn, 1_000);
    const handle = systemClock.setInterval(fn, 400);
    expect(systemClock.now()).toBe(5_000);
    vi.advanceTimersByTime(1_000);
    expect(fn).toHaveBeenCalledTimes(3);
    systemClock.clearInterval(handle);
    vi.advanceTimersByTime(1_000);
    expect(fn).toHaveBeenCalledTimes(3);
  });
});
