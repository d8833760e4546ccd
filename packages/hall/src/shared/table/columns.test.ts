import { describe, expect, it } from 'vitest';
import { applyRule, cellText, sumColumn, toRule, type TableColumn } from './columns';

type Row = Record<string, unknown>;
const col = (prop: string, extra: Partial<TableColumn<Row>> = {}): TableColumn<Row> => ({ prop, label: prop, ...extra });

describe('cellText', () => {
  it.each([
    ['money', '1234567.005', '1,234,567.01'],
    ['money', -0.5, '-0.50'],
    ['money', '', '--'],
    ['tofix2', '1234.5', '1234.50'],
    ['formatNum', '1234567.125', '1,234,567.125'],
    ['formatNum', 'abc', 'abc'],
  ] as const)('%s of %j is %s', (type, value, shown) => {
    expect(cellText(col('v', { type }), { v: value })).toBe(shown);
  });
  it('a dictionary code shows its label; empty is --', () => {
    const label = (type: string, code: unknown) => (type === 'ZT' && code === '1' ? '正常' : String(code));
    expect(cellText(col('zt', { filterKey: 'ZT' }), { zt: '1' }, label)).toBe('正常');
    expect(cellText(col('zt', { filterKey: 'ZT' }), { zt: null }, label)).toBe('--');
  });
});

describe('sumColumn', () => {
  it('adds to the fen exactly, negative values and bad text counted right', () => {
    expect(sumColumn([{ je: '0.1' }, { je: '0.2' }], 'je')).toBe('0.30');
    expect(sumColumn([{ je: '-5.05' }, { je: '1' }, { je: 'x' }, { je: null }], 'je')).toBe('-4.05');
    expect(sumColumn(Array.from({ length: 1000 }, () => ({ je: '99999999.99' })), 'je')).toBe('99999999990.00');
  });
});

describe('applyRule / toRule', () => {
  const columns = [col('a', { disabled: true }), col('b'), col('c', { hidden: true }), col('d')];
  it('defaults without a rule: hidden columns hidden', () => {
    expect(applyRule(columns, null).map((s) => [s.column.prop, s.shown])).toEqual([['a', true], ['b', true], ['c', false], ['d', true]]);
  });
  it('the saved order and visibility; unknown and repeated props dropped; new columns appended; disabled always shown', () => {
    const states = applyRule(columns, [
      { prop: 'd', isShow: 1 },
      { prop: 'gone', isShow: 1 },
      { prop: 'a', isShow: 0 },
      { prop: 'd', isShow: 0 },
      { prop: 'b', isShow: 0 },
    ]);
    expect(states.map((s) => [s.column.prop, s.shown])).toEqual([['d', true], ['a', true], ['b', false], ['c', false]]);
    expect(toRule(states)).toEqual([
      { prop: 'd', label: 'd', isShow: 1 },
      { prop: 'a', label: 'a', isShow: 1, disabled: true },
      { prop: 'b', label: 'b', isShow: 0 },
      { prop: 'c', label: 'c', isShow: 0 },
    ]);
  });
});
