/**
 * A source of time and timers. Every timer and state machine of the sdk takes one, so a host can pass
 * {@link systemClock} and a test can pass {@link createManualClock} and move time by hand.
 *
 * @example
 * const clock: Clock = systemClock
 * const handle = clock.setTimeout(() => console.log('later'), 1_000)
 * clock.clearTimeout(handle)
 */
export interface Clock {
  /** Current time in milliseconds since the epoch (or since the manual clock's start). */
  now(): number;
  /** Calls `fn` once after `ms` milliseconds; returns a handle for {@link Clock.clearTimeout}. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Cancels a pending {@link Clock.setTimeout}; an unknown or spent handle is ignored. */
  clearTimeout(handle: unknown): void;
  /** Calls `fn` every `ms` milliseconds; returns a handle for {@link Clock.clearInterval}. */
  setInterval(fn: () => void, ms: number): unknown;
  /** Cancels a {@link Clock.setInterval}; an unknown handle is ignored. */
  clearInterval(handle: unknown): void;
}

type TimerId = ReturnType<typeof globalThis.setTimeout>;

/**
 * The real clock: `Date.now` and the global timer functions, looked up at each call (nothing is touched on import,
 * and a test that fakes the globals later still sees its fakes).
 *
 * @example
 * const idle = createIdleTimer({ clock: systemClock, getRoute: () => location.pathname, onTimeout: logout })
 */
export const systemClock: Clock = /* @__PURE__ */ Object.freeze({
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number): unknown => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => globalThis.clearTimeout(handle as TimerId),
  setInterval: (fn: () => void, ms: number): unknown => globalThis.setInterval(fn, ms),
  clearInterval: (handle: unknown) => globalThis.clearInterval(handle as TimerId),
});
