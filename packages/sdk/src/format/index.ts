export { formatMoney } from './money';
export type { FormatMoneyOptions } from './money';
export { CAPITAL_AMOUNT_INVALID, CAPITAL_AMOUNT_TOO_LARGE, toCapitalAmount } from './capital';
export { maskBankCard, maskIdCard, maskName, maskPhone } from './mask';
export type { NameMaskMode } from './mask';
export {
  defaultQueryPeriod,
  formatDate,
  formatDateTime,
  formatDuration,
  isDateDisabled,
  isRangeValid,
  isWeekend,
  parseDate,
  relativeTime,
  weekName,
} from './date';
export { greeting } from './greeting';
export type { DateDisableOptions, DateRangeFormat, QueryPeriod } from './date';
