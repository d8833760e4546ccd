import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IDLE_LIMIT_MS, SEND_CODE_COUNTDOWN_S } from '../constants/constants';
import {
  defaultQueryPeriod,
  formatDate,
  formatDateTime,
  formatDuration,
  isDateDisabled,
  isRangeValid,
  isWeekend,
  parseDate,
  relativeTime,
  weekName,
} from './date';
import { greeting } from './greeting';
import { anyValue } from '../test-support/arbitraries';

// Dates are built in local time so the tests pass in any time zone.
const local = (...parts: [number, number, number?, number?, number?, number?, number?]) => new Date(...parts);

describe('parseDate', () => {
  it('reads the date forms the hall receives, in local time', () => {
    const jan15 = local(2024, 0, 15).getTime();
    for (const value of ['2024-01-15', '20240115', '2024/01/15', '2024/1/15', '2024.01.15', ' 2024-01-15 ']) {
      expect(parseDate(value)?.getTime()).toBe(jan15);
    }
    expect(parseDate('2024-01-15 08:30:05')?.getTime()).toBe(local(2024, 0, 15, 8, 30, 5).getTime());
    expect(parseDate('2024-01-15T08:30')?.getTime()).toBe(local(2024, 0, 15, 8, 30).getTime());
    expect(parseDate('2024-01-15 08:30:05.5')?.getTime()).toBe(local(2024, 0, 15, 8, 30, 5, 500).getTime());
    expect(parseDate('2024-03')?.getTime()).toBe(local(2024, 2, 1).getTime());
    expect(parseDate('2024')?.getTime()).toBe(local(2024, 0, 1).getTime());
  });

  it('reads instants with Z or an offset as instants', () => {
    expect(parseDate('2024-01-15T00:00:00Z')?.getTime()).toBe(Date.UTC(2024, 0, 15));
    expect(parseDate('2024-01-15T08:00:00.000+08:00')?.getTime()).toBe(Date.UTC(2024, 0, 15));
  });

  it('reads ten-digit timestamps as seconds and others as milliseconds', () => {
    expect(parseDate(1705276800)?.getTime()).toBe(1705276800000);
    expect(parseDate('1705276800')?.getTime()).toBe(1705276800000);
    expect(parseDate(1705276800000)?.getTime()).toBe(1705276800000);
    expect(parseDate('1705276800000')?.getTime()).toBe(1705276800000);
    expect(parseDate(0)?.getTime()).toBe(0);
  });

  it('takes Dates and dayjs objects, and returns a copy', () => {
    const date = local(2024, 0, 15);
    const parsed = parseDate(date);
    expect(parsed?.getTime()).toBe(date.getTime());
    expect(parsed).not.toBe(date);
    expect(parseDate(dayjs(date))?.getTime()).toBe(date.getTime());
  });

  it('gives null for impossible dates and anything else', () => {
    for (const value of [
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-01-15 24:00',
      '2024-01-15 10:60',
      '2024-01/15',
      'abc',
      '1',
      'Jan 5 2024',
      '',
      null,
      undefined,
      NaN,
      Infinity,
      8.64e15 + 1,
      new Date(NaN),
      dayjs('nonsense'),
      {},
      [],
      true,
    ]) {
      expect(parseDate(value)).toBeNull();
    }
    expect(parseDate('2024-02-29')).not.toBeNull();
  });

  it('never throws', () => {
    fc.assert(fc.property(anyValue, (value) => void parseDate(value)));
    expect(parseDate('2'.repeat(10_000))).toBeNull();
  });
});

describe('formatDate and formatDateTime', () => {
  it('format with the spec defaults', () => {
    expect(formatDate(local(2024, 0, 5, 8, 3, 9))).toBe('2024-01-05');
    expect(formatDateTime(local(2024, 0, 5, 8, 3, 9))).toBe('2024-01-05 08:03:09');
    expect(formatDate('20240105')).toBe('2024-01-05');
  });

  it('take dayjs patterns and the picker patterns yyyy, yyyy-MM, yyyy-MM-dd', () => {
    const date = local(2024, 0, 5);
    expect(formatDate(date, 'YYYY年M月D日')).toBe('2024年1月5日');
    expect(formatDate(date, 'yyyy')).toBe('2024');
    expect(formatDate(date, 'yyyy-MM')).toBe('2024-01');
    expect(formatDate(date, 'yyyy-MM-dd')).toBe('2024-01-05');
  });

  it('show -- (or the given placeholder) for empty and unreadable values', () => {
    expect(formatDate(null)).toBe('--');
    expect(formatDate('')).toBe('--');
    expect(formatDateTime('2023-02-29')).toBe('--');
    expect(formatDate(undefined, 'YYYY', '')).toBe('');
  });

  it('never throw', () => {
    fc.assert(
      fc.property(anyValue, anyValue, (value, pattern) => {
        expect(typeof formatDate(value, pattern as never)).toBe('string');
        expect(typeof formatDateTime(value)).toBe('string');
      }),
    );
  });
});

describe('defaultQueryPeriod', () => {
  const now = local(2024, 4, 15, 10);

  it('is the last 3 months up to today by default', () => {
    expect(defaultQueryPeriod(undefined, now)).toEqual({ startTime: '2024-02-15', endTime: '2024-05-15' });
    expect(defaultQueryPeriod('', now)).toEqual({ startTime: '2024-02-15', endTime: '2024-05-15' });
  });

  it('reads default_time as months, or days, weeks, months, years with a unit letter', () => {
    expect(defaultQueryPeriod(6, now).startTime).toBe('2023-11-15');
    expect(defaultQueryPeriod('1', now).startTime).toBe('2024-04-15');
    expect(defaultQueryPeriod('30d', now).startTime).toBe('2024-04-15');
    expect(defaultQueryPeriod('2w', now).startTime).toBe('2024-05-01');
    expect(defaultQueryPeriod('6m', now).startTime).toBe('2023-11-15');
    expect(defaultQueryPeriod('6M', now).startTime).toBe('2023-11-15');
    expect(defaultQueryPeriod('1y', now).startTime).toBe('2023-05-15');
    expect(defaultQueryPeriod(' 1 Y ', now).startTime).toBe('2023-05-15');
  });

  it('falls back to 3 months for zero or unreadable settings', () => {
    for (const setting of [0, '0', -1, '1.5', 'abc', '3h', '99999', null, {}, NaN]) {
      expect(defaultQueryPeriod(setting, now).startTime).toBe('2024-02-15');
    }
  });

  it('clamps month ends', () => {
    const may31 = local(2024, 4, 31);
    expect(defaultQueryPeriod(undefined, may31)).toEqual({ startTime: '2024-02-29', endTime: '2024-05-31' });
  });

  it('uses the current time when now is not given', () => {
    expect(defaultQueryPeriod().endTime).toBe(dayjs().format('YYYY-MM-DD'));
  });
});

describe('greeting', () => {
  it.each([
    [0, '早上好'],
    [7, '早上好'],
    [8, '上午好'],
    [10, '上午好'],
    [11, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [17, '下午好'],
    [18, '晚上好'],
    [23, '晚上好'],
  ])('at %i:30 says %s', (hour, expected) => {
    expect(greeting(local(2024, 0, 1, hour, 30))).toBe(expected);
    expect(greeting(local(2024, 0, 1, hour, 30).getTime())).toBe(expected);
  });
});

describe('relativeTime', () => {
  const now = local(2024, 0, 20, 12);
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it.each([
    [0, '刚刚'],
    [29_999, '刚刚'],
    [30_000, '1 分钟前'],
    [3 * 60_000, '3 分钟前'],
    [59 * 60_000 + 59_000, '59 分钟前'],
    [3_600_000, '1 小时前'],
    [23 * 3_600_000, '23 小时前'],
    [24 * 3_600_000, '1 天前'],
    [47 * 3_600_000, '1 天前'],
  ])('%i ms ago is %s', (ms, expected) => {
    expect(relativeTime(ago(ms), now)).toBe(expected);
  });

  it('shows the date from two days on, and for times in the future', () => {
    expect(relativeTime(ago(48 * 3_600_000), now)).toBe('2024-01-18');
    expect(relativeTime(local(2024, 0, 1), now)).toBe('2024-01-01');
    expect(relativeTime(local(2024, 0, 21), now)).toBe('2024-01-21');
    expect(relativeTime(new Date(now.getTime() + 10_000), now)).toBe('刚刚');
  });

  it('reads the same inputs as parseDate and shows -- for the rest', () => {
    expect(relativeTime('2024-01-20 11:55', now)).toBe('5 分钟前');
    expect(relativeTime('nonsense', now)).toBe('--');
  });

  it('never throws', () => {
    fc.assert(fc.property(anyValue, anyValue, (value, when) => void relativeTime(value, when as never)));
  });
});

describe('isWeekend and weekName', () => {
  it('knows Saturday and Sunday', () => {
    expect(isWeekend(local(2024, 0, 6))).toBe(true);
    expect(isWeekend('2024-01-07')).toBe(true);
    expect(isWeekend('2024-01-08')).toBe(false);
    expect(isWeekend('2024-01-12')).toBe(false);
    expect(isWeekend('nonsense')).toBe(false);
  });

  it('names every weekday', () => {
    const week = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-06', '2024-01-07'];
    expect(week.map((day) => weekName(day))).toEqual(['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日']);
    expect(week.map((day) => weekName(day, '周'))).toEqual(['周一', '周二', '周三', '周四', '周五', '周六', '周日']);
    expect(weekName(null)).toBe('');
    expect(weekName('2024-01-01', Symbol('x') as never)).toBe('星期一');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 秒'],
    [999, '0 秒'],
    [30_000, '30 秒'],
    [SEND_CODE_COUNTDOWN_S * 1000, '1 分钟'],
    [IDLE_LIMIT_MS, '30 分钟'],
    [3_900_000, '1 小时 5 分钟'],
    [3_605_000, '1 小时 5 秒'],
    [90_061_000, '1 天 1 小时 1 分钟 1 秒'],
    [-5_000, '0 秒'],
  ])('%i ms is %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it('gives an empty string for non-numbers', () => {
    for (const value of [NaN, Infinity, '1000', null, undefined]) expect(formatDuration(value)).toBe('');
  });
});

describe('isRangeValid', () => {
  it('refuses a start after the end', () => {
    expect(isRangeValid('2024-03-01', '2024-02-01')).toBe(false);
    expect(isRangeValid(local(2024, 2, 1, 10), local(2024, 2, 1, 9))).toBe(true);
    expect(isRangeValid('2024-02-01', '2024-03-01')).toBe(true);
    expect(isRangeValid('2024-03-01', '2024-03-01')).toBe(true);
  });

  it('compares at the picker granularity', () => {
    expect(isRangeValid('2024-03-20', '2024-03-01', 'yyyy-MM')).toBe(true);
    expect(isRangeValid('2024-04-01', '2024-03-31', 'yyyy-MM')).toBe(false);
    expect(isRangeValid('2024-12', '2024-01', 'yyyy')).toBe(true);
    expect(isRangeValid('2025', '2024', 'yyyy')).toBe(false);
  });

  it('leaves a range with an empty or unreadable side open', () => {
    expect(isRangeValid('2024-03-01', '')).toBe(true);
    expect(isRangeValid(null, '2024-03-01')).toBe(true);
  });
});

describe('isDateDisabled', () => {
  const today = local(2024, 0, 15, 10);

  it('disables future days but not today', () => {
    expect(isDateDisabled(local(2024, 0, 16), { disableFuture: true }, today)).toBe(true);
    expect(isDateDisabled(local(2024, 0, 15, 23, 59), { disableFuture: true }, today)).toBe(false);
  });

  it('disables days before today, not today itself', () => {
    expect(isDateDisabled(local(2024, 0, 14, 23, 59), { disablePast: true }, today)).toBe(true);
    expect(isDateDisabled(local(2024, 0, 15, 0, 0), { disablePast: true }, today)).toBe(false);
  });

  it('disables dates outside min and max, bounds included', () => {
    const bounds = { min: '2024-01-10', max: '2024-01-20' };
    expect(isDateDisabled('2024-01-09', bounds, today)).toBe(true);
    expect(isDateDisabled('2024-01-10', bounds, today)).toBe(false);
    expect(isDateDisabled('2024-01-20', bounds, today)).toBe(false);
    expect(isDateDisabled('2024-01-21', bounds, today)).toBe(true);
    expect(isDateDisabled('2024-01-21', { min: 'nonsense' }, today)).toBe(false);
  });

  it('compares whole months for a month picker', () => {
    expect(isDateDisabled('2024-01', { disablePast: true, format: 'yyyy-MM' }, today)).toBe(false);
    expect(isDateDisabled('2023-12', { disablePast: true, format: 'yyyy-MM' }, today)).toBe(true);
    expect(isDateDisabled('2024-02', { disableFuture: true, format: 'yyyy-MM' }, today)).toBe(true);
  });

  it('enables everything without options and disables unreadable dates', () => {
    expect(isDateDisabled('2000-01-01', undefined, today)).toBe(false);
    expect(isDateDisabled('nonsense', {}, today)).toBe(true);
  });
});

describe('every date helper', () => {
  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, fc.date()), anyValue, anyValue, (a, b, c) => {
        expect(typeof greeting(a as never)).toBe('string');
        expect(typeof defaultQueryPeriod(a, b as never).startTime).toBe('string');
        expect(typeof isWeekend(a)).toBe('boolean');
        expect(typeof weekName(a, b as never)).toBe('string');
        expect(typeof formatDuration(a)).toBe('string');
        expect(typeof isRangeValid(a, b, c as never)).toBe('boolean');
        expect(typeof isDateDisabled(a, b as never, c as never)).toBe('boolean');
      }),
    );
  });
});
