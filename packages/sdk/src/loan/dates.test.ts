import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonthsClamped, daysInMonth, formatCalendarDate, parseCalendarDate } from './dates';

const due = (issue: string, months: number) =>
  formatCalendarDate(addMonthsClamped(parseCalendarDate(issue) ?? { year: 0, month: 0, day: 0 }, months));

describe('due dates', () => {
  it('issued on the 31st: month ends without drifting', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((k) => due('2024-01-31', k))).toEqual([
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
      '2024-07-31',
      '2024-08-31',
    ]);
    expect(due('2023-01-31', 1)).toBe('2023-02-28');
    expect(due('2023-12-31', 2)).toBe('2024-02-29');
  });

  it('issued on the 30th: February is clamped, March is the 30th again', () => {
    expect([1, 2, 3].map((k) => due('2024-01-30', k))).toEqual(['2024-02-29', '2024-03-30', '2024-04-30']);
  });

  it('issued on 29 February: the 29th, and 28 February in years that are not leap years', () => {
    expect(due('2024-02-29', 1)).toBe('2024-03-29');
    expect(due('2024-02-29', 12)).toBe('2025-02-28');
    expect(due('2024-02-29', 48)).toBe('2028-02-29');
    expect(due('2096-02-29', 48)).toBe('2100-02-28'); // 2100 is not a leap year
    expect(due('1996-02-29', 48)).toBe('2000-02-29'); // 2000 is
  });

  it('crosses the year end', () => {
    expect(due('2024-11-15', 1)).toBe('2024-12-15');
    expect(due('2024-11-15', 2)).toBe('2025-01-15');
    expect(due('2024-12-31', 360)).toBe('2054-12-31');
  });

  it('refuses impossible and malformed dates', () => {
    for (const bad of ['2023-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '0000-01-01', '2024-1-5', '20240105', ' 2024-01-05', '', null, 20240105]) {
      expect(parseCalendarDate(bad), String(bad)).toBeNull();
    }
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('agree with UTC calendar arithmetic for any date and offset', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2200, 11, 31)), noInvalidDate: true }),
        fc.integer({ min: 0, max: 1200 }),
        (date, k) => {
          const issue = date.toISOString().slice(0, 10);
          const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
          const monthEnd = new Date(Date.UTC(y, m + k + 1, 0)).getUTCDate();
          const expected = new Date(Date.UTC(y, m + k, Math.min(d, monthEnd))).toISOString().slice(0, 10);
          expect(due(issue, k)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
