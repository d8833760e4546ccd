import { IDLE_CHECK_MS, IDLE_EXEMPT_ROUTES, IDLE_LIMIT_MS, IDLE_MESSAGE_MS } from '../constants/constants';
import { systemClock, type Clock } from './clock';

/**
 * The message shown before an idle sign-out (spec 8.4; the spec gives it in English only).
 *
 * @example
 * toast.error(IDLE_LOGOUT_MESSAGE, { duration: IDLE_MESSAGE_MS })
 */
export const IDLE_LOGOUT_MESSAGE = '您已长时间未操作，将自动退出系统';

/**
 * Where the last-activity time is kept. Pass one backed by the session store so that a reload does not reset it.
 *
 * @example
 * const store: ActivityStore = { get: () => session.$lastActivity.get(), set: (t) => session.recordActivity(t) }
 */
export interface ActivityStore {
  /** The last activity in ms, or null when none is recorded (a non-number reads as none). */
  get(): number | null;
  set(at: number): void;
}

/** Options of {@link createIdleTimer}. */
export interface IdleTimerOptions {
  /** @default systemClock */
  clock?: Clock;
  /** The current route path (query and hash are ignored), e.g. `() => router.currentRoute.value.path`. */
  getRoute: () => string;
  /** Called once the message has been shown for `messageMs`: log out and replace the route with /login. */
  onTimeout: () => void;
  /** Called when the limit is passed: show `message` as an error for `durationMs`. */
  onWarn?: (message: string, durationMs: number) => void;
  /** @default IDLE_LIMIT_MS (30 minutes) */
  limitMs?: number;
  /** @default IDLE_CHECK_MS (5 s) */
  checkMs?: number;
  /** @default IDLE_MESSAGE_MS (3.5 s) */
  messageMs?: number;
  /** @default IDLE_EXEMPT_ROUTES */
  exemptRoutes?: readonly string[];
  /** @default an in-memory store, forgotten after a timeout */
  store?: ActivityStore;
  /** @default IDLE_LOGOUT_MESSAGE */
  message?: string;
}

/** `stopped`: not checking; `running`: checking every `checkMs`; `warning`: message shown, sign-out pending. */
export type IdleTimerState = 'stopped' | 'running' | 'warning';

/** The idle timer of spec 4.6. */
export interface IdleTimer {
  /** Starts checking. With no recorded activity, now counts as the last activity. Does nothing when not stopped. */
  start(): void;
  /** Stops checking and cancels a pending sign-out. */
  stop(): void;
  /** Records activity now, unless the current route is exempt. Call it on mouse press, scroll and key press. */
  recordActivity(): void;
  getState(): IdleTimerState;
}

/**
 * True when activity on `route` does not count for the idle timer (spec 4.6). Compares the path exactly,
 * without query, hash or a trailing slash.
 *
 * @example
 * isIdleExemptRoute('/login?redirect=%2Fgrwt') // true
 * isIdleExemptRoute('/grwt/index')              // false
 */
export function isIdleExemptRoute(route: unknown, exemptRoutes: readonly string[] = IDLE_EXEMPT_ROUTES): boolean {
  if (typeof route !== 'string') return false;
  const path = route.replace(/[?#].*$/s, '').replace(/(.)\/+$/, '$1');
  return exemptRoutes.includes(path);
}

function memoryStore(): ActivityStore & { clear(): void } {
  let last: number | null = null;
  return {
    get: () => last,
    set: (at) => void (last = at),
    clear: () => void (last = null),
  };
}

/**
 * Creates the idle timer of spec 4.6. Nothing runs until `start()`. Every `checkMs` it compares the last activity
 * with now; once more than `limitMs` has passed it calls `onWarn(message)`, stops checking, and `messageMs` later
 * calls `onTimeout()` and stops. The check is skipped while the current route is exempt (a public page has no
 * session to end). Activity during the message does not cancel the sign-out, as the spec orders it.
 *
 * @example
 * const idle = createIdleTimer({
 *   getRoute: () => location.pathname,
 *   onWarn: (message, ms) => toast.error(message, { duration: ms }),
 *   onTimeout: () => { session.logout(); router.replace('/login') },
 *   store: { get: () => session.$lastActivity.get(), set: (t) => session.recordActivity(t) },
 * })
 * for (const type of ['mousedown', 'scroll', 'keydown']) {
 *   addEventListener(type, idle.recordActivity, { passive: true, capture: true })
 * }
 * idle.start()
 */
export function createIdleTimer(options: IdleTimerOptions): IdleTimer {
  const clock = options.clock ?? systemClock;
  const limitMs = options.limitMs ?? IDLE_LIMIT_MS;
  const checkMs = options.checkMs ?? IDLE_CHECK_MS;
  const messageMs = options.messageMs ?? IDLE_MESSAGE_MS;
  const exemptRoutes = options.exemptRoutes ?? IDLE_EXEMPT_ROUTES;
  const message = options.message ?? IDLE_LOGOUT_MESSAGE;
  const ownStore = options.store ? null : memoryStore();
  const store: ActivityStore = options.store ?? (ownStore as ActivityStore);

  let state: IdleTimerState = 'stopped';
  let checkHandle: unknown = null;
  let logoutHandle: unknown = null;

  const exempt = () => {
    try {
      return isIdleExemptRoute(options.getRoute(), exemptRoutes);
    } catch {
      return false;
    }
  };

  const lastActivity = (): number | null => {
    const value = store.get();
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };

  function clearTimers(): void {
    clock.clearInterval(checkHandle);
    clock.clearTimeout(logoutHandle);
    checkHandle = logoutHandle = null;
  }

  function check(): void {
    if (state !== 'running' || exempt()) return;
    const now = clock.now();
    const last = lastActivity();
    if (last === null) {
      // Cleared while running (another part of the app reset the session): start counting from now.
      store.set(now);
      return;
    }
    if (now - last <= limitMs) return;
    state = 'warning';
    clock.clearInterval(checkHandle);
    checkHandle = null;
    logoutHandle = clock.setTimeout(() => {
      logoutHandle = null;
      state = 'stopped';
      // The in-memory record belongs to this timer; without clearing it a later start() would time out at once.
      ownStore?.clear();
      options.onTimeout();
    }, messageMs);
    options.onWarn?.(message, messageMs);
  }

  return {
    start() {
      if (state !== 'stopped') return;
      if (lastActivity() === null) store.set(clock.now());
      state = 'running';
      checkHandle = clock.setInterval(check, checkMs);
    },
    stop() {
      clearTimers();
      state = 'stopped';
    },
    recordActivity() {
      if (!exempt()) store.set(clock.now());
    },
    getState: () => state,
  };
}
