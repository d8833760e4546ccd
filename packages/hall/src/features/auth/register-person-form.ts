import { DEFAULT_SMS_CODE_LENGTH } from '@gjj-hall/sdk';
import { isNewLoginPassword, NEW_PASSWORD_MESSAGE } from '@gjj-hall/sdk/auth';
import { rules, VALIDATE_MESSAGES, type Rule } from '@gjj-hall/sdk/validate';

/** The flexible-employment contribution base the demo centre accepts (yuan), as the server checks it. */
export const FLEXIBLE_BASE = { min: 2_200, max: 33_000 } as const;
/** Contribution rates a flexible employee may choose (percent). */
export const FLEXIBLE_RATES = ['5', '6', '7', '8', '9', '10', '11', '12'] as const;

/** What the centre's configuration gives the forms: the new-password rule (XT_MMZZ) and the code length (XT_DXYZMCD). */
export interface RegisterConfig {
  passwordPattern: string;
  smsCodeLength: number;
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

/** The monthly contribution base: required, a number with at most two decimals, within the centre's bounds. */
export const contributionBaseRule: Rule = (v) => {
  if (blank(v)) return '请输入月缴存基数';
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(String(v))) return VALIDATE_MESSAGES.decimal;
  const n = Number(v);
  return n < FLEXIBLE_BASE.min || n > FLEXIBLE_BASE.max ? `月缴存基数须在 ${FLEXIBLE_BASE.min} 至 ${FLEXIBLE_BASE.max} 元之间` : '';
};

/**
 * The monthly deposit of a flexible employee: base × rate, paid twice over (the person pays both the employee's and
 * the employer's share), in yuan with two decimals; '' while either is missing or invalid.
 *
 * @example
 * monthlyDeposit('6000', '12') // '1440.00'
 */
export function monthlyDeposit(base: string, rate: string): string {
  if (contributionBaseRule(base) || !FLEXIBLE_RATES.includes(rate as (typeof FLEXIBLE_RATES)[number])) return '';
  const cents = Math.round(Number(base) * 100) * Number(rate) * 2;
  return (Math.round(cents / 100) / 100).toFixed(2);
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
    jcjs: contributionBaseRule,
    jcbl: (v) => (blank(v) ? '请选择缴存比例' : FLEXIBLE_RATES.includes(v as (typeof FLEXIBLE_RATES)[number]) ? '' : '缴存比例须为 5% 至 12% 的整数'),
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
