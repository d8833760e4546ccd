import { DEFAULT_SMS_CODE_LENGTH } from '@gjj-hall/sdk';
import { isNewLoginPassword, NEW_PASSWORD_MESSAGE } from '@gjj-hall/sdk/auth';
import { rules, VALIDATE_MESSAGES, type Rule } from '@gjj-hall/sdk/validate';

/**
 * The centre's bounds and rounding unit for a flexible employee's base and ratio, as `GET lhjy/params` answers them
 * (the server's parameter table, docs/parameters.md). The page's checks are for comfort; the server enforces them.
 */
export interface FlexibleBounds {
  baseMinYuan: number;
  baseMaxYuan: number;
  ratioMin: number;
  ratioMax: number;
  /** 月缴存额上限 (yuan), 0 when the centre sets none. */
  monthlyMaxYuan: number;
  /** Each part is rounded half-up to this many fen: 100 yuan, 10 jiao, 1 fen. */
  roundingFen: number;
}

/** The defaults of the parameter table, used only until `lhjy/params` has answered. */
export const DEFAULT_FLEXIBLE_BOUNDS: FlexibleBounds = { baseMinYuan: 2_200, baseMaxYuan: 33_000, ratioMin: 5, ratioMax: 12, monthlyMaxYuan: 0, roundingFen: 100 };

/** The whole percents a flexible employee may choose, as text ('5' … '12'). */
export function flexibleRates(bounds: FlexibleBounds = DEFAULT_FLEXIBLE_BOUNDS): string[] {
  const rates: string[] = [];
  for (let r = Math.ceil(bounds.ratioMin); r <= bounds.ratioMax; r++) rates.push(String(r));
  return rates;
}

/** What the centre's configuration gives the forms: the new-password rule (XT_MMZZ) and the code length (XT_DXYZMCD). */
export interface RegisterConfig {
  passwordPattern: string;
  smsCodeLength: number;
  /** The flexible-employment bounds (`lhjy/params`); the defaults when absent. */
  flexible?: FlexibleBounds;
}

/** Reads the code length setting: 4 to 8 digits, else 6 (issue 18; spec 9 said 4). */
export function smsCodeLengthOf(value: string): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 4 && n <= 8 ? n : DEFAULT_SMS_CODE_LENGTH;
}

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
/** A required text of `min` to `max` characters. */
const sized =
  (min: number, max: number, empty: string, format: string): Rule =>
  (v) =>
    blank(v) ? empty : String(v).trim().length < min || String(v).trim().length > max ? format : '';
/** An optional text of at most `max` characters. */
const optionalMax =
  (max: number, format: string): Rule =>
  (v) =>
    blank(v) || String(v).length <= max ? '' : format;

/**
 * The new password: empty 密码不能为空 (spec 5.4); the centre's XT_MMZZ (else 8-16 with letters and digits) with the
 * wording of spec 5.2, which the demo's rule follows.
 *
 * @example
 * newPasswordRule('')('abc123') // '请输入8-16位密码，至少包含字母、数字两种组合'
 */
export function newPasswordRule(pattern: string): Rule {
  return (v) => (blank(v) ? VALIDATE_MESSAGES.passwordEmpty : isNewLoginPassword(v, pattern) ? '' : NEW_PASSWORD_MESSAGE);
}

/** Fen of a yuan text with at most two decimals, without floating point. */
const fenOf = (yuan: string): bigint => {
  const [whole = '0', frac = ''] = yuan.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
};

/** The monthly contribution base: required, a number with at most two decimals, within the centre's bounds. */
export function contributionBaseRuleFor(bounds: FlexibleBounds = DEFAULT_FLEXIBLE_BOUNDS): Rule {
  return (v) => {
    if (blank(v)) return '请输入月缴存基数';
    if (!/^\d{1,6}(\.\d{1,2})?$/.test(String(v))) return VALIDATE_MESSAGES.decimal;
    const fen = fenOf(String(v));
    return fen < BigInt(bounds.baseMinYuan) * 100n || fen > BigInt(bounds.baseMaxYuan) * 100n
      ? `月缴存基数须在 ${bounds.baseMinYuan} 至 ${bounds.baseMaxYuan} 元之间`
      : '';
  };
}
/** The base rule at the default bounds. */
export const contributionBaseRule: Rule = contributionBaseRuleFor();

/**
 * The monthly deposit of a flexible employee: base × rate for each part (the person pays both the employee's and the
 * employer's share), each part rounded half-up to the centre's unit, then added, as the server computes it
 * (`monthlyDeposit`, src/params/centre.ts); yuan with two decimals, '' while either is missing or invalid.
 *
 * @example
 * monthlyDeposit('6000', '12') // '1440.00'
 * monthlyDeposit('4567.89', '7') // '640.00': 319.75 → 320 yuan, twice
 */
export function monthlyDeposit(base: string, rate: string, bounds: FlexibleBounds = DEFAULT_FLEXIBLE_BOUNDS): string {
  if (contributionBaseRuleFor(bounds)(base) || !flexibleRates(bounds).includes(rate)) return '';
  const unit = BigInt(bounds.roundingFen);
  const divisor = 100n * unit;
  const part = ((fenOf(base) * BigInt(rate) + divisor / 2n) / divisor) * unit;
  const total = part * 2n;
  return `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
}

/** Every field the three forms use, and its rule (spec 5.4 messages where the spec gives them). */
export type RegisterField =
  | 'xingming'
  | 'zjhm'
  | 'sjhm'
  | 'dxyzm'
  | 'password'
  | 'confirmPassword'
  | 'hjszd'
  | 'txdz'
  | 'yzbm'
  | 'jcjs'
  | 'jcbl'
  | 'jcdcs'
  | 'jczx'
  | 'ydgrzh'
  | 'dwmc';

export type RegisterValues = Partial<Record<RegisterField, string>>;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

/** The rules of the registration forms, given the configuration and (for the confirmation) the values. */
export function registerRules(config: RegisterConfig, values: () => RegisterValues): Record<RegisterField, Rule> {
  return {
    xingming: rules.name(),
    zjhm: rules.idCard(),
    sjhm: rules.mobile(),
    dxyzm: rules.smsCode(config.smsCodeLength),
    password: newPasswordRule(config.passwordPattern),
    confirmPassword: rules.confirmPassword(() => values().password),
    hjszd: sized(2, 30, '请输入户籍所在地', '户籍所在地为 2 至 30 个字'),
    txdz: sized(5, 30, '请输入通讯地址', '通讯地址为 5 至 30 个字'),
    yzbm: rules.postalCode(),
    jcjs: contributionBaseRuleFor(config.flexible),
    jcbl: (v) => {
      const bounds = config.flexible ?? DEFAULT_FLEXIBLE_BOUNDS;
      if (blank(v)) return '请选择缴存比例';
      return flexibleRates(bounds).includes(String(v)) ? '' : `缴存比例须为 ${bounds.ratioMin}% 至 ${bounds.ratioMax}% 的整数`;
    },
    jcdcs: sized(2, 15, '请输入公积金缴存地城市', '缴存地城市为 2 至 15 个字'),
    jczx: sized(4, 30, '请输入缴存地住房公积金管理中心', '缴存地公积金中心名称为 4 至 30 个字'),
    ydgrzh: (v) => (blank(v) ? '请输入缴存地个人公积金账号' : /^[A-Za-z0-9]{6,20}$/.test(String(v)) ? '' : '个人公积金账号为 6 至 20 位字母或数字'),
    dwmc: optionalMax(60, '工作单位名称不能超过 60 个字'),
  };
}

/**
 * The messages of the given fields that fail their rule, in order; the first failing field is first.
 *
 * @example
 * validateFields(['xingming', 'zjhm'], rules, { xingming: '', zjhm: '123' })
 * // { xingming: '姓名不能为空', zjhm: '请输入正确的身份证号码' }
 */
export function validateFields(fields: readonly RegisterField[], rulesOf: Record<RegisterField, Rule>, values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  for (const field of fields) {
    const message = rulesOf[field](values[field] ?? '');
    if (message) errors[field] = message;
  }
  return errors;
}
