export { isCreditCode } from './credit-code';
export { checkFocusOut, isFocusOutPassword, isTel } from './focus-out';
export type { FocusOutMessages, FocusOutResult, FocusOutType } from './focus-out';
export { isIdCard, isIdCardWithRegion } from './id-card';
export { VALIDATE_MESSAGES } from './messages';
export { PASSWORD_STRENGTH_LEVELS, passwordStrength } from './password-strength';
export type { PasswordStrength, PasswordStrengthLevel } from './password-strength';
export {
  hkMacaoPassError,
  isAccount,
  isAmount,
  isBankNumber,
  isBranchNumber,
  isCaptcha,
  isDecimal,
  isEmail,
  isEmpty,
  isExternal,
  isFloat,
  isHkMacaoPass,
  isInteger,
  isLandline,
  isMobile,
  isName,
  isNumber,
  isOpinion,
  isOtherId,
  isPassport,
  isPassword,
  isPlate,
  isPositive,
  isPostalCode,
  isTelephone,
  isUnitNameSearch,
  isUrl,
} from './predicates';
export type { Predicate } from './predicates';
export { check, compose, required, rules } from './rules';
export type { Rule, RuleMessages } from './rules';
