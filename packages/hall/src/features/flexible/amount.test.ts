import { describe, expect, it } from 'vitest';
import { monthlyYuan } from './amount';

describe('monthlyYuan (the page\'s preview of the monthly deposit)', () => {
  it('rounds each part half-up to the yuan before adding, as the server does', () => {
    expect(monthlyYuan('5000', '12')).toBe('1200.00');
    expect(monthlyYuan('4631', '10')).toBe('926.00'); // 463.10 → 463, twice
    expect(monthlyYuan('3350', '7')).toBe('470.00'); // 234.50 → 235, twice (half-up)
    expect(monthlyYuan('3333.33', '7')).toBe('466.00'); // 233.33 → 233, twice
    expect(monthlyYuan('3333.33', '7', 1)).toBe('466.66'); // to the fen: 233.33, twice
    expect(monthlyYuan('3333.33', '7', 10)).toBe('466.60'); // to the jiao: 233.30, twice
  });

  it('answers nothing until both are positive numbers', () => {
    expect(monthlyYuan('', '10')).toBe('');
    expect(monthlyYuan('5000', '')).toBe('');
    expect(monthlyYuan('abc', '10')).toBe('');
  });
});
