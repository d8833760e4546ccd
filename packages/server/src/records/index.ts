// The centre's records (issue 20, docs/api-records.md): accounts, the money journal, interest.
export { accountFromJson, accountJsonSql, getAccount, isRestricted, listAccountsOf, openAccount, setAccountStatus } from './accounts';
export type { OpenAccountInput, PersonalAccount, SettableStatus } from './accounts';
export { checkLedger, listJournal, periodEnd, postMovement, postMovements } from './journal';
export type { BatchLine, JournalCursor, JournalRow, LedgerCheck, Movement, Posted } from './journal';
export { closeAccount, CLOSING_STATUS, INTEREST_PARAMETERS, interestFor, settleBatch, settleInterest } from './interest';
export type { InterestRunReport } from './interest';
export {
  ACCOUNT_STATUS,
  ACCOUNT_STATUS_NAMES,
  CENTRE_ACCOUNTS,
  CLOSED_STATUSES,
  isClosedStatus,
  isWithdrawalReason,
  MOVEMENT_KINDS,
  UNIT_ACCOUNT_STATUS,
  UNIT_ACCOUNT_STATUS_NAMES,
  WITHDRAWAL_REASONS,
} from './kinds';
export type { AccountStatus, MovementKind, UnitAccountStatus, WithdrawalReason } from './kinds';
export { fenToYuan, RecordsError, yuanToFen } from './money';
export { getUnitAccount, listProjects, listUnitEmployees } from './units';
export type { DeveloperProject, UnitAccount, UnitEmployee } from './units';
export { MOVE_MESSAGES, moveToUnit } from './transfer';
export type { UnitMove } from './transfer';
export { accountFigures, LAST_PERIOD_WINDOW } from './figures';
export type { AccountFigures } from './figures';
