import { MONEY } from '../constants/constants';
import { clampDecimals, groupThousands, text } from '../format/money';

/**
 * What a money input shows on blur. Keeps digits and the first point, drops leading zeros, cuts the integer part and
 * the decimals to the `'integer-decimal'` format (extra digits are dropped, not rounded, as a maxlength would),
 * then adds thousands separators and pads the decimals. The format defaults to `'15-2'` (also used when it cannot be
 * read). A minus sign is dropped: money inputs take amounts, not differences. Nothing numeric, or a lone point,
 * gives `''`.
 *
 * @example
 * formatMoneyInput('1234567.891') // '1,234,567.89'
 * formatMoneyInput('12.5', '6-3') // '12.500'
 * formatMoneyInput('.') // ''
 */
export function formatMoneyInput(raw: unknown, format?: string): string {
  const f = /^(\d+)-(\d+)$/.exec(text(format).trim());
  const maxInt = f ? +f[1]! : MONEY.integerDigits;
  const decimals = f ? clampDecimals(f[2]) : MONEY.decimals;
  const [i = '', ...rest] = text(raw).replace(/[^\d.]/g, '').split('.');
  const int = i.replace(/^0+(?=\d)/, '').slice(0, maxInt);
  const frac = rest.join('').slice(0, decimals);
  if (!int && !frac) return '';
  return groupThousands(int || '0') + (decimals ? `.${frac.padEnd(decimals, '0')}` : '');
}

/**
 * What a money input shows on focus: the plain number without separators, spaces or `¥`, as a string (the digits
 * are kept exactly, `'1,234.50'` gives `'1234.50'`). Anything that is then not a number gives `''`.
 *
 * @example
 * parseMoneyInput('1,234,567.89') // '1234567.89'
 * parseMoneyInput('¥ 12') // '12'
 * parseMoneyInput('abc') // ''
 */
export function parseMoneyInput(display: unknown): string {
  const raw = text(display).replace(/[\s,¥￥]/g, '');
  return /^-?(?:\d+\.?\d*|\.\d+)$/.test(raw) ? raw : '';
}
