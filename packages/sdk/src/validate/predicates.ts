import {
  ACCOUNT_LENGTH,
  BANK_BRANCH_LENGTH,
  BANK_NUMBER_LENGTH,
  CAPTCHA_LENGTH,
  CHANGE_PASSWORD_LENGTH,
  NAME_LENGTH,
  OPINION_MIN_LENGTH,
  PASSWORD_LENGTH,
  POSTAL_CODE_LENGTH,
  UNIT_NAME_SEARCH_MIN_LENGTH,
} from '../constants/constants';
import { VALIDATE_MESSAGES as M } from './messages';

/**
 * A predicate over anything; validators never throw.
 *
 * @example
 * const fields: Record<string, Predicate> = { phone: isMobile, zip: isPostalCode };
 */
export type Predicate = (value: unknown) => boolean;

interface Bounds {
  readonly min: number;
  readonly max: number;
}

// Length is checked before any pattern so a 10 000-character paste costs nothing.
const sized =
  (re: RegExp, { min, max }: Bounds): Predicate =>
  (v) =>
    typeof v === 'string' && v.length >= min && v.length <= max && re.test(v);

const exact = (re: RegExp, length: number): Predicate => sized(re, { min: length, max: length });

const matches =
  (re: RegExp): Predicate =>
  (v) =>
    typeof v === 'string' && re.test(v);

// A number is tested through its String() form, so 1e21 or NaN is not numeric text.
const numeric =
  (re: RegExp): Predicate =>
  (v) =>
    typeof v === 'number' ? Number.isFinite(v) && re.test(String(v)) : typeof v === 'string' && re.test(v);

/** Characters after trimming, counted by code point (a Chinese character is one). */
const countChars = (v: unknown): number => (typeof v === 'string' ? Array.from(v.trim()).length : 0);

/** A configured pattern string as a RegExp, or the default when it is missing or does not compile. */
function configured(pattern: unknown, fallback: RegExp): RegExp {
  if (pattern && typeof pattern === 'string') {
    try {
      return new RegExp(pattern);
    } catch {
      // a broken system setting must not break the form: the default rule applies
    }
  }
  return fallback;
}

/**
 * Captcha (spec 5.4): 4-6 letters or digits.
 *
 * @example
 * isCaptcha('a3F9') // true
 * isCaptcha('a3F')  // false
 */
export const isCaptcha: Predicate = /* @__PURE__ */ sized(/^[A-Za-z\d]+$/, CAPTCHA_LENGTH);

/**
 * Mainland mobile number (spec 5.4): 1, then 3-9, then 9 digits, optionally after +86. A masked number passes
 * when it keeps that shape with stars in place of digits (11 characters, starting with 1), e.g. 138****5678.
 *
 * @example
 * isMobile('13812345678')    // true
 * isMobile('+8613812345678') // true
 * isMobile('138****5678')    // true
 * isMobile('12812345678')    // false
 */
export const isMobile: Predicate = /* @__PURE__ */ matches(/^(?:\+86)?1[3-9*][\d*]{9}$/);

/**
 * Landline with area code (spec 5.4 and 5.5): 0 and 2-3 digits, a hyphen, 7-8 digits, optionally a hyphen and
 * a 1-6 digit extension.
 *
 * @example
 * isLandline('010-12345678')      // true
 * isLandline('0755-1234567-8001') // true
 * isLandline('12345678')          // false
 */
export const isLandline: Predicate = /* @__PURE__ */ matches(/^0\d{2,3}-\d{7,8}(?:-\d{1,6})?$/);

/**
 * Telephone (spec 5.5): a mobile number ({@link isMobile}) or a landline ({@link isLandline}).
 *
 * @example
 * isTelephone('13812345678')  // true
 * isTelephone('021-87654321') // true
 */
export const isTelephone: Predicate = (v) => isMobile(v) || isLandline(v);

/**
 * Name (spec 5.4): 2-15 Latin letters or Chinese characters (CJK unified ideographs, extension A included).
 *
 * @example
 * isName('张三')  // true
 * isName('张')    // false
 * isName('张三1') // false
 */
export const isName: Predicate = /* @__PURE__ */ sized(/^[A-Za-z\u3400-\u4dbf\u4e00-\u9fff]+$/, NAME_LENGTH);

const ACCOUNT = /* @__PURE__ */ new RegExp(`^\\w{${ACCOUNT_LENGTH.min},${ACCOUNT_LENGTH.max}}$`);

/**
 * Account (spec 5.4): 4-20 letters, digits or underscores, unless the system configuration sets a pattern
 * string (a RegExp source, no slashes or flags); a pattern that does not compile falls back to the default.
 *
 * @example
 * isAccount('zhang_san')               // true
 * isAccount('ab')                      // false
 * isAccount('ab', '^[a-z]{2,}$')       // true
 * isAccount('zhang_san', '([')         // true (broken pattern: default rule)
 */
export function isAccount(value: unknown, pattern?: string): boolean {
  return typeof value === 'string' && configured(pattern, ACCOUNT).test(value);
}

const passwordPattern = ({ min, max }: Bounds): RegExp =>
  new RegExp(`^(?=[^]*[A-Za-z])(?=[^]*\\d)[!-~]{${min},${max}}$`);
const PASSWORD = /* @__PURE__ */ passwordPattern(PASSWORD_LENGTH);

/**
 * Password (spec 5.4): 6-16 printable ASCII characters without spaces, with at least one letter and one digit
 * (symbols may be added). A configured pattern string replaces the rule; a broken one falls back to it.
 *
 * @example
 * isPassword('abc123')             // true
 * isPassword('abcdef')             // false (no digit)
 * isPassword('123456', '^\\d{6}$') // true
 */
export function isPassword(value: unknown, pattern?: string): boolean {
  return typeof value === 'string' && configured(pattern, PASSWORD).test(value);
}

/**
 * New password of the change-password dialog (spec 5.2, 9): as {@link isPassword} but 8-16 characters.
 *
 * @example
 * isNewPassword('abc12345') // true
 * isNewPassword('abc123')   // false (too short)
 */
export const isNewPassword: Predicate = /* @__PURE__ */ matches(/* @__PURE__ */ passwordPattern(CHANGE_PASSWORD_LENGTH));

/**
 * Email (spec 5.4): a simple local@domain pattern with at least one dot in the domain, at most 254 characters.
 *
 * @example
 * isEmail('zhang.san@example.com') // true
 * isEmail('zhang.san@localhost')   // false
 */
export const isEmail: Predicate = /* @__PURE__ */ sized(/^[\w.+-]+@[A-Za-z\d-]+(?:\.[A-Za-z\d-]+)+$/, { min: 3, max: 254 });

/**
 * Passport number (spec 5.4): 5-17 letters or digits.
 *
 * @example
 * isPassport('E12345678') // true
 */
export const isPassport: Predicate = /* @__PURE__ */ sized(/^[A-Za-z\d]+$/, { min: 5, max: 17 });

/**
 * Other ID number (spec 5.4): 1-18 letters or digits.
 *
 * @example
 * isOtherId('A1') // true
 * isOtherId('A-1') // false
 */
export const isOtherId: Predicate = /* @__PURE__ */ sized(/^[A-Za-z\d]+$/, { min: 1, max: 18 });

/**
 * Hong Kong / Macao pass number (spec 5.4): H or M, then a digit or A, then 7 digits.
 *
 * @example
 * isHkMacaoPass('H12345678') // true
 * isHkMacaoPass('MA1234567') // true
 * isHkMacaoPass('h12345678') // false
 */
export const isHkMacaoPass: Predicate = /* @__PURE__ */ matches(/^[HM][\dA]\d{7}$/);

/**
 * The first failing Hong Kong / Macao pass rule as its spec message, or '' when the number is valid.
 * Anything that is not a 9-character string fails the length rule.
 *
 * @example
 * hkMacaoPassError('H1234567')  // '通行证号码必须为9位'
 * hkMacaoPassError('X12345678') // '第1位必须为大写字母H或M'
 * hkMacaoPassError('HB1234567') // '第2位必须为数字或大写字母A'
 * hkMacaoPassError('H1234567A') // '第3-9位必须为数字'
 * hkMacaoPassError('H12345678') // ''
 */
export function hkMacaoPassError(value: unknown): string {
  const v = typeof value === 'string' ? value : '';
  if (v.length !== 9) return M.hkMacaoPassLength;
  if (!/^[HM]/.test(v)) return M.hkMacaoPassFirst;
  if (!/^.[\dA]/s.test(v)) return M.hkMacaoPassSecond;
  return /^..\d{7}$/s.test(v) ? '' : M.hkMacaoPassRest;
}

/**
 * Postal code (spec 5.4): 6 digits, not starting with 0.
 *
 * @example
 * isPostalCode('350001') // true
 * isPostalCode('050001') // false
 */
export const isPostalCode: Predicate = /* @__PURE__ */ exact(/^[1-9]\d+$/, POSTAL_CODE_LENGTH);

/**
 * Bank interbank number (spec 5.4): 12 digits.
 *
 * @example
 * isBankNumber('102391000019') // true
 */
export const isBankNumber: Predicate = /* @__PURE__ */ exact(/^\d+$/, BANK_NUMBER_LENGTH);

/**
 * Bank branch number (spec 5.4): 6 digits.
 *
 * @example
 * isBranchNumber('000123') // true
 */
export const isBranchNumber: Predicate = /* @__PURE__ */ exact(/^\d+$/, BANK_BRANCH_LENGTH);

/**
 * Chinese mainland licence plate (spec 5.4): province abbreviation, issuing-office letter (no I or O), then
 * either 5 characters (the last may be 挂, 学, 警, 港, 澳 or 领) or a new-energy 6-character number (8 in
 * all): a new-energy letter (A-H, J, K; D and F most common) + a letter or digit + 4 digits, or 5 digits + that
 * letter. Military, armed-police and embassy plates are not covered.
 *
 * @example
 * isPlate('闽A12345')  // true
 * isPlate('粤BD12345') // true (new energy, small car)
 * isPlate('粤B12345F') // true (new energy, large vehicle)
 * isPlate('闽I12345')  // false
 */
export const isPlate: Predicate = /* @__PURE__ */ matches(
  /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z](?:[A-HJ-NP-Z\d]{4}[A-HJ-NP-Z\d挂学警港澳领]|[A-HJK][A-HJ-NP-Z\d]\d{4}|\d{5}[A-HJK])$/,
);

/**
 * Opinion (spec 5.4): at least 5 characters after trimming.
 *
 * @example
 * isOpinion('服务很周到') // true
 * isOpinion('很好')       // false
 */
export const isOpinion: Predicate = (v) => countChars(v) >= OPINION_MIN_LENGTH;

/**
 * Unit name search (spec 5.4): at least 2 characters after trimming.
 *
 * @example
 * isUnitNameSearch('福州') // true
 */
export const isUnitNameSearch: Predicate = (v) => countChars(v) >= UNIT_NAME_SEARCH_MIN_LENGTH;

/**
 * Number (spec 5.4 '请输入数字值', 5.5): optional minus, digits, optional fraction. Finite numbers pass.
 *
 * @example
 * isNumber('-12.5') // true
 * isNumber('1e3')   // false
 */
export const isNumber: Predicate = /* @__PURE__ */ numeric(/^-?\d+(?:\.\d+)?$/);

/**
 * Decimal (spec 5.4 '只能输入数字、小数'): digits with an optional fraction, no sign.
 *
 * @example
 * isDecimal('3.25') // true
 * isDecimal('-1')   // false
 */
export const isDecimal: Predicate = /* @__PURE__ */ numeric(/^\d+(?:\.\d+)?$/);

/**
 * Integer (spec 5.5): optional minus and digits.
 *
 * @example
 * isInteger('-42') // true
 * isInteger('4.2') // false
 */
export const isInteger: Predicate = /* @__PURE__ */ numeric(/^-?\d+$/);

/**
 * Float (spec 5.5): a number with a fractional part.
 *
 * @example
 * isFloat('4.2') // true
 * isFloat('42')  // false
 */
export const isFloat: Predicate = /* @__PURE__ */ numeric(/^-?\d+\.\d+$/);

/**
 * Positive number (spec 5.5): greater than 0, no sign, no leading zeros.
 *
 * @example
 * isPositive('0.5') // true
 * isPositive('0')   // false
 */
export const isPositive: Predicate = /* @__PURE__ */ numeric(/^(?:[1-9]\d*(?:\.\d+)?|0\.\d*[1-9]\d*)$/);

/**
 * Amount (spec 5.5): at most two decimals, thousands separators optional but correctly placed when present.
 *
 * @example
 * isAmount('1,234,567.89') // true
 * isAmount('1234.5')       // true
 * isAmount('12,34.5')      // false
 */
export const isAmount: Predicate = /* @__PURE__ */ numeric(/^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/);

/**
 * URL (spec 5.4): http or https, a host, an optional port and anything after a /, ? or #.
 *
 * @example
 * isUrl('https://gjj.example.gov.cn/dkcs?x=1') // true
 * isUrl('gjj.example.gov.cn')                   // false
 */
export const isUrl: Predicate = /* @__PURE__ */ matches(/^https?:\/\/[\w-]+(?:\.[\w-]+)*(?::\d{1,5})?(?:[/?#]\S*)?$/i);

/**
 * External link (spec 5.4): starts with http:, https:, mailto: or tel:.
 *
 * @example
 * isExternal('mailto:gjj@example.gov.cn') // true
 * isExternal('/dkcs')                      // false
 */
export const isExternal: Predicate = /* @__PURE__ */ matches(/^(?:https?|mailto|tel):/);

/**
 * Empty (spec 5.4): null, undefined, '', the strings 'null' and 'undefined', an empty array and a plain object
 * without keys. Numbers, booleans and everything else are never empty; a whitespace string is not empty.
 *
 * @example
 * isEmpty('undefined') // true
 * isEmpty({})          // true
 * isEmpty(0)           // false
 */
export function isEmpty(value: unknown): boolean {
  if (value == null || value === '' || value === 'null' || value === 'undefined') return true;
  try {
    if (Array.isArray(value)) return value.length === 0;
    if (typeof value !== 'object') return false;
    const proto: unknown = Object.getPrototypeOf(value);
    return (proto === Object.prototype || proto === null) && Object.keys(value).length === 0;
  } catch {
    // a revoked Proxy throws on any inspection: it holds nothing usable
    return false;
  }
}

/**
 * Blank, as the required rules see it: {@link isEmpty}, or a string of whitespace only.
 *
 * @example
 * isBlank('   ') // true
 * isBlank('0')   // false
 */
export const isBlank: Predicate = (v) => isEmpty(v) || (typeof v === 'string' && !v.trim());
