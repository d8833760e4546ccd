import {
  amortize,
  D,
  fail,
  fixedPart,
  isBlank,
  LOAN_INPUT_MESSAGES as M,
  min,
  money,
  planOf,
  readCount,
  readLoan,
  readMoney,
  rowsOf,
  toResult,
  totalsOf,
  type LoanInput,
  type LoanResult,
  type Period,
  type ScheduleRow,
} from './engine';

/**
 * After an early repayment: `shorten` keeps the monthly payment (`01`) or the monthly principal (`02`) and ends
 * sooner; `reduce` keeps the end date and lowers the payment.
 *
 * @example
 * const mode: PrepaymentMode = 'shorten'
 */
export type PrepaymentMode = 'shorten' | 'reduce';

/**
 * What `calculatePrepayment` takes: a loan, and a lump sum paid together with the payment of `prepayPeriod`.
 *
 * @example
 * const input: PrepaymentInput = {
 *   amount: 1_000_000, months: 360, annualRate: 3.1, method: '01', issueDate: '2024-05-20',
 *   prepayPeriod: 24, prepayAmount: 200_000, mode: 'shorten',
 * }
 */
export interface PrepaymentInput extends LoanInput {
  /** The period whose payment the lump sum joins, 1 to months − 1. */
  prepayPeriod: number | string;
  /** Lump sum in yuan; what exceeds the balance is not taken (the loan is settled). */
  prepayAmount: number | string;
  mode: PrepaymentMode;
}

/**
 * An early-repayment trial; money in yuan with two decimals. The totals and the schedule cover the whole loan:
 * the periods already paid, the prepayment period (its principal and payment include the lump sum), then the
 * new periods.
 *
 * @example
 * const { interestSaved, monthlyPayment, remainingMonths } = calculatePrepayment(input)
 */
export interface PrepaymentResult {
  /** The loan without the prepayment. */
  original: LoanResult;
  mode: PrepaymentMode;
  prepayPeriod: number;
  /** Due date of the prepayment period. */
  prepayDate: string;
  /** The lump sum taken: the amount asked for, or the balance when that is less. */
  prepayAmount: string;
  /** True when the prepayment repaid the whole loan. */
  settled: boolean;
  /** Periods left after the prepayment period (0 when settled). */
  remainingMonths: number;
  /** Periods fewer than before. */
  monthsSaved: number;
  /** The payment of the first period after the prepayment; '0.00' when settled. */
  monthlyPayment: string;
  lastPayment: string;
  /** Due date of the last period. */
  endDate: string;
  totalPrincipal: string;
  totalInterest: string;
  totalPayment: string;
  /** Original total interest minus the new total interest (interest already paid included in both). */
  interestSaved: string;
  schedule: ScheduleRow[];
}

/**
 * Early repayment trial (提前还款试算). The lump sum is paid with the payment of `prepayPeriod`; the rest of the loan
 * is then recomputed with the lender's rounding: `shorten` keeps the payment (`01`) or the monthly principal (`02`)
 * and ends sooner; `reduce` spreads the new balance over the periods left, with a new payment from the formula of
 * `calculateLoan`. A lump sum of at least the balance settles the loan. Throws `LoanInputError` for a period outside
 * 1 to months − 1, an amount that is not more than 0, or an unknown mode.
 *
 * @example
 * const trial = calculatePrepayment({
 *   amount: 1_000_000, months: 240, annualRate: 4.9, method: '01', issueDate: '2024-01-31',
 *   prepayPeriod: 12, prepayAmount: 100_000, mode: 'shorten',
 * })
 * trial.monthlyPayment  // '6544.44' (kept)
 * trial.remainingMonths // 193 (228 were left; monthsSaved 35)
 * trial.interestSaved   // '135584.59'
 */
export function calculatePrepayment(input: PrepaymentInput): PrepaymentResult {
  const loan = readLoan(input);
  const { prepayPeriod, prepayAmount, mode } = input ?? ({} as Partial<PrepaymentInput>);
  const n = loan.months;
  if (n === 1) fail(M.prepayOneMonth, 'prepayPeriod');
  if (isBlank(prepayPeriod)) fail(M.prepayPeriodEmpty, 'prepayPeriod');
  const p = readCount(prepayPeriod) ?? 0;
  if (p < 1 || p > n - 1) fail(M.prepayPeriod(n - 1), 'prepayPeriod');
  const lump = readMoney(prepayAmount, 'prepayAmount', {
    empty: M.prepayAmountEmpty,
    invalid: M.prepayAmountInvalid,
    zero: M.prepayAmountMin,
    negative: M.prepayAmountMin,
    tooLarge: M.prepayAmountTooLarge,
  });
  if (mode !== 'shorten' && mode !== 'reduce') fail(M.prepayMode, 'mode');

  const { fixed, periods } = planOf(loan);
  const paid = periods.slice(0, p);
  const at = paid[p - 1] as Period;
  const applied = min(lump, at.balance);
  const balance = at.balance.minus(applied);
  paid[p - 1] = { ...at, principal: at.principal.plus(applied), payment: at.payment.plus(applied), balance };

  const left = n - p;
  const rest = balance.isZero()
    ? []
    : mode === 'shorten'
      ? // Same payment (or principal) on a smaller balance: it can only end sooner; still capped at the old end.
        amortize(balance, loan, fixed, p, left, true)
      : amortize(balance, loan, fixedPart(balance, loan.rate, loan.method, left), p, left);

  const all = [...paid, ...rest];
  const { principal, interest } = totalsOf(all);
  const last = all[all.length - 1] as Period;
  return {
    original: toResult(loan.method, periods),
    mode,
    prepayPeriod: p,
    prepayDate: at.date,
    prepayAmount: money(applied),
    settled: rest.length === 0,
    remainingMonths: rest.length,
    monthsSaved: left - rest.length,
    monthlyPayment: money(rest[0]?.payment ?? new D(0)),
    lastPayment: money(last.payment),
    endDate: last.date,
    totalPrincipal: money(principal),
    totalInterest: money(interest),
    totalPayment: money(principal.plus(interest)),
    interestSaved: money(totalsOf(periods).interest.minus(interest)),
    schedule: rowsOf(all),
  };
}
