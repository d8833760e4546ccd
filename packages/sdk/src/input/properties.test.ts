import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as input from './index';

const functions = Object.entries(input).filter(([, v]) => typeof v === 'function') as Array<[string, (...args: unknown[]) => unknown]>;

describe('input helpers never throw and always give text', () => {
  it('has the functions it claims to test', () => expect(functions.map(([name]) => name).sort()).toHaveLength(8));

  it('on fc.anything(), as the value and as the option', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true }), (value) => {
        for (const [, fn] of functions) {
          expect(typeof fn(value)).toBe('string');
          expect(typeof fn(value, value)).toBe('string');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('on 10 000-character strings', () => {
    for (const long of ['1'.repeat(10_000), '.'.repeat(10_000), '１２３'.repeat(3_000), ' '.repeat(10_000)]) {
      for (const [, fn] of functions) expect(typeof fn(long)).toBe('string');
    }
  });
});
