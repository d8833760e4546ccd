import { DEFAULT_SMS_CODE_LENGTH } from '../constants/constants';
import { isCreditCode } from './credit-code';
import { idCardProblem } from './id-card';
import { VALIDATE_MESSAGES as M } from './messages';
import {
  hkMacaoPassError,
  isAccount,
  isBankNumber,
  isBlank,
  isBranchNumber,
  isCaptcha,
  isDecimal,
  isEmail,
  isLandline,
  isMobile,
  isName,
  isNewPassword,
  isNumber,
  isOpinion,
  isOtherId,
  isPassport,
  isPassword,
  isPlate,
  isPostalCode,
  isUnitNameSearch,
  isUrl,
} from './predicates';
import type { Predicate } from './predicates';
import { type Rule, type RuleMessages } from './rule';

export { check, compose, required } from './rule';
export type { Rule, RuleMessages } from './rule';

/** Rule factory: blank gives the empty message (none: optional field), a failed test the format message. */
const rule =
  (test: Predicate, format: string, empty = '') =>
  (messages?: RuleMessages): Rule =>
  (v) =>
    isBlank(v) ? (messages?.empty ?? empty) : test(v) ? '' : (messages?.format ?? format);


/**
 * Form rules with the spec's messages (5.2-5.4; the calculator's 5.1 rules are `loanRules` in `@gjj-hall/sdk/loan`). Each entry makes a {@link Rule}; most take optional
 * {@link RuleMessages}. Rules whose spec names an empty message are required; the others let a blank value pass.
 *
 * @example
 * rules.mobile()('')                     // '请输入手机号码'
 * rules.mobile()('123')                  // '请输入正确的手机号码'
 * rules.idCard()('110105194902301234')   // '输入的身份证号里出生日期不对'
 * rules.confirmPassword(() => 'a1b2c3d4')('a1b2c3d5') // '两次输入密码不一致!'
 */
export const rules = /* @__PURE__ */ Object.freeze({
  // 5.4 shared validators
  captcha: /* @__PURE__ */ rule(isCaptcha, M.captcha, M.captchaEmpty),
  mobile: /* @__PURE__ */ rule(isMobile, M.mobile, M.mobileEmpty),
  landline: /* @__PURE__ */ rule(isLandline, M.landline),
  name: /* @__PURE__ */ rule(isName, M.name, M.nameEmpty),
  account: (pattern?: string, messages?: RuleMessages): Rule =>
    rule((v) => isAccount(v, pattern), M.account)(messages),
  password: (pattern?: string, messages?: RuleMessages): Rule =>
    rule((v) => isPassword(v, pattern), M.password, M.passwordEmpty)(messages),
  email: /* @__PURE__ */ rule(isEmail, M.email),
  creditCode: /* @__PURE__ */ rule(isCreditCode, M.creditCode, M.creditCodeEmpty),
  idCard:
    (messages?: RuleMessages): Rule =>
    (v) =>
      isBlank(v)
        ? (messages?.empty ?? M.idCardEmpty)
        : ['', messages?.format ?? M.idCard, M.idCardDate][idCardProblem(v)] ?? '',
  passport: /* @__PURE__ */ rule(isPassport, M.passport),
  hkMacaoPass: (): Rule => (v) => (isBlank(v) ? '' : hkMacaoPassError(v)),
  otherId: /* @__PURE__ */ rule(isOtherId, M.otherId),
  postalCode: /* @__PURE__ */ rule(isPostalCode, M.postalCode),
  bankNumber: /* @__PURE__ */ rule(isBankNumber, M.bankNumber),
  branchNumber: /* @__PURE__ */ rule(isBranchNumber, M.branchNumber),
  plate: /* @__PURE__ */ rule(isPlate, M.plate),
  opinion: /* @__PURE__ */ rule(isOpinion, M.opinion, M.opinionEmpty),
  unitName: /* @__PURE__ */ rule(isUnitNameSearch, M.unitName, M.unitName),
  decimal: /* @__PURE__ */ rule(isDecimal, M.decimal),
  numeric: /* @__PURE__ */ rule(isNumber, M.numeric),
  url: /* @__PURE__ */ rule(isUrl, M.url),
  // 5.2 change-password dialog
  phone: /* @__PURE__ */ rule(isMobile, M.mobile, M.phoneEmpty),
  smsCode: (length: number = DEFAULT_SMS_CODE_LENGTH, messages?: RuleMessages): Rule =>
    rule((v) => typeof v === 'string' && v.length === length && /^\d+$/.test(v), M.captcha, M.captchaEmpty)(messages),
  newPassword: /* @__PURE__ */ rule(isNewPassword, M.newPassword, M.passwordEmpty),
  confirmPassword:
    (password: () => unknown): Rule =>
    (v) =>
      isBlank(v) ? M.confirmPasswordEmpty : v === password() ? '' : M.confirmPassword,
  // 5.3 notice agreement: only a ticked box (true) passes
  agreement: (): Rule => (v) => (v === true ? '' : M.agreement),
});
