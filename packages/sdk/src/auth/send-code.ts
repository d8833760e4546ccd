import { SEND_CODE_COUNTDOWN_S } from '../constants/constants';
import { systemClock, type Clock } from '../timers/clock';
import { secondsLeft, tickSeconds } from './ticker';

/**
 * Label of the send-code button when it can be pressed (spec 4.8).
 *
 * @example
 * button.textContent = SEND_CODE_LABEL
 */
export const SEND_CODE_LABEL = '发送验证码';
/**
 * Message after a successful send when the server sent none (spec 8.4).
 *
 * @example
 * toast.success(result.message) // SEND_CODE_SUCCESS_MESSAGE when msg is empty
 */
export const SEND_CODE_SUCCESS_MESSAGE = '验证码发送成功';
/**
 * Message after a failed send when the server sent none (spec 8.4).
 *
 * @example
 * toast.error(result.message) // SEND_CODE_FAILURE_MESSAGE when msg is empty
 */
export const SEND_CODE_FAILURE_MESSAGE = '验证码获取失败';

/**
 * Label of the button while it counts down (spec 4.8).
 *
 * @example
 * countdownLabel(42) // '42s 后重新获取'
 */
export function countdownLabel(seconds: number): string {
  return `${seconds}s 后重新获取`;
}

/**
 * Where the start time is kept: `sessionStorage` in the browser, so a reopened dialog resumes the countdown.
 * `get` may return anything; only a number of milliseconds (or its decimal string) counts as a start time.
 *
 * @example
 * const storage: CountdownStorage = {
 *   get: (key) => sessionStorage.getItem(key),
 *   set: (key, value) => sessionStorage.setItem(key, value),
 *   remove: (key) => sessionStorage.removeItem(key),
 * }
 */
export interface CountdownStorage {
  get(key: string): unknown;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** What the send-code button shows. */
export interface SendCodeState {
  /** True while counting down; the button is then disabled. */
  counting: boolean;
  /** Seconds left, 0 when idle. */
  remainingSeconds: number;
  /** `发送验证码`, or `{n}s 后重新获取` while counting. */
  label: string;
  disabled: boolean;
}

/** Options of {@link createSendCodeCountdown}. */
export interface SendCodeCountdownOptions {
  /** @default systemClock */
  clock?: Clock;
  storage: CountdownStorage;
  /** Storage key of the start time, e.g. `'changePwdCodeTime'`. */
  key: string;
  /** @default SEND_CODE_COUNTDOWN_S (60) */
  seconds?: number;
  /** Called with every new state, each second of the countdown included (not for the state at creation). */
  onChange?: (state: SendCodeState) => void;
}

/** The send-code button countdown of spec 4.8. */
export interface SendCodeCountdown {
  /** Call after a successful send: stores now as the start time and counts down from `seconds`. */
  started(): void;
  /** Back to idle and forget the stored start time: after a failed send, or a successful submit. */
  reset(): void;
  /** Reads the stored start time again and counts down from it if it is still running (e.g. the dialog reopened). */
  resume(): void;
  /** Stops ticking but keeps the stored start time, so a later `resume()` (or a new countdown) picks it up. */
  dispose(): void;
  getState(): SendCodeState;
}

const IDLE: SendCodeState = /* @__PURE__ */ Object.freeze({
  counting: false,
  remainingSeconds: 0,
  label: SEND_CODE_LABEL,
  disabled: false,
});

function counting(seconds: number): SendCodeState {
  return { counting: true, remainingSeconds: seconds, label: countdownLabel(seconds), disabled: true };
}

function storedStart(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * Creates the send-code countdown of spec 4.8. On creation it resumes a start time still stored from less than
 * `seconds` ago (so a reopened dialog shows the right seconds left) and clears a stale or unreadable one.
 * At 0 it resets by itself. Storage that throws (disabled, full) is ignored: the countdown still runs in memory.
 *
 * @example
 * const countdown = createSendCodeCountdown({
 *   storage: {
 *     get: (k) => sessionStorage.getItem(k),
 *     set: (k, v) => sessionStorage.setItem(k, v),
 *     remove: (k) => sessionStorage.removeItem(k),
 *   },
 *   key: 'changePwdCodeTime',
 *   onChange: (s) => { button.textContent = s.label; button.disabled = s.disabled },
 * })
 * const sent = client.get('/api/auth/v1/sendUpPwdSmsCode', { params: { phoneDec }, silent: true })
 * const result = sendCodeResult(await sent.catch((error: unknown) => error))
 * if (result.ok) countdown.started(); else countdown.reset()
 */
export function createSendCodeCountdown(options: SendCodeCountdownOptions): SendCodeCountdown {
  const clock = options.clock ?? systemClock;
  const total = options.seconds ?? SEND_CODE_COUNTDOWN_S;
  const { storage, key } = options;
  let state: SendCodeState = IDLE;
  let stopTicking: (() => void) | null = null;

  const store = {
    get: (): unknown => {
      try {
        return storage.get(key);
      } catch {
        return null;
      }
    },
    set: (value: string) => {
      try {
        storage.set(key, value);
      } catch {
        // In-memory countdown still works; only the resume after reopening is lost.
      }
    },
    remove: () => {
      try {
        storage.remove(key);
      } catch {
        // as above
      }
    },
  };

  function halt(): void {
    stopTicking?.();
    stopTicking = null;
  }

  function emit(next: SendCodeState): void {
    state = next;
    options.onChange?.(state);
  }

  function reset(): void {
    halt();
    store.remove();
    emit(IDLE);
  }

  /** Counts down from `startedAt`; returns false (and changes nothing) when that start has already run out. */
  function run(startedAt: number, notify: boolean): boolean {
    const now = clock.now();
    const left = secondsLeft(total, startedAt, now);
    // A start in the future (clock changed, or tampered storage) cannot be trusted either.
    if (left <= 0 || startedAt > now) return false;
    halt();
    const next = counting(left);
    if (notify) emit(next);
    else state = next;
    stopTicking = tickSeconds(clock, startedAt, () => {
      const remaining = secondsLeft(total, startedAt, clock.now());
      if (remaining <= 0) reset();
      else if (remaining !== state.remainingSeconds) emit(counting(remaining));
    });
    return true;
  }

  function resume(notify: boolean): void {
    const raw = store.get();
    const start = storedStart(raw);
    if (start !== null && run(start, notify)) return;
    halt();
    // Stale (over `seconds` old), in the future or unreadable: forget it.
    if (raw !== null && raw !== undefined) store.remove();
    if (state !== IDLE) {
      if (notify) emit(IDLE);
      else state = IDLE;
    }
  }

  resume(false);

  return {
    started() {
      const now = clock.now();
      store.set(String(now));
      if (!run(now, true)) reset(); // only when seconds <= 0
    },
    reset,
    resume: () => resume(true),
    dispose: halt,
    getState: () => state,
  };
}

/** What to do after a send-code call (spec 8.4). */
export interface SendCodeResult {
  ok: boolean;
  /** The server's msg, else the default success or failure text. */
  message: string;
  /** True on failure: call `reset()` on the countdown. */
  reset: boolean;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * Reads the answer to a send-code call (spec 8.4): success when `code` is 0 (number or `'0'`), with the server's
 * `msg` or 验证码发送成功; anything else is a failure with `msg` (or an error's message) or 验证码获取失败,
 * and the countdown must reset. Accepts the envelope or a caught error; never throws.
 *
 * @example
 * sendCodeResult({ code: 0, msg: '' })              // { ok: true, message: '验证码发送成功', reset: false }
 * sendCodeResult({ code: 500, msg: '手机号码未绑定' }) // { ok: false, message: '手机号码未绑定', reset: true }
 */
export function sendCodeResult(envelope: unknown): SendCodeResult {
  try {
    if (envelope !== null && typeof envelope === 'object') {
      const { code, msg } = envelope as { code?: unknown; msg?: unknown };
      if (code === 0 || code === '0') {
        return { ok: true, message: textOf(msg) ?? SEND_CODE_SUCCESS_MESSAGE, reset: false };
      }
      const message = textOf(msg) ?? (envelope instanceof Error ? textOf(envelope.message) : null);
      return { ok: false, message: message ?? SEND_CODE_FAILURE_MESSAGE, reset: true };
    }
  } catch {
    // A hostile object (throwing getter): treat as a failure.
  }
  return { ok: false, message: SEND_CODE_FAILURE_MESSAGE, reset: true };
}
