import { describe, expect, it } from 'vitest';
import { accountStatusTag } from './status';

describe('accountStatusTag', () => {
  it('shows an individual account as normal only for 01', () => {
    expect(accountStatusTag('personal', '01')).toBe('success');
    for (const status of ['02', '03', '04', '05', '06', '99', '', undefined, null]) {
      expect(accountStatusTag('personal', status)).toBe('danger');
    }
  });

  it('shows a unit account as normal for 01, 02, 03 and danger for 04, 05', () => {
    expect(['01', '02', '03', '04', '05'].map((s) => accountStatusTag('unit', s))).toEqual([
      'success',
      'success',
      'success',
      'danger',
      'danger',
    ]);
  });

  it('never shows an unknown unit status as normal', () => {
    for (const status of ['06', '99', '1', '', undefined, {}]) expect(accountStatusTag('unit', status)).toBe('danger');
  });

  it('reads a number as a two-digit code and trims text', () => {
    expect(accountStatusTag('personal', 1)).toBe('success');
    expect(accountStatusTag('unit', 3)).toBe('success');
    expect(accountStatusTag('unit', 4)).toBe('danger');
    expect(accountStatusTag('unit', ' 02 ')).toBe('success');
  });
});
