import { describe, expect, it } from 'vitest';
import { addMonths, CERTIFICATE_PARAMETERS, defaultPeriod, monthsBetween, validUntil } from './parameters';

// Each row of the certificate's parameter table (parameters.ts, docs/api-personal.md › 缴存证明).
describe('the deposit certificate parameters', () => {
  it('validMonths: 3 months, valid to the day before the same day three months on', () => {
    expect(CERTIFICATE_PARAMETERS.validMonths).toBe(3);
    expect(validUntil('2026-11-26', CERTIFICATE_PARAMETERS.validMonths)).toBe('2027-02-25');
    // The end of a month: 30 November + 3 months is 28 February, so valid to the 27th.
    expect(validUntil('2026-11-30', 3)).toBe('2027-02-27');
    expect(validUntil('2027-01-01', 3)).toBe('2027-03-31');
    expect(addMonths('2028-11-30', 3)).toBe('2029-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
  });

  it('maxPeriodMonths: 36 months at most on one certificate', () => {
    expect(CERTIFICATE_PARAMETERS.maxPeriodMonths).toBe(36);
    expect(monthsBetween('2023-12', '2026-11')).toBe(36);
    expect(monthsBetween('2026-11', '2026-11')).toBe(1);
    expect(monthsBetween('2026-11', '2026-10')).toBe(0);
  });

  it('defaultPeriodMonths: the last 12 months up to this one, never before the opening month', () => {
    expect(CERTIFICATE_PARAMETERS.defaultPeriodMonths).toBe(12);
    expect(defaultPeriod('2015-11-10', '2026-11-26', 12)).toEqual({ from: '2025-12', to: '2026-11' });
    expect(defaultPeriod('2026-05-10', '2026-11-26', 12)).toEqual({ from: '2026-05', to: '2026-11' });
    expect(defaultPeriod('2026-01-31', '2026-12-01', 12)).toEqual({ from: '2026-01', to: '2026-12' });
  });

  it('verifyPerMinute, issuePerDay, listPageSize, downloadPerMinute', () => {
    expect(CERTIFICATE_PARAMETERS.downloadPerMinute).toBe(30);
    expect(CERTIFICATE_PARAMETERS.verifyPerMinute).toBe(20);
    expect(CERTIFICATE_PARAMETERS.issuePerDay).toBe(20);
    expect(CERTIFICATE_PARAMETERS.listPageSize).toBe(20);
  });
});
