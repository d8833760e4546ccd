import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoneyInput } from './money-input';
import { anyValue } from '../test-support/arbitraries';


describe('formatMoneyInput (blur) and parseMoneyInput (focus)', () => {
  it('adds separators and pads decimals on blur', () => {
    expect(formatMoneyInput('1234567.8')).toBe('1,234,567.80');
    expect(formatMoneyInput('1234')).toBe('1,234.00');
    expect(formatMoneyInput(1234.5)).toBe('1,234.50');
  });

  it('cuts extra digits instead of rounding, as a maxlength would', () => {
    expect(formatMoneyInput('1234567.899')).toBe('1,234,567.89');
    expect(formatMoneyInput('12345678901234567890')).toBe('123,456,789,012,345.00');
    expect(formatMoneyInput('123456789', '6-3')).toBe('123,456.000');
    expect(formatMoneyInput('12.345', '6-0')).toBe('12');
  });

  it('keeps only digits and the first point, and drops leading zeros and a minus sign', () => {
    expect(formatMoneyInput(' 1,2a3.4.5 ')).toBe('123.45');
    expect(formatMoneyInput('-50')).toBe('50.00');
    expect(formatMoneyInput('000012')).toBe('12.00');
    expect(formatMoneyInput('0.5')).toBe('0.50');
    expect(formatMoneyInput('.5')).toBe('0.50');
  });

  it('gives an empty string for a lone point or nothing numeric', () => {
    for (const raw of ['', '.', 'abc', null, undefined, NaN, {}]) expect(formatMoneyInput(raw)).toBe('');
  });

  it('falls back to 15-2 for an unreadable format', () => {
    expect(formatMoneyInput('1.234', 'x')).toBe('1.23');
    expect(formatMoneyInput('1.234', '10-99999999')).toBe(`1.234${'0'.repeat(17)}`);
  });

  it('gives the raw number on focus', () => {
    expect(parseMoneyInput('1,234,567.89')).toBe('1234567.89');
    expect(parseMoneyInput('1,234.50')).toBe('1234.50');
    expect(parseMoneyInput('¥ 12')).toBe('12');
    expect(parseMoneyInput('-1,000')).toBe('-1000');
    expect(parseMoneyInput(12.5)).toBe('12.5');
    for (const display of ['', '.', 'abc', '1-2', null, {}]) expect(parseMoneyInput(display)).toBe('');
  });

  it('round-trips: focus after blur gives the number back', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const raw = `${whole}.${String(cents).padStart(2, '0')}`;
        expect(parseMoneyInput(formatMoneyInput(raw))).toBe(raw);
      }),
    );
  });

  it('never throws', () => {
    fc.assert(
      fc.property(anyValue, anyValue, (raw, format) => {
        expect(typeof formatMoneyInput(raw, format as never)).toBe('string');
        expect(typeof parseMoneyInput(raw)).toBe('string');
      }),
    );
  });
});
