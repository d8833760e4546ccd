import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { addWorkingDays, isWorkingDay, promisedDate } from './calendar';

let db: Db;
beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, false);
});
afterAll(() => db.close());

const none = new Map<string, 'holiday' | 'workday'>();

describe('working days', () => {
  it('counts Monday to Friday and skips the weekend when the calendar says nothing', () => {
    // Friday 2026-11-27 + 1 working day: Monday 2026-11-30.
    expect(addWorkingDays('2026-11-27', 1, none)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-24', 3, none)).toBe('2026-11-27');
    expect(addWorkingDays('2026-11-24', 0, none)).toBe('2026-11-24');
  });

  it('skips the National Day holiday and counts the make-up Saturday (2026 arrangement, from the database)', async () => {
    // Submitted Wednesday 30 September: 1-7 October off, Thursday 8 and Friday 9 worked, Saturday 10 a make-up day.
    expect(await promisedDate(db, '2026-09-30', 1)).toBe('2026-10-08');
    expect(await promisedDate(db, '2026-09-30', 3)).toBe('2026-10-10');
    expect(await promisedDate(db, '2026-09-30', 4)).toBe('2026-10-12');
  });

  it('skips the Spring Festival and counts its make-up days', async () => {
    // Friday 13 February; Saturday 14 is worked, 15-23 off; Saturday 28 worked.
    expect(await promisedDate(db, '2026-02-13', 1)).toBe('2026-02-14');
    expect(await promisedDate(db, '2026-02-13', 2)).toBe('2026-02-24');
    expect(await promisedDate(db, '2026-02-24', 4)).toBe('2026-02-28');
  });

  it('knows a holiday weekday and a make-up weekend day from the seeded calendar', async () => {
    const rows = await db.query<{ day: string; kind: 'holiday' | 'workday' }>(`select to_char(day, 'YYYY-MM-DD') as day, kind from holiday_day`);
    const calendar = new Map(rows.map((r) => [r.day, r.kind]));
    expect(isWorkingDay('2026-10-01', calendar)).toBe(false); // Thursday, National Day
    expect(isWorkingDay('2026-01-04', calendar)).toBe(true); // Sunday, make-up for New Year
    expect(isWorkingDay('2026-05-09', calendar)).toBe(true); // Saturday, make-up for Labour Day
    expect(isWorkingDay('2026-06-19', calendar)).toBe(false); // Friday, Dragon Boat
    expect(rows.filter((r) => r.kind === 'holiday')).toHaveLength(33);
  });
});
