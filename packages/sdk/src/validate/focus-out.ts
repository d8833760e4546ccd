import { FOCUS_OUT_PASSWORD_LENGTH, PHONE_LENGTH } from '../constants/constants';
import { isIdCardWithRegion } from './id-card';
import { VALIDATE_MESSAGES } from './messages';
import { isBlank, isEmail } from './predicates';
import type { Predicate } from './predicates';

/**
 * The field types of the focus-out directive (spec 5.5).
 *
 * @example
 * const type: FocusOutType = 'idCard';
 */
export type FocusOutType = 'tel' | 'email' | 'password' | 'idCard';

/**
 * Messages that replace the defaults of a focus-out check.
 *
 * @example
 * checkFocusOut('tel', '', { empty: '请填写联系电话' }) // { ok: false, message: '请填写联系电话', clear: true }
 */
export interface FocusOutMessages {
  /** Shown when the field is blank. */
  empty?: string;
  /** Shown when the value has the wrong format. */
  format?: string;
}

/**
 * Outcome of a focus-out check: on failure the field is to be cleared and the message shown.
 *
 * @example
 * const result: FocusOutResult = checkFocusOut('email', input.value);
 * if (!result.ok) { input.value = ''; toast(result.message); }
 */
export type FocusOutResult = { ok: true } | { ok: false; message: string; clear: true };

/**
 * The focus-out tel rule (spec 5.5): exactly 11 digits, 1 then 3-9. Unlike {@link isMobile} it takes no +86 and
 * no stars.
 *
 * @example
 * isTel('13812345678')    // true
 * isTel('+8613812345678') // false
 */
export const isTel: Predicate = (v) => typeof v === 'string' && v.length === PHONE_LENGTH && /^1[3-9]\d+$/.test(v);

/**
 * The focus-out password rule (spec 5.5): 6-20 characters without whitespace, of at least two kinds among
 * letters, digits and other characters.
 *
 * @example
 * isFocusOutPassword('abc.def') // true (letters and a symbol)
 * isFocusOutPassword('abcdef')  // false (one kind)
 */
export const isFocusOutPassword: Predicate = (v) =>
  typeof v === 'string' &&
  v.length >= FOCUS_OUT_PASSWORD_LENGTH.min &&
  v.length <= FOCUS_OUT_PASSWORD_LENGTH.max &&
  /^(?![A-Za-z]+$)(?!\d+$)(?![^A-Za-z\d]+$)\S+$/.test(v);

const TESTS: Readonly<Record<FocusOutType, Predicate>> = {
  tel: isTel,
  email: isEmail,
  password: isFocusOutPassword,
  idCard: isIdCardWithRegion,
};

/**
 * Checks a field when it loses focus (spec 5.5). A blank value gives the empty message, a wrong one the format
 * message; both ask for the field to be cleared. Messages can be overridden. An unknown type passes.
 *
 * @example
 * checkFocusOut('tel', '')            // { ok: false, message: '请输入手机号', clear: true }
 * checkFocusOut('tel', '12345')       // { ok: false, message: '请输入正确格式的手机号', clear: true }
 * checkFocusOut('tel', '13812345678') // { ok: true }
 * checkFocusOut('email', 'x', { format: '邮箱格式有误' }) // { ok: false, message: '邮箱格式有误', clear: true }
 */
export function checkFocusOut(type: FocusOutType, value: unknown, messages?: FocusOutMessages): FocusOutResult {
  if (typeof type !== 'string' || !Object.hasOwn(TESTS, type)) return { ok: true };
  const defaults = VALIDATE_MESSAGES.focusOut[type];
  const blank = isBlank(value);
  if (!blank && TESTS[type](value)) return { ok: true };
  const message = blank ? (messages?.empty ?? defaults.empty) : (messages?.format ?? defaults.format);
  return { ok: false, message, clear: true };
}
