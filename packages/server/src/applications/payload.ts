import { Ajv, type ValidateFunction } from 'ajv';
import { ApiError } from '../http/envelope';
import { MESSAGE_KEYWORDS, validationMessage, type SchemaError } from '../http/validation';
import type { Business } from '../business/types';

// The same words as the routes' validation (x-msg, description), so a payload's message reads like any other 400.
const ajv = new Ajv({ keywords: [...MESSAGE_KEYWORDS], verbose: true, allErrors: false, strict: false });
const compiled = new Map<string, ValidateFunction>();

/**
 * Checks `payload` against the business's JSON Schema; throws a 400 ApiError with the Chinese message of the first
 * problem (the field's `x-msg`, or one naming the field).
 *
 * @example
 * checkPayload(gj0313, { sjhm: '123' }) // throws ApiError(400, '请输入正确的 11 位手机号码')
 */
export function checkPayload(business: Business, payload: unknown): void {
  let validate = compiled.get(business.ywlx);
  if (!validate) {
    validate = ajv.compile(business.schema);
    compiled.set(business.ywlx, validate);
  }
  if (!validate(payload)) {
    throw new ApiError(400, validationMessage((validate.errors ?? []) as SchemaError[], 'body'));
  }
}
