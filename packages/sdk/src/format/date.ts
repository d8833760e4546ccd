import dayjs from 'dayjs';
import type { ManipulateType } from 'dayjs';
import { DEFAULT_QUERY_MONTHS } from '../constants/constants';
import { text } from './money';

// Every calendar calculation here (days, weekdays, hours, months) uses the runtime's local time zone: the hall runs
// in the browsers of the centre's users, who are in the centre's time zone. No dayjs plugin or locale is loaded and
// nothing global is changed: the Chinese wording (weekdays, relative times, durations) is written here, smaller
// than the zh-cn locale and the relativeTime plugin together.

// Spec defaults: dates YYYY-MM-DD, date-times year-month-day hour:minute:second.
const DATE_FORMAT = 'YYYY-MM-DD';

/** The date-range picker formats of spec 5.5: a year, a month or a day. */
export type DateRangeFormat = 'yyyy' | 'yyyy-MM' | 'yyyy-MM-dd';

/** A query period as the hall sends it (spec 3.10 "pair of dates"). */
export interface QueryPeriod {
  startTime: string;
  endTime: string;
}

/** Options of {@link isDateDisabled}. */
export interface DateDisableOptions {
  /** Days after today are disabled. */
  disableFuture?: boolean;
  /** Days before today are disabled (today stays enabled). */
  disablePast?: boolean;
  /** Earliest date allowed (anything {@link parseDate} reads; unreadable bounds are ignored). */
  min?: unknown;
  /** Latest date allowed. */
  max?: unknown;
  /**
   * The picker's granularity: with `'yyyy-MM'` a whole month is compared with the current month.
   * @default 'yyyy-MM-dd'
   */
  format?: DateRangeFormat;
}

// A date, optionally with a time: 2024-01-15, 20240115, 2024/1/5, 2024.01.05, 2024-01, 2024, 2024-01-15 08:30,
// 2024-01-15T08:30:00.000, and the last with Z or an offset. The separator is captured so the day uses the same one.
const DATE =
  /^(\d{4})(?:([-/.]?)(\d\d?)(?:\2(\d\d?)(?:[T\s]+(\d\d?):(\d\d?)(?::(\d\d?)(?:\.(\d+))?)?(Z|[+-]\d\d:\d\d)?)?)?)?$/i;

// Day, hour, minute and second in milliseconds, for relative times and durations.
const SPANS = [
  [864e5, '天'],
  [36e5, '小时'],
  [6e4, '分钟'],
  [1e3, '秒'],
] as const;

/**
 * Reads a date from a Date, a dayjs object, `'YYYY-MM-DD'` (also `'YYYYMMDD'`, with `/` or `.`, a month only, a year
 * only, or with `HH:mm[:ss[.SSS]]`), an ISO instant with `Z` or an offset, or a timestamp (a ten-digit number or
 * numeric string means seconds, otherwise milliseconds). Dates without an offset are local time. Impossible dates
 * (2023-02-29, 24:00) and anything else give `null`. Never throws.
 *
 * @example
 * parseDate('20240115') // Date for 2024-01-15 00:00 local time
 * parseDate(1705276800) // the same instant as parseDate(1705276800000)
 * parseDate('2023-02-29') // null
 */
export function parseDate(value: unknown): Date | null {
  let d: Date | undefined;
  try {
    if (value instanceof Date || dayjs.isDayjs(value)) {
      d = new Date(value.valueOf());
    } else if (typeof value === 'number') {
      // Spec: ten-digit timestamps are seconds; everything else is milliseconds.
      d = new Date(Math.abs(value) >= 1e9 && Math.abs(value) < 1e10 ? value * 1000 : value);
    } else if (typeof value === 'string') {
      const s = value.trim();
      if (/^(?:\d{10}|\d{13})$/.test(s)) return parseDate(+s);
      const m = DATE.exec(s);
      // An instant with Z or an offset is left to Date, which reads ISO 8601 the same in every engine.
      if (m?.[9]) {
        d = new Date(s);
      } else if (m) {
        // A missing month or day is the first; a missing time is midnight.
        const [y, month, date, h, min, sec] = [1, 3, 4, 5, 6, 7].map((i) => +(m[i] ?? +(i < 5))) as [
          number,
          ...number[],
        ];
        d = new Date(0);
        // setFullYear keeps years below 100 as written. Date rolls 2023-02-29 over to March: the checks catch it.
        d.setFullYear(y, month! - 1, date);
        d.setHours(h!, min!, sec!, +`.${m[8] ?? 0}` * 1000);
        if (d.getMonth() + 1 !== month || d.getDate() !== date || h! > 23 || min! > 59 || sec! > 59) {
          return null;
        }
      }
    }
  } catch {
    return null;
  }
  return d && !isNaN(d.getTime()) ? d : null;
}

function nowMs(now: unknown): number {
  const t = now instanceof Date || typeof now === 'number' ? +now : NaN;
  return isFinite(t) ? t : Date.now();
}

/**
 * Formats a date with a dayjs pattern (`YYYY`, `MM`, `DD`, `HH`, `mm`, `ss`…). The picker-style patterns of spec 5.5
 * (`'yyyy'`, `'yyyy-MM'`, `'yyyy-MM-dd'`, any pattern containing `yy`) are read as well. An empty or unreadable
 * value gives `empty`, `'--'` by default, like an empty money cell.
 *
 * @example
 * formatDate('2024-01-05T08:00:00+08:00') // '2024-01-05' in UTC+8
 * formatDate(new Date(2024, 0, 5), 'yyyy-MM') // '2024-01'
 * formatDate(null) // '--'
 */
export function formatDate(value: unknown, pattern: string = DATE_FORMAT, empty = '--'): string {
  const d = parseDate(value);
  if (!d) return empty;
  const p = text(pattern) || DATE_FORMAT;
  // In picker patterns y and d are year and day; in dayjs they would print as is or as a weekday.
  return dayjs(d).format(/yy/.test(p) ? p.replace(/y/g, 'Y').replace(/d/g, 'D') : p);
}

/**
 * Formats a date and time as `YYYY-MM-DD HH:mm:ss`. An empty or unreadable value gives `empty` (`'--'`).
 *
 * @example
 * formatDateTime(new Date(2024, 0, 5, 8, 30)) // '2024-01-05 08:30:00'
 */
export function formatDateTime(value: unknown, empty = '--'): string {
  return formatDate(value, `${DATE_FORMAT} HH:mm:ss`, empty);
}

/**
 * The default query period: from `default_time` before today up to today, as `YYYY-MM-DD`. The setting is read as
 * a count of 1-9999 with an optional unit letter: `3` or `'3'` months, `'30d'` days, `'2w'` weeks, `'6m'` months,
 * `'1y'` years (case-insensitive). Missing, zero or unreadable settings give the last 3 months. Month ends are
 * clamped (2024-05-31 minus 3 months is 2024-02-29). `now` defaults to the current time.
 *
 * @example
 * defaultQueryPeriod(undefined, new Date(2024, 4, 15)) // { startTime: '2024-02-15', endTime: '2024-05-15' }
 * defaultQueryPeriod('1y', new Date(2024, 4, 15)) // { startTime: '2023-05-15', endTime: '2024-05-15' }
 */
export function defaultQueryPeriod(setting?: unknown, now?: Date | number): QueryPeriod {
  const end = dayjs(nowMs(now));
  // At most four digits, so even '9999y' stays a valid date.
  const m = /^0*([1-9]\d{0,3})\s*([dwmy]?)$/i.exec(text(setting).trim());
  const start = m
    ? // dayjs reads 'm' as minutes: months are 'M'.
      end.subtract(+m[1]!, (m[2]!.toLowerCase().replace('m', 'M') || 'M') as ManipulateType)
    : end.subtract(DEFAULT_QUERY_MONTHS, 'M');
  return { startTime: start.format(DATE_FORMAT), endTime: end.format(DATE_FORMAT) };
}

/**
 * How long ago something happened (spec): under 30 s 刚刚, under an hour `N 分钟前`, under a day `N 小时前`, under
 * two days `1 天前`, otherwise the date (`YYYY-MM-DD`). Counts are rounded down, never below 1. A time more than
 * 30 s in the future (a skewed clock) shows its date. Unreadable values give `'--'`.
 *
 * @example
 * relativeTime(Date.now() - 5 * 60_000) // '5 分钟前'
 * relativeTime(new Date(2024, 0, 1), new Date(2024, 0, 20)) // '2024-01-01'
 */
export function relativeTime(value: unknown, now?: Date | number): string {
  const d = parseDate(value);
  if (!d) return '--';
  const diff = nowMs(now) - d.getTime();
  if (Math.abs(diff) < 30e3) return '刚刚';
  if (diff < 0 || diff >= 1728e5) return formatDate(d);
  // Days, hours or minutes; under two days is always 1 天, and 30-59 s count as 1 分钟.
  const [size, unit] = SPANS.slice(0, 3).find(([size]) => diff >= size) ?? SPANS[2];
  return `${Math.max(1, Math.floor(diff / size))} ${unit}前`;
}

/**
 * Whether a date falls on a Saturday or a Sunday. Unreadable values give `false`.
 *
 * @example
 * isWeekend('2024-01-06') // true (a Saturday)
 */
export function isWeekend(date: unknown): boolean {
  const day = parseDate(date)?.getDay();
  return day === 0 || day === 6;
}

/**
 * The weekday name: `星期一` … `星期日`, or with `prefix` `'周'`: `周一` … `周日` (any other prefix gives `星期`).
 * Unreadable values give `''`.
 *
 * @example
 * weekName('2024-01-01') // '星期一'
 * weekName('2024-01-07', '周') // '周日'
 */
export function weekName(date: unknown, prefix: '星期' | '周' = '星期'): string {
  const d = parseDate(date);
  return d ? (prefix === '周' ? prefix : '星期') + '日一二三四五六'.charAt(d.getDay()) : '';
}

/**
 * A duration in milliseconds as days, hours, minutes and seconds, leaving out zero parts: `'1 小时 5 分钟'`,
 * `'30 秒'`. Milliseconds are dropped; zero or a negative duration is `'0 秒'`; a non-number gives `''`.
 *
 * @example
 * formatDuration(1_800_000) // '30 分钟' (the idle limit)
 * formatDuration(90_061_000) // '1 天 1 小时 1 分钟 1 秒'
 */
export function formatDuration(ms: unknown): string {
  if (!Number.isFinite(ms)) return '';
  let rest = Math.max(0, ms as number);
  let out = '';
  for (const [size, unit] of SPANS) {
    if (rest >= size) out += ` ${Math.floor(rest / size)} ${unit}`;
    rest %= size;
  }
  return out.slice(1) || '0 秒';
}

/**
 * Whether a date range is acceptable: the start is not after the end (spec 5.5), compared at the picker's
 * granularity. Only two readable dates can be the wrong way round: an empty or unreadable side leaves the range
 * open (whether a date is required, or well formed, is checked elsewhere).
 *
 * @example
 * isRangeValid('2024-03-01', '2024-02-01') // false
 * isRangeValid('2024-03-20', '2024-03-01', 'yyyy-MM') // true: same month
 * isRangeValid('2024-03-01', '') // true
 */
export function isRangeValid(start: unknown, end: unknown, format: DateRangeFormat = 'yyyy-MM-dd'): boolean {
  // Dates written with the picker's format compare as strings, at its granularity.
  const a = formatDate(start, format, '');
  const b = formatDate(end, format, '');
  return !a || !b || a <= b;
}

/**
 * Whether a date picker should disable a date (spec 5.5): future dates, past dates (before today; today stays
 * enabled) or dates outside `min`/`max`, compared at the picker's granularity. `today` defaults to now. An
 * unreadable date is disabled; unreadable bounds are ignored.
 *
 * @example
 * isDateDisabled(new Date(2024, 0, 16), { disableFuture: true }, new Date(2024, 0, 15)) // true
 * isDateDisabled('2024-01', { disablePast: true, format: 'yyyy-MM' }, new Date(2024, 0, 15)) // false
 */
export function isDateDisabled(date: unknown, options?: DateDisableOptions, today?: Date | number): boolean {
  const { disableFuture, disablePast, min, max, format = 'yyyy-MM-dd' } = options ?? {};
  const key = (value: unknown) => formatDate(value, format, '');
  const d = key(date);
  const t = key(new Date(nowMs(today)));
  const lo = key(min);
  const hi = key(max);
  return !d || (!!disablePast && d < t) || (!!disableFuture && d > t) || (!!lo && d < lo) || (!!hi && d > hi);
}
