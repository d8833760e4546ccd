import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { anyValue } from '../test-support/arbitraries';


describe('formatMoney', () => {
  it.each([
    [0, '0.00'],
    [-1234.5, '-1,234.50'],
    [1234567.891, '1,234,567.89'],
    [999.999, '1,000.00'],
    [100, '100.00'],
    [0.5, '0.50'],
    ['1234.5', '1,234.50'],
    [' 42 ', '42.00'],
    ['-0.5', '-0.50'],
    ['1,234.5', '1,234.50'],
    ['¥1,234.5', '1,234.50'],
    ['0001', '1.00'],
    ['.5', '0.50'],
    ['5.', '5.00'],
    [12n, '12.00'],
    [1e21, '1,000,000,000,000,000,000,000.00'],
    [1e-7, '0.00'],
  ])('%s → %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it('rounds half up on the decimal digits, not on the float', () => {
    expect(formatMoney(1.005)).toBe('1.01');
    expect(formatMoney(1.255)).toBe('1.26');
    expect(formatMoney(-1.005)).toBe('-1.01');
    expect(formatMoney(1.004)).toBe('1.00');
    expect(formatMoney('123456789012345.675')).toBe('123,456,789,012,345.68');
    expect(formatMoney('999999999999999.995')).toBe('1,000,000,000,000,000.00');
  });

  it('shows zero without a sign when a negative amount rounds to it', () => {
    expect(formatMoney(-0.001)).toBe('0.00');
    expect(formatMoney(-0)).toBe('0.00');
  });

  it('shows -- (or the chosen placeholder) for empty and non-numeric values', () => {
    for (const value of ['', '  ', null, undefined, 'abc', '1,2', '1e5', NaN, Infinity, {}, [], true]) {
      expect(formatMoney(value)).toBe('--');
    }
    expect(formatMoney('', { placeholder: '-' })).toBe('-');
    expect(formatMoney(undefined, { placeholder: '', symbol: true })).toBe('');
  });

  it('puts the ¥ symbol (or another) in front only when asked, after the minus sign', () => {
    expect(formatMoney(1234.5, { symbol: true })).toBe('¥1,234.50');
    expect(formatMoney(-1234.5, { symbol: true })).toBe('-¥1,234.50');
    expect(formatMoney(5, { symbol: 'RMB ' })).toBe('RMB 5.00');
    expect(formatMoney(5, { symbol: false })).toBe('5.00');
  });

  it('takes another number of decimals', () => {
    expect(formatMoney(1234.5678, { decimals: 0 })).toBe('1,235');
    expect(formatMoney('0.12345', { decimals: 4 })).toBe('0.1235');
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(anyValue, anyValue, (value, options) => {
        expect(typeof formatMoney(value)).toBe('string');
        expect(() => formatMoney(value, options as never)).not.toThrow();
      }),
    );
    for (const decimals of [2n, Symbol('x'), '3', NaN, -1, 99]) {
      expect(() => formatMoney(1, { decimals } as never)).not.toThrow();
    }
    expect(formatMoney(1, { decimals: '3' } as never)).toBe('1.000');
    expect(formatMoney(Symbol('x'))).toBe('--');
    expect(formatMoney('9'.repeat(10_000))).toMatch(/^9{1,3}(,999)+\.00$/);
    expect(formatMoney('1'.repeat(10_000) + 'x')).toBe('--');
  });

  it('round-trips: without separators it is the value rounded half up to two decimals', () => {
    // Expected value computed independently with BigInt on the digits: value * 1000, then (+5) / 10.
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
        fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 6 }),
        (negative, whole, decimals) => {
          const input = `${negative ? '-' : ''}${whole}${decimals ? `.${decimals}` : ''}`;
          const milli = BigInt(`${whole}${decimals.padEnd(3, '0').slice(0, 3)}`);
          // Half up on the third decimal only needs it (the digits after it cannot change a half-up decision).
          const cents = (milli + 5n) / 10n;
          const plainValue = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
          const expected = (negative && cents > 0n ? '-' : '') + plainValue;
          expect(formatMoney(input).replace(/,/g, '')).toBe(expected);
        },
      ),
    );
  });

  it('agrees with a BigInt rounding of numbers written in their shortest form', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (n) => {
        const written = String(Math.abs(n));
        if (written.includes('e')) return; // below 1e-6: checked by the examples above
        const [int = '0', frac = ''] = written.split('.');
        const milli = BigInt(int + frac.padEnd(3, '0').slice(0, 3));
        const cents = (milli + 5n) / 10n;
        const expected = `${n < 0 && cents > 0n ? '-' : ''}${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        expect(formatMoney(n).replace(/,/g, '')).toBe(expected);
      }),
    );
  });
});

