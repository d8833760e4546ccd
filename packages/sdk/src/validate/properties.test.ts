import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as validate from './index';
import { checkFocusOut, isCreditCode, isIdCard, isMobile, rules } from './index';

// Check characters computed here from the standards' tables, independently of the code under test.
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const idCheck = (body: string): string =>
  '10X98765432'.charAt([...body].reduce((sum, c, i) => sum + Number(c) * (ID_WEIGHTS[i] ?? 0), 0) % 11);

const CC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ccCheck = (body: string): string =>
  CC_CHARS.charAt(
    (31 - ([...body].reduce((sum, c, i) => sum + CC_CHARS.indexOf(c) * (CC_WEIGHTS[i] ?? 0), 0) % 31)) % 31,
  );

const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A real birth date between 1900 and yesterday, as YYYYMMDD. */
const birthDate = fc
  .date({ min: new Date(1900, 0, 1), max: new Date(Date.now() - 86_400_000), noInvalidDate: true })
  .map((d) => `${d.getFullYear()}${pad(d.getMonth() + 1, 2)}${pad(d.getDate(), 2)}`);

/** The 17-digit body of an 18-character resident ID with a real birth date. */
const idBody = fc.tuple(digits(6), birthDate, digits(3)).map(([region, date, seq]) => region + date + seq);

const creditBody = fc.string({ unit: fc.constantFrom(...CC_CHARS), minLength: 17, maxLength: 17 });

/** Every public function that takes a value from the user. */
const predicates = Object.entries(validate).filter(
  ([name, value]) => typeof value === 'function' && name !== 'check' && name !== 'compose' && name !== 'required',
) as Array<[string, (...args: unknown[]) => unknown]>;
const ruleFactories = Object.entries(rules) as Array<[string, (...args: unknown[]) => (value: unknown) => unknown]>;

const longStrings = fc.oneof(
  fc.string({ minLength: 5_000, maxLength: 10_000 }),
  fc.string({ unit: 'grapheme', minLength: 1_000, maxLength: 3_000 }),
  fc.constantFrom('1'.repeat(10_000), 'a@'.repeat(5_000), '0.'.repeat(5_000), '-'.repeat(10_000), '*'.repeat(10_000)),
);

describe('nothing throws, whatever it is given', () => {
  it('has the functions it claims to test', () => {
    expect(predicates.length).toBeGreaterThan(30);
    expect(ruleFactories.length).toBeGreaterThan(20);
  });

  it('validators, sanitizers, strength and hk/macao messages on fc.anything()', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true }), (value) => {
        for (const [, fn] of predicates) fn(value);
        for (const [, fn] of predicates) fn(value, value);
      }),
      { numRuns: 300 },
    );
  });

  it('form rules and focus-out checks on fc.anything()', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const [, make] of ruleFactories) {
          const message = make(() => value)(value);
          expect(typeof message).toBe('string');
        }
        for (const type of ['tel', 'email', 'password', 'idCard'] as const) {
          const result = checkFocusOut(type, value);
          expect(typeof result.ok).toBe('boolean');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('every function on long strings, quickly', () => {
    fc.assert(
      fc.property(longStrings, (value) => {
        const started = performance.now();
        for (const [, fn] of predicates) fn(value);
        for (const [, make] of ruleFactories) make(() => value)(value);
        for (const type of ['tel', 'email', 'password', 'idCard'] as const) checkFocusOut(type, value);
        // a catastrophic regex would take seconds here
        expect(performance.now() - started).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
  });
});

describe('isIdCard properties', () => {
  it('a body with a real date and its check character passes', () => {
    fc.assert(fc.property(idBody, (body) => isIdCard(body + idCheck(body))));
  });

  it('changing any one of the 17 body digits fails', () => {
    fc.assert(
      fc.property(idBody, fc.nat(16), fc.integer({ min: 1, max: 9 }), (body, at, shift) => {
        const changed = String((Number(body[at]) + shift) % 10);
        const bad = body.slice(0, at) + changed + body.slice(at + 1);
        expect(isIdCard(bad + idCheck(body))).toBe(false);
      }),
    );
  });

  it('any other check character fails', () => {
    fc.assert(
      fc.property(idBody, fc.constantFrom(...'0123456789X'), (body, check) => {
        fc.pre(check !== idCheck(body));
        expect(isIdCard(body + check)).toBe(false);
      }),
    );
  });
});

describe('isCreditCode properties', () => {
  it('a body with its check character passes', () => {
    fc.assert(fc.property(creditBody, (body) => isCreditCode(body + ccCheck(body))));
  });

  it('changing any one character, body or check, fails', () => {
    fc.assert(
      fc.property(creditBody, fc.nat(17), fc.integer({ min: 1, max: 30 }), (body, at, shift) => {
        const code = body + ccCheck(body);
        const changed = CC_CHARS.charAt((CC_CHARS.indexOf(code.charAt(at)) + shift) % 31);
        expect(isCreditCode(code.slice(0, at) + changed + code.slice(at + 1))).toBe(false);
      }),
    );
  });
});

describe('isMobile properties', () => {
  it('every 1[3-9] + 9 digits passes, also with +86', () => {
    fc.assert(
      fc.property(fc.constantFrom(...'3456789'), digits(9), (second, rest) => {
        const number = `1${second}${rest}`;
        expect(isMobile(number)).toBe(true);
        expect(isMobile(`+86${number}`)).toBe(true);
      }),
    );
  });
});
