import { BusinessError, HttpError, LOGIN_TYPES } from '@gjj-hall/sdk';
import { rules, VALIDATE_MESSAGES, type Rule } from '@gjj-hall/sdk/validate';

/** What the account form holds. */
export interface LoginValues {
  username: string;
  password: string;
  code: string;
}

export type LoginField = keyof LoginValues;
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The login types of spec 1 as the form offers them (default individual). */
export const LOGIN_TYPE_OPTIONS = [
  { value: LOGIN_TYPES.personal, label: '个人', placeholder: '请输入身份证号码或个人账号' },
  { value: LOGIN_TYPES.unit, label: '单位', placeholder: '请输入单位账号' },
  { value: LOGIN_TYPES.developer, label: '开发商', placeholder: '请输入开发商账号' },
] as const;

/** The login methods of spec 2.6; only the account method is built in this version. */
export const LOGIN_METHODS = [
  { key: 'account', label: '账号密码' },
  { key: 'sms', label: '手机验证码' },
  { key: 'qr', label: '扫码登录' },
  { key: 'ca', label: '数字证书' },
] as const;

export type LoginMethodKey = (typeof LOGIN_METHODS)[number]['key'];

/**
 * The rules of the account form: account 4-20 letters, digits or underscore; the password only typed (issue 23: the
 * length and make-up rules belong where a password is set, 8-16; signing in with an existing password checks it on
 * the server, and telling a user a second rule here would only confuse); captcha 4-6 letters or digits. Each with
 * its Chinese message.
 */
export const LOGIN_RULES: Readonly<Record<LoginField, Rule>> = {
  username: rules.account(undefined, { empty: '请输入账号' }),
  password: (value) => (typeof value === 'string' && value !== '' ? '' : VALIDATE_MESSAGES.passwordEmpty),
  code: rules.captcha(),
};

/**
 * The message of every field that fails its rule.
 *
 * @example
 * validateLogin({ username: '', password: '', code: '12' })
 * // { username: '请输入账号', password: '密码不能为空', code: '请输入正确的验证码' }
 */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of Object.keys(LOGIN_RULES) as LoginField[]) {
    const message = LOGIN_RULES[field](values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * What the form says when signing in failed: the server's message (426, 428, 429, 400) or the transport's.
 *
 * @example
 * loginFailureMessage(new Error('x')) // '登录失败，请稍后重试'
 */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof HttpError || error instanceof BusinessError) return error.message;
  return '登录失败，请稍后重试';
}

/**
 * The success notification shown 2 s after signing in (spec 4.5).
 *
 * @example
 * loginSuccessMessage('张三') // '登录成功，欢迎您，张三'
 */
export function loginSuccessMessage(name: string): string {
  return name ? `登录成功，欢迎您，${name}` : '登录成功，欢迎您';
}

/**
 * Where to go once signed in: the `redirect` query of /login when it is an address inside the hall, else `/` (the
 * guard sends that home). Only plain paths (segments of letters, digits, `-` and `_`, then an optional query) count,
 * and never /login or a QR route (`/qr…`, any case): a link that signs a person in and lands them on the QR
 * confirmation page is how an attacker has a victim confirm the attacker's code (issue 18, item 20). A confirmation
 * is reached only by scanning, on the page itself.
 *
 * @example
 * afterSignInPath('?redirect=%2Fgrwt%2Fhome') // '/grwt/home'
 * afterSignInPath('?redirect=%2FqrConfirm%3FcodeId%3Dabc') // '/'
 * afterSignInPath('?redirect=https%3A%2F%2Fevil.example') // '/'
 */
export function afterSignInPath(search: string): string {
  const target = new URLSearchParams(search).get('redirect') ?? '';
  const allowed = /^(\/[\w-]+)+(\?\S*)?$/.test(target) && !/^\/(login|qr)/i.test(target);
  return allowed ? target : '/';
}
