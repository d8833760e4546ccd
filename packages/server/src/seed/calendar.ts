import { centreDate } from '../clock';
import type { Queryable } from '../db/db';

/**
 * The demo calendar (docs/decisions.md › The demo calendar): every date the demo seed writes is a distance back from
 * the seed day, the day (in the centre's time zone) the data directory was first seeded, so the demo people stay
 * eligible and the demo loan has exactly one overdue period whatever the real date is. The seed day is kept in
 * app_meta (`demo_seed_day`) at the first seed; later seed steps on the same database read it back, so a database
 * upgraded months later still tells one story. Tests read the same helpers (seededCalendar) instead of literals.
 *
 * @example
 * const cal = demoCalendar(new Date('2027-03-15T04:00:00Z'));
 * cal.lastMonth; // '202702'
 * cal.dayOf(cal.monthsBack(2), 20); // '2027-01-20'
 */
export interface DemoCalendar {
  /** The seed day, `YYYY-MM-DD` in the centre's time zone. */
  readonly today: string;
  /** The seed day's year. */
  readonly year: number;
  /** The seed day's month, `YYYYMM`. */
  readonly thisMonth: string;
  /** The month before the seed day's, `YYYYMM`. */
  readonly lastMonth: string;
  /** The month `n` months before the seed day's, `YYYYMM` (monthsBack(0) is thisMonth). */
  monthsBack(n: number): string;
  /** The months from `n` months back to last month, oldest first (`YYYYMM`). */
  lastMonths(n: number): string[];
  /** Day `day` of the month `period` (`YYYYMM`), `YYYY-MM-DD`; a day past the month's end is its last day. */
  dayOf(period: string, day: number): string;
  /** The day `n` days before the seed day, `YYYY-MM-DD`. */
  daysAgo(n: number): string;
  /** `n` days before the seed day at `time` (`HH:mm`) in the centre's time zone, an ISO 8601 timestamp. */
  at(n: number, time: string): string;
  /** The year of the last 30 June before the seed day: the centre's interest is settled up to that 30 June. */
  readonly settledYear: number;
}

/** The seed day of a database seeded before the calendar existed: its literals were written for December 2026. */
export const LEGACY_SEED_DAY = '2026-12-01';

const pad = (n: number) => String(n).padStart(2, '0');
const utc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The calendar of a seed day (`YYYY-MM-DD`). */
export function calendarOf(today: string): DemoCalendar {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`seed day ${today} is not YYYY-MM-DD`);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const monthsBack = (n: number) => {
    const d = new Date(Date.UTC(y, m - 1 - n, 1));
    return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}`;
  };
  return {
    today,
    year: y,
    thisMonth: monthsBack(0),
    lastMonth: monthsBack(1),
    monthsBack,
    lastMonths: (n) => Array.from({ length: n }, (_, i) => monthsBack(n - i)),
    dayOf(period, day) {
      const py = Number(period.slice(0, 4));
      const pm = Number(period.slice(4));
      const last = new Date(Date.UTC(py, pm, 0)).getUTCDate();
      return `${py}-${pad(pm)}-${pad(Math.min(day, last))}`;
    },
    daysAgo: (n) => iso(new Date(utc(today).getTime() - n * 86_400_000)),
    at: (n, time) => `${iso(new Date(utc(today).getTime() - n * 86_400_000))}T${time}:00+08:00`,
    settledYear: today.slice(5) > '06-30' ? y : y - 1,
  };
}

/** The calendar of a seed made at `now` (the real clock when not given). */
export function demoCalendar(now: Date = new Date()): DemoCalendar {
  return calendarOf(centreDate(now));
}

/**
 * The calendar a database was seeded with: its `demo_seed_day`, else (seeded before the calendar existed) the
 * December 2026 its literals were written for, else (not seeded yet) the day of `now`.
 */
export async function seededCalendar(q: Queryable, now: Date = new Date()): Promise<DemoCalendar> {
  const rows = await q.query<{ key: string; value: string }>(
    `select key, value from app_meta where key in ('demo_seed_day', 'demo_seed_version')`,
  );
  const day = rows.find((r) => r.key === 'demo_seed_day')?.value;
  if (day) return calendarOf(day);
  return rows.some((r) => r.key === 'demo_seed_version') ? calendarOf(LEGACY_SEED_DAY) : demoCalendar(now);
}

/** `YYYYMM` as `YYYY-MM`. */
export const monthText = (period: string) => `${period.slice(0, 4)}-${period.slice(4)}`;

/** The last month the seeded history (seed/records.ts) remitted: two months before the seed day's (`YYYYMM`). */
export const lastRemitted = (cal: DemoCalendar): string => cal.monthsBack(2);

/**
 * The day of the movement that brings the demo individuals to the balance the demo shows (seed/records.ts): the 20th
 * of the last month remitted, or 1 July after the last 30 June settled when that came later (seeded in July or August).
 */
export function balanceDay(cal: DemoCalendar): string {
  const day = cal.dayOf(lastRemitted(cal), 20);
  const settled = `${cal.settledYear}-06-30`;
  return day > settled ? day : `${cal.settledYear}-07-01`;
}
