import type { Clock } from '../timers/clock';

/**
 * Whole seconds left of a `total`-second countdown that started at `startedAt` (ms), never below 0.
 * Computed from the clock rather than counted, so throttled timers in a background tab do not stretch it.
 *
 * @example
 * secondsLeft(60, 0, 20_500) // 40
 */
export function secondsLeft(total: number, startedAt: number, now: number): number {
  return Math.max(0, total - Math.floor((now - startedAt) / 1_000));
}

/**
 * Calls `onTick` on every whole second after `startedAt` (startedAt + 1 s, + 2 s, …) until the returned stop
 * function is called. Each wait is measured to the next boundary, so a countdown resumed mid-second stays in step.
 *
 * @example
 * const stop = tickSeconds(clock, clock.now(), () => render())
 */
export function tickSeconds(clock: Clock, startedAt: number, onTick: () => void): () => void {
  let handle: unknown = null;
  let stopped = false;
  const schedule = () => {
    const elapsed = clock.now() - startedAt;
    // A start in the future (clock skew) waits until it, then one second.
    const wait = elapsed < 0 ? 1_000 - elapsed : 1_000 - (elapsed % 1_000);
    handle = clock.setTimeout(() => {
      if (stopped) return;
      schedule();
      onTick();
    }, wait);
  };
  schedule();
  return () => {
    stopped = true;
    clock.clearTimeout(handle);
  };
}
