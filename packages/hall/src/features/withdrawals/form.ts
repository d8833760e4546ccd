import { cardError as cardErrorOf, yuanToFen } from '../../shared/money-card';

export { yuanToFen };

/**
 * The pure checks of the withdrawal pages (the server checks all of them again): money in fen without floating
 * point, and the bank card's check digit.
 */

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

/** The receiving card's error ('' when it may be submitted). */
export const cardError = (text: string): string => cardErrorOf(text, '请输入收款银行卡号');
