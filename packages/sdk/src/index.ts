export { createClient, isSuccessCode, PASS_THROUGH_CODES } from './client/client';
export type { ClientOptions, Envelope, GjjClient, QueryParams, RequestOptions } from './client/client';
export { BusinessError, ConfigError, GjjError, HttpError } from './client/errors';
export type { HttpErrorKind } from './client/errors';
export {
  DEFAULT_ERROR_MESSAGE,
  HTTP_STATUS_MESSAGES,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  httpStatusMessage,
} from './client/messages';
export { COMMERCIAL_RATE_CODES, PROVIDENT_RATE_CODES, RATE_CODES, RATE_PATHS, fetchLoanRates } from './rates/rates';
export type {
  CommercialRateCode,
  LoanRate,
  LoanRates,
  ProvidentRateCode,
  RateCode,
  RateCodeInfo,
} from './rates/rates';
