export { COMMERCIAL_RATE_CODES, PROVIDENT_RATE_CODES, RATE_CODES, RATE_PATHS, fetchLoanRates } from './rates';
export type { CommercialRateCode, LoanRate, LoanRates, ProvidentRateCode, RateCode, RateCodeInfo } from './rates';
