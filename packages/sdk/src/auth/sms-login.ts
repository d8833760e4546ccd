import type { Envelope, GjjClient } from '../client/client';
import type { LoginType } from '../session/session';
import { fetchPublicKey, type LoginResult } from './api';

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
 * Sends a sign-in code to `phone` (GET sendLoginSmsCode, the phone SM2-encrypted). Silent: resolves with the
 * envelope (hand it to `sendCodeResult`), rejects with the server's message: 417 when the phone signs in no login
 * of that type, 429 when a code was sent within the minute (or five this hour).
 *
 * @example
 * const sent = sendLoginSmsCode(client, { loginType: 1, phone: '13800138000' }, { encrypt: sm2Encrypt })
 * const result = sendCodeResult(await sent.catch((error: unknown) => error))
 */
export async function sendLoginSmsCode(
  client: GjjClient,
  input: { loginType: LoginType; phone: string },
  crypto: CredentialCrypto,
): Promise<Envelope<null>> {
  const encrypt = await encrypter(client, crypto);
  return client.get<null>(SMS_LOGIN_PATHS.sendCode, {
    params: { loginType: input.loginType, phoneDec: encrypt(input.phone) },
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
