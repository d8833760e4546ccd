import { calendarOf, demoCalendar, type DemoCalendar } from '../seed/calendar';

/**
 * The demo calendar of the seeded database the server's tests start from: seeded as of GJJ_TEST_SEED_DAY
 * (vitest.config.ts sets it; prepareDatabase passes it to the seed), else today in the centre's time zone.
 */
export const testCalendar: DemoCalendar = process.env.GJJ_TEST_SEED_DAY ? calendarOf(process.env.GJJ_TEST_SEED_DAY) : demoCalendar();

/**
 * A test's clock on the seeded story: day `day` of the month before the seed day's, at `time` in Shanghai. The
 * tests written for the demo as seeded in December 2026 stood on 22–26 November; they stand there still.
 *
 * @example const clock = storyClock(26); // seeded on 2026-12-07: 2026-11-26T10:00:00+08:00
 */
export function storyClock(day: number, time = '10:00', cal: DemoCalendar = testCalendar): Date {
  return new Date(`${cal.dayOf(cal.lastMonth, day)}T${time}:00+08:00`);
}
