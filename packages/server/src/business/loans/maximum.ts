import { calculateLoan, type RepaymentMethod } from '@gjj-hall/sdk/loan';
import { fenToYuan, yuanToFen } from '../../records/money';
import type { LoanParams } from './params';

/**
 * The most an applicant may borrow (docs/api-loans.md › 可贷额度): the smallest of four limits, each a row of this
 * table with its parameters, each figure shown to the applicant with the one that binds marked.
 *
 * | key      | limit                                                              | parameters                                   |
 * |----------|--------------------------------------------------------------------|----------------------------------------------|
 * | balance  | Σ borrowers' provident balance × balanceMultiple                     | balanceMultiple                              |
 * | capacity | the largest amount whose first instalment (engine) ≤ capacity% × Σ bases | capacityPercent                          |
 * | price    | price × (100 − down payment %)                                      | downPaymentPercentFirst / …Second            |
 * | ceiling  | the centre's ceiling for one or two borrowers, first or second home | ceilingSingleFirstYuan … ceilingCoupleSecondYuan |
 *
 * Each limit is rounded down to `roundingYuan`; on a tie the earlier row binds.
 */

export type LimitKey = 'balance' | 'capacity' | 'price' | 'ceiling';

export interface Borrower {
  /** Provident balance, fen. */
  balanceFen: bigint;
  /** Monthly deposit base, fen. */
  baseFen: bigint;
}

export interface MaximumInput {
  borrowers: readonly Borrower[];
  priceFen: bigint;
  secondHome: boolean;
  months: number;
  method: RepaymentMethod;
  /** Annual rate in percent, as loan_rate keeps it (text). */
  annualRate: string;
}

export interface Limit {
  key: LimitKey;
  /** The limit's name, for the page. */
  name: string;
  amountFen: bigint;
  /** How it was computed, in words with the figures. */
  formula: string;
  binds: boolean;
}

export interface Maximum {
  limits: Limit[];
  maxFen: bigint;
  binding: LimitKey;
}

const yuan = (fen: bigint) => fenToYuan(fen);
const floorTo = (fen: bigint, unitYuan: number) => {
  const unit = BigInt(unitYuan) * 100n;
  return fen <= 0n ? 0n : (fen / unit) * unit;
};

/** The first instalment of a loan of `amountFen`, fen, from the engine. */
export function firstPaymentFen(amountFen: bigint, months: number, method: RepaymentMethod, annualRate: string, issueDate = '2026-01-15'): bigint {
  return yuanToFen(calculateLoan({ amount: yuan(amountFen), months, annualRate, method, issueDate }).monthlyPayment);
}

/**
 * The largest amount (a multiple of `roundingYuan`) whose first instalment is at most `capacityFen`: estimated from
 * the engine's instalment on 1,000,000 yuan, then checked with the engine and stepped down until it holds.
 *
 * @example capacityAmountFen(360_000n, 360, '01', '2.6', 100) // the most whose first instalment ≤ 3,600.00 yuan
 */
export function capacityAmountFen(capacityFen: bigint, months: number, method: RepaymentMethod, annualRate: string, roundingYuan: number): bigint {
  if (capacityFen <= 0n) return 0n;
  const reference = 100_000_000n; // 1,000,000 yuan
  const per = firstPaymentFen(reference, months, method, annualRate);
  let amount = floorTo((capacityFen * reference) / per, roundingYuan);
  const step = BigInt(roundingYuan) * 100n;
  // The estimate is within a fen or two of the instalment; at most a few steps down.
  while (amount > 0n && firstPaymentFen(amount, months, method, annualRate) > capacityFen) amount -= step;
  // And never below what the next step up would allow.
  while (firstPaymentFen(amount + step, months, method, annualRate) <= capacityFen) amount += step;
  return amount;
}

/**
 * The four limits and the maximum, with the one that binds marked.
 *
 * @example maximumOf({ borrowers: [{ balanceFen: 8_654_235n, baseFen: 900_000n }], priceFen: 150_000_000n, secondHome: false, months: 360, method: '01', annualRate: '2.6' }, await readLoanParams(q)).binding // 'capacity'
 */
export function maximumOf(input: MaximumInput, params: Readonly<LoanParams>): Maximum {
  const P = params;
  const couple = input.borrowers.length > 1;
  const balance = input.borrowers.reduce((s, b) => s + b.balanceFen, 0n);
  const base = input.borrowers.reduce((s, b) => s + b.baseFen, 0n);
  const capacity = (base * BigInt(Math.round(P.capacityPercent * 100))) / 10_000n;
  const down = input.secondHome ? P.downPaymentPercentSecond : P.downPaymentPercentFirst;
  const ceilingYuan = couple
    ? input.secondHome ? P.ceilingCoupleSecondYuan : P.ceilingCoupleFirstYuan
    : input.secondHome ? P.ceilingSingleSecondYuan : P.ceilingSingleFirstYuan;
  const who = couple ? '借款人与共同借款人' : '借款人';
  const home = input.secondHome ? '第二套住房' : '首套住房';
  const rows: Array<Omit<Limit, 'binds'>> = [
    {
      key: 'balance',
      name: '按账户余额计算',
      amountFen: floorTo(balance * BigInt(P.balanceMultiple), P.roundingYuan),
      formula: `${who}住房公积金账户余额 ${yuan(balance)} 元 × ${P.balanceMultiple} 倍`,
    },
    {
      key: 'capacity',
      name: '按还款能力计算',
      amountFen: capacityAmountFen(capacity, input.months, input.method, input.annualRate, P.roundingYuan),
      formula: `${who}月缴存基数 ${yuan(base)} 元 × ${P.capacityPercent}% = ${yuan(capacity)} 元，首期月还款额不超过该数（${input.months} 个月，年利率 ${input.annualRate}%）`,
    },
    {
      key: 'price',
      name: '按房屋总价计算',
      amountFen: floorTo((input.priceFen * BigInt(100 - down)) / 100n, P.roundingYuan),
      formula: `房屋总价 ${yuan(input.priceFen)} 元 × (1 − 最低首付比例 ${down}%)（${home}）`,
    },
    {
      key: 'ceiling',
      name: '最高贷款额度',
      amountFen: BigInt(ceilingYuan) * 100n,
      formula: `${couple ? '两名借款人' : '一名借款人'}、${home}的最高贷款额度 ${ceilingYuan / 10_000} 万元`,
    },
  ];
  let bound = rows[0]!;
  for (const r of rows) if (r.amountFen < bound.amountFen) bound = r;
  return { limits: rows.map((r) => ({ ...r, binds: r === bound })), maxFen: bound.amountFen, binding: bound.key };
}
