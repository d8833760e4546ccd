import { formatMoney } from '@gjj-hall/sdk/format';

// The page's pure parts (node tested): signed amounts, the query's check.

/**
 * An amount as the detail shows it: thousands, two decimals, and its sign (`+` in, `-` out); empty as ''.
 *
 * @example
 * signedMoney('1920.00') // '+1,920.00'
 * signedMoney('-12000.00') // '-12,000.00'
 */
export function signedMoney(yuan: string): string {
  if (!yuan) return '';
  const text = formatMoney(yuan);
  return yuan.startsWith('-') || /^0(\.0+)?$/.test(yuan) ? text : `+${text}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a real calendar day `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * What is wrong with a query period, in the words the server uses, or '' (the server checks the same).
 *
 * @example
 * periodProblem('2026-05-01', '2026-04-30') // '开始日期不能晚于结束日期'
 */
export function periodProblem(start: string, end: string): string {
  if (!start) return '请选择开始日期';
  if (!end) return '请选择结束日期';
  if (!isDay(start)) return '开始日期不是有效的日期，请按“年-月-日”选择';
  if (!isDay(end)) return '结束日期不是有效的日期，请按“年-月-日”选择';
  // Two real days as YYYY-MM-DD compare as text (sdk isRangeValid would pull dayjs's chunk out of the shell).
  if (start > end) return '开始日期不能晚于结束日期';
  return '';
}
