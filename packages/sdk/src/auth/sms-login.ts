import type { Envelope, GjjClient } from '../client/client';
import type { LoginType } from '../session/session';
import { fetchPublicKey, type CaptchaAnswer, type LoginResult } from './api';

/**
 * Where the SMS sign-in calls live (spec 7.2; docs/api-sms.md).
 *
 * @example
 * client.get(SMS_LOGIN_PATHS.sendCode, { params: { loginType: 1, phoneDec } })
 */
export const SMS_LOGIN_PATHS = /* @__PURE__ */ Object.freeze({
  sendCode: '/api/auth/v1/sendLoginSmsCode',
  login: '/api/auth/v1/otherAuth/smsCodeLogin',
} as const);

/**
 * How the SMS and password calls encrypt: pass `sm2Encrypt` from `@gjj-hall/sdk/crypto` (injected, so this entry
 * carries no sm-crypto), and the centre's key if it is already at hand.
 *
 * @example
 * const crypto: CredentialCrypto = { encrypt: sm2Encrypt }
 */
export interface CredentialCrypto {
  encrypt: (plainText: string, publicKeyHex: string) => string;
  /** The centre's public key; fetched with {@link fetchPublicKey} when not given. */
  publicKey?: string;
}

/** @internal An encrypter bound to the centre's key, fetched once per call. */
export async function encrypter(client: GjjClient, crypto: CredentialCrypto): Promise<(text: string) => string> {
  const key = crypto.publicKey ?? (await fetchPublicKey(client));
  return (text) => crypto.encrypt(text, key);
}

/**
 * Sends a sign-in code to `phone` (GET sendLoginSmsCode, the phone SM2-encrypted, with the picture captcha). Silent:
 * resolves with the envelope (hand it to `sendCodeResult`): the same answer, 如该手机号码已绑定登录账号，验证码已发送…,
 * whether the phone signs in a login or not (the phone's owner is told by SMS when it does not). Rejects with the
 * server's message: 428 for a missing or wrong captcha, 429 over a sending limit, 503 when SMS cannot be sent.
 *
 * @example
 * const sent = sendLoginSmsCode(client, { loginType: 1, phone: '13800138000', captcha: { uuid, code: 'a3F9' } }, { encrypt: sm2Encrypt })
 * const result = sendCodeResult(await sent.catch((error: unknown) => error))
 */
export async function sendLoginSmsCode(
  client: GjjClient,
  input: { loginType: LoginType; phone: string; captcha: CaptchaAnswer },
  crypto: CredentialCrypto,
): Promise<Envelope<null>> {
  const encrypt = await encrypter(client, crypto);
  return client.get<null>(SMS_LOGIN_PATHS.sendCode, {
    params: { loginType: input.loginType, phoneDec: encrypt(input.phone), uuid: input.captcha.uuid, code: input.captcha.code },
    silent: true,
  });
}

/**
 * Signs in with a phone and the code sent to it (POST otherAuth/smsCodeLogin, a login-style call; phone and code
 * SM2-encrypted). Silent; rejects with the server's message (428 wrong or expired code, 417 no login for the
 * phone, 429 too many attempts from this address).
 *
 * @example
 * const { token } = await smsCodeLogin(client, { loginType: 1, phone: '13800138000', code: '123456' }, { encrypt: sm2Encrypt })
 * session.setToken(token)
 */
export async function smsCodeLogin(
  client: GjjClient,
  input: { loginType: LoginType; phone: string; code: string },
  crypto: CredentialCrypto,
): Promise<LoginResult> {
  const encrypt = await encrypter(client, crypto);
  const { data } = await client.post<Partial<LoginResult>>(
    SMS_LOGIN_PATHS.login,
    { loginType: input.loginType, phoneDec: encrypt(input.phone), smsCodeDec: encrypt(input.code) },
    { login: true, silent: true },
  );
  return { token: String(data?.token ?? ''), loginType: (Number(data?.loginType) || input.loginType) as LoginType };
}
