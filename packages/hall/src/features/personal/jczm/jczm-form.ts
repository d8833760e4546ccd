import type { CertificateAccount } from './api';

/** What the form holds: the account, the period (YYYY-MM) and the purpose ('' for none). */
export interface FormValues {
  grzh: string;
  from: string;
  to: string;
  yt: string;
}

/** The page's own checks (the server checks the same and answers the same words; these are for comfort). */
export const FORM_MESSAGES = Object.freeze({
  grzh: '请选择缴存账户',
  fromEmpty: '请选择起始月份',
  toEmpty: '请选择截止月份',
  format: '月份格式应为 YYYY-MM',
  order: '起始月份不能晚于截止月份',
  future: '截止月份不能晚于本月',
  beforeOpening: (opening: string) => `起始月份不能早于开户月份（${opening}）`,
  tooLong: (max: number) => `缴存期间最长 ${max} 个月，请缩短起止月份`,
});

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Months from `from` to `to`, both included (0 when reversed or not months). */
export function monthCount(from: string, to: string): number {
  if (!MONTH.test(from) || !MONTH.test(to)) return 0;
  const index = (ym: string) => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7));
  return Math.max(0, index(to) - index(from) + 1);
}

/** `2025-12` to `2026-11` as 2025年12月至2026年11月. */
export function periodText(from: string, to: string): string {
  const m = (ym: string) => `${ym.slice(0, 4)}年${ym.slice(5, 7)}月`;
  return `${m(from)}至${m(to)}`;
}

/**
 * Each field's message, none when the form may go.
 *
 * @example
 * checkForm({ grzh: '201000000101', from: '2026-11', to: '2026-10', yt: '' }, account, 36) // { from: '起始月份不能晚于截止月份' }
 */
export function checkForm(v: FormValues, account: Pick<CertificateAccount, 'minMonth' | 'maxMonth'> | undefined, maxMonths: number): Partial<Record<keyof FormValues, string>> {
  if (!v.grzh || !account) return { grzh: FORM_MESSAGES.grzh };
  if (!v.from) return { from: FORM_MESSAGES.fromEmpty };
  if (!MONTH.test(v.from)) return { from: FORM_MESSAGES.format };
  if (!v.to) return { to: FORM_MESSAGES.toEmpty };
  if (!MONTH.test(v.to)) return { to: FORM_MESSAGES.format };
  if (v.from > v.to) return { from: FORM_MESSAGES.order };
  if (v.to > account.maxMonth) return { to: FORM_MESSAGES.future };
  if (v.from < account.minMonth) return { from: FORM_MESSAGES.beforeOpening(account.minMonth) };
  if (monthCount(v.from, v.to) > maxMonths) return { from: FORM_MESSAGES.tooLong(maxMonths) };
  return {};
}
