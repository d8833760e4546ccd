/**
 * Movement kinds of the journal (journal_entry.kind): name, the sign on the personal account, the centre account.
 * @example MOVEMENT_KINDS['09'].name // '年度结息'
 */
export const MOVEMENT_KINDS = {
  '01': { name: '汇缴', sign: 1, contra: 'C100' },
  '02': { name: '补缴', sign: 1, contra: 'C100' },
  '09': { name: '年度结息', sign: 1, contra: 'C200' },
  '10': { name: '销户结息', sign: 1, contra: 'C200' },
  '11': { name: '部分提取', sign: -1, contra: 'C100' },
  '12': { name: '销户提取', sign: -1, contra: 'C100' },
  '21': { name: '转入', sign: 1, contra: 'C300' },
  '22': { name: '转出', sign: -1, contra: 'C300' },
  '31': { name: '冲还贷', sign: -1, contra: 'C400' },
  '41': { name: '错账更正', sign: 0, contra: 'C100' },
} as const satisfies Record<string, { name: string; sign: -1 | 0 | 1; contra: string }>;

export type MovementKind = keyof typeof MOVEMENT_KINDS;

/**
 * Personal account status (dictionary GRZHZT).
 * @example account.grzhzt === ACCOUNT_STATUS.sealed // 封存
 */
export const ACCOUNT_STATUS = { normal: '01', sealed: '02', frozen: '03', closed: '99' } as const;
export type AccountStatus = (typeof ACCOUNT_STATUS)[keyof typeof ACCOUNT_STATUS];

/**
 * The status in words (dictionary GRZHZT, as the hall's dictionary shows it).
 * @example ACCOUNT_STATUS_NAMES['02'] // '封存'
 */
export const ACCOUNT_STATUS_NAMES: Readonly<Record<AccountStatus, string>> = { '01': '正常', '02': '封存', '03': '冻结', '99': '销户' };

/** Withdrawal reasons (提取原因, dictionary TQYY). */
export const WITHDRAWAL_REASONS = {
  '01': '购房', '02': '建造翻修大修', '03': '离退休', '04': '丧失劳动能力', '05': '户口迁出/出境定居',
  '06': '还贷', '07': '房租', '08': '死亡', '09': '大病医疗', '99': '其他',
} as const;
export type WithdrawalReason = keyof typeof WITHDRAWAL_REASONS;

/**
 * The centre's own accounts (centre_account.code), the other side of every entry.
 * @example CENTRE_ACCOUNTS.interest // 'C200'
 */
export const CENTRE_ACCOUNTS = { bank: 'C100', interest: 'C200', transfer: 'C300', loan: 'C400' } as const;
