// The greeting needs no calendar arithmetic: kept apart from date.ts so that using it does not bring dayjs along.

function nowMs(now: unknown): number {
  const t = now instanceof Date || typeof now === 'number' ? +now : NaN;
  return isFinite(t) ? t : Date.now();
}

/**
 * The greeting for the time of day (spec): before 8:00 早上好, before 11:00 上午好, before 14:00 中午好, before
 * 18:00 下午好, otherwise 晚上好.
 *
 * @example
 * greeting(new Date(2024, 0, 1, 9)) // '上午好'
 */
export function greeting(now?: Date | number): string {
  const h = new Date(nowMs(now)).getHours();
  return `${h < 8 ? '早上' : h < 11 ? '上午' : h < 14 ? '中午' : h < 18 ? '下午' : '晚上'}好`;
}
