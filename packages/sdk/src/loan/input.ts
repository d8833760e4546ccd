// Input checks of the loan engine that need no decimals: its messages, its error and the term check. Kept apart from
// engine.ts so the calculator's form rules and rate selection do not bring decimal.js along.
import { GjjError } from '../client/errors';
import { LOAN_RATE_FLOOR, LOAN_TERM_MAX_DIGITS } from '../constants/constants';
import { LOAN_MESSAGES } from './rules';

/** @internal Highest annual rate the engine accepts, in percent (ours: the spec bounds only the commercial rate, 0-10). */
export const MAX_ANNUAL_RATE = 100;
/** @internal Lowest annual rate above 0 the engine accepts, in percent (below it the schedule loses its digits). */
export const MIN_ANNUAL_RATE = LOAN_RATE_FLOOR;
const TERM = /* @__PURE__ */ new RegExp(`^\\d{1,${LOAN_TERM_MAX_DIGITS}}$`);

/**
 * Messages of `LoanInputError`. Those of spec 5.1 come from `LOAN_MESSAGES`; the others are ours.
 *
 * @example
 * LOAN_INPUT_MESSAGES.rateMax               // '贷款年利率不能大于100'
 * LOAN_INPUT_MESSAGES.prepayPeriod(359)     // '提前还款期次应为1至359之间的整数'
 */
export const LOAN_INPUT_MESSAGES = /* @__PURE__ */ Object.freeze({
  amountEmpty: LOAN_MESSAGES.loanAmountEmpty,
  amountZero: LOAN_MESSAGES.loanAmountZero,
  amountInvalid: '贷款金额格式不正确',
  amountNegative: '贷款金额不能小于0',
  amountTooLarge: '贷款金额超出最大处理数字',
  monthsEmpty: LOAN_MESSAGES.loanTermEmpty,
  monthsZero: LOAN_MESSAGES.loanTermZero,
  months: LOAN_MESSAGES.loanTerm,
  rateEmpty: '贷款年利率不能为空',
  rateInvalid: '贷款年利率格式不正确',
  rateMin: '贷款年利率不能小于0',
  rateMax: `贷款年利率不能大于${MAX_ANNUAL_RATE}`,
  rateFloor: `贷款年利率大于0时不能小于${MIN_ANNUAL_RATE}`,
  method: LOAN_MESSAGES.repaymentMethod,
  issueDateEmpty: LOAN_MESSAGES.issueDate,
  issueDate: '贷款发放日期格式不正确，请按“年-月-日”（如2024-01-31）填写有效日期',
  issueDateRange: '贷款到期日超出可计算范围',
  secondHome: LOAN_MESSAGES.secondHome,
  prepayPeriodEmpty: '提前还款期次不能为空',
  prepayPeriod: (last: number): string => `提前还款期次应为1至${last}之间的整数`,
  prepayOneMonth: '贷款期限为1个月，不能提前还款',
  prepayAmountEmpty: '提前还款金额不能为空',
  prepayAmountInvalid: '提前还款金额格式不正确',
  prepayAmountMin: '提前还款金额必须大于0',
  prepayAmountTooLarge: '提前还款金额超出最大处理数字',
  prepayMode: '请选择提前还款方式',
  compareInvalid: '对比的金额格式不正确',
});

/** The input a `LoanInputError` is about. */
export type LoanInputField =
  | 'amount'
  | 'months'
  | 'annualRate'
  | 'method'
  | 'issueDate'
  | 'secondHome'
  | 'prepayPeriod'
  | 'prepayAmount'
  | 'mode';

/**
 * A loan input the engine cannot compute with. `message` is Chinese and fit to show; `field` says which input,
 * `part` which loan of a combined loan.
 *
 * @example
 * try { calculateLoan(form) } catch (e) { if (e instanceof LoanInputError) showError(e.field, e.message) }
 */
export class LoanInputError extends GjjError {
  override name = 'LoanInputError';
  readonly field: LoanInputField;
  readonly part: 'provident' | 'commercial' | undefined;

  constructor(message: string, field: LoanInputField, part?: 'provident' | 'commercial') {
    super(message);
    this.field = field;
    this.part = part;
  }
}

/** @internal Throws a LoanInputError; typed `never` so it fits in expressions. */
export const fail = (message: string, field: LoanInputField): never => {
  throw new LoanInputError(message, field);
};

/** @internal Missing or only spaces. */
export const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** @internal A whole number of at most LOAN_TERM_MAX_DIGITS digits, as a number or as text; null otherwise. */
export function readCount(v: unknown): number | null {
  const text = typeof v === 'number' ? (Number.isInteger(v) ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  return TERM.test(text) ? Number(text) : null;
}
