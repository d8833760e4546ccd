import { describe, expect, it } from 'vitest';
import { YWBH_PATTERN, formatYwbh } from './ywbh';

describe('business numbers', () => {
  it('are the type, the centre day in Shanghai and eight digits of the sequence', () => {
    // 2026-11-26 17:00 UTC is already the 27th in Shanghai.
    expect(formatYwbh('GJ0302', new Date('2026-11-26T17:00:00Z'), 42)).toBe('GJ03022026112700000042');
    expect(formatYwbh('TQ0101', new Date('2026-11-26T15:59:59Z'), '7')).toBe('TQ01012026112600000007');
    expect(new RegExp(YWBH_PATTERN).test('GJ03022026112700000042')).toBe(true);
    expect(new RegExp(YWBH_PATTERN).test('GJ0302202611270000004')).toBe(false);
  });
});
