import { DEFAULT_SMS_CODE_LENGTH } from '@gjj-hall/sdk';
import { isPassword, rules, VALIDATE_MESSAGES, type Rule } from '@gjj-hall/sdk/validate';

/**
 * The SMS code length from the configuration (XT_DXYZMCD, spec 5.2), 4 to 8; otherwise the default 6 (issue 18).
 *
 * @example
 * smsCodeLength('6') // 6
 * smsCodeLength('')  // 6
 */
export function smsCodeLength(configured: string): number {
  const n = Number(configured);
  return Number.isInteger(n) && n >= 4 && n <= 8 ? n : DEFAULT_SMS_CODE_LENGTH;
}

/**
 * What a password or phone field keeps of what is typed (spec 5.2): Chinese characters and spaces are stripped.
 *
 * @example
 * stripInput('ab c中1') // 'abc1'
 */
export function stripInput(value: string): string {
  return value.replace(/[\s\u3400-\u9fff\uf900-\ufaff]/g, '');
}

/** Digits only (the SMS code field). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/**
 * The new-password rule: 8-16 characters with letters and digits (spec 5.2, 9), and the configured XT_MMZZ pattern
 * when there is one, both with the dialog's message 请输入8-16位密码，至少包含字母、数字两种组合.
 *
 * @example
 * newPasswordRule('')('abc12345') // ''
 * newPasswordRule('')('abc123')   // '请输入8-16位密码，至少包含字母、数字两种组合'
 */
export function newPasswordRule(pattern: string): Rule {
  const base = rules.newPassword();
  return (value) => base(value) || (pattern && !isPassword(value, pattern) ? VALIDATE_MESSAGES.newPassword : '');
}

/** The fields of the change-password dialog and of the recovery's last step. */
export interface NewPasswordValues {
  password: string;
  confirm: string;
}
export type NewPasswordErrors = Partial<Record<keyof NewPasswordValues, string>>;

/**
 * The messages of the new password and its confirmation (spec 5.2).
 *
 * @example
 * validateNewPassword({ password: 'abc12345', confirm: 'abc1234' }, '') // { confirm: '两次输入密码不一致!' }
 */
export function validateNewPassword(values: NewPasswordValues, pattern: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const password = newPasswordRule(pattern)(values.password);
  const confirm = rules.confirmPassword(() => values.password)(values.confirm);
  if (password) errors.password = password;
  if (confirm) errors.confirm = confirm;
  return errors;
}

/**
 * The SMS code rule: required (验证码不能为空), digits of the configured length (请输入正确的验证码).
 *
 * @example
 * smsCodeRule(6)('12345') // '请输入正确的验证码'
 */
export const smsCodeRule = (length: number): Rule => rules.smsCode(length);

/** The phone rule of spec 5.2: 手机号码不能为空, else a mobile number (a masked one passes). */
export const phoneRule: Rule = rules.phone();

/** The phone rule of the SMS sign-in: 请输入手机号码 / 请输入正确的手机号码 (spec 5.4); masked values do not pass. */
export const loginPhoneRule: Rule = (value) =>
  typeof value === 'string' && value.includes('*') ? VALIDATE_MESSAGES.mobile : rules.mobile()(value);
