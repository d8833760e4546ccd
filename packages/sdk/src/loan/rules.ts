import { COMMERCIAL_RATE_BOUNDS, LOAN_TERM_MAX_DIGITS } from '../constants/constants';
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
  providentRate: '公积金贷款年利率不能为空',
  repaymentDay: '请选择还款日',
  secondHome: '请选择是否为二套房',
});

const M = LOAN_MESSAGES;
/** Up to LOAN_TERM_MAX_DIGITS digits, as text or as a number. */
const TERM = new RegExp(`^\\d{1,${LOAN_TERM_MAX_DIGITS}}$`);
const need = (message: string) => (): Rule => required(message);

/**
 * The calculator's form rules (spec 5.1): each makes a rule that returns '' when valid, else the message.
 * The widget shows them; the server answers them for `hkjh/gjjsdcs`.
 *
 * @example
 * loanRules.loanAmount()('0')        // '贷款金额不能为0'
 * loanRules.commercialRate()('10.5') // '商业贷款年利率不能大于10'
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
      : !isNumber(v)
        ? NUMERIC_MESSAGE
        : Number(v) > COMMERCIAL_RATE_BOUNDS.max
          ? M.commercialRateMax
          : Number(v) < COMMERCIAL_RATE_BOUNDS.min
            ? M.commercialRateMin
            : '',
  providentRate: need(M.providentRate),
  repaymentDay: need(M.repaymentDay),
  secondHome: need(M.secondHome),
});
