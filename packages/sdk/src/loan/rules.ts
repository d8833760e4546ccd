import { COMMERCIAL_RATE_BOUNDS, LOAN_RATE_FLOOR, LOAN_TERM_MAX_DIGITS, PROVIDENT_RATE_BOUNDS } from '../constants/constants';
import { DECIMAL_MESSAGE, NUMERIC_MESSAGE } from '../validate/messages';
import { isBlank, isDecimal, isNumber } from '../validate/predicates';
import { required, type Rule } from '../validate/rule';

/**
 * The calculator's messages (spec 5.1). The spec gives them in English; the Chinese is ours.
 *
 * @example
 * LOAN_MESSAGES.loanAmountZero // '贷款金额不能为0'
 */
export const LOAN_MESSAGES = /* @__PURE__ */ Object.freeze({
  loanAmountEmpty: '贷款金额不能为空',
  loanAmountZero: '贷款金额不能为0',
  loanTermEmpty: '贷款期限不能为空',
  loanTerm: '贷款期限只能输入3位以内的数字',
  loanTermZero: '贷款期限不能为0',
  issueDate: '请选择贷款发放日期',
  repaymentMethod: '请选择还款方式',
  commercialRateEmpty: '商业贷款年利率不能为空',
  commercialRateMax: '商业贷款年利率不能大于10',
  commercialRateMin: '商业贷款年利率不能小于0',
  commercialRateFloor: `商业贷款年利率大于0时不能小于${LOAN_RATE_FLOOR}`,
  providentRate: '公积金贷款年利率不能为空',
  providentRateMax: `公积金贷款年利率不能大于${PROVIDENT_RATE_BOUNDS.max}`,
  providentRateMin: `公积金贷款年利率不能小于${PROVIDENT_RATE_BOUNDS.min}`,
  providentRateFloor: `公积金贷款年利率大于0时不能小于${LOAN_RATE_FLOOR}`,
  repaymentDay: '请选择还款日',
  secondHome: '请选择是否为二套房',
});

const M = LOAN_MESSAGES;
/** Up to LOAN_TERM_MAX_DIGITS digits, as text or as a number. */
const TERM = new RegExp(`^\\d{1,${LOAN_TERM_MAX_DIGITS}}$`);
const need = (message: string) => (): Rule => required(message);

/** A rate that is not blank: a number, within `bounds`, and 0 or at least LOAN_RATE_FLOOR; '' when it is. */
function rateProblem(v: unknown, bounds: { min: number; max: number }, m: { max: string; min: string; floor: string }): string {
  if (!isNumber(v)) return NUMERIC_MESSAGE;
  const n = Number(v);
  return n > bounds.max ? m.max : n < bounds.min ? m.min : n > 0 && n < LOAN_RATE_FLOOR ? m.floor : '';
}

/**
 * The calculator's form rules (spec 5.1): each makes a rule that returns '' when valid, else the message.
 * The widget shows them; the server answers them for `hkjh/gjjsdcs`.
 *
 * @example
 * loanRules.loanAmount()('0')        // '贷款金额不能为0'
 * loanRules.commercialRate()('10.5') // '商业贷款年利率不能大于10'
 * loanRules.providentRate()('1e-16')  // '请输入数字值'
 * loanRules.providentRate()('0.001')  // '公积金贷款年利率大于0时不能小于0.01'
 */
export const loanRules = /* @__PURE__ */ Object.freeze({
  loanAmount: (): Rule => (v) =>
    isBlank(v) ? M.loanAmountEmpty : !isDecimal(v) ? DECIMAL_MESSAGE : Number(v) === 0 ? M.loanAmountZero : '',
  loanTerm: (): Rule => (v) =>
    isBlank(v)
      ? M.loanTermEmpty
      : (typeof v !== 'string' && typeof v !== 'number') || !TERM.test(String(v))
        ? M.loanTerm
        : Number(v) === 0
          ? M.loanTermZero
          : '',
  issueDate: need(M.issueDate),
  repaymentMethod: need(M.repaymentMethod),
  commercialRate: (): Rule => (v) =>
    isBlank(v)
      ? M.commercialRateEmpty
      : rateProblem(v, COMMERCIAL_RATE_BOUNDS, { max: M.commercialRateMax, min: M.commercialRateMin, floor: M.commercialRateFloor }),
  providentRate: (): Rule => (v) =>
    isBlank(v)
      ? M.providentRate
      : rateProblem(v, PROVIDENT_RATE_BOUNDS, { max: M.providentRateMax, min: M.providentRateMin, floor: M.providentRateFloor }),
  repaymentDay: need(M.repaymentDay),
  secondHome: need(M.secondHome),
});
