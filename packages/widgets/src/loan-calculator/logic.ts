// @internal Pure helpers of the calculator, not part of the package's public entry: unit conversion, field rules,
// rate lookup, the comparison in words. The server's answer is mapped in remote-results.ts, the engine's in compute.ts
// (each loaded when needed), the plan's CSV and chart in plan.ts.
import { LOAN_AMOUNT_UNIT_YUAN, MONEY } from '@gjj-hall/sdk';
import { formatMoney } from '@gjj-hall/sdk/format';
import { LOAN_INPUT_MESSAGES, LOAN_MESSAGES, loanRules, selectRateCodes, type RateCodeSelection } from '@gjj-hall/sdk/loan';
import type { LoanRateInput } from './types';

/** Highest annual rate the engine takes, in percent (the sdk's own bound; spec 5.1 bounds only the commercial rate). */
const MAX_ANNUAL_RATE = 100;
/** Decimal places of the ten-thousands unit: 10 000 = 10^4. */
const UNIT_DIGITS = String(LOAN_AMOUNT_UNIT_YUAN).length - 1;
const NUMBER = /^-?\d+(?:\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Today in the browser's local time, `YYYY-MM-DD` (spec 4.7: the issue date defaults to today). Written out rather
 * than through the sdk's `formatDate`, which would bring dayjs into the script-tag bundle for this one date.
 */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Spec 5.5: every text input strips whitespace on change. */
export const stripSpaces = (v: string): string => v.replace(/\s+/g, '');

/**
 * Ten-thousands of yuan (the form's unit) as yuan, by moving the decimal point: exact, no binary floating point.
 * Expects a valid decimal text.
 */
export function tenThousandsToYuan(text: string): string {
  const [int = '', frac = ''] = text.trim().split('.');
  const digits = int + frac.padEnd(UNIT_DIGITS, '0');
  const whole = digits.slice(0, int.length + UNIT_DIGITS).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(int.length + UNIT_DIGITS).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/** Money as shown: thousands separators, two decimals (spec 5.7, 9). */
export const money = (value: string | number): string => formatMoney(value, { placeholder: '0.00' });

// --- rates ---------------------------------------------------------------------------------------------------------

/**
 * A rate list given by the host: an array, or its JSON text (the element's attribute). `undefined` when not given,
 * `null` when given but unreadable.
 */
export function readRateList(value: unknown): LoanRateInput[] | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list)) return null;
  const ok = list.every(
    (r: unknown) =>
      typeof r === 'object' &&
      r !== null &&
      typeof (r as LoanRateInput).llmc === 'string' &&
      rateText((r as LoanRateInput).zxll) !== '',
  );
  return ok ? (list as LoanRateInput[]) : null;
}

/** A rate as the form shows it: `2.6`, `2.525`; '' when not a number. */
export function rateText(zxll: unknown): string {
  const n = typeof zxll === 'number' ? zxll : typeof zxll === 'string' && NUMBER.test(zxll.trim()) ? Number(zxll) : NaN;
  return Number.isFinite(n) ? String(n) : '';
}

/** Rate code -> rate text. */
export function rateRecord(list: readonly LoanRateInput[]): Record<string, string> {
  return Object.fromEntries(list.map((r) => [r.llmc, rateText(r.zxll)]));
}

/** Rate code -> the date it took effect, for the rates that say. */
export const sinceRecord = (list: readonly LoanRateInput[]): Record<string, string> =>
  Object.fromEntries(list.filter((r) => r.sxrq).map((r) => [r.llmc, r.sxrq as string]));


/** The term in months when it is 1-999, else null. */
export function termMonths(text: string): number | null {
  return loanRules.loanTerm()(text) ? null : Number(text);
}

/** The rate codes of spec 9 for the form, or null while the term is not valid. */
export function rateCodes(secondHome: '0' | '1', monthsText: string): RateCodeSelection | null {
  const months = termMonths(monthsText);
  return months === null ? null : selectRateCodes({ secondHome, months });
}

// --- field rules (spec 5.1; the others ours, from the sdk's engine messages) --------------------------------------

const M = LOAN_MESSAGES;
const I = LOAN_INPUT_MESSAGES;

/** Loan amount in ten-thousands: spec 5.1, plus the engine's 15-digit limit once in yuan. */
export function amountRule(v: string): string {
  const problem = loanRules.loanAmount()(v);
  if (problem) return problem;
  const int = tenThousandsToYuan(v).split('.')[0] ?? '';
  return int.length > MONEY.integerDigits ? I.amountTooLarge : '';
}

export const termRule = (v: string): string => loanRules.loanTerm()(v);

/** Required (spec 5.1), and a real day (a typed-in date may not be). */
export function issueDateRule(v: string): string {
  const problem = loanRules.issueDate()(v);
  if (problem) return problem;
  const m = ISO_DATE.exec(v);
  if (!m) return I.issueDate;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
    ? ''
    : I.issueDate;
}

export const methodRule = (v: string): string => loanRules.repaymentMethod()(v) || (v === '01' || v === '02' ? '' : M.repaymentMethod);
export const secondHomeRule = (v: string): string => loanRules.secondHome()(v) || (v === '0' || v === '1' ? '' : M.secondHome);
export const commercialRateRule = (v: string): string => loanRules.commercialRate()(v);

/** Any annual rate the engine can compute with: a number from 0 to 100. */
export function rateRule(v: string, empty: string = I.rateEmpty): string {
  if (!v.trim()) return empty;
  if (!NUMBER.test(v.trim())) return I.rateInvalid;
  const n = Number(v);
  return n < 0 ? I.rateMin : n > MAX_ANNUAL_RATE ? I.rateMax : '';
}

/** The provident fund rate: required (spec 5.1); when typed by hand, also a usable rate. */
export const providentRateRule = (v: string): string => loanRules.providentRate()(v) || rateRule(v, M.providentRate);


// --- results -------------------------------------------------------------------------------------------------------

/**
 * A difference (commercial − provident) in words, from the provident fund loan's side: the sentence before the
 * amount, and the amount (null when both are the same).
 */
export function differenceParts(kind: 'monthly' | 'firstMonth' | 'interest' | 'total', diff: string): { words: string; amount: string | null } {
  const n = Number(diff);
  const words = {
    monthly: ['每月少还', '每月多还', '两者月均还款相同'],
    firstMonth: ['首月少还', '首月多还', '两者首月还款相同'],
    interest: ['少付利息', '多付利息', '两者利息总额相同'],
    total: ['少还', '多还', '两者还款总额相同'],
  }[kind];
  if (n === 0) return { words: words[2] as string, amount: null };
  return { words: `公积金贷款比商业贷款${n > 0 ? words[0] : words[1]}`, amount: money(diff.replace(/^-/, '')) };
}

/** The same as one sentence: `公积金贷款比商业贷款少付利息 79,300.04 元`. */
export function differenceText(kind: Parameters<typeof differenceParts>[0], diff: string): string {
  const { words, amount } = differenceParts(kind, diff);
  return amount === null ? words : `${words} ${amount} 元`;
}
