import { fixedPart, planOf, readLoan, toResult, D, type Loan, type LoanInput, type LoanResult, type ScheduleRow } from './engine';
import { addMonthsClamped, formatCalendarDate } from './dates';

// Issue 35: the loan engine for a server that computes plans by the thousand. The same plans as `calculateLoan`, to the
// fen (its tests compare them on thousands of random loans), in a fraction of the time; an entry of its own
// (@gjj-hall/sdk/loan-fast) so that pages, which compute one plan a click, do not carry its bytes.

/**
 * Computes a loan and its repayment plan exactly as `calculateLoan` does (same input, same result, same errors), on
 * integers of fen where that is exact, else with decimal.js.
 *
 * @example
 * calculateLoanFast({ amount: 1_000_000, months: 240, annualRate: 4.9, method: '01', issueDate: '2024-01-31' }).monthlyPayment // '6544.44'
 */
export function calculateLoanFast(input: LoanInput): LoanResult {
  const loan = readLoan(input);
  return fenResult(loan) ?? toResult(loan.method, planOf(loan).periods);
}


/** Text of an amount in fen, as `money` shows the same amount in yuan. */
const fenText = (fen: number): string => {
  const abs = fen < 0 ? -fen : fen;
  const cents = abs % 100;
  return `${fen < 0 ? '-' : ''}${(abs - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
};

/**
 * @internal The plan of `planOf` and `toResult`, to the fen the same, computed on integers of fen where that is exact
 * (issue 35: two 360-month plans in a fraction of the time). The fixed part is still decimal.js's (the power and the
 * division at precision 20); each period's interest is balance × rate rounded half up to the fen from the exact
 * quotient, which is what decimal.js's product (exact below 2^53) and quotient (rounded to 20 digits) give unless the
 * quotient lies within half a unit of its 20th digit below a half fen: that period's interest is then decimal.js's own.
 * Null, and the caller computes with decimal.js throughout, where any figure could leave the exact integers of a
 * double (amounts above about 9e13 yuan, rates with many decimals) or a period would repay a negative principal.
 */
export function fenResult(loan: Loan): LoanResult | null {
  const SAFE = Number.MAX_SAFE_INTEGER;
  const places = loan.annual.decimalPlaces();
  if (places > 8) return null;
  const scale = 10 ** places;
  const rateUnits = loan.annual.times(scale).toNumber(); // the annual rate in units of 10^-places percent
  const fixedDecimal = fixedPart(loan.amount, loan.rate, loan.method, loan.months);
  let balance = loan.amount.times(100).toNumber();
  const fixed = fixedDecimal.times(100).toNumber();
  if (!Number.isSafeInteger(balance) || !Number.isSafeInteger(fixed) || !Number.isSafeInteger(rateUnits)) return null;
  // interest in fen = balance (fen) × rateUnits / (1200 × scale), rounded half up.
  const den = 1200 * scale;
  const equalPayment = loan.method === '01';
  const count = loan.months;
  const schedule: ScheduleRow[] = new Array(count);
  let totalPrincipal = 0;
  let totalInterest = 0;
  let first = 0;
  let second = 0;
  let last = 0;
  let fixedText = '';
  for (let k = 1; k <= count; k++) {
    const product = balance * rateUnits;
    if (product > SAFE) return null;
    // The floating division may land one off near an integer: the remainder puts it right.
    let quotient = Math.floor(product / den);
    let rest = product - quotient * den;
    if (rest < 0) [quotient, rest] = [quotient - 1, rest + den];
    else if (rest >= den) [quotient, rest] = [quotient + 1, rest - den];
    const twice = 2 * rest;
    let interest = twice >= den ? quotient + 1 : quotient;
    // Just below a half fen, decimal.js's quotient (20 digits) may have rounded up to it: let decimal.js say.
    if (twice < den && den - twice <= den * 10 ** (Math.ceil(Math.log10(quotient / 100 + 1)) - 17)) {
      interest = new D(balance).div(100).times(loan.annual).div(1200).toDecimalPlaces(2).times(100).toNumber();
    }
    const isLast = k === count;
    const due = isLast ? balance : equalPayment ? fixed - interest : fixed;
    if (due < 0) return null;
    const principal = due < balance ? due : balance;
    balance -= principal;
    const payment = principal + interest;
    totalPrincipal += principal;
    totalInterest += interest;
    if (k === 1) first = payment;
    else if (k === 2) second = payment;
    last = payment;
    // The same payment (01) or principal (02) every month: its text is made once.
    const paymentText = equalPayment && payment === fixed ? (fixedText ||= fenText(fixed)) : fenText(payment);
    const principalText = !equalPayment && principal === fixed ? (fixedText ||= fenText(fixed)) : fenText(principal);
    schedule[k - 1] = {
      period: k,
      date: formatCalendarDate(addMonthsClamped(loan.issue, k)),
      principal: principalText,
      interest: fenText(interest),
      payment: paymentText,
      balance: fenText(balance),
    };
  }
  if (totalPrincipal + totalInterest > SAFE) return null;
  return {
    method: loan.method,
    months: count,
    monthlyPayment: fenText(first),
    lastPayment: fenText(last),
    monthlyDecrease: fenText(loan.method === '02' && count > 1 ? first - second : 0),
    totalPrincipal: fenText(totalPrincipal),
    totalInterest: fenText(totalInterest),
    totalPayment: fenText(totalPrincipal + totalInterest),
    schedule,
  };
}
