import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateCombinedLoan } from './combined';
import { calculateLoan, LOAN_INPUT_MESSAGES as M, LoanInputError, type RepaymentMethod } from './engine';

const add = (...values: string[]) => values.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(2);

describe('calculateCombinedLoan', () => {
  const input = {
    provident: { amount: 600_000, annualRate: 3.1 },
    commercial: { amount: 400_000, annualRate: 3.5 },
    months: 360,
    method: '01',
    issueDate: '2024-05-20',
  } as const;

  it('each loan on its own, then added: 2562.10 + 1796.18 = 4358.28 a month; first interest 1550.00 + 1166.67', () => {
    const { provident, commercial, total } = calculateCombinedLoan(input);
    expect(provident).toEqual(calculateLoan({ ...input.provident, months: 360, method: '01', issueDate: '2024-05-20' }));
    expect(commercial).toEqual(calculateLoan({ ...input.commercial, months: 360, method: '01', issueDate: '2024-05-20' }));
    expect([provident.monthlyPayment, commercial.monthlyPayment, total.monthlyPayment]).toEqual(['2562.10', '1796.18', '4358.28']);
    expect(total.totalPrincipal).toBe('1000000.00');
    expect(total.schedule[0]).toEqual({ period: 1, date: '2024-06-20', principal: '1641.61', interest: '2716.67', payment: '4358.28', balance: '998358.39' });
  });

  it('is not a loan at a blended rate: that would give another payment', () => {
    const blended = calculateLoan({ amount: 1_000_000, annualRate: 3.26, months: 360, method: '01', issueDate: '2024-05-20' });
    expect(calculateCombinedLoan(input).total.totalInterest).not.toBe(blended.totalInterest);
  });

  it('names the loan whose amount or rate is wrong', () => {
    let error: unknown;
    try {
      calculateCombinedLoan({ ...input, commercial: { amount: 0, annualRate: 3.5 } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LoanInputError);
    expect(error).toMatchObject({ message: `商业贷款：${M.amountZero}`, field: 'amount', part: 'commercial' });
    expect(() => calculateCombinedLoan({ ...input, provident: { amount: 1, annualRate: -1 } })).toThrow(`公积金贷款：${M.rateMin}`);
    expect(() => calculateCombinedLoan({ ...input, months: 0 })).toThrow(M.monthsZero);
    expect(() => calculateCombinedLoan({ ...input, provident: undefined as never })).toThrow(`公积金贷款：${M.amountEmpty}`);
  });

  it('the total is the sum of its parts, period by period', () => {
    const part = fc.record({ amount: fc.integer({ min: 1, max: 1e10 }).map((f) => f / 100), annualRate: fc.integer({ min: 0, max: 1000 }).map((r) => r / 100) });
    fc.assert(
      fc.property(part, part, fc.integer({ min: 1, max: 360 }), fc.constantFrom<RepaymentMethod>('01', '02'), (provident, commercial, months, method) => {
        const r = calculateCombinedLoan({ provident, commercial, months, method, issueDate: '2024-01-31' });
        expect(r.total.schedule).toHaveLength(months);
        r.total.schedule.forEach((row, k) => {
          const [a, b] = [r.provident.schedule[k], r.commercial.schedule[k]];
          expect(row.date).toBe(a?.date);
          for (const key of ['principal', 'interest', 'payment', 'balance'] as const) expect(row[key]).toBe(add(a?.[key] ?? 'x', b?.[key] ?? 'x'));
        });
        for (const key of ['monthlyPayment', 'lastPayment', 'monthlyDecrease', 'totalPrincipal', 'totalInterest', 'totalPayment'] as const) {
          expect(r.total[key]).toBe(add(r.provident[key], r.commercial[key]));
        }
        expect(r.total.totalPrincipal).toBe(add(String(provident.amount), String(commercial.amount)));
      }),
      { numRuns: 60 },
    );
  });
});
