export { buildApp, HALL_CSP, hallCsp, parseFrameAncestors } from './app';
export type { AppOptions } from './app';
export { openDatabase } from './db/db';
export type { Db, DbTarget, Queryable } from './db/db';
export { loadMigrations, migrate } from './db/migrate';
export { DEMO_LOGINS, DEMO_PASSWORD, DEMO_RATES, seedDemo } from './seed/demo';
export { prepareDatabase, settingsFromEnv, startServer } from './start';
export type { ServerSettings } from './start';
export type { SmsGateway } from './outbox/outbox';
export { BUSINESSES, businessOf } from './business/registry';
export { defineBusiness } from './business/types';
export type { Business, BusinessRule, AutomaticRule, Applicant, CompletionContext } from './business/types';
export { STATUS, TRANSITIONS } from './applications/status';
export type { Status, Action, Transition } from './applications/status';
export { YWBH_PATTERN, formatYwbh } from './applications/ywbh';
export { addWorkingDays } from './applications/calendar';
export { RESTRICTIONS } from './applications/restrictions';
export { SMS_LIMITS } from './auth/sms-code';
export type { SmsLimits } from './auth/sms-code';
export {
  checkLedger,
  closeAccount,
  fenToYuan,
  getAccount,
  getUnitAccount,
  INTEREST_PARAMETERS,
  interestFor,
  isRestricted,
  listAccountsOf,
  listJournal,
  listProjects,
  listUnitEmployees,
  openAccount,
  postMovement,
  RecordsError,
  setAccountStatus,
  settleInterest,
  yuanToFen,
} from './records/index';
export type { InterestRunReport, JournalCursor, JournalRow, LedgerCheck, Movement, PersonalAccount } from './records/index';
export { runInterestCommand } from './records/command';
export { ARCHIVE_PREFIX, contentDisposition, parseMaxFileBytes } from './archive/routes';
export type { ArchiveOptions } from './archive/routes';
export { DEFAULT_MAX_FILE_BYTES, ARCHIVE_MESSAGES } from './archive/files';
export { materialsOf } from './archive/materials';
export { COMMON_MATERIALS, DEFAULT_PERSONAL_MATERIALS, UNIT_MATERIALS, materialsFor } from './business/materials';
export type { Material } from './archive/materials';
export { databaseStore } from './archive/storage';
export type { FileStore } from './archive/storage';
export { SIGN_LINK_TTL_SECONDS, SIGN_STATUS } from './archive/signing';
export { keptName, sniff } from './archive/sniff';
export { CERTIFICATE_PARAMETERS, validUntil } from './certificate/parameters';
export type { CertificateParameters } from './certificate/parameters';
export { CERTIFICATE_MESSAGES } from './certificate/facts';
export type { CertificateFacts } from './certificate/facts';
export { CERTIFICATE_PREFIX, VERIFY_ROUTE } from './certificate/routes';
export { renderCertificate } from './certificate/pdf';
export { payStandingOrders, signStandingOrder, stopStandingOrder } from './business/withdrawals/standing';
export type { StandingRunReport } from './business/withdrawals/standing';
export { runStandingCommand } from './business/withdrawals/standing-command';
export { checkRestrictions } from './applications/restrictions';
export { withdrawalOf } from './business/withdrawals';
