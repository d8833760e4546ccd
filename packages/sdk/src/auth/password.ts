import type { Envelope, GjjClient } from '../client/client';
import type { CaptchaAnswer } from './api';
import type { LoginType, UserInfo } from '../session/session';
import { encrypter, type CredentialCrypto } from './sms-login';

/**
 * Where the password calls live (spec 7.2, 7.8; docs/api-sms.md). `recoverPhone` is ours.
 *
 * @example
 * client.post(PASSWORD_PATHS.updateByPhone, { phoneDec, smsCodeDec, pwdDec })
 */
export const PASSWORD_PATHS = /* @__PURE__ */ Object.freeze({
  sendUpdateCode: '/api/auth/v1/sendUpPwdSmsCode',
  updateByPhone: '/api/auth/v1/updatePwdByPhone',
  recoverPhone: '/api/auth/v1/recoverPwdPhone',
  sendRecoverCode: '/api/auth/v1/sendRecoverPwdSmsCode',
  checkRecoverCode: '/api/auth/v1/checkRecoverPwdSmsCode',
  recover: '/api/auth/v1/recoverPwd',
} as const);

/**
 * The password status of spec 3.1 as getUserInfo answers it (`pwdStatus`): '0' an initial password set by the
 * centre, to be changed at once; '1' set by the user.
 *
 * @example
 * if (userInfo.pwdStatus === PASSWORD_STATUS.initial) openChangePassword({ forced: true })
 */
export const PASSWORD_STATUS = /* @__PURE__ */ Object.freeze({ initial: '0', set: '1' } as const);

/**
 * Whether the signed-in user still has an initial password (pwdStatus '0'); false when unknown.
 *
 * @example
 * hasInitialPassword({ pwdStatus: '0' }) // true
 * hasInitialPassword(null)               // false
 */
export function hasInitialPassword(userInfo: UserInfo | null | undefined): boolean {
  return String(userInfo?.pwdStatus ?? '') === PASSWORD_STATUS.initial;
}

/**
 * Sends a password-change code to the signed-in login's own phone (GET sendUpPwdSmsCode). `phone` is what the dialog
 * shows (masked); it goes SM2-encrypted as `phoneDec` and the server only checks it against the phone on file.
 * Silent: hand the envelope or the error to `sendCodeResult`.
 *
 * @example
 * const result = sendCodeResult(await sendUpdatePasswordCode(client, { phone: '138****8000' }, { encrypt: sm2Encrypt }).catch((e: unknown) => e))
 */
export async function sendUpdatePasswordCode(client: GjjClient, input: { phone: string }, crypto: CredentialCrypto): Promise<Envelope<null>> {
  const encrypt = await encrypter(client, crypto);
  return client.get<null>(PASSWORD_PATHS.sendUpdateCode, { params: { phoneDec: encrypt(input.phone) }, silent: true });
}

/**
 * Changes the signed-in login's password with the code sent to its phone (POST updatePwdByPhone with `phoneDec`,
 * `smsCodeDec`, `pwdDec`, each SM2-encrypted, spec 3.8). Resolves with the server's message (密码修改成功); the
 * login's other sessions end. Silent; rejects with the server's message.
 *
 * @example
 * const message = await updatePasswordByPhone(client, { phone: '138****8000', code: '123456', password: 'NewPass2026' }, { encrypt: sm2Encrypt })
 */
export async function updatePasswordByPhone(
  client: GjjClient,
  input: { phone: string; code: string; password: string },
  crypto: CredentialCrypto,
): Promise<string> {
  const encrypt = await encrypter(client, crypto);
  const { msg } = await client.post<null>(
    PASSWORD_PATHS.updateByPhone,
    { phoneDec: encrypt(input.phone), smsCodeDec: encrypt(input.code), pwdDec: encrypt(input.password) },
    { silent: true },
  );
  return msg || '密码修改成功';
}

/** Who is recovering a password: the login type and the account (ID number, unit or developer account). */
export interface RecoverIdentity {
  loginType: LoginType;
  account: string;
}

/**
 * The masked phone on file of a login (GET recoverPwdPhone, ours; the account SM2-encrypted, with a captcha).
 *
 * @deprecated The server shows no phone any more (it told whether an account exists, issue 18): this resolves with
 * '' for every account. Send the code with {@link sendRecoverPasswordCode} and say it goes to the phone on file.
 * @example
 * await fetchRecoverPhone(client, { loginType: 1, account: '110101199003072316' }, { encrypt: sm2Encrypt }, { uuid, code }) // ''
 */
export async function fetchRecoverPhone(client: GjjClient, who: RecoverIdentity, crypto: CredentialCrypto, captcha?: CaptchaAnswer): Promise<string> {
  const encrypt = await encrypter(client, crypto);
  const { data } = await client.get<{ phone?: string }>(PASSWORD_PATHS.recoverPhone, {
    params: { loginType: who.loginType, usernameDec: encrypt(who.account), ...captcha },
    silent: true,
  });
  return String(data?.phone ?? '');
}

/**
 * Sends a recovery code to the phone on file of a login (GET sendRecoverPwdSmsCode, the account SM2-encrypted, with
 * the picture captcha). The answer is the same whether the account exists or not (如该账号存在并已绑定手机号码，
 * 验证码已发送至预留手机…) and shows no phone. Silent: hand the envelope or the error (428 captcha, 429 too frequent,
 * 503 SMS unavailable) to `sendCodeResult`.
 *
 * @example
 * const result = sendCodeResult(await sendRecoverPasswordCode(client, { ...who, captcha: { uuid, code } }, { encrypt: sm2Encrypt }).catch((e: unknown) => e))
 */
export async function sendRecoverPasswordCode(
  client: GjjClient,
  who: RecoverIdentity & { captcha: CaptchaAnswer },
  crypto: CredentialCrypto,
): Promise<Envelope<null>> {
  const encrypt = await encrypter(client, crypto);
  return client.get<null>(PASSWORD_PATHS.sendRecoverCode, {
    params: { loginType: who.loginType, usernameDec: encrypt(who.account), uuid: who.captcha.uuid, code: who.captcha.code },
    silent: true,
  });
}

/**
 * Checks a recovery code (POST checkRecoverPwdSmsCode; the code is spent) and resolves with the ticket that sets the
 * new password within 10 minutes. Silent; rejects with 验证码错误，请重新输入 or 验证码已失效，请重新获取.
 *
 * @example
 * const ticket = await checkRecoverPasswordCode(client, { ...who, code: '123456' }, { encrypt: sm2Encrypt })
 */
export async function checkRecoverPasswordCode(
  client: GjjClient,
  input: RecoverIdentity & { code: string },
  crypto: CredentialCrypto,
): Promise<string> {
  const encrypt = await encrypter(client, crypto);
  const { data } = await client.post<{ ticket?: string }>(
    PASSWORD_PATHS.checkRecoverCode,
    { loginType: input.loginType, usernameDec: encrypt(input.account), smsCodeDec: encrypt(input.code) },
    { silent: true },
  );
  return String(data?.ticket ?? '');
}

/**
 * Sets the new password with a ticket of {@link checkRecoverPasswordCode} (POST recoverPwd, the password
 * SM2-encrypted). Resolves with the server's message; the login is unlocked and all its sessions end.
 *
 * @example
 * const message = await recoverPassword(client, { ticket, password: 'NewPass2026' }, { encrypt: sm2Encrypt })
 */
export async function recoverPassword(client: GjjClient, input: { ticket: string; password: string }, crypto: CredentialCrypto): Promise<string> {
  const encrypt = await encrypter(client, crypto);
  const { msg } = await client.post<null>(PASSWORD_PATHS.recover, { ticket: input.ticket, pwdDec: encrypt(input.password) }, { silent: true });
  return msg || '密码重置成功，请使用新密码登录';
}
