import { httpStatusMessage } from '@gjj-hall/sdk';

/** The response envelope of spec 7. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A success envelope. */
export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: 0, msg, data };
}

/**
 * An error a route throws on purpose; answered with `status` and the envelope `{ code: status, msg }`.
 * Without a message, the catalogue text for the status is used (spec 8.2).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  constructor(statusCode: number, message?: string) {
    super(message ?? httpStatusMessage(statusCode));
    this.statusCode = statusCode;
  }
}
