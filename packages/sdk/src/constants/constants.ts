/**
 * Business constants and limits of spec 9, named, in one place. Durations are in milliseconds.
 * Every other part of the sdk reads its numbers from here.
 *
 * @example
 * import { REQUEST_TIMEOUT_MS } from '@gjj-hall/sdk'
 * createClient({ timeout: REQUEST_TIMEOUT_MS })
 */

/** Request timeout. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** How long an information message stays. */
export const MESSAGE_DURATION_MS = 5_000;
/** How long an error toast stays. */
export const ERROR_TOAST_MS = 3_000;
/** How long a network-error toast stays. */
export const NETWORK_ERROR_TOAST_MS = 5_000;
/** How long the toast helper's error toast stays (it has a close button). */
export const TOAST_HELPER_ERROR_MS = 3_500;
/** Toast offset from the top of the window, in pixels. */
export const TOAST_OFFSET_PX = 80;
/** Maximum session time. */
export const MAX_SESSION_MS = 300_000;
/** Remaining time. */
export const REMAINING_TIME_MS = 1_200_000;
/** How often the token is checked for refresh. */
export const TOKEN_REFRESH_CHECK_MS = 300_000;
/** How often a QR authentication status is polled. */
export const QR_POLL_MS = 3_000;
/** No activity for this long signs the user out (30 minutes). */
export const IDLE_LIMIT_MS = 1_800_000;
/** How often the idle timer compares the last activity with now. */
export const IDLE_CHECK_MS = 5_000;
/** How long the idle sign-out message is shown before the sign-out. */
export const IDLE_MESSAGE_MS = 3_500;
/** Delay before the notice dialog opens after load. */
export const NOTICE_OPEN_DELAY_MS = 200;
/** Length of the send-code countdown, in seconds. */
export const SEND_CODE_COUNTDOWN_S = 60;
/** Mainland mobile number length. */
export const PHONE_LENGTH = 11;
/** Password length in the change-password dialog. */
export const CHANGE_PASSWORD_LENGTH = { min: 8, max: 16 } as const;
/** Password length of the shared validator. */
export const PASSWORD_LENGTH = { min: 6, max: 16 } as const;
/** Password length of the focus-out directive. */
export const FOCUS_OUT_PASSWORD_LENGTH = { min: 6, max: 20 } as const;
/** SMS code length when the system configuration (XT_DXYZMCD) does not set one: 6 (the spec's 4 is too easily guessed). */
export const DEFAULT_SMS_CODE_LENGTH = 6;
/** Account length. */
export const ACCOUNT_LENGTH = { min: 4, max: 20 } as const;
/** Captcha length. */
export const CAPTCHA_LENGTH = { min: 4, max: 6 } as const;
/** Name length. */
export const NAME_LENGTH = { min: 2, max: 15 } as const;
/** Minimum length of an opinion. */
export const OPINION_MIN_LENGTH = 5;
/** Minimum length of a unit-name search. */
export const UNIT_NAME_SEARCH_MIN_LENGTH = 2;
/** Unified social credit code length. */
export const CREDIT_CODE_LENGTH = 18;
/** Bank interbank number length. */
export const BANK_NUMBER_LENGTH = 12;
/** Bank branch number length. */
export const BANK_BRANCH_LENGTH = 6;
/** Postal code length. */
export const POSTAL_CODE_LENGTH = 6;
/** The calculator's amount is entered in units of this many yuan (万元). */
export const LOAN_AMOUNT_UNIT_YUAN = 10_000;
/** Bounds of the commercial annual rate, in percent. */
export const COMMERCIAL_RATE_BOUNDS = { min: 0, max: 10 } as const;
/** Bounds of the provident fund annual rate, in percent (ours: the spec bounds only the commercial rate). */
export const PROVIDENT_RATE_BOUNDS = { min: 0, max: 10 } as const;
/**
 * The lowest annual rate above 0, in percent (ours). 0 means an interest-free loan; a rate between 0 and this floor is
 * refused, because at precision 20 (spec 9) (1 + i)^n − 1 loses its digits there: 1e-16 divides by zero, and rates
 * of 1e-15 to 1e-12 gave schedules off by yuan.
 */
export const LOAN_RATE_FLOOR = 0.01;
/** Maximum digits of the loan term. */
export const LOAN_TERM_MAX_DIGITS = 3;
/** Repayment plan dialog width (px) and page size. */
export const PLAN_DIALOG = { width: 1000, pageSize: 10 } as const;
/** Dialog widths in pixels, and the minimum dialog size. */
export const DIALOG_WIDTHS = {
  changePassword: 600,
  notice: 1000,
  prompt: 800,
  video: 1050,
  qr: 380,
  minWidth: 250,
  minHeight: 200,
} as const;
/** Debounce delay of a button. */
export const DEBOUNCE_MS = 1_000;
/** Default time a throttled button stays disabled after a click. */
export const CLICK_THROTTLE_MS = 3_000;
/** Scroll distance after which the back-to-top control shows, in pixels. */
export const BACK_TO_TOP_PX = 500;
/** Delay of the sign-in success notification. */
export const LOGIN_SUCCESS_NOTICE_MS = 2_000;
/** Resize watcher interval. */
export const RESIZE_WATCH_MS = 300;
/** Relayout debounce. */
export const RELAYOUT_DEBOUNCE_MS = 100;
/** The loader hides this long after it starts. */
export const LOADER_HIDE_MS = 100;
/** Menu types that become routes. */
export const ROUTE_MENU_TYPES: readonly number[] = /* @__PURE__ */ Object.freeze([0, 2, 9]);
/** Menu types that are not buttons (1 menu item, 3 tab, 4); every other type goes into the button map. */
export const NON_BUTTON_MENU_TYPES: readonly number[] = /* @__PURE__ */ Object.freeze([1, 3, 4]);
/** Height of the top banner, in pixels. */
export const BANNER_HEIGHT_PX = 260;
/** Width of the side bar, in pixels. */
export const SIDEBAR_WIDTH_PX = 72;
/** Height of an input, in pixels. */
export const INPUT_HEIGHT_PX = 42;
/** Money display: symbol, integer digits, decimals and thousands separator. */
export const MONEY = { symbol: '¥', integerDigits: 15, decimals: 2, separator: ',' } as const;
/** Largest integer part the capital-amount writer handles (15 digits). */
export const CAPITAL_AMOUNT_LIMIT = 1e15;
/** decimal.js settings of the loan engine: precision 20, rounding mode 4 (ROUND_HALF_UP). */
export const DECIMAL_CONFIG = { precision: 20, rounding: 4 } as const;
/** Months in the default query period (the last three months) when `default_time` is not configured. */
export const DEFAULT_QUERY_MONTHS = 3;
/** Default `client` header. */
export const DEFAULT_CLIENT = 'wt';
/** Default `jproject` header. */
export const DEFAULT_PROJECT = 'izfgjj';
/** Login types (spec 6). */
export const LOGIN_TYPES = { personal: 1, unit: 2, developer: 3 } as const;
/** Login type of a signed-out session. */
export const DEFAULT_LOGIN_TYPE = 1;
/** Routes on which activity does not count for the idle timer (spec 4.6). */
export const IDLE_EXEMPT_ROUTES: readonly string[] = /* @__PURE__ */ Object.freeze([
  '/login',
  '/userRegister',
  '/forgotPwd',
  '/setLoginPwd',
  '/setQtLoginPwd',
  '/UnitDeposit',
]);
/** Rate codes by second-home flag and term (spec 9): provident fund code, commercial code. */
export const RATE_SELECTION = /* @__PURE__ */ Object.freeze({
  firstHome: { upTo60: { provident: '01', commercial: '21' }, over60: { provident: '02', commercial: '22' } },
  secondHome: { upTo60: { provident: '71', commercial: '23' }, over60: { provident: '72', commercial: '24' } },
} as const);
/** Repayment methods: 01 equal principal and interest (等额本息), 02 equal principal (等额本金). */
export const REPAYMENT_METHODS = /* @__PURE__ */ Object.freeze({ '01': '等额本息', '02': '等额本金' } as const);
/** Second-home values: 0 no (the default), 1 yes. */
export const SECOND_HOME = /* @__PURE__ */ Object.freeze({ no: '0', yes: '1' } as const);
/** Plain paginator: page size and the sizes offered. */
export const PAGINATOR = /* @__PURE__ */ Object.freeze({ limit: 20, sizes: [10, 20, 30, 50], pagerCount: 7, autoScrollMs: 800 });
/** Table paginator: page size and the sizes offered. */
export const TABLE_PAGINATOR = /* @__PURE__ */ Object.freeze({ limit: 10, sizes: [10, 20, 30, 40, 50, 100], pagerCount: 7 });
/** Table geometry, in pixels. */
export const TABLE_LAYOUT = /* @__PURE__ */ Object.freeze({ rowHeight: 50, maxHeight: 900, indexWidth: 60, selectionWidth: 55 });
/** Default table cell style when the system configuration sets none. */
export const TABLE_CELL_STYLE = /* @__PURE__ */ Object.freeze({
  headerBackground: '#F1F2F3',
  headerColor: '#86888b',
  headerFontSize: 14,
  bodyColor: '#606266',
  bodyFontSize: 14,
  labelFontSize: 12,
  menuFontSize: 14,
});
/** Default date and date-time patterns (dayjs). */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** Default date-time pattern (dayjs). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Input length limits when the system configuration does not set them (spec 3.5). */
export const DEFAULT_INPUT_LENGTHS = /* @__PURE__ */ Object.freeze({ default: 60, name: 15, address: 30, remark: 200, template: 1000 });
/** Footer configuration keys (spec 3.5). */
export const FOOTER_CONFIG_KEYS: readonly string[] = /* @__PURE__ */ Object.freeze(['ggwab', 'babh', 'zxmc', 'wzym', 'jszc', 'wzbsm', 'sydw']);
/** System configuration key of the default centre name. */
export const CENTRE_NAME_CONFIG_KEY = 'XT_ZXQC';
/** System configuration key of the default query period. */
export const DEFAULT_TIME_CONFIG_KEY = 'default_time';
