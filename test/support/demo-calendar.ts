import { demoCalendar } from '../../packages/server/src/seed/calendar';

export { balanceDay, lastRemitted, monthText, type DemoCalendar } from '../../packages/server/src/seed/calendar';

/**
 * The demo calendar of the end-to-end servers (packages/server/src/seed/calendar.ts): their data directories are
 * copies of one the global setup seeded in this run (test/support/e2e-global-setup.ts), so the seed day is today in
 * Shanghai. A spec asserts the seeded dates through it, never as literals.
 */
export const e2eCalendar = demoCalendar();
