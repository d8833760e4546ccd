import { TOAST_HELPER_ERROR_MS } from '@gjj-hall/sdk';
import { atom } from 'nanostores';

/** The kinds of the toast helper (spec 8.4). */
export type ToastType = 'error' | 'success' | 'info' | 'warning';

/** The toast on screen. */
export interface Toast {
  id: number;
  type: ToastType;
  /** The message, one entry per line: semicolon-separated messages become separate lines (spec 8.4). */
  lines: string[];
  /** Milliseconds it stays. */
  duration: number;
  /** Errors carry a close button. */
  closable: boolean;
}

/** How long a toast stays unless told: errors 3.5 s (the toast helper, spec 9), others 3 s. */
export const TOAST_DURATION: Readonly<Record<ToastType, number>> = Object.freeze({
  error: TOAST_HELPER_ERROR_MS,
  success: 3_000,
  info: 3_000,
  warning: 3_000,
});

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

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

function show(type: ToastType, message: unknown, options: { duration?: number } = {}): void {
  const lines = toastLines(message);
  if (!lines.length) return;
  const duration = options.duration ?? TOAST_DURATION[type];
  const toast: Toast = { id: nextId++, type, lines, duration, closable: type === 'error' };
  clearTimeout(timer);
  $toast.set(toast);
  timer = setTimeout(() => {
    if ($toast.get()?.id === toast.id) $toast.set(null);
  }, duration);
}

/**
 * The toast helper of spec 8.4: error, success, info and warning; one at a time; errors stay 3.5 s with a close
 * button; semicolon-separated messages become lines.
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
    $toast.set(null);
  },
};
