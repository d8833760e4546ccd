/**
 * Bounds and precision of a decimal input; each is optional.
 *
 * @example
 * const rate: DecimalOptions = { min: 0, max: 10, precision: 2 };
 */
export interface DecimalOptions {
  /** Values below it become it. */
  min?: number;
  /** Values above it become it. */
  max?: number;
  /** Decimals fixed on focus-out (rounded half up). */
  precision?: number;
}

/** Default maximum length of a grouped bank card number (spec 5.5); not in constants.ts. */
const BANK_CARD_MAX_LENGTH = 29;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * Keeps digits only (spec 5.5 digit-only directive). Non-strings give ''.
 *
 * @example
 * digitsOnly('12a3-4') // '1234'
 */
export function digitsOnly(value: unknown): string {
  return text(value).replace(/\D/g, '');
}

/**
 * Removes all whitespace (spec 5.5: every text input strips whitespace on change). Non-strings give ''.
 *
 * @example
 * stripWhitespace(' 138 1234 5678 ') // '13812345678'
 */
export function stripWhitespace(value: unknown): string {
  return text(value).replace(/\s/g, '');
}

/**
 * Removes Chinese characters and whitespace (spec 5.2 phone and password fields), including the full-width
 * punctuation a Chinese input method types. Non-strings give ''.
 *
 * @example
 * stripChineseAndSpaces('abc 密码123，') // 'abc123'
 */
export function stripChineseAndSpaces(value: unknown): string {
  return text(value).replace(/[\s\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/g, '');
}

/**
 * Decimal input while typing (spec 5.5): keeps digits and the first dot, then clamps to `max` and `min`.
 * A lone or trailing dot stays so the user can go on typing. Non-strings give ''.
 *
 * @example
 * decimalInput('1a2.3.4')           // '12.34'
 * decimalInput('120', { max: 100 }) // '100'
 */
export function decimalInput(value: unknown, options?: DecimalOptions): string {
  const kept = text(value).replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  const s = dot < 0 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
  if (!/\d/.test(s)) return s;
  const n = Number(s);
  const { min, max } = options ?? {};
  if (finite(max) && n > max) return String(max);
  if (finite(min) && n < min) return String(min);
  return s;
}

/**
 * Decimal input on focus-out (spec 5.5): as {@link decimalInput}, then a lone dot becomes '', a trailing dot and
 * leading zeros go, and `precision` decimals are fixed, rounding half up on the digits themselves (no float error).
 *
 * @example
 * decimalBlur('.')                       // ''
 * decimalBlur('007.5')                   // '7.5'
 * decimalBlur('1.005', { precision: 2 }) // '1.01'
 * decimalBlur('3', { precision: 2 })     // '3.00'
 */
export function decimalBlur(value: unknown, options?: DecimalOptions): string {
  let s = decimalInput(value, options);
  if (!/\d/.test(s)) return '';
  s = s.replace(/\.$/, '').replace(/^\./, '0.').replace(/^0+(?=\d)/, '');
  const p = options?.precision ?? -1;
  // like toFixed, 0-20 decimals; anything else leaves the value as typed
  if (!(Number.isInteger(p) && p >= 0 && p <= 20)) return s;
  const [whole = '', fraction = ''] = s.split('.');
  const digits = String(BigInt(whole + fraction.slice(0, p).padEnd(p, '0')) + BigInt((fraction[p] ?? '') >= '5'));
  const padded = digits.padStart(p + 1, '0');
  return p ? `${padded.slice(0, -p)}.${padded.slice(-p)}` : padded;
}

/**
 * Groups a bank card number in fours with spaces (spec 5.5), digits only, cut to `maxLength` characters
 * (default 29). A value containing * is a masked number and comes back untouched. Non-strings give ''.
 *
 * @example
 * groupBankCard('6222021234567890123') // '6222 0212 3456 7890 123'
 * groupBankCard('6222 **** **** 0123') // '6222 **** **** 0123'
 */
export function groupBankCard(value: unknown, maxLength: number = BANK_CARD_MAX_LENGTH): string {
  const s = text(value);
  if (s.includes('*')) return s;
  return s
    .replace(/\D/g, '')
    .replace(/(\d{4})(?=\d)/g, '$1 ')
    // a JS caller's non-number length (a BigInt would throw in slice) means the default
    .slice(0, typeof maxLength === 'number' ? maxLength : BANK_CARD_MAX_LENGTH)
    .trimEnd();
}
