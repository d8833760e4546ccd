import { demoCalendar, type DemoCalendar } from '../seed/calendar';

/**
 * The demo calendar of the seeded database the server's tests start from: the template is seeded by this run's
 * global setup (test/support/db-template.ts), so its seed day is today in the centre's time zone (a run that crosses
 * midnight in Shanghai may see the next day; docs/decisions.md › The demo calendar).
 */
export const testCalendar: DemoCalendar = demoCalendar();

/**
 * A test's clock on the seeded story: day `day` of the month before the seed day's, at `time` in Shanghai. The
 * tests written for the demo as seeded in December 2026 stood on 22–26 November; they stand there still.
 *
 * @example const clock = storyClock(26); // seeded on 2026-12-08: 2026-11-26T10:00:00+08:00
 */
export function storyClock(day: number, time = '10:00', cal: DemoCalendar = testCalendar): Date {
  return new Date(`${cal.dayOf(cal.lastMonth, day)}T${time}:00+08:00`);
}
