import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateLoan, LOAN_INPUT_MESSAGES as M, LoanInputError, type RepaymentMethod, type ScheduleRow } from './engine';
import { calculatePrepayment, type PrepaymentInput } from './prepay';

const base = { amount: 1_000_000, months: 240, annualRate: 4.9, method: '01', issueDate: '2024-01-31' } as const;
const trial = (change: Partial<PrepaymentInput>) =>
  calculatePrepayment({ ...base, prepayPeriod: 12, prepayAmount: 100_000, mode: 'shorten', ...change });
const money = ({ principal, interest, payment, balance }: ScheduleRow) => ({ principal, interest, payment, balance });
const sum = (rows: ScheduleRow[], key: 'principal' | 'interest') => rows.reduce((s, r) => s.plus(r[key]), new Decimal(0)).toFixed(2);

describe('calculatePrepayment', () => {
  it('shorten, 01: the same 6544.44 a month, 35 months sooner', () => {
    const r = trial({});
    expect(r.original).toEqual(calculateLoan(base));
    expect(r.schedule.slice(0, 11)).toEqual(r.original.schedule.slice(0, 11));
    expect(r.schedule[11]).toEqual({ period: 12, date: '2025-01-31', principal: '102573.94', interest: '3970.50', payment: '106544.44', balance: '869794.33' });
    expect(r).toMatchObject({ prepayDate: '2025-01-31', prepayAmount: '100000.00', settled: false, monthlyPayment: '6544.44', remainingMonths: 193, monthsSaved: 35, endDate: '2041-02-28' });
    expect(r.schedule.slice(12, -1).every((row) => row.payment === '6544.44')).toBe(true);
    expect(r.interestSaved).toBe('135584.59');
    expect(new Decimal(r.original.totalInterest).minus(r.totalInterest).toFixed(2)).toBe(r.interestSaved);
  });

  it('reduce, 01: the end date stays; the rest is a new loan of the balance over the months left', () => {
    const r = trial({ mode: 'reduce' });
    const rest = calculateLoan({ ...base, amount: '869794.33', months: 228 });
    expect(r.monthlyPayment).toBe(rest.monthlyPayment);
    expect(Number(r.monthlyPayment)).toBeLessThan(6544.44);
    expect(r.schedule.slice(12).map(money)).toEqual(rest.schedule.map(money));
    expect(r.schedule.slice(12).map((row) => row.date)).toEqual(r.original.schedule.slice(12).map((row) => row.date));
    expect(r).toMatchObject({ remainingMonths: 228, monthsSaved: 0, endDate: '2044-01-31' });
    expect(Number(r.interestSaved)).toBeGreaterThan(0);
    // Lowering the payment saves less interest than keeping it.
    expect(Number(r.interestSaved)).toBeLessThan(Number(trial({}).interestSaved));
  });

  it('02: shorten keeps the monthly principal, reduce spreads the balance over the months left', () => {
    const input = { amount: 630_000, months: 360, annualRate: 4.9, method: '02', prepayPeriod: 60, prepayAmount: 105_000 } as const;
    const shorten = calculatePrepayment({ ...base, ...input, mode: 'shorten' });
    expect(shorten.schedule.slice(60, -1).every((row) => row.principal === '1750.00')).toBe(true);
    expect(shorten.remainingMonths).toBe(240); // 105 000 is 60 monthly principals
    expect(shorten.monthlyPayment).toBe('3465.00'); // 1750 + 420 000 × 4.9 % / 12
    const reduce = calculatePrepayment({ ...base, ...input, mode: 'reduce' });
    expect(reduce.schedule.slice(60).every((row) => row.principal === '1400.00')).toBe(true); // 420 000 / 300
    expect(reduce.monthlyPayment).toBe('3115.00');
    expect(reduce.remainingMonths).toBe(300);
  });

  it('a lump sum of at least the balance settles the loan', () => {
    const r = trial({ prepayAmount: '5000000' });
    const balanceBefore = new Decimal(r.original.schedule[10]?.balance ?? 'x').minus(r.original.schedule[11]?.principal ?? 'x');
    expect(r).toMatchObject({ settled: true, remainingMonths: 0, monthsSaved: 228, monthlyPayment: '0.00', endDate: '2025-01-31' });
    expect(r.prepayAmount).toBe(balanceBefore.toFixed(2));
    expect(r.schedule).toHaveLength(12);
    expect(r.schedule.at(-1)?.balance).toBe('0.00');
    expect(r.totalPrincipal).toBe('1000000.00');
    expect(r.interestSaved).toBe(new Decimal(r.original.totalInterest).minus(sum(r.original.schedule.slice(0, 12), 'interest')).toFixed(2));
    expect(trial({ prepayAmount: r.prepayAmount }).settled).toBe(true);
  });

  it('throws LoanInputError with a clear message for impossible values', () => {
    const cases: Array<[Partial<PrepaymentInput>, string, string]> = [
      [{ prepayPeriod: 0 }, M.prepayPeriod(239), 'prepayPeriod'],
      [{ prepayPeriod: 240 }, M.prepayPeriod(239), 'prepayPeriod'],
      [{ prepayPeriod: 1.5 }, M.prepayPeriod(239), 'prepayPeriod'],
      [{ prepayPeriod: '' }, M.prepayPeriodEmpty, 'prepayPeriod'],
      [{ months: 1 }, M.prepayOneMonth, 'prepayPeriod'],
      [{ prepayAmount: 0 }, M.prepayAmountMin, 'prepayAmount'],
      [{ prepayAmount: -100 }, M.prepayAmountMin, 'prepayAmount'],
      [{ prepayAmount: 'abc' }, M.prepayAmountInvalid, 'prepayAmount'],
      [{ prepayAmount: undefined as never }, M.prepayAmountEmpty, 'prepayAmount'],
      [{ mode: 'faster' as never }, M.prepayMode, 'mode'],
      [{ amount: 0 }, M.amountZero, 'amount'],
    ];
    for (const [change, message, field] of cases) {
      expect(() => trial(change), JSON.stringify(change)).toThrow(LoanInputError);
      expect(() => trial(change)).toThrow(message);
      try {
        trial(change);
      } catch (e) {
        expect((e as LoanInputError).field).toBe(field);
      }
    }
    expect(M.prepayPeriod(239)).toBe('提前还款期次应为1至239之间的整数');
  });
});

/** A loan with a prepayment period inside it. */
const loanWithPeriod = fc
  .record({
    amount: fc.integer({ min: 100_000, max: 500_000_000 }).map((f) => f / 100),
    months: fc.integer({ min: 2, max: 360 }),
    annualRate: fc.integer({ min: 0, max: 1000 }).map((r) => r / 100),
    method: fc.constantFrom<RepaymentMethod>('01', '02'),
    issueDate: fc.constantFrom('2024-01-31', '2023-02-28', '2024-02-29', '2025-06-30', '2025-07-15'),
  })
  .chain((loan) => fc.record({ loan: fc.constant(loan), prepayPeriod: fc.integer({ min: 1, max: loan.months - 1 }) }));
const mode = fc.constantFrom('shorten' as const, 'reduce' as const);

describe('prepayment properties', () => {
  it('the plan stays whole: principal sums to the amount, balance never rises and ends at 0.00, dates unchanged', () => {
    fc.assert(
      fc.property(loanWithPeriod, fc.integer({ min: 1, max: 1e9 }), mode, ({ loan, prepayPeriod }, fen, m) => {
        const r = calculatePrepayment({ ...loan, prepayPeriod, prepayAmount: fen / 100, mode: m });
        expect(sum(r.schedule, 'principal')).toBe(new Decimal(loan.amount).toFixed(2));
        expect(r.schedule.at(-1)?.balance).toBe('0.00');
        let previous = new Decimal(loan.amount);
        r.schedule.forEach((row, k) => {
          expect(row.date).toBe(r.original.schedule[k]?.date);
          expect(new Decimal(row.balance).lte(previous)).toBe(true);
          previous = new Decimal(row.balance);
        });
        expect(r.schedule.slice(0, prepayPeriod - 1)).toEqual(r.original.schedule.slice(0, prepayPeriod - 1));
        expect(r.schedule).toHaveLength(prepayPeriod + r.remainingMonths);
        expect(r.remainingMonths + r.monthsSaved).toBe(loan.months - prepayPeriod);
        if (m === 'reduce' && !r.settled) expect(r.remainingMonths).toBe(loan.months - prepayPeriod);
        expect(r.interestSaved).toBe(new Decimal(r.original.totalPayment).minus(r.totalPayment).toFixed(2));
      }),
      { numRuns: 100 },
    );
  });

  it('0.01 changes almost nothing; when the payment is kept, the saving is never negative', () => {
    fc.assert(
      fc.property(loanWithPeriod, mode, ({ loan, prepayPeriod }, m) => {
        const r = calculatePrepayment({ ...loan, prepayPeriod, prepayAmount: '0.01', mode: m });
        const left = loan.months - prepayPeriod;
        const next = new Decimal(r.monthlyPayment);
        const before = new Decimal(r.original.schedule[prepayPeriod]?.payment ?? 'x');
        expect(r.prepayAmount).toBe('0.01');
        expect(r.remainingMonths).toBeGreaterThanOrEqual(left - 1);
        if (m === 'shorten') {
          // Same payment on a balance 0.01 lower: every later balance and interest is at most the original one.
          // The 0.01 grows with interest to at most 0.01·(1+i)^left, and rounding moves it by a few fen.
          const bound = 0.01 * (1 + loan.annualRate / 1200) ** left + 1;
          expect(Number(r.interestSaved)).toBeGreaterThanOrEqual(0);
          expect(Number(r.interestSaved)).toBeLessThanOrEqual(bound);
          if (r.remainingMonths > 1) expect(before.minus(next).abs().lte('0.01')).toBe(true);
        } else {
          // The new payment is the balance over the months left, rounded to the fen: within a fen or two of the same
          // computation without the 0.01. It may round the other way than the original payment did, and the last
          // period absorbs the difference, so a 0.01 prepayment can even cost a little interest: its sign is not
          // asserted here (the next property asserts it for real amounts).
          const balance = r.original.schedule[prepayPeriod - 1]?.balance ?? 'x';
          const same = calculateLoan({ ...loan, amount: balance, months: left });
          expect(r.remainingMonths).toBe(left);
          expect(next.minus(same.monthlyPayment).abs().lte('0.02')).toBe(true);
          expect(next.lte(same.monthlyPayment)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a real prepayment (1 000 yuan or more) saves interest in both modes, and shorten saves at least as much', () => {
    fc.assert(
      fc.property(loanWithPeriod, fc.integer({ min: 1000, max: 5_000_000 }), ({ loan, prepayPeriod }, amount) => {
        if (loan.annualRate < 1) return; // at a rate near 0 a saving rounds to 0.00
        const shorten = calculatePrepayment({ ...loan, prepayPeriod, prepayAmount: amount, mode: 'shorten' });
        const reduce = calculatePrepayment({ ...loan, prepayPeriod, prepayAmount: amount, mode: 'reduce' });
        // Nothing to save when the periods left carry no interest (a small balance at a low rate rounds to 0.00).
        const due = sum(shorten.original.schedule.slice(prepayPeriod), 'interest');
        for (const r of [shorten, reduce]) {
          expect(Number(r.interestSaved)).toBeGreaterThanOrEqual(0);
          if (due !== '0.00') expect(Number(r.interestSaved)).toBeGreaterThan(0);
        }
        expect(Number(shorten.interestSaved)).toBeGreaterThanOrEqual(Number(reduce.interestSaved));
      }),
      { numRuns: 100 },
    );
  });
});
