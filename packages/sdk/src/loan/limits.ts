// The centre's bounds on a loan the calculator may compute (issue 23): its parameters, not the spec's field rules. The
// server sends its own table (`LOAN_LIMITS_PATH`); the widget uses DEFAULT_LOAN_LIMITS when it computes alone.
import type { GjjClient } from '../client/client';

/**
 * The centre's bounds on a loan, as one table of parameters (docs/api-public.md, 贷款计算器的额度与期限).
 *
 * @example
 * const limits: LoanLimits = { ...DEFAULT_LOAN_LIMITS, maxProvidentAmount: 1_000_000 }
 */
export interface LoanLimits {
  /** Longest term, in months (30 years). */
  maxMonths: number;
  /** Highest provident fund loan, in yuan. */
  maxProvidentAmount: number;
  /** Youngest borrower, in whole years. */
  minAge: number;
  /** Oldest a borrower may be when the term ends, in whole years (statutory retirement age + 5). */
  maxAgeAtEnd: number;
  /** Provident fund annual rate range, in percent. */
  minProvidentRate: number;
  maxProvidentRate: number;
  /** Commercial annual rate range, in percent (spec 5.1: 0 to 10). */
  minCommercialRate: number;
  maxCommercialRate: number;
}

/**
 * The reference centre's bounds (docs/business-rules: 30 years, retirement + 5; the provident ceiling of a single
 * depositor's first home in 北京, 120万). A real centre sets its own on its server.
 *
 * @example
 * DEFAULT_LOAN_LIMITS.maxMonths // 360
 */
export const DEFAULT_LOAN_LIMITS: Readonly<LoanLimits> = /* @__PURE__ */ Object.freeze({
  maxMonths: 360,
  maxProvidentAmount: 1_200_000,
  minAge: 18,
  maxAgeAtEnd: 65,
  minProvidentRate: 0,
  maxProvidentRate: 10,
  minCommercialRate: 0,
  maxCommercialRate: 10,
});

/** Path of the public call that answers the centre's `LoanLimits`, relative to the API base. */
export const LOAN_LIMITS_PATH = '/api/izfgjj-zhfw/v1/hkjh/getDkcsXz';

/**
 * A table received from a server or a host: every field a finite number ≥ 0, else that field's default; null when it
 * is not an object at all.
 *
 * @example
 * readLoanLimits({ maxMonths: 300 })?.maxMonths // 300
 * readLoanLimits('x') // null
 */
export function readLoanLimits(value: unknown): LoanLimits | null {
  if (typeof value !== 'object' || value === null) return null;
  const given = value as Record<string, unknown>;
  const out = { ...DEFAULT_LOAN_LIMITS };
  for (const key of Object.keys(out) as Array<keyof LoanLimits>) {
    const v = given[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[key] = v;
  }
  return out;
}

/** What `loanLimitProblems` checks; each value as typed (text) or a number; blank or not a number is left to the field rules. */
export interface LoanLimitInput {
  /** The loan amount computed as a provident fund loan, in yuan. */
  providentAmount?: string | number | undefined;
  months?: string | number | undefined;
  /** The borrower's age today, in whole years. */
  age?: string | number | undefined;
  providentRate?: string | number | undefined;
  commercialRate?: string | number | undefined;
}

/**
 * The messages of `loanLimitProblems`, by input; `age` is an age that is not one, `ageAtEnd` a term that ends after
 * the oldest age.
 *
 * @example
 * const problems: LoanLimitProblems = { months: '贷款期限不能超过360个月（30年）' }
 */
export type LoanLimitProblems = Partial<Record<keyof LoanLimitInput | 'ageAtEnd', string>>;

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

const blank = (v: unknown): boolean => v === undefined || v === null || String(v).trim() === '';

/** 1200000 yuan as the form's unit: 120万元. */
const wan = (yuan: number): string => `${yuan / 10_000}万元`;

/**
 * The centre's bounds the input breaks, one Chinese message per field (a field within bounds is absent). The amount
 * is in yuan; the messages speak in 万元, the form's unit.
 *
 * @example
 * loanLimitProblems({ months: '600' }).months
 * // '贷款期限不能超过360个月（30年）'
 * loanLimitProblems({ providentAmount: '5000000' }).providentAmount
 * // '公积金贷款金额不能超过最高额度120万元'
 * loanLimitProblems({ age: '50', months: '360' }).ageAtEnd
 * // '贷款到期时借款人年龄不能超过65周岁：按50周岁计，贷款期限最长180个月'
 */
export function loanLimitProblems(input: LoanLimitInput, limits: LoanLimits = DEFAULT_LOAN_LIMITS): LoanLimitProblems {
  const L = limits;
  const out: LoanLimitProblems = {};
  const amount = num(input.providentAmount);
  const months = num(input.months);
  const age = num(input.age);
  // The rate ranges: '公积金贷款' or '商业贷款', its rate, its bounds.
  const range = (key: 'providentRate' | 'commercialRate', name: string, min: number, max: number) => {
    const v = num(input[key]);
    if (v !== null && (v < min || v > max)) out[key] = `${name}年利率应在${min}至${max}之间`;
  };
  if (amount !== null && amount > L.maxProvidentAmount) out.providentAmount = `公积金贷款金额不能超过最高额度${wan(L.maxProvidentAmount)}`;
  if (months !== null && months > L.maxMonths) out.months = `贷款期限不能超过${L.maxMonths}个月（${+(L.maxMonths / 12).toFixed(1)}年）`;
  // The age is optional: only a typed one is checked, and one that is not a whole number in range says so.
  if (age === null || !Number.isInteger(age) || age < L.minAge || age >= L.maxAgeAtEnd) {
    if (!blank(input.age)) out.age = `借款人年龄应为${L.minAge}至${L.maxAgeAtEnd - 1}周岁之间的整数`;
  } else if (months !== null && (age - L.maxAgeAtEnd) * 12 + months > 0) {
    out.ageAtEnd = `贷款到期时借款人年龄不能超过${L.maxAgeAtEnd}周岁：按${age}周岁计，贷款期限最长${Math.min(L.maxMonths, (L.maxAgeAtEnd - age) * 12)}个月`;
  }
  range('providentRate', '公积金贷款', L.minProvidentRate, L.maxProvidentRate);
  range('commercialRate', '商业贷款', L.minCommercialRate, L.maxCommercialRate);
  return out;
}

/**
 * Loads the centre's bounds (public, silent: a calculator falls back to its defaults). Resolves with the defaults
 * when the answer is not a table.
 *
 * @example
 * const limits = await fetchLoanLimits(createClient())
 */
export async function fetchLoanLimits(client: GjjClient, signal?: AbortSignal): Promise<LoanLimits> {
  const { data } = await client.get<unknown>(LOAN_LIMITS_PATH, { silent: true, ...(signal ? { signal } : {}) });
  return readLoanLimits(data) ?? { ...DEFAULT_LOAN_LIMITS };
}
