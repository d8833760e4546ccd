// Calendar arithmetic on plain integers: a due date is a civil date, so no Date object (and no time zone) is involved.

/** @internal A civil date; month 1-12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** @internal Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] ?? 0);
}

/** @internal `YYYY-MM-DD` of a real day (year 0001-9999) as integers, else null. */
export function parseCalendarDate(text: unknown): CalendarDate | null {
  const m = typeof text === 'string' ? ISO_DATE.exec(text) : null;
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
    ? { year, month, day }
    : null;
}

/**
 * @internal The date `months` months after `start`, on the start's day of month or the month's last day when that
 * month is shorter. Always counted from the start, so a 31st stays on month ends and never drifts to the 28th.
 */
export function addMonthsClamped(start: CalendarDate, months: number): CalendarDate {
  const index = start.year * 12 + start.month - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(start.day, daysInMonth(year, month)) };
}

/** @internal `YYYY-MM-DD`. */
export function formatCalendarDate({ year, month, day }: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}
