import { ERROR_TOAST_MS, MESSAGE_DURATION_MS, NETWORK_ERROR_TOAST_MS, TOAST_HELPER_ERROR_MS } from '@gjj-hall/sdk';
import { atom } from 'nanostores';

/** The kinds of the toast helper (spec 8.4). */
export type ToastType = 'error' | 'success' | 'info' | 'warning';

/** The toast on screen. */
export interface Toast {
  id: number;
  type: ToastType;
  /** The message, one entry per line: semicolon-separated messages become separate lines (spec 8.4). */
  lines: string[];
  /** Milliseconds it stays when auto-dismiss is on. */
  duration: number;
  /** Every toast has a close button (care mode keeps toasts until closed, so one must always be there). */
  closable: boolean;
  /** When it was shown (`Date.now()`): a toast raised just before a navigation belongs to the new page. */
  shownAt: number;
}

/**
 * How long a toast stays unless told (spec 9): a message 5 s (消息提示时长), the toast helper's error 3.5 s (spec 8.4).
 * A failed call's error is 3 s, or 5 s when the network failed: {@link requestErrorDuration}.
 */
export const TOAST_DURATION: Readonly<Record<ToastType, number>> = Object.freeze({
  error: TOAST_HELPER_ERROR_MS,
  success: MESSAGE_DURATION_MS,
  info: MESSAGE_DURATION_MS,
  warning: MESSAGE_DURATION_MS,
});

/**
 * How long the error toast of a failed call stays (spec 8.3, 9): 5 s when the server could not be reached or did not
 * answer in time (网络错误), else 3 s.
 *
 * @example
 * requestErrorDuration({ kind: 'network' }) // 5000
 * requestErrorDuration(new BusinessError('余额不足', 1, {})) // 3000
 */
export function requestErrorDuration(error: unknown): number {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return kind === 'network' || kind === 'timeout' ? NETWORK_ERROR_TOAST_MS : ERROR_TOAST_MS;
}

/**
 * A toast shown this long before a navigation is taken to announce it ("注册成功，请登录" then /login) and stays on
 * the new page; older toasts belonged to the page left and close.
 */
export const NAVIGATION_GRACE_MS = 1_000;

/**
 * Splits a message on semicolons (ASCII or full-width) into lines, dropping empty ones.
 *
 * @example
 * toastLines('证件号码不能为空；手机号码格式不正确') // ['证件号码不能为空', '手机号码格式不正确']
 */
export function toastLines(message: unknown): string[] {
  const text = typeof message === 'string' ? message : message instanceof Error ? message.message : String(message ?? '');
  return text
    .split(/[;；]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The toast on screen, or null: one at a time, a new one replaces the last (spec 8.4). */
export const $toast = atom<Toast | null>(null);

/**
 * Whether toasts close by themselves after their duration (on by default). Care mode turns it off: then a toast
 * stays until its close button, the next toast or a navigation removes it. Switching it back on starts the current
 * toast's full duration again.
 */
export const $toastAutoDismiss = atom(true);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

/** The one place a toast's auto-dismiss is scheduled: nothing when `$toastAutoDismiss` is off. */
function scheduleDismiss(current: Toast | null): void {
  clearTimeout(timer);
  timer = undefined;
  if (!current || !$toastAutoDismiss.get()) return;
  timer = setTimeout(() => {
    if ($toast.get()?.id === current.id) $toast.set(null);
  }, current.duration);
}

$toastAutoDismiss.listen(() => scheduleDismiss($toast.get()));

function show(type: ToastType, message: unknown, options: { duration?: number } = {}): void {
  const lines = toastLines(message);
  if (!lines.length) return;
  const duration = options.duration ?? TOAST_DURATION[type];
  const toast: Toast = { id: nextId++, type, lines, duration, closable: true, shownAt: Date.now() };
  $toast.set(toast);
  scheduleDismiss(toast);
}

/**
 * Turns the toasts' auto-dismiss on or off (care mode: off, every toast stays until closed).
 *
 * @example
 * $careMode.subscribe((on) => setToastAutoDismiss(!on))
 */
export function setToastAutoDismiss(on: boolean): void {
  $toastAutoDismiss.set(on);
}

/**
 * The toast helper of spec 8.4: error, success, info and warning; one at a time, each with a close button; durations
 * of spec 9 ({@link TOAST_DURATION}); semicolon-separated messages become lines.
 *
 * @example
 * toast.error('验证码错误，请重新输入')
 * toast.success('登录成功，欢迎您，张三')
 */
export const toast = {
  error: (message: unknown, options?: { duration?: number }) => show('error', message, options),
  success: (message: unknown, options?: { duration?: number }) => show('success', message, options),
  info: (message: unknown, options?: { duration?: number }) => show('info', message, options),
  warning: (message: unknown, options?: { duration?: number }) => show('warning', message, options),
  /** Removes the toast on screen. */
  close: () => {
    clearTimeout(timer);
    timer = undefined;
    $toast.set(null);
  },
  /**
   * A route change: the toast of the page left closes, unless it was raised within {@link NAVIGATION_GRACE_MS} (it
   * announces the navigation itself).
   */
  navigated: (now = Date.now()) => {
    const current = $toast.get();
    if (current && now - current.shownAt >= NAVIGATION_GRACE_MS) toast.close();
  },
};
