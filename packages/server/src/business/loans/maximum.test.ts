import { describe, expect, it } from 'vitest';
import { calculateLoan } from '@gjj-hall/sdk/loan';
import { capacityAmountFen, firstPaymentFen, maximumOf, type MaximumInput } from './maximum';
import { loanParams } from './params';
import { PARAMETER_DEFAULTS } from '../../params/centre';
import { scheduleOf } from './ledger';
import { yuanToFen } from '../../records/money';

// The maximum a borrower may borrow (maximum.ts): each of the four limits binding, the capacity at its edge, the
// couple and second-home ceilings, and each parameter row read from the one table.

const wan = (n: number) => BigInt(n) * 1_000_000n; // 万元 in fen
const base: MaximumInput = { borrowers: [{ balanceFen: wan(10), baseFen: 3_000_000n }], priceFen: wan(300), secondHome: false, months: 360, method: '01', annualRate: '2.6' };
const limit = (m: ReturnType<typeof maximumOf>, key: string) => m.limits.find((l) => l.key === key)!;

/** The loan rows of the centre's parameter table at their defaults (migration 120); the rows in force are read by
 * maximumFor (gd0101.test.ts drives them with setParameter). */
const P = loanParams(PARAMETER_DEFAULTS);
const max = (input: MaximumInput, params = P) => maximumOf(input, params);

describe('the parameter table', () => {
  it('is the one documented set (上海 of the reference): the rows loan… of centre_parameter, without the prefix', () => {
    expect(P).toEqual({
      minContinuousMonths: 6,
      balanceMultiple: 30,
      capacityPercent: 40,
      downPaymentPercentFirst: 20,
      downPaymentPercentSecond: 25,
      ceilingSingleFirstYuan: 1_000_000,
      ceilingSingleSecondYuan: 800_000,
      ceilingCoupleFirstYuan: 2_000_000,
      ceilingCoupleSecondYuan: 1_600_000,
      roundingYuan: 100,
      minAmountYuan: 10_000,
      maxMonths: 360,
      minMonths: 12,
      maxAgeAtEnd: 65,
      minAge: 18,
      overdueFactor: 1.5,
      // Early repayment (GD0602): the reference names no minimum or frequency; these two are the demo centre's choice
      // (docs/parameters.md).
      prepayMinYuan: 10_000,
      prepayPerYear: 2,
    });
  });
});

describe('maximumOf: the smallest of four limits, the binding one marked', () => {
  it('balance: balance × balanceMultiple binds a small balance (10,000.00 → 300,000)', () => {
    const m = max({ ...base, borrowers: [{ balanceFen: 1_000_000n, baseFen: 3_000_000n }] });
    expect(m.binding).toBe('balance');
    expect(m.maxFen).toBe(wan(30));
    expect(limit(m, 'balance').binds).toBe(true);
    expect(m.limits.filter((l) => l.binds)).toHaveLength(1);
    expect(limit(m, 'balance').formula).toContain('10000.00 元 × 30 倍');
  });

  it('balance: rounded down to the hundred yuan', () => {
    const m = max({ ...base, borrowers: [{ balanceFen: 8_654_235n, baseFen: 3_000_000n }] });
    expect(limit(m, 'balance').amountFen).toBe(259_620_000n); // 86,542.35 × 30 = 2,596,270.50 → 2,596,200
  });

  it('capacity: 张三 (base 9,000, 40 % = 3,600 a month) is bound by his repayment capacity', () => {
    const m = max({ ...base, borrowers: [{ balanceFen: 8_654_235n, baseFen: 900_000n }], priceFen: wan(200) });
    expect(m.binding).toBe('capacity');
    const cap = limit(m, 'capacity').amountFen;
    expect(firstPaymentFen(cap, 360, '01', '2.6')).toBeLessThanOrEqual(360_000n);
    expect(firstPaymentFen(cap + 10_000n, 360, '01', '2.6')).toBeGreaterThan(360_000n);
    expect(cap % 10_000n).toBe(0n);
  });

  it('capacity: at the edge for equal principal too, and zero for no base', () => {
    const cap = capacityAmountFen(500_000n, 240, '02', '2.6', 100);
    expect(firstPaymentFen(cap, 240, '02', '2.6')).toBeLessThanOrEqual(500_000n);
    expect(firstPaymentFen(cap + 10_000n, 240, '02', '2.6')).toBeGreaterThan(500_000n);
    expect(capacityAmountFen(0n, 240, '01', '2.6', 100)).toBe(0n);
    expect(capacityAmountFen(360_000n, 120, '01', '0', 100)).toBe(43_200_000n); // interest-free: 3,600 × 120
  });

  it('price: price less the minimum down payment, 20 % first home, 25 % second', () => {
    const first = max({ ...base, priceFen: wan(50) });
    expect(first.binding).toBe('price');
    expect(first.maxFen).toBe(wan(40));
    const second = max({ ...base, priceFen: wan(50), secondHome: true });
    expect(second.binding).toBe('price');
    expect(second.maxFen).toBe(37_500_000n);
    expect(limit(second, 'price').formula).toContain('25%');
  });

  it('ceiling: one borrower 100万 first home, 80万 second', () => {
    const first = max(base);
    expect(first.binding).toBe('ceiling');
    expect(first.maxFen).toBe(wan(100));
    expect(max({ ...base, secondHome: true }).maxFen).toBe(wan(80));
  });

  it('ceiling: two borrowers 200万 first home, 160万 second; both balances and bases count', () => {
    const two = { ...base, borrowers: [{ balanceFen: wan(10), baseFen: 3_000_000n }, { balanceFen: wan(10), baseFen: 3_000_000n }], priceFen: wan(500) };
    const first = max(two);
    expect(first.binding).toBe('ceiling');
    expect(first.maxFen).toBe(wan(200));
    expect(limit(first, 'balance').amountFen).toBe(wan(600));
    expect(max({ ...two, secondHome: true }).maxFen).toBe(wan(160));
  });

  it('a tie binds the earlier row', () => {
    const m = max({ ...base, borrowers: [{ balanceFen: wan(100) / 30n, baseFen: 3_000_000n }], priceFen: wan(125) });
    // balance 33,333.33 × 30 = 999,999.90 → 999,900; price 125万 × 80 % = 100万; ceiling 100万: balance binds.
    expect(m.binding).toBe('balance');
    const tie = max({ ...base, priceFen: wan(125) });
    expect(limit(tie, 'price').amountFen).toBe(limit(tie, 'ceiling').amountFen);
    expect(tie.binding).toBe('price');
  });

  it('reads a centre\'s other parameters (every number a parameter)', () => {
    const m = max({ ...base, borrowers: [{ balanceFen: 1_000_000n, baseFen: 3_000_000n }] }, { ...P, balanceMultiple: 20 });
    expect(m.maxFen).toBe(wan(20));
  });
});

describe('the stored schedule is the engine\'s', () => {
  it('scheduleOf returns calculateLoan\'s rows for the same inputs, to the fen', () => {
    const input = { amountFen: 50_000_000n, months: 240, annualRate: '2.6', method: '01' as const, issueDate: '2026-11-26' };
    const rows = scheduleOf(input);
    const engine = calculateLoan({ amount: '500000.00', months: 240, annualRate: '2.6', method: '01', issueDate: '2026-11-26' }).schedule;
    expect(rows).toEqual(engine);
    expect(rows.reduce((s, r) => s + yuanToFen(r.principal), 0n)).toBe(50_000_000n);
  });
});
