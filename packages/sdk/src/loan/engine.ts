// The class by its named type export, the value by the default export: declarations made from this file then read
// `import { Decimal } from 'decimal.js'`, which compiles under every moduleResolution (node16/nodenext treat the
// package's types as CommonJS, where a default import is the whole module; README, "TypeScript").
import DecimalJs from 'decimal.js';
import type { Decimal } from 'decimal.js';
import { DECIMAL_CONFIG, MONEY } from '../constants/constants';
import { addMonthsClamped, formatCalendarDate, parseCalendarDate, type CalendarDate } from './dates';
import { fail, isBlank, LOAN_INPUT_MESSAGES, MAX_ANNUAL_RATE, MIN_ANNUAL_RATE, readCount, type LoanInputField } from './input';

// What needs no decimals lives in input.ts, so a page that only checks input does not load decimal.js; re-exported here.
export { fail, isBlank, LOAN_INPUT_MESSAGES, LoanInputError, readCount } from './input';
export type { LoanInputField } from './input';

const M = LOAN_INPUT_MESSAGES;

/**
 * @internal decimal.js as spec 9 sets it (precision 20, half up), in a private copy: the global Decimal is untouched,
 * and every setting is given (decimal.js's own defaults for the others), so none is taken from a page or another
 * library that changed the global one.
 */
export const D: Decimal.Constructor = /* @__PURE__ */ DecimalJs.clone({
  ...DECIMAL_CONFIG,
  toExpNeg: -7,
  toExpPos: 21,
  minE: -9e15,
  maxE: 9e15,
  modulo: DecimalJs.ROUND_DOWN,
  crypto: false,
});

/** @internal The smaller of two decimals; the first when they are equal (the engine keeps the same object). */
export const min = (a: Decimal, b: Decimal): Decimal => (a.lte(b) ? a : b);

/** Amounts have at most MONEY.integerDigits integer digits (spec 9). */
const MAX_AMOUNT = /* @__PURE__ */ new D(10).pow(MONEY.integerDigits);
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Repayment method (spec 9): `01` equal principal and interest (等额本息), `02` equal principal (等额本金). */
export type RepaymentMethod = '01' | '02';

/**
 * What `calculateLoan` takes.
 *
 * @example
 * const input: LoanInput = { amount: 1_000_000, months: 240, annualRate: 4.9, method: '01', issueDate: '2024-01-31' }
 */
export interface LoanInput {
  /** Amount in yuan: a number or a decimal string; rounded half up to the fen. */
  amount: number | string;
  /** Term in months, 1-999. */
  months: number | string;
  /** Annual rate in percent: 3.1 means 3.1 %; 0 (interest-free), or from 0.01 to 100. */
  annualRate: number | string;
  method: RepaymentMethod;
  /** Issue date, `YYYY-MM-DD`. */
  issueDate: string;
}

/**
 * One period of a repayment plan; money in yuan with two decimals.
 *
 * @example
 * const row: ScheduleRow = { period: 1, date: '2024-02-29', principal: '2461.11', interest: '4083.33', payment: '6544.44', balance: '997538.89' }
 */
export interface ScheduleRow {
  period: number;
  /** Due date, `YYYY-MM-DD`. */
  date: string;
  principal: string;
  interest: string;
  /** Principal plus interest. */
  payment: string;
  /** Balance after this payment. */
  balance: string;
}

/**
 * A computed loan; money in yuan with two decimals.
 *
 * @example
 * const { monthlyPayment, totalInterest, schedule } = calculateLoan(input)
 */
export interface LoanResult {
  method: RepaymentMethod;
  months: number;
  /** The first month's payment (the same every month for `01`, except a few fen in the last). */
  monthlyPayment: string;
  /** The last month's payment. */
  lastPayment: string;
  /** For `02`, how much the payment falls each month (first minus second payment); '0.00' for `01`. */
  monthlyDecrease: string;
  totalPrincipal: string;
  totalInterest: string;
  totalPayment: string;
  schedule: ScheduleRow[];
}

/** @internal A validated loan. */
export interface Loan {
  amount: Decimal;
  months: number;
  /** Annual rate in percent. */
  annual: Decimal;
  /** Monthly rate: annual / 100 / 12. */
  rate: Decimal;
  method: RepaymentMethod;
  issue: CalendarDate;
}

/** @internal One period in decimals. */
export interface Period {
  period: number;
  date: string;
  principal: Decimal;
  interest: Decimal;
  payment: Decimal;
  balance: Decimal;
}

/** @internal A finite number or decimal text as a Decimal; null for anything else. Exponents, hex and Infinity are refused. */
export function toDecimal(v: unknown): Decimal | null {
  if (typeof v === 'number') return Number.isFinite(v) ? new D(v) : null;
  return typeof v === 'string' && NUMBER_TEXT.test(v.trim()) ? new D(v.trim()) : null;
}

/** @internal An amount in yuan, rounded to the fen, or a LoanInputError. */
export function readMoney(
  v: unknown,
  field: LoanInputField,
  m: { empty: string; invalid: string; zero: string; negative: string; tooLarge: string },
): Decimal {
  if (isBlank(v)) fail(m.empty, field);
  const d = toDecimal(v) ?? fail(m.invalid, field);
  if (d.isNegative() && !d.isZero()) fail(m.negative, field);
  const fen = d.toDecimalPlaces(2);
  if (fen.isZero()) fail(m.zero, field);
  return fen.gte(MAX_AMOUNT) ? fail(m.tooLarge, field) : fen;
}

/** @internal Validates the input of `calculateLoan`. */
export function readLoan(input: LoanInput): Loan {
  const src: Partial<LoanInput> = input ?? {};
  const amount = readMoney(src.amount, 'amount', {
    empty: M.amountEmpty,
    invalid: M.amountInvalid,
    zero: M.amountZero,
    negative: M.amountNegative,
    tooLarge: M.amountTooLarge,
  });

  if (isBlank(src.months)) fail(M.monthsEmpty, 'months');
  const months = readCount(src.months) ?? fail(M.months, 'months');
  if (months === 0) fail(M.monthsZero, 'months');

  if (isBlank(src.annualRate)) fail(M.rateEmpty, 'annualRate');
  const annual = toDecimal(src.annualRate) ?? fail(M.rateInvalid, 'annualRate');
  if (annual.isNegative() && !annual.isZero()) fail(M.rateMin, 'annualRate');
  if (annual.gt(MAX_ANNUAL_RATE)) fail(M.rateMax, 'annualRate');
  if (!annual.isZero() && annual.lt(MIN_ANNUAL_RATE)) fail(M.rateFloor, 'annualRate');

  const method = src.method === '01' || src.method === '02' ? src.method : fail(M.method, 'method');

  if (isBlank(src.issueDate)) fail(M.issueDateEmpty, 'issueDate');
  const issue = parseCalendarDate(src.issueDate) ?? fail(M.issueDate, 'issueDate');
  if (addMonthsClamped(issue, months).year > 9999) fail(M.issueDateRange, 'issueDate');

  return { amount, months, annual, rate: annual.div(1200), method, issue };
}

/**
 * @internal The rounded fixed part of each period over `count` periods: the payment for `01`
 * (P·i·(1+i)^n / ((1+i)^n − 1), or P / n at 0 %), the principal for `02` (P / n).
 */
export function fixedPart(balance: Decimal, rate: Decimal, method: RepaymentMethod, count: number): Decimal {
  if (method === '02' || rate.isZero()) return balance.div(count).toDecimalPlaces(2);
  const growth = rate.plus(1).pow(count);
  return balance.times(rate).times(growth).div(growth.minus(1)).toDecimalPlaces(2);
}

/**
 * @internal Periods `from + 1` to `from + count` on `balance`. Each period's interest is balance × i rounded to the
 * fen; the last period takes whatever principal remains, so the principal sums exactly to the balance. A period never
 * repays more than is owed: tiny amounts, or a rounded-up payment compounding at extreme rates, can be repaid before
 * the last period, and the periods after it are 0.00. With `stopWhenPaid`, ends once nothing is owed.
 */
export function amortize(
  balance: Decimal,
  loan: Pick<Loan, 'annual' | 'method' | 'issue'>,
  fixed: Decimal,
  from: number,
  count: number,
  stopWhenPaid = false,
): Period[] {
  const periods: Period[] = [];
  const equalPayment = loan.method === '01';
  // Below 1e16 a fixed payment and an interest have at most 19 digits with the fen, so fixed − interest + interest is
  // exact at precision 20 and equals the fixed payment; above (only at extreme rates, where the balance runs away)
  // the sum is computed as before.
  const exactFixed = fixed.e < 16;
  for (let k = 1; k <= count; k++) {
    // balance × annual / 1200 rather than × the rounded monthly rate: an exact half fen stays exact and rounds up.
    const interest = balance.times(loan.annual).div(1200).toDecimalPlaces(2);
    const last = k === count;
    const due = last ? balance : equalPayment ? fixed.minus(interest) : fixed;
    const principal = min(due, balance);
    balance = balance.minus(principal);
    const period = from + k;
    const date = formatCalendarDate(addMonthsClamped(loan.issue, period));
    // A 01 period that repays all it owes pays (fixed − interest) + interest: the fixed payment, one sum fewer.
    const payment = equalPayment && !last && principal === due && exactFixed && interest.e < 16 ? fixed : principal.plus(interest);
    periods.push({ period, date, principal, interest, payment, balance });
    if (stopWhenPaid && balance.isZero()) break;
  }
  return periods;
}

/**
 * @internal Two decimals, as every money figure is shown. Every figure of a plan already has at most two decimals, so
 * its plain text only needs padding, which costs a fraction of `toFixed(2)` (a copy, a rounding and another copy); any
 * other text (more decimals, an exponent) still goes through `toFixed(2)`.
 */
export const money = (d: Decimal): string => {
  const text = d.toString();
  const dot = text.indexOf('.');
  if (dot < 0) return /^-?\d+$/.test(text) ? `${text}.00` : d.toFixed(2);
  const decimals = text.length - dot - 1;
  return decimals === 2 ? text : decimals === 1 ? `${text}0` : d.toFixed(2);
};

/** @internal Principal and interest summed over periods. */
export function totalsOf(periods: readonly Period[]): { principal: Decimal; interest: Decimal } {
  let principal = new D(0);
  let interest = new D(0);
  for (const p of periods) {
    principal = principal.plus(p.principal);
    interest = interest.plus(p.interest);
  }
  return { principal, interest };
}

/**
 * @internal The periods as shown. A 01 plan pays the same Decimal every month and a 02 plan repays the same principal,
 * so the text of the previous row's payment and principal is reused when the figure is the same object.
 */
export function rowsOf(periods: readonly Period[]): ScheduleRow[] {
  let payment: Decimal | null = null;
  let paymentText = '';
  let principal: Decimal | null = null;
  let principalText = '';
  return periods.map((p) => {
    if (p.payment !== payment) [payment, paymentText] = [p.payment, money(p.payment)];
    if (p.principal !== principal) [principal, principalText] = [p.principal, money(p.principal)];
    return { period: p.period, date: p.date, principal: principalText, interest: money(p.interest), payment: paymentText, balance: money(p.balance) };
  });
}

/** @internal The public result of a whole schedule. */
export function toResult(method: RepaymentMethod, periods: readonly Period[]): LoanResult {
  const first = periods[0] as Period;
  const second = periods[1];
  const { principal, interest } = totalsOf(periods);
  return {
    method,
    months: periods.length,
    monthlyPayment: money(first.payment),
    lastPayment: money((periods[periods.length - 1] as Period).payment),
    monthlyDecrease: money(method === '02' && second ? first.payment.minus(second.payment) : new D(0)),
    totalPrincipal: money(principal),
    totalInterest: money(interest),
    totalPayment: money(principal.plus(interest)),
    schedule: rowsOf(periods),
  };
}

/** @internal The fixed part and the periods of a validated loan. */
export function planOf(loan: Loan): { fixed: Decimal; periods: Period[] } {
  const fixed = fixedPart(loan.amount, loan.rate, loan.method, loan.months);
  return { fixed, periods: amortize(loan.amount, loan, fixed, 0, loan.months) };
}

/**
 * Computes a loan and its repayment plan the way Chinese lenders do: monthly rate = annual / 100 / 12; `01` pays
 * P·i·(1+i)^n / ((1+i)^n − 1) rounded to the fen each month, `02` repays P / n of principal (rounded) each month;
 * each month's interest is the balance × i rounded to the fen; the last month settles what remains. Due dates fall
 * on the issue date's day of each following month, or on the month's last day (issued 01-31: 02-29, 03-31, 04-30).
 * decimal.js, precision 20, half up (spec 9). Throws `LoanInputError` on input it cannot compute with.
 *
 * @example
 * const loan = calculateLoan({ amount: 1_000_000, months: 240, annualRate: 4.9, method: '01', issueDate: '2024-01-31' })
 * loan.monthlyPayment        // '6544.44'
 * loan.schedule[0]           // { period: 1, date: '2024-02-29', principal: '2461.11', interest: '4083.33', … }
 * calculateLoan({ amount: '630000', months: 360, annualRate: 4.9, method: '02', issueDate: '2024-05-20' })
 *   .monthlyDecrease         // '7.15' (first payment '4322.50')
 */
export function calculateLoan(input: LoanInput): LoanResult {
  const loan = readLoan(input);
  return toResult(loan.method, planOf(loan).periods);
}
