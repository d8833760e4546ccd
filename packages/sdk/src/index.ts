// The core entry: request client, storage, session and configuration stores, menus and permissions, timers,
// constants. Validators, formatters, the loan engine and SM2 have entries of their own (see README.md).
export { createClient, isSuccessCode, LOGIN_QUERY, PASS_THROUGH_CODES, QUICK_ID_HEADER } from './client/client';
export type {
  ClientOptions,
  Envelope,
  GjjClient,
  GjjRequestError,
  QueryParams,
  RawRequestOptions,
  RequestOptions,
  TokenGrant,
  TokenRefresher,
} from './client/client';
export { BusinessError, ConfigError, GjjError, HttpError } from './client/errors';
export type { HttpErrorKind } from './client/errors';
export {
  DEFAULT_ERROR_MESSAGE,
  HTTP_STATUS_MESSAGES,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  errorMessage,
  httpStatusMessage,
} from './client/messages';
export { cleanPayload, formEncode } from './client/payload';
export { createMemoryStorage, createStorage } from './storage/storage';
export type { GetOptions, GjjStorage, SetOptions, StorageArea, StorageOptions } from './storage/storage';
export { createSessionStore } from './session/session';
export type { LoginType, OtherAccount, SessionState, SessionStore, UserInfo } from './session/session';
export { createStores } from './session/stores';
export type { HallStores } from './session/stores';
export { createConfigStore, INPUT_LENGTH_CONFIG_KEY, INPUT_LENGTH_MISSING_MESSAGE } from './config/config';
export type { ConfigStore, ConfigVersion, DictEntry, InputLengths, SysConfigItem } from './config/config';
export {
  REQUEST_TIMEOUT_MS,
  MESSAGE_DURATION_MS,
  ERROR_TOAST_MS,
  NETWORK_ERROR_TOAST_MS,
  TOAST_HELPER_ERROR_MS,
  TOAST_OFFSET_PX,
  MAX_SESSION_MS,
  REMAINING_TIME_MS,
  TOKEN_REFRESH_CHECK_MS,
  QR_POLL_MS,
  IDLE_LIMIT_MS,
  IDLE_CHECK_MS,
  IDLE_MESSAGE_MS,
  NOTICE_OPEN_DELAY_MS,
  SEND_CODE_COUNTDOWN_S,
  PHONE_LENGTH,
  CHANGE_PASSWORD_LENGTH,
  PASSWORD_LENGTH,
  FOCUS_OUT_PASSWORD_LENGTH,
  DEFAULT_SMS_CODE_LENGTH,
  ACCOUNT_LENGTH,
  CAPTCHA_LENGTH,
  NAME_LENGTH,
  OPINION_MIN_LENGTH,
  UNIT_NAME_SEARCH_MIN_LENGTH,
  CREDIT_CODE_LENGTH,
  BANK_NUMBER_LENGTH,
  BANK_BRANCH_LENGTH,
  POSTAL_CODE_LENGTH,
  LOAN_AMOUNT_UNIT_YUAN,
  COMMERCIAL_RATE_BOUNDS,
  PROVIDENT_RATE_BOUNDS,
  LOAN_RATE_FLOOR,
  LOAN_TERM_MAX_DIGITS,
  PLAN_DIALOG,
  DIALOG_WIDTHS,
  DEBOUNCE_MS,
  CLICK_THROTTLE_MS,
  BACK_TO_TOP_PX,
  LOGIN_SUCCESS_NOTICE_MS,
  RESIZE_WATCH_MS,
  RELAYOUT_DEBOUNCE_MS,
  LOADER_HIDE_MS,
  ROUTE_MENU_TYPES,
  NON_BUTTON_MENU_TYPES,
  BANNER_HEIGHT_PX,
  SIDEBAR_WIDTH_PX,
  INPUT_HEIGHT_PX,
  MONEY,
  CAPITAL_AMOUNT_LIMIT,
  DECIMAL_CONFIG,
  DEFAULT_QUERY_MONTHS,
  DEFAULT_CLIENT,
  DEFAULT_PROJECT,
  LOGIN_TYPES,
  DEFAULT_LOGIN_TYPE,
  IDLE_EXEMPT_ROUTES,
  RATE_SELECTION,
  REPAYMENT_METHODS,
  SECOND_HOME,
  PAGINATOR,
  TABLE_PAGINATOR,
  TABLE_LAYOUT,
  TABLE_CELL_STYLE,
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DEFAULT_INPUT_LENGTHS,
  FOOTER_CONFIG_KEYS,
  CENTRE_NAME_CONFIG_KEY,
  DEFAULT_TIME_CONFIG_KEY,
} from './constants/constants';
export { systemClock } from './timers/clock';
export type { Clock } from './timers/clock';
export { createIdleTimer, IDLE_LOGOUT_MESSAGE, isIdleExemptRoute } from './timers/idle';
export type { ActivityStore, IdleTimer, IdleTimerOptions, IdleTimerState } from './timers/idle';
export { defaultBranchOutlet } from './timers/branch';
export type { BranchOutletEntry } from './timers/branch';
export { accountStatusTag } from './menu/status';
export type { AccountStatusTag } from './menu/status';
