import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLoans } from './compare';
import { calculateLoan, LOAN_INPUT_MESSAGES as M, LoanInputError } from './engine';
import { RATE_CODES } from '../rates/rates';
import { selectRateCodes } from './select';

describe('selectRateCodes (spec 9)', () => {
  it('the table: first or second home, 60 months or less or more', () => {
    expect(selectRateCodes({ secondHome: '0', months: 60 })).toEqual({ provident: '01', commercial: '21' });
    expect(selectRateCodes({ secondHome: '0', months: 61 })).toEqual({ provident: '02', commercial: '22' });
    expect(selectRateCodes({ secondHome: '1', months: 1 })).toEqual({ provident: '71', commercial: '23' });
    expect(selectRateCodes({ secondHome: '1', months: 360 })).toEqual({ provident: '72', commercial: '24' });
  });

  it('reads booleans, 0/1 and text; no flag means first home (spec 9 default)', () => {
    expect(selectRateCodes({ secondHome: true, months: '240' })).toEqual({ provident: '72', commercial: '24' });
    expect(selectRateCodes({ secondHome: false, months: 12 })).toEqual({ provident: '01', commercial: '21' });
    expect(selectRateCodes({ secondHome: 1, months: 12 }).provident).toBe('71');
    expect(selectRateCodes({ months: 120 })).toEqual({ provident: '02', commercial: '22' });
  });

  it('agrees with the meaning of each code in RATE_CODES', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 1, max: 999 }), (second, months) => {
        const codes = selectRateCodes({ secondHome: second, months });
        for (const kind of ['provident', 'commercial'] as const) {
          expect(RATE_CODES[codes[kind]]).toMatchObject({ kind, secondHome: second, upToFiveYears: months <= 60 });
        }
      }),
    );
  });

  it('throws LoanInputError for a term or flag it cannot read', () => {
    expect(() => selectRateCodes({ months: 0 })).toThrow(M.monthsZero);
    expect(() => selectRateCodes({ months: 1000 })).toThrow(M.months);
    expect(() => selectRateCodes({ months: 'abc' })).toThrow(LoanInputError);
    expect(() => selectRateCodes({ secondHome: '2' as '1', months: 12 })).toThrow(M.secondHome);
  });

  it('hands out a copy: changing it does not change the constants', () => {
    const codes = selectRateCodes({ months: 12 });
    codes.provident = '72';
    expect(selectRateCodes({ months: 12 }).provident).toBe('01');
  });
});

describe('compareLoans', () => {
  const base = { amount: 1_000_000, months: 360, issueDate: '2024-05-20' } as const;

  it('commercial minus provident, as the comparison block shows it', () => {
    const provident = calculateLoan({ ...base, annualRate: 3.1, method: '01' });
    const commercial = calculateLoan({ ...base, annualRate: 3.5, method: '01' });
    expect(provident.monthlyPayment).toBe('4270.16');
    expect(commercial.monthlyPayment).toBe('4490.45');
    expect(compareLoans(provident, commercial)).toEqual({ monthlyPayment: '220.29', totalInterest: '79300.04', totalPayment: '79300.04' });
  });

  it('negative when the commercial loan costs less; zero for equal loans', () => {
    const diff = compareLoans({ monthlyPayment: '100.00', totalInterest: '50.5', totalPayment: 150.5 as unknown as string }, { monthlyPayment: '90', totalInterest: '50.50', totalPayment: '140.25' });
    expect(diff).toEqual({ monthlyPayment: '-10.00', totalInterest: '0.00', totalPayment: '-10.25' });
  });

  it('antisymmetric for any two loans', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e8 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), fc.constantFrom('01', '02' as const), (fen, r1, r2, method) => {
        const a = calculateLoan({ amount: fen / 100, months: 120, annualRate: r1 / 100, method, issueDate: '2024-01-31' });
        const b = calculateLoan({ amount: fen / 100, months: 120, annualRate: r2 / 100, method, issueDate: '2024-01-31' });
        const ab = compareLoans(a, b);
        const ba = compareLoans(b, a);
        for (const key of ['monthlyPayment', 'totalInterest', 'totalPayment'] as const) {
          expect(Number(ab[key])).toBeCloseTo(-Number(ba[key]), 2);
          expect(Math.sign(Number(ab[key]))).toBe(Math.sign(Number(b[key]) - Number(a[key])));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('throws LoanInputError for a figure that is not a number', () => {
    expect(() => compareLoans({ monthlyPayment: '--', totalInterest: '0', totalPayment: '0' }, { monthlyPayment: '1', totalInterest: '0', totalPayment: '0' })).toThrow(M.compareInvalid);
  });
});
