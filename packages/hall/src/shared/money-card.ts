/**
 * The pure checks the business pages share (the server checks all of them again): money typed in yuan as fen without
 * floating point, and a bank card's check digit. Used by the withdrawal and the loan pages.
 */

/** Fen of a yuan text with at most two decimals (no leading zeros, up to 12 integer digits), or null when it is not one. */
export function yuanToFen(text: string): bigint | null {
  const m = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** Luhn's check digit (ISO/IEC 7812) of a card number of 12–19 digits, spaces ignored. */
export function cardValid(text: string): boolean {
  const digits = text.replace(/\s/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card field's error ('' when it may be submitted); `empty` is what to say when nothing was typed. */
export function cardError(text: string, empty: string): string {
  const digits = text.replace(/\s/g, '');
  if (!digits) return empty;
  if (!/^\d{12,19}$/.test(digits)) return '银行卡号应为 12 至 19 位数字';
  return cardValid(digits) ? '' : '银行卡号校验不通过，请核对卡号';
}
