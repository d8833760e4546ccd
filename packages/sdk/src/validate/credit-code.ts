import { CREDIT_CODE_LENGTH } from '../constants/constants';

/** The 31 characters of GB 32100-2015 (no I, O, Z, S, V), each worth its index. */
const CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/**
 * The GB 32100-2015 check character of the first 17 characters of a unified social credit code
 * (weights 3^i mod 31 = 1 3 9 27 19 26 16 17 20 29 25 13 8 24 10 30 28; check 31 - sum mod 31, 31 gives '0').
 * Returns '' when the body holds a character outside the code set.
 *
 * @example
 * creditCodeCheckChar('91350100M000100Y4') // '3'
 */
export function creditCodeCheckChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const n = CHARS.indexOf(body[i] ?? '?');
    if (n < 0) return '';
    sum += n * (3 ** i % 31);
  }
  return CHARS[(31 - (sum % 31)) % 31] ?? '';
}

/**
 * Unified social credit code (spec 5.4, GB 32100-2015): 18 characters over 0-9 and A-Y without I, O, Z, S, V,
 * the last being the check character. Uppercase only, as printed on the business licence. Never throws.
 *
 * @example
 * isCreditCode('91350100M000100Y43') // true
 * isCreditCode('91350100M000100Y44') // false
 */
export function isCreditCode(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value.length === CREDIT_CODE_LENGTH &&
    creditCodeCheckChar(value) === value[17]
  );
}
