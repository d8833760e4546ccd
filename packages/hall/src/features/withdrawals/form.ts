/**
 * The pure checks of the withdrawal pages (the server checks all of them again): money in fen without floating
 * point, and the bank card's check digit.
 */

/** Fen of a yuan text with at most two decimals, or null when it is not one. */
export function yuanToFen(text: string): bigint | null {
  const m = /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** The amount's error against the limit ('' when it may be submitted). */
export function amountError(text: string, limit: string): string {
  if (!text.trim()) return '请输入提取金额';
  const fen = yuanToFen(text);
  if (fen === null) return '提取金额应为金额，至多两位小数';
  if (fen <= 0n) return '提取金额须大于 0';
  const max = yuanToFen(limit);
  if (max !== null && fen > max) return `提取金额超过本次最多可提取的 ${limit} 元`;
  return '';
}

/** Luhn's check digit (ISO/IEC 7812) of a card number, spaces ignored. */
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

/** The card's error ('' when it may be submitted). */
export function cardError(text: string): string {
  const digits = text.replace(/\s/g, '');
  if (!digits) return '请输入收款银行卡号';
  if (!/^\d{12,19}$/.test(digits)) return '银行卡号应为 12 至 19 位数字';
  return cardValid(digits) ? '' : '银行卡号校验不通过，请核对卡号';
}
