import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planOf, readLoan, toResult, type LoanInput } from './engine';
import { calculateLoanFast as calculateLoan, fenResult } from './fast';

// Issue 35 item 3: calculateLoanFast computes a plan on integers of fen where that is exact; the oracle is the engine
// as it was, unchanged beside it (calculateLoan: planOf + toResult, decimal.js throughout).
const oracle = (input: LoanInput) => {
  const loan = readLoan(input);
  return toResult(loan.method, planOf(loan).periods);
};

const day = fc
  .record({ year: fc.integer({ min: 1990, max: 2060 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .map(({ year, month, day }) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
  });

/** Amounts as people type them: whole yuan, yuan and fen, up to a billion; and some at the edges. */
const amount = fc.oneof(
  fc.integer({ min: 1, max: 5_000_000 }),
  fc.integer({ min: 1, max: 100_000_000_000 }).map((fen) => (fen / 100).toFixed(2)),
  fc.constantFrom('0.01', '0.05', '1', '999999999999.99', '90000000000000', '123456789012.34'),
);
/** Rates 0 and 0.01-100 % with up to four decimals, as a number or text. */
const rate = fc.oneof(
  fc.integer({ min: 100, max: 1_000_000 }).map((u) => u / 10_000),
  fc.integer({ min: 1, max: 10_000 }).map((u) => (u / 100).toFixed(2)),
  fc.constantFrom(0, '0', 0.01, 100, '3.1', '2.85', '4.9', '3.05', '24', '99.9999'),
);
const input = fc.record({
  amount,
  months: fc.oneof(fc.integer({ min: 1, max: 999 }), fc.constantFrom(1, 2, 12, 240, 360, 999)),
  annualRate: rate,
  method: fc.constantFrom('01' as const, '02' as const),
  issueDate: day,
});

/**
 * Random loans compared: 2,000 in the test run (the decimal engine takes seconds for them on a busy machine);
 * LOAN_ORACLE_RUNS=10000 for the issue's 10,000 (done for issue 35: all equal, seed 35).
 */
const RUNS = Number(process.env.LOAN_ORACLE_RUNS ?? 2_000);

describe('the loan engine on integers of fen', () => {
  it(`gives the same plan as the decimal engine, to the fen, on ${RUNS} random loans`, () => {
    let fast = 0;
    fc.assert(
      fc.property(input, (i) => {
        if (fenResult(readLoan(i))) fast += 1;
        expect(calculateLoan(i)).toEqual(oracle(i));
      }),
      { numRuns: RUNS, seed: 35 },
    );
    // Most are computed on integers; the rest (a large amount times a rate with four decimals beyond 2^53, amounts
    // beyond 9e13 yuan, negative principals) by decimal.js. With 10,000: 8,108 on integers.
    expect(fast).toBeGreaterThan(0.7 * RUNS);
  }, 600_000);

  it('gives the same plan at the edges: huge amounts, extreme rates, one month, 999 months, month ends', () => {
    const cases: LoanInput[] = [
      { amount: '90000000000000', months: 999, annualRate: 99.9999, method: '01', issueDate: '2024-01-31' },
      { amount: '89999999999999.99', months: 360, annualRate: '3.0001', method: '02', issueDate: '2024-02-29' },
      { amount: '999999999999999', months: 360, annualRate: 4.9, method: '01', issueDate: '2024-01-31' },
      { amount: '0.01', months: 999, annualRate: 100, method: '01', issueDate: '2000-02-29' },
      { amount: 1_000_000, months: 1, annualRate: 0, method: '02', issueDate: '2024-12-31' },
      { amount: 1_000_000, months: 360, annualRate: '3.123456789', method: '01', issueDate: '2024-05-20' },
      { amount: 630_000, months: 360, annualRate: 4.9, method: '02', issueDate: '2024-05-20' },
    ];
    for (const c of cases) expect(calculateLoan(c), JSON.stringify(c)).toEqual(oracle(c));
  });

  it('leaves to decimal.js what integers of a double cannot hold exactly', () => {
    expect(fenResult(readLoan({ amount: '999999999999999', months: 360, annualRate: 4.9, method: '01', issueDate: '2024-01-31' }))).toBeNull();
    expect(fenResult(readLoan({ amount: 1_000_000, months: 360, annualRate: '3.123456789', method: '01', issueDate: '2024-01-31' }))).toBeNull();
    expect(fenResult(readLoan({ amount: 1_000_000, months: 360, annualRate: 3.1, method: '01', issueDate: '2024-01-31' }))).not.toBeNull();
  });
});
