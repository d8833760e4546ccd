import { MONEY } from '../constants/constants';

/** A decimal as sign and digit strings (after {@link roundParts}, `int` has no leading zeros and is `'0'` for zero). */
export interface DecimalParts {
  neg: boolean;
  int: string;
  frac: string;
}

/** Options of {@link formatMoney}. */
export interface FormatMoneyOptions {
  /** `true` puts `¥` in front; a string puts that string. @default false */
  symbol?: boolean | string;
  /** Shown for an empty or non-numeric value. @default '--' */
  placeholder?: string;
  /** Digits after the point (0-20). @default 2 */
  decimals?: number;
}

// Plain decimals with an optional sign, ¥ and correctly placed thousands separators. No exponent in strings:
// '1e999999999' must not expand into a billion zeros.
const DECIMAL = /^([+-]?)[¥￥]?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;
const MAX_DECIMALS = 20;

/**
 * A string as is; a finite number or a bigint as plain decimal digits. A number is written from its shortest
 * round-trip form, so 1.005 stays '1.005' (not 1.00499…). Anything else: ''.
 */
export function text(value: unknown): string {
  return typeof value === 'string'
    ? value
    : typeof value === 'bigint'
      ? String(value)
      : Number.isFinite(value)
        ? // String() writes an exponent from 1e21 on, where every double is an integer, and below 1e-6, where
          // toFixed(20) agrees with the shortest form to the 20 places that rounding here can look at.
          Math.abs(value as number) >= 1e21
          ? BigInt(value as number).toString()
          : Math.abs(value as number) < 1e-6
            ? (value as number).toFixed(20)
            : String(value)
        : '';
}

/** Splits a number, bigint or numeric string into digits; anything else gives `undefined`. */
export function toDecimalParts(value: unknown): DecimalParts | undefined {
  const m = DECIMAL.exec(text(value).trim());
  if (!m || !(m[2] || m[3])) return undefined;
  return { neg: m[1] === '-', int: m[2]!.replace(/,/g, ''), frac: m[3] ?? '' };
}

/** Rounds half away from zero (decimal.js ROUND_HALF_UP) on the decimal digits, never through floats. */
export function roundParts({ neg, int, frac }: DecimalParts, decimals: number): DecimalParts {
  // BigInt adds the carry and drops leading zeros; padStart gives back the zeros right of the point.
  const digits = String(
    BigInt(int + frac.slice(0, decimals).padEnd(decimals, '0')) + BigInt(frac.charAt(decimals) >= '5'),
  ).padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  // -0.001 rounds to zero, which has no sign.
  return { neg: neg && /[1-9]/.test(digits), int: digits.slice(0, cut), frac: digits.slice(cut) };
}

/** Puts `,` between groups of three integer digits. */
export function groupThousands(int: string): string {
  const head = int.length % 3 || 3;
  return int.slice(0, head) + int.slice(head).replace(/\d{3}/g, `${MONEY.separator}$&`);
}

/** @internal */
export function clampDecimals(decimals: unknown): number {
  // text() takes any value without throwing (a bigint or a symbol would make Number() or ~~ throw); ~~ turns the
  // unreadable into 0.
  return Math.min(MAX_DECIMALS, Math.max(0, ~~+text(decimals)));
}

/**
 * Shows an amount with two decimals and thousands separators. Numbers, bigints and numeric strings (optionally with
 * a sign, `¥` and correct `,` groups) are accepted; anything else, and empty values, show the placeholder.
 * Rounding is half away from zero on the decimal digits (strings are rounded as written, numbers as their shortest
 * decimal form), so `1.005` shows `1.01` and `'123456789012345.675'` shows `123,456,789,012,345.68`. Never throws.
 *
 * @example
 * formatMoney(-1234.5) // '-1,234.50'
 * formatMoney('') // '--'
 * formatMoney(1234.5, { symbol: true }) // '¥1,234.50'
 * formatMoney(null, { placeholder: '-' }) // '-'
 */
export function formatMoney(value: unknown, options?: FormatMoneyOptions): string {
  const { symbol, placeholder = '--', decimals = MONEY.decimals } = options ?? {};
  const parts = toDecimalParts(value);
  if (!parts) return placeholder;
  const r = roundParts(parts, clampDecimals(decimals));
  const sign = symbol === true ? MONEY.symbol : text(symbol);
  return (r.neg ? '-' : '') + sign + groupThousands(r.int) + (r.frac && `.${r.frac}`);
}
