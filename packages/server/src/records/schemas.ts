import { ACCOUNT_STATUS_NAMES, UNIT_ACCOUNT_STATUS_NAMES, WITHDRAWAL_REASONS } from './kinds';

const codes = (names: Readonly<Record<string, string>>) => Object.keys(names).sort();
const described = (title: string, names: Readonly<Record<string, string>>) =>
  `${title}：${codes(names)
    .map((c) => `${c} ${names[c]}`)
    .join('，')}`;

/**
 * The OpenAPI schemas of the records' codes, so the document lists them (docs/api-records.md › 状态代码). A login
 * without an account on record answers '' for its status, which the enum allows.
 * @example properties: { grzhzt: GRZHZT_SCHEMA }
 */
export const GRZHZT_SCHEMA = Object.freeze({
  type: 'string',
  enum: [...codes(ACCOUNT_STATUS_NAMES), ''],
  description: described('个人账户状态（字典 GRZHZT）', ACCOUNT_STATUS_NAMES),
});
export const DWZHZT_SCHEMA = Object.freeze({
  type: 'string',
  enum: [...codes(UNIT_ACCOUNT_STATUS_NAMES), ''],
  description: described('单位账户状态（字典 DWZHZT）', UNIT_ACCOUNT_STATUS_NAMES),
});
export const TQYY_SCHEMA = Object.freeze({
  type: ['string', 'null'],
  enum: [...codes(WITHDRAWAL_REASONS), null],
  description: described('提取原因（字典 TQYY），部分提取与销户提取才有', WITHDRAWAL_REASONS),
});
