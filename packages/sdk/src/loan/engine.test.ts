import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GjjError } from '../client/errors';
import { calculateLoan, LOAN_INPUT_MESSAGES as M, LoanInputError, type LoanInput, type LoanResult, type RepaymentMethod } from './engine';

const loan = (amount: number | string, months: number, annualRate: number | string, method: RepaymentMethod, issueDate = '2024-01-31') =>
  calculateLoan({ amount, months, annualRate, method, issueDate });

/**
 * Straightforward reference: the payment by other algebra (P·i / (1 − (1+i)^−n)), precision 40, due dates from UTC
 * Date arithmetic; the lenders' rounding (half up to the fen on the exact figure).
 */
const R = Decimal.clone({ defaults: true, precision: 40, rounding: Decimal.ROUND_HALF_UP });
function reference(amount: string, months: number, annualRate: string, method: RepaymentMethod, issueDate: string) {
  const fen = (x: Decimal) => x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const i = new R(annualRate).div(100).div(12);
  let balance = new R(amount);
  const each =
    method === '02' || i.isZero()
      ? fen(balance.div(months))
      : fen(balance.times(i).div(new R(1).minus(i.plus(1).pow(-months))));
  const [y, m, d] = issueDate.split('-').map(Number) as [number, number, number];
  const rows = [];
  for (let k = 1; k <= months; k++) {
    const interest = fen(balance.times(annualRate).div(1200)); // exact, so a half fen rounds up as it should
    let principal = k === months ? balance : method === '01' ? each.minus(interest) : each;
    if (principal.gt(balance)) principal = balance;
    balance = balance.minus(principal);
    const day = Math.min(d, new Date(Date.UTC(y, m - 1 + k + 1, 0)).getUTCDate());
    rows.push({
      period: k,
      date: new Date(Date.UTC(y, m - 1 + k, day)).toISOString().slice(0, 10),
      principal: principal.toFixed(2),
      interest: interest.toFixed(2),
      payment: principal.plus(interest).toFixed(2),
      balance: balance.toFixed(2),
    });
  }
  return rows;
}

const sum = (rows: LoanResult['schedule'], key: 'principal' | 'interest' | 'payment') =>
  rows.reduce((s, r) => s.plus(r[key]), new Decimal(0)).toFixed(2);

/** Amounts in yuan with up to two decimals, written as text. */
const amountText = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((f) => `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`);
const rateText = fc.integer({ min: 0, max: 2400 }).map((r) => String(r / 100)); // 0 % to 24 %
const issueDate = fc.oneof(
  fc.date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2100, 11, 31)), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2024-01-31', '2024-01-30', '2024-02-29', '2023-08-31', '2023-01-29'),
);
const method = fc.constantFrom<RepaymentMethod>('01', '02');

describe('published figures', () => {
  it('1 000 000 yuan, 4.9 %, 240 months, 01: 6544.44 a month; first period 4083.33 interest, 2461.11 principal', () => {
    const r = loan(1_000_000, 240, 4.9, '01');
    expect(r.monthlyPayment).toBe('6544.44');
    expect(r.schedule[0]).toEqual({ period: 1, date: '2024-02-29', principal: '2461.11', interest: '4083.33', payment: '6544.44', balance: '997538.89' });
    expect(r.schedule).toHaveLength(240);
    expect(r.totalPrincipal).toBe('1000000.00');
    expect(r.monthlyDecrease).toBe('0.00');
  });

  it('630 000 yuan, 4.9 %, 360 months: 01 pays 3343.58; 02 starts at 4322.50 and falls by 7.15 a month', () => {
    expect(loan(630_000, 360, 4.9, '01').monthlyPayment).toBe('3343.58');
    const r = loan('630000', 360, '4.9', '02');
    expect(r.monthlyPayment).toBe('4322.50');
    expect(r.monthlyDecrease).toBe('7.15');
    expect(r.schedule[0]).toMatchObject({ principal: '1750.00', interest: '2572.50' });
    expect(r.schedule[1]?.payment).toBe('4315.35');
    expect(r.lastPayment).toBe('1757.15');
  });

  it('400 000 yuan, 3.25 %, 360 months, 01: 1740.83', () => {
    expect(loan(400_000, 360, 3.25, '01').monthlyPayment).toBe('1740.83');
  });

  it('1 249 000 yuan, 5.88 %, 360 months, 01: 7392.30, first principal 1272.20 and interest 6120.10', () => {
    const r = loan(1_249_000, 360, 5.88, '01');
    expect(r.monthlyPayment).toBe('7392.30');
    expect(r.schedule[0]).toMatchObject({ principal: '1272.20', interest: '6120.10' });
  });

  it('totals add up: total payment = principal + interest, and the columns sum to the totals', () => {
    for (const r of [loan(1_249_000, 360, 5.88, '01'), loan(630_000, 360, 4.9, '02')]) {
      expect(sum(r.schedule, 'principal')).toBe(r.totalPrincipal);
      expect(sum(r.schedule, 'interest')).toBe(r.totalInterest);
      expect(sum(r.schedule, 'payment')).toBe(r.totalPayment);
      expect(new Decimal(r.totalPrincipal).plus(r.totalInterest).toFixed(2)).toBe(r.totalPayment);
    }
  });
});

describe('edge cases', () => {
  it('0 %: the amount in equal parts, no interest, the last part takes the remainder', () => {
    for (const m of ['01', '02'] as const) {
      const r = loan(1000, 3, 0, m);
      expect(r.schedule.map((x) => x.payment)).toEqual(['333.33', '333.33', '333.34']);
      expect(r.totalInterest).toBe('0.00');
      expect(r.monthlyPayment).toBe('333.33');
      expect(r.lastPayment).toBe('333.34');
    }
  });

  it('1 month: the whole amount plus one month of interest, due a month later', () => {
    const r = loan(10_000, 1, 3.6, '01', '2024-01-31');
    expect(r.schedule).toEqual([{ period: 1, date: '2024-02-29', principal: '10000.00', interest: '30.00', payment: '10030.00', balance: '0.00' }]);
    expect(loan(10_000, 1, 3.6, '02').monthlyDecrease).toBe('0.00');
  });

  it('dates: issued on the 31st, the 30th and 29 February', () => {
    expect(loan(1000, 4, 3, '01', '2024-01-31').schedule.map((r) => r.date)).toEqual(['2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31']);
    expect(loan(1000, 3, 3, '02', '2023-12-30').schedule.map((r) => r.date)).toEqual(['2024-01-30', '2024-02-29', '2024-03-30']);
    expect(loan(1000, 12, 3, '01', '2024-02-29').schedule.map((r) => r.date).slice(-2)).toEqual(['2025-01-29', '2025-02-28']);
  });

  it('amounts round half up to the fen; numbers and text give the same plan', () => {
    expect(loan(0.1 + 0.2, 1, 0, '01').totalPrincipal).toBe('0.30');
    expect(loan('100.005', 1, 0, '01').totalPrincipal).toBe('100.01');
    expect(loan('1000000', 240, '4.9', '01')).toEqual(loan(1_000_000, 240, 4.9, '01'));
  });

  it('a loan repaid early by compounded rounding keeps one row per month, the last ones 0.00', () => {
    const r = loan('10000.14', 358, '23.95', '01');
    expect(r.schedule).toHaveLength(358);
    expect(r.schedule.slice(-2).map((x) => x.payment)).toEqual(['107.78', '0.00']);
    expect(r.totalPrincipal).toBe('10000.14');
  });

  it('a tiny amount over many months never repays more than is owed', () => {
    const r = loan('0.05', 9, 0, '02');
    expect(r.schedule.map((x) => x.principal)).toEqual(['0.01', '0.01', '0.01', '0.01', '0.01', '0.00', '0.00', '0.00', '0.00']);
    expect(r.schedule.at(-1)?.balance).toBe('0.00');
  });

  it('the largest inputs still compute: 999 months at 100 %, 15 integer digits', () => {
    const r = loan('999999999999999.99', 999, 100, '01');
    expect(r.schedule).toHaveLength(999);
    expect(r.totalPrincipal).toBe('999999999999999.99');
    expect(r.schedule.at(-1)?.date).toBe('2107-04-30');
  });

  it('leaves the global Decimal configuration alone', () => {
    loan(1000, 12, 3, '01');
    expect(Decimal.precision).toBe(20);
    expect(Decimal.rounding).toBe(Decimal.ROUND_HALF_UP);
    const before = { precision: Decimal.precision, rounding: Decimal.rounding };
    Decimal.set({ precision: 5, rounding: Decimal.ROUND_DOWN });
    try {
      expect(loan(1_000_000, 240, 4.9, '01').monthlyPayment).toBe('6544.44');
    } finally {
      Decimal.set(before);
    }
  });
});

describe('invalid input throws LoanInputError with a Chinese message', () => {
  const ok: LoanInput = { amount: 100_000, months: 120, annualRate: 3.1, method: '01', issueDate: '2024-05-20' };
  const cases: Array<[Partial<Record<keyof LoanInput, unknown>>, string, string]> = [
    [{ amount: '' }, M.amountEmpty, 'amount'],
    [{ amount: undefined }, M.amountEmpty, 'amount'],
    [{ amount: 0 }, M.amountZero, 'amount'],
    [{ amount: '0.004' }, M.amountZero, 'amount'],
    [{ amount: -5 }, M.amountNegative, 'amount'],
    [{ amount: Number.NaN }, M.amountInvalid, 'amount'],
    [{ amount: Number.POSITIVE_INFINITY }, M.amountInvalid, 'amount'],
    [{ amount: '1e5' }, M.amountInvalid, 'amount'],
    [{ amount: '10万' }, M.amountInvalid, 'amount'],
    [{ amount: 1e15 }, M.amountTooLarge, 'amount'],
    [{ months: '' }, M.monthsEmpty, 'months'],
    [{ months: 0 }, M.monthsZero, 'months'],
    [{ months: 1000 }, M.months, 'months'],
    [{ months: 12.5 }, M.months, 'months'],
    [{ months: -12 }, M.months, 'months'],
    [{ annualRate: null }, M.rateEmpty, 'annualRate'],
    [{ annualRate: 'abc' }, M.rateInvalid, 'annualRate'],
    [{ annualRate: -0.1 }, M.rateMin, 'annualRate'],
    [{ annualRate: 100.01 }, M.rateMax, 'annualRate'],
    [{ method: '03' }, M.method, 'method'],
    [{ method: undefined }, M.method, 'method'],
    [{ issueDate: '' }, M.issueDateEmpty, 'issueDate'],
    [{ issueDate: '2023-02-29' }, M.issueDate, 'issueDate'],
    [{ issueDate: '2024/05/20' }, M.issueDate, 'issueDate'],
    [{ issueDate: '9990-01-01', months: 999 }, M.issueDateRange, 'issueDate'],
  ];

  it.each(cases)('%o', (change, message, field) => {
    let error: unknown;
    try {
      calculateLoan({ ...ok, ...change } as LoanInput);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LoanInputError);
    expect(error).toBeInstanceOf(GjjError);
    expect(error).toMatchObject({ name: 'LoanInputError', message, field });
  });

  it('spec 5.1 wording where the spec has one; every message is Chinese', () => {
    expect(M.amountZero).toBe('贷款金额不能为0');
    expect(M.months).toBe('贷款期限只能输入3位以内的数字');
    for (const m of Object.values(M)) expect(typeof m === 'function' ? m(1) : m).toMatch(/[\u4e00-\u9fff]/);
  });

  it('no input at all', () => {
    expect(() => calculateLoan(undefined as unknown as LoanInput)).toThrow(M.amountEmpty);
  });

  it('0 % and 100 % are accepted', () => {
    expect(() => calculateLoan({ ...ok, annualRate: 0 })).not.toThrow();
    expect(() => calculateLoan({ ...ok, annualRate: '100' })).not.toThrow();
  });
});

describe('properties', () => {
  it('equals the straightforward reference, row by row', () => {
    fc.assert(
      fc.property(amountText(0.01, 5_000_000), fc.integer({ min: 1, max: 480 }), rateText, method, issueDate, (amount, months, rate, m, date) => {
        const r = calculateLoan({ amount, months, annualRate: rate, method: m, issueDate: date });
        expect(r.schedule).toEqual(reference(amount, months, rate, m, date));
      }),
      { numRuns: 150 },
    );
  });

  it('principal sums to the amount; one row per month; balance never rises and ends at 0.00; dates never drift', () => {
    fc.assert(
      fc.property(amountText(0.01, 100_000_000), fc.integer({ min: 1, max: 600 }), rateText, method, issueDate, (amount, months, rate, m, date) => {
        const r = calculateLoan({ amount, months, annualRate: rate, method: m, issueDate: date });
        expect(r.schedule).toHaveLength(months);
        expect(sum(r.schedule, 'principal')).toBe(new Decimal(amount).toFixed(2));
        expect(r.totalPrincipal).toBe(new Decimal(amount).toFixed(2));
        expect(r.schedule.at(-1)?.balance).toBe('0.00');
        const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
        let previous = new Decimal(amount);
        r.schedule.forEach((row, k) => {
          expect(row.period).toBe(k + 1);
          expect(new Decimal(row.balance).lte(previous)).toBe(true);
          expect(new Decimal(row.principal).gte(0)).toBe(true);
          previous = new Decimal(row.balance);
          const index = y * 12 + mo - 1 + k + 1;
          const [ry, rm, rd] = row.date.split('-').map(Number) as [number, number, number];
          expect(ry * 12 + rm - 1).toBe(index); // consecutive months
          expect(rd).toBe(Math.min(d, new Date(Date.UTC(ry, rm, 0)).getUTCDate())); // the issue day, clamped
        });
      }),
      { numRuns: 100 },
    );
  });

  it('02 payments fall strictly every month when the drop outweighs the rounding', () => {
    // Month to month the payment falls by about (P/n)·i, but rounding the interest costs up to 0.01, and the last
    // period may carry up to n × 0.005 more principal than the others (P/n is rounded). So the payments fall strictly
    // only if (P/n − 0.005)·i ≥ 0.01 + 0.005·n, i.e. P ≥ n·((0.01 + 0.005n)/i + 0.005): e.g. about 782 000 yuan at
    // 1 % over 360 months. Smaller loans can end with a last payment a few fen above the one before.
    const input = fc
      .record({ months: fc.integer({ min: 2, max: 480 }), rate: fc.integer({ min: 100, max: 2400 }), extra: fc.integer({ min: 0, max: 1e9 }) })
      .map(({ months, rate, extra }) => {
        const i = rate / 100 / 1200;
        const floor = Math.max(10_000, months * ((0.01 + 0.005 * months) / i + 0.005));
        return { months, annualRate: String(rate / 100), amount: (Math.ceil(floor * 100 + extra) / 100).toFixed(2) };
      });
    fc.assert(
      fc.property(input, issueDate, ({ months, annualRate, amount }, date) => {
        const payments = calculateLoan({ amount, months, annualRate, method: '02', issueDate: date }).schedule.map((r) => new Decimal(r.payment));
        for (let k = 1; k < payments.length; k++) expect(payments[k]?.lt(payments[k - 1] as Decimal)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('01 pays the same every month but the last', () => {
    // Rounding the payment half up can overpay up to 0.005 a month, which grows with interest to 0.005·s(n)
    // (s(n) = ((1+i)^n − 1) / i). At extreme terms (24 % over 30 years: about 295 yuan) that repays a small loan a
    // period early and the last rows are 0.00. Up to 10 % over 360 months it stays under 12 yuan, below any payment
    // of a loan of 10 000 yuan or more.
    fc.assert(
      fc.property(amountText(10_000, 10_000_000), fc.integer({ min: 2, max: 360 }), fc.integer({ min: 0, max: 1000 }).map((r) => String(r / 100)), (amount, months, rate) => {
        const r = calculateLoan({ amount, months, annualRate: rate, method: '01', issueDate: '2024-01-31' });
        expect(new Set(r.schedule.slice(0, -1).map((x) => x.payment))).toEqual(new Set([r.monthlyPayment]));
      }),
      { numRuns: 100 },
    );
  });
});

describe('rate floor (issue 18, item 9)', () => {
  const base = { amount: 1_000_000, months: 240, method: '01', issueDate: '2026-01-31' } as const;

  it.each([1e-16, 1e-15, 1e-13, 1e-12, '0.001', 0.0099, '0.00999999'])('refuses %s %% with a Chinese message, not a division by zero or a wrong plan', (annualRate) => {
    for (const method of ['01', '02'] as const) {
      let error: unknown;
      try {
        calculateLoan({ ...base, method, annualRate });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(LoanInputError);
      expect(error).toMatchObject({ message: M.rateFloor, field: 'annualRate' });
    }
  });

  it('accepts 0 (interest-free) and the floor itself, 0.01 %', () => {
    expect(loan(1000, 3, 0, '01').totalInterest).toBe('0.00');
    const r = loan(1_000_000, 240, '0.01', '01');
    expect(r.schedule).toEqual(reference('1000000', 240, '0.01', '01', '2024-01-31'));
  });

  it('equals the straightforward reference across the range the calculator takes: 0 or 0.01-10 %, up to 999 months', () => {
    // Rates with up to four decimals (rate tables publish e.g. 3.575) from the floor to the spec's ceiling.
    const rate = fc.oneof(fc.constant('0'), fc.integer({ min: 100, max: 100_000 }).map((r) => String(r / 10_000)));
    fc.assert(
      fc.property(amountText(0.01, 1_000_000_000), fc.integer({ min: 1, max: 999 }), rate, method, issueDate, (amount, months, r, m, date) => {
        const result = calculateLoan({ amount, months, annualRate: r, method: m, issueDate: date });
        expect(result.schedule).toEqual(reference(amount, months, r, m, date));
      }),
      { numRuns: 60 },
    );
  });
});
