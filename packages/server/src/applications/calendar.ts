import type { Queryable } from '../db/db';

/**
 * The centre's working days (承诺时限 are counted in them): Monday to Friday, but for the days of `holiday_day` (a
 * holiday off, a 调休 weekend day worked). Migration 030 seeds 2026; a later year's arrangement is a new migration.
 */

const DAY_MS = 86_400_000;

const toDate = (day: string): Date => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date): string => date.toISOString().slice(0, 10);

/** True when `day` (`YYYY-MM-DD`) is worked, given the calendar's exceptions. */
export function isWorkingDay(day: string, exceptions: ReadonlyMap<string, 'holiday' | 'workday'>): boolean {
  const kind = exceptions.get(day);
  if (kind) return kind === 'workday';
  const weekday = toDate(day).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * The day `days` working days after `from` (the day of submission does not count, as a counter's 受理 day does not):
 * pure, over the exceptions given.
 *
 * @example
 * addWorkingDays('2026-09-30', 1, new Map([['2026-10-01', 'holiday'], …])) // '2026-10-08'
 */
export function addWorkingDays(from: string, days: number, exceptions: ReadonlyMap<string, 'holiday' | 'workday'>): string {
  let date = toDate(from);
  let left = days;
  while (left > 0) {
    date = new Date(date.getTime() + DAY_MS);
    if (isWorkingDay(toDay(date), exceptions)) left -= 1;
  }
  return toDay(date);
}

/** The promised completion day: `days` working days after `from`, the calendar read from the database. */
export async function promisedDate(q: Queryable, from: string, days: number): Promise<string> {
  // Holidays never take more than a fortnight in a row: three calendar weeks per working week and a month's margin.
  const until = toDay(new Date(toDate(from).getTime() + (days * 3 + 31) * DAY_MS));
  const rows = await q.query<{ day: string; kind: 'holiday' | 'workday' }>(
    `select to_char(day, 'YYYY-MM-DD') as day, kind from holiday_day where day > $1::date and day <= $2::date`,
    [from, until],
  );
  return addWorkingDays(from, days, new Map(rows.map((r) => [r.day, r.kind])));
}
