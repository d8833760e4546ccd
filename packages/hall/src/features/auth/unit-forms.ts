import { BusinessError, HttpError } from '@gjj-hall/sdk';
import { isNewLoginPassword, UNIT_MESSAGES as U, type UnitCategory } from '@gjj-hall/sdk/auth';
import { rules, VALIDATE_MESSAGES as M, type Rule } from '@gjj-hall/sdk/validate';

/**
 * The rule of a new password, as the server checks it: 8-16 characters always, and the configured pattern
 * (`XT_MMZZ`) when there is one, else letters and digits (spec 5.2; `isNewLoginPassword`), with 5.2's wording for
 * new passwords (what the demo pattern asks).
 *
 * @example
 * newPasswordRule('')('abc123') // '请输入8-16位密码，至少包含字母、数字两种组合'
 */
export function newPasswordRule(pattern: string): Rule {
  return (value) =>
    typeof value !== 'string' || value === '' ? M.passwordEmpty : isNewLoginPassword(value, pattern) ? '' : M.newPassword;
}

/** The three unit password pages: /dwRegister, /setLoginPwd and /setQtLoginPwd. */
export type UnitPasswordMode = 'register' | 'setPwd' | 'qtSetPwd';

/** What each page is called, whom it serves and what it ends with. */
export const UNIT_PASSWORD_PAGES: Readonly<
  Record<UnitPasswordMode, { title: string; lead: string; category: UnitCategory; submit: string; loginType: 2 | 3 }>
> = {
  register: {
    title: '单位注册',
    lead: '已在中心开立住房公积金账户的缴存单位，由经办人核验身份后开通网上业务大厅，设置单位登录密码。',
    category: 'jcdw',
    submit: '注册',
    loginType: 2,
  },
  setPwd: {
    title: '单位设置登录密码',
    lead: '已开通网上业务大厅的缴存单位忘记登录密码时，由经办人核验身份后设置新密码。',
    category: 'jcdw',
    submit: '设置密码',
    loginType: 2,
  },
  qtSetPwd: {
    title: '其他单位设置登录密码',
    lead: '开发商等其他类单位忘记登录密码时，由经办人核验身份后设置新密码。',
    category: 'qtdw',
    submit: '设置密码',
    loginType: 3,
  },
};

/** The unit password form (spec 3.9 "unit password set": dwzh, jbrxm, jbrzjhm, password, dxyzm; and the confirmation). */
export interface UnitPasswordValues {
  dwzh: string;
  jbrxm: string;
  jbrzjhm: string;
  dxyzm: string;
  password: string;
  confirm: string;
}

export type UnitPasswordField = keyof UnitPasswordValues;

/** Messages by field; '' or absent when valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const EMPTY_UNIT_PASSWORD: UnitPasswordValues = { dwzh: '', jbrxm: '', jbrzjhm: '', dxyzm: '', password: '', confirm: '' };

const dwzhRule: Rule = (v) => (typeof v !== 'string' || v === '' ? U.dwzhEmpty : /^[0-9A-Za-z]{6,20}$/.test(v) ? '' : U.dwzh);

/**
 * The rules of the unit password form with the spec 5.4 messages; the password follows the configured pattern
 * (`XT_MMZZ`, from the system configuration) and the SMS code the configured length (`XT_DXYZMCD`).
 *
 * @example
 * unitPasswordRules({ passwordPattern: '', codeLength: 6 }).jbrzjhm('110101199003072317') // '请输入正确的身份证号码'
 */
export function unitPasswordRules(config: { passwordPattern: string; codeLength: number }, values: () => UnitPasswordValues) {
  return {
    dwzh: dwzhRule,
    jbrxm: rules.name({ empty: U.jbrxmEmpty }),
    jbrzjhm: rules.idCard(),
    dxyzm: rules.smsCode(config.codeLength),
    password: newPasswordRule(config.passwordPattern),
    confirm: rules.confirmPassword(() => values().password),
  } satisfies Record<UnitPasswordField, Rule>;
}

/** The unit deposit registration form (/UnitDeposit). */
export interface UnitDepositValues {
  dwmc: string;
  tyshxydm: string;
  dwdz: string;
  yzbm: string;
  fddbr: string;
  zgrs: string;
  jcqsny: string;
  dwjcbl: string;
  jbrxm: string;
  jbrzjhm: string;
  jbrsjhm: string;
  dxyzm: string;
}

export type UnitDepositField = keyof UnitDepositValues;

export const EMPTY_UNIT_DEPOSIT: UnitDepositValues = {
  dwmc: '',
  tyshxydm: '',
  dwdz: '',
  yzbm: '',
  fddbr: '',
  zgrs: '',
  jcqsny: '',
  dwjcbl: '',
  jbrxm: '',
  jbrzjhm: '',
  jbrsjhm: '',
  dxyzm: '',
};

const sized =
  (min: number, max: number, empty: string, format: string): Rule =>
  (v) => {
    const text = typeof v === 'string' ? v.trim() : '';
    return text === '' ? empty : text.length < min || text.length > max ? format : '';
  };

/** Month number of `YYYY-MM`. */
const monthIndex = (ym: string) => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;

/**
 * The rules of the deposit registration form: the spec 5.4 messages for the credit code, postal code, names,
 * ID number and mobile; ours (the sdk's `UNIT_MESSAGES`) for the rest. `today` is `YYYY-MM-DD` (the start month
 * must be within 12 months of it, as the server checks).
 *
 * @example
 * unitDepositRules({ codeLength: 6, today: '2026-11-24' }).tyshxydm('91370100MA3J5L2R71') // '不是有效的统一社会信用代码！'
 */
export function unitDepositRules(config: { codeLength: number; today: string }) {
  return {
    dwmc: sized(2, 60, U.dwmcEmpty, U.dwmc),
    tyshxydm: rules.creditCode(),
    dwdz: sized(5, 60, U.dwdzEmpty, U.dwdz),
    yzbm: rules.postalCode({ empty: U.yzbmEmpty }),
    fddbr: rules.name({ empty: U.fddbrEmpty }),
    zgrs: (v: unknown) => (v === '' || v === undefined ? U.zgrsEmpty : /^[1-9]\d{0,5}$/.test(String(v)) ? '' : U.zgrs),
    jcqsny: (v: unknown) => {
      if (typeof v !== 'string' || v === '') return U.jcqsnyEmpty;
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(v)) return U.jcqsny;
      return Math.abs(monthIndex(v) - monthIndex(config.today.slice(0, 7))) > 12 ? U.jcqsnyRange : '';
    },
    dwjcbl: (v: unknown) => (v === '' || v === undefined ? U.dwjcblEmpty : /^(5|6|7|8|9|10|11|12)$/.test(String(v)) ? '' : U.dwjcbl),
    jbrxm: rules.name({ empty: U.jbrxmEmpty }),
    jbrzjhm: rules.idCard(),
    jbrsjhm: rules.mobile(),
    dxyzm: rules.smsCode(config.codeLength),
  } satisfies Record<UnitDepositField, Rule>;
}

/**
 * Runs every rule; the messages of the fields that fail, and the first of them in form order (to focus).
 *
 * @example
 * validateAll({ a: rules.mobile() }, { a: '' }) // { errors: { a: '请输入手机号码' }, first: 'a' }
 */
export function validateAll<F extends string>(
  ruleSet: Readonly<Record<F, Rule>>,
  values: Readonly<Record<F, string>>,
): { errors: FieldErrors<F>; first: F | undefined } {
  const errors: FieldErrors<F> = {};
  let first: F | undefined;
  for (const field of Object.keys(ruleSet) as F[]) {
    const message = ruleSet[field](values[field]);
    if (message) {
      errors[field] = message;
      first ??= field;
    }
  }
  return { errors, first };
}

/** What an input keeps of what is typed: no whitespace (spec 5.5), letters of IDs and codes upper-cased. */
export function cleanInput(field: string, value: string): string {
  const text = field === 'dwmc' || field === 'dwdz' ? value.replace(/^\s+/, '') : value.replace(/\s/g, '');
  return field === 'jbrzjhm' || field === 'tyshxydm' ? text.toUpperCase() : text;
}

/**
 * What a unit page says when a call failed: the server's message (or the transport's), else a generic one.
 *
 * @example
 * failureMessage(new Error('x')) // '提交失败，请稍后重试'
 */
export function failureMessage(error: unknown): string {
  if (error instanceof HttpError || error instanceof BusinessError) return error.message;
  return '提交失败，请稍后重试';
}
