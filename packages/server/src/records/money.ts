import { ApiError } from '../http/envelope';

/**
 * Yuan text of an amount in fen, two decimals: the only place money turns into text.
 * @example fenToYuan(8654235n) // '86542.35'
 */
export function fenToYuan(fen: bigint | number | string): string {
  const value = BigInt(fen);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * Fen of a yuan text with at most two decimals (no floating point on the way).
 * @example yuanToFen('86542.35') // 8654235n
 */
export function yuanToFen(yuan: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) throw new RecordsError(`金额格式不正确：${yuan}`);
  const fen = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -fen : fen;
}

/** A movement or account change the records refuse, with the Chinese reason (400, or 409 for a conflict). */
export class RecordsError extends ApiError {
  override name = 'RecordsError';
  constructor(message: string, statusCode = 400) {
    super(statusCode, message);
  }
}
