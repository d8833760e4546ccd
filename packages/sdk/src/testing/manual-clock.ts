import type { Clock } from '../timers/clock';

/** A {@link Clock} whose time moves only when told to; for tests and demos. */
export interface ManualClock extends Clock {
  /**
   * Moves time forward by `ms`, firing every timer that falls due on the way, earliest first (ties in the order
   * they were set). While a timer runs, `now()` reads its due time; timers it sets are fired too if they fall due
   * before the end. Throws a `RangeError` for a negative or non-finite `ms`.
   */
  advance(ms: number): void;
  /** How many timers (timeouts and intervals) are waiting; 0 once everything has been stopped. */
  pending(): number;
}

interface ManualTimer {
  id: number;
  due: number;
  /** Set for intervals: the period. */
  every: number | null;
  fn: () => void;
}

/**
 * Creates a clock that stands still until {@link ManualClock.advance} moves it, firing due timers in order.
 * No real time passes, so tests of 30-minute timeouts run in microseconds.
 *
 * @example
 * const clock = createManualClock(0)
 * clock.setTimeout(() => console.log('fired at', clock.now()), 3_500)
 * clock.advance(3_499) // nothing
 * clock.advance(1)     // "fired at 3500"
 */
export function createManualClock(start = 0): ManualClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, ManualTimer>();

  function add(fn: () => void, ms: number, every: number | null): number {
    const id = nextId++;
    timers.set(id, { id, due: now + delayOf(ms), every, fn });
    return id;
  }

  function earliestDue(limit: number): ManualTimer | undefined {
    let best: ManualTimer | undefined;
    // Map keeps insertion order and ids grow, so the first of equal due times is the one set first.
    for (const t of timers.values()) if (t.due <= limit && (!best || t.due < best.due)) best = t;
    return best;
  }

  function clear(handle: unknown): void {
    if (typeof handle === 'number') timers.delete(handle);
  }

  return {
    now: () => now,
    setTimeout: (fn, ms) => add(fn, ms, null),
    // A zero period would fire forever inside one advance(); browsers clamp too.
    setInterval: (fn, ms) => add(fn, Math.max(1, delayOf(ms)), Math.max(1, delayOf(ms))),
    clearTimeout: clear,
    clearInterval: clear,
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance(ms) needs a finite ms >= 0, got ${ms}`);
      const target = now + ms;
      for (let timer = earliestDue(target); timer; timer = earliestDue(target)) {
        now = timer.due;
        if (timer.every === null) {
          timers.delete(timer.id);
        } else {
          // Re-inserting moves it behind timers of the same due time that were already waiting.
          timers.delete(timer.id);
          timers.set(timer.id, { ...timer, due: timer.due + timer.every });
        }
        timer.fn();
      }
      now = target;
    },
    pending: () => timers.size,
  };
}

function delayOf(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}
