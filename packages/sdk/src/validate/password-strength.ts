import { CHANGE_PASSWORD_LENGTH } from '../constants/constants';

/**
 * Strength level of the change-password meter (spec 4.9): 0 none, 1 weak, 2 medium, 3 strong.
 *
 * @example
 * const level: PasswordStrength = passwordStrength('Abcd1234'); // 3
 */
export type PasswordStrength = 0 | 1 | 2 | 3;

/**
 * Strength of a new password (spec 4.9), the highest level that matches:
 * 0 empty or invalid (not 8-16 characters, or one kind only);
 * 1 (red) 8-16 characters with at least two kinds among letters, digits and symbols (anything else);
 * 2 (blue) lowercase letters, digits and symbols (the spec's check uses lowercase letters only);
 * 3 (green) lowercase, uppercase and digits.
 *
 * @example
 * passwordStrength('abc')       // 0
 * passwordStrength('abcdefgh')  // 0 (one kind)
 * passwordStrength('ABCD1234')  // 1
 * passwordStrength('abcd123!')  // 2
 * passwordStrength('Abcd1234')  // 3
 */
export function passwordStrength(value: unknown): PasswordStrength {
  if (typeof value !== 'string' || value.length < CHANGE_PASSWORD_LENGTH.min || value.length > CHANGE_PASSWORD_LENGTH.max) {
    return 0;
  }
  const lower = /[a-z]/.test(value);
  const digit = /\d/.test(value);
  const symbol = /[^A-Za-z\d]/.test(value);
  if (lower && digit && /[A-Z]/.test(value)) return 3;
  if (lower && digit && symbol) return 2;
  return Number(/[A-Za-z]/.test(value)) + Number(digit) + Number(symbol) >= 2 ? 1 : 0;
}

/**
 * Label and colour of a meter level.
 *
 * @example
 * const { label, color }: PasswordStrengthLevel = PASSWORD_STRENGTH_LEVELS[1]; // '弱', '#f56c6c'
 */
export interface PasswordStrengthLevel {
  /** 弱, 中 or 强. */
  label: string;
  /** CSS colour: red, blue or green (Element palette). */
  color: string;
}

/**
 * Label and colour of each meter level (spec 4.9); level 0 shows nothing.
 *
 * @example
 * PASSWORD_STRENGTH_LEVELS[passwordStrength('Abcd1234')] // { label: '强', color: '#67c23a' }
 */
export const PASSWORD_STRENGTH_LEVELS: Readonly<Record<PasswordStrength, Readonly<PasswordStrengthLevel>>> = /* @__PURE__ */ Object.freeze({
  0: { label: '', color: '' },
  1: { label: '弱', color: '#f56c6c' },
  2: { label: '中', color: '#409eff' },
  3: { label: '强', color: '#67c23a' },
} as const);
