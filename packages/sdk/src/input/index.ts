export { formatMoneyInput, parseMoneyInput } from './money-input';
export { decimalBlur, decimalInput, digitsOnly, groupBankCard, stripChineseAndSpaces, stripWhitespace } from './sanitize';
export type { DecimalOptions } from './sanitize';
