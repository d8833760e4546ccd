import { rules } from '@gjj-hall/sdk/validate';

/** The configuration key of the notice's reading time in seconds (spec 4.10, docs/api-shell.md). */
export const NOTICE_WAIT_CONFIG_KEY = 'XT_TZSC';
/** The reading time when the configuration has none. */
export const DEFAULT_NOTICE_WAIT_S = 5;
/** The default title of the dialog (spec 2.12). */
export const HANDLING_NOTICE_TITLE = '用户办理须知';
/** Shown when the notice text decodes to nothing (spec 8.4). */
export const EMPTY_NOTICE_MESSAGE = '解析数据为空！';

/**
 * Seconds the agree button waits (spec 4.10): the configured XT_TZSC, else 5. Anything that is not a whole number
 * from 0 to 600 falls back to the default.
 *
 * @example
 * noticeWaitSeconds('10') // 10
 * noticeWaitSeconds('') // 5
 */
export function noticeWaitSeconds(configured: unknown): number {
  const n = typeof configured === 'string' && configured.trim() !== '' ? Number(configured) : typeof configured === 'number' ? configured : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 600 ? n : DEFAULT_NOTICE_WAIT_S;
}

/**
 * The agree button's label: counting down while the notice must still be read, then plain.
 *
 * @example
 * agreeLabel(3) // '确认（3 秒后可用）'
 * agreeLabel(0) // '确认'
 */
export function agreeLabel(remaining: number): string {
  return remaining > 0 ? `确认（${remaining} 秒后可用）` : '确认';
}

/**
 * What confirming says (spec 4.10, 5.3): '' when the box is ticked, else 请先阅读并同意条款约定.
 *
 * @example
 * agreementError(false) // '请先阅读并同意条款约定'
 */
export function agreementError(agreed: boolean): string {
  return rules.agreement()(agreed);
}

/**
 * The notice text (spec 3.5 `pznr`, base64 of UTF-8 text), or the empty-data message when there is none or it
 * cannot be read.
 *
 * @example
 * decodeNoticeText(btoa(String.fromCharCode(...new TextEncoder().encode('办理须知')))) // '办理须知'
 */
export function decodeNoticeText(pznr: unknown): string {
  if (typeof pznr !== 'string' || !pznr.trim()) return EMPTY_NOTICE_MESSAGE;
  try {
    const bytes = Uint8Array.from(atob(pznr.trim()), (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
    return text || EMPTY_NOTICE_MESSAGE;
  } catch {
    return EMPTY_NOTICE_MESSAGE;
  }
}
