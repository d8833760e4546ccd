// @internal The repayment plan as the dialog shows and saves it: its columns, the CSV file and the chart's geometry.
import type { ScheduleRow } from '@gjj-hall/sdk/loan';

/** Columns of the repayment plan (spec 2.11), in order. */
export const PLAN_COLUMNS = [
  { key: 'period', title: '期次', money: false },
  { key: 'date', title: '还款日期', money: false },
  { key: 'principal', title: '偿还本金', money: true },
  { key: 'interest', title: '偿还利息', money: true },
  { key: 'payment', title: '本息合计', money: true },
  { key: 'balance', title: '剩余本金', money: true },
] as const satisfies ReadonlyArray<{ key: keyof ScheduleRow; title: string; money: boolean }>;

/**
 * The plan as CSV: a byte order mark first, so Excel reads the Chinese as UTF-8; CRLF lines; money as plain
 * two-decimal numbers (no separators) so a spreadsheet can sum them.
 */
export function planCsv(rows: readonly ScheduleRow[]): string {
  const lines = [PLAN_COLUMNS.map((c) => c.title).join(',')];
  for (const r of rows) lines.push(PLAN_COLUMNS.map((c) => String(r[c.key])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The CSV file's name: `还款计划-公积金贷款.csv`. */
export const planFileName = (label: string): string => `还款计划-${label}.csv`;

/**
 * Stacked step areas of principal (bottom) and interest (top) per period, in a `width` × `height` box.
 */
export function chartPaths(rows: readonly ScheduleRow[], width: number, height: number): { principal: string; interest: string } {
  const n = rows.length;
  if (n === 0) return { principal: '', interest: '' };
  const p = rows.map((r) => Number(r.principal) || 0);
  const t = rows.map((r, k) => (p[k] as number) + (Number(r.interest) || 0));
  const max = Math.max(...t) || 1;
  const x = (k: number) => +((k / n) * width).toFixed(2);
  const y = (v: number) => +(height - (v / max) * height).toFixed(2);
  const steps = (values: number[]) => values.flatMap((v, k) => [`${x(k)},${y(v)}`, `${x(k + 1)},${y(v)}`]);
  const principalTop = steps(p);
  const top = steps(t);
  return {
    principal: `M0,${height} L${principalTop.join(' L')} L${width},${height} Z`,
    interest: `M${top.join(' L')} L${[...principalTop].reverse().join(' L')} Z`,
  };
}
