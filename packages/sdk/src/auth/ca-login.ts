import type { GjjClient } from '../client/client';
import { GjjError } from '../client/errors';
import type { LoginType } from '../session/session';
import type { LoginResult } from './api';

/**
 * Where the certificate sign-in calls live (spec 7.2; docs/api-ca.md).
 *
 * @example
 * client.get(CA_PATHS.random)
 */
export const CA_PATHS = /* @__PURE__ */ Object.freeze({
  random: '/api/auth/v1/ca/getRandom',
  login: '/api/auth/v1/ca/caLogin',
} as const);

/** The format tag of our certificate key files. */
export const CA_KEY_FORMAT = 'gjj-ca-key/1';

/** Only units and developers hold certificates. */
export const CA_PERSONAL_MESSAGE = '数字证书登录仅适用于单位和开发商，个人请使用其他登录方式';

/**
 * A certificate key file (`*.gjjkey.json`, docs/api-ca.md): JSON with the format tag, the certificate's subject and
 * serial, the login it belongs to, and the SM2 key pair as hex. Read in the browser; the private key never leaves it.
 */
export interface CaKeyFile {
  format: typeof CA_KEY_FORMAT;
  subject: string;
  serial: string;
  loginType: 2 | 3;
  account: string;
  /** 64 hex digits. */
  privateKey: string;
  /** `04` + 128 hex digits. */
  publicKey: string;
}

/**
 * A key file that cannot be used, or one that does not fit the chosen login type; the message says what to do.
 *
 * @example
 * try { parseCaKeyFile(text) } catch (e) { if (e instanceof CaKeyFileError) showError(e.message) }
 */
export class CaKeyFileError extends GjjError {
  override name = 'CaKeyFileError';
}

const LOGIN_TYPE_LABEL: Record<number, string> = { 1: '个人', 2: '单位', 3: '开发商' };

/**
 * Reads a certificate key file's text.
 *
 * @throws {CaKeyFileError} when it is not JSON, not our format, or lacks a field.
 * @example
 * const keyFile = parseCaKeyFile(await file.text())
 * keyFile.account // '100200300001'
 */
export function parseCaKeyFile(text: string): CaKeyFile {
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    data = parsed as Record<string, unknown>;
  } catch {
    throw new CaKeyFileError('无法读取证书密钥文件：请选择中心发放的 .gjjkey.json 文件');
  }
  if (data.format !== CA_KEY_FORMAT) throw new CaKeyFileError(`证书密钥文件格式不受支持：应为 ${CA_KEY_FORMAT}`);
  const text_ = (key: string) => (typeof data[key] === 'string' ? (data[key] as string).trim() : '');
  const account = text_('account');
  const loginType = data.loginType;
  if (!/^[0-9A-Za-z]{4,32}$/.test(account) || (loginType !== 2 && loginType !== 3)) {
    throw new CaKeyFileError('证书密钥文件缺少账号或登录类型：请向中心重新申领');
  }
  const privateKey = text_('privateKey').toLowerCase();
  const publicKey = text_('publicKey').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(privateKey) || !/^04[0-9a-f]{128}$/.test(publicKey)) {
    throw new CaKeyFileError('证书密钥文件中的密钥格式不正确：请向中心重新申领');
  }
  return { format: CA_KEY_FORMAT, subject: text_('subject'), serial: text_('serial'), loginType, account, privateKey, publicKey };
}

/**
 * Why a key file does not fit the chosen login type, or '' when it does.
 *
 * @example
 * caKeyFileMismatch(keyFile, 3) // '所选证书属于单位账号，请选择“单位登录”后再登录'
 */
export function caKeyFileMismatch(keyFile: Pick<CaKeyFile, 'loginType'>, loginType: LoginType): string {
  if (loginType === 1) return CA_PERSONAL_MESSAGE;
  if (keyFile.loginType === loginType) return '';
  return `所选证书属于${LOGIN_TYPE_LABEL[keyFile.loginType] ?? ''}账号，请选择“${LOGIN_TYPE_LABEL[keyFile.loginType] ?? ''}登录”后再登录`;
}

/** Options of {@link caLogin}. */
export interface CaLoginOptions {
  /**
   * Signs the random with the key file's private key: pass `sm2Sign` from `@gjj-hall/sdk/crypto`. Injected, so that
   * this entry stays free of sm-crypto.
   */
  sign: (message: string, privateKeyHex: string, publicKeyHex?: string) => string;
  /**
   * Keep failures away from the client's `onError` hook (the form shows them itself).
   * @default true
   */
  silent?: boolean;
}

/**
 * A new single-use random for a certificate sign-in (GET ca/getRandom; valid 2 minutes).
 *
 * @example
 * const random = await fetchCaRandom(client) // 64 hex digits
 */
export async function fetchCaRandom(client: GjjClient, options: { silent?: boolean } = {}): Promise<string> {
  const { data } = await client.get<{ random?: string }>(CA_PATHS.random, { silent: options.silent ?? true });
  return String(data?.random ?? '');
}

/**
 * Signs in with a certificate: fetches a random, signs it in place with the key file's private key (SM2 with SM3)
 * and sends `{ loginType, account, random, signature, serial }` (POST ca/caLogin). The private key is never sent.
 *
 * @throws {CaKeyFileError} when the key file does not fit the login type (nothing is sent then).
 * @example
 * import { sm2Sign } from '@gjj-hall/sdk/crypto'
 * const { token } = await caLogin(client, { loginType: 2, keyFile: parseCaKeyFile(text) }, { sign: sm2Sign })
 */
export async function caLogin(
  client: GjjClient,
  input: { loginType: LoginType; keyFile: CaKeyFile },
  options: CaLoginOptions,
): Promise<LoginResult> {
  const mismatch = caKeyFileMismatch(input.keyFile, input.loginType);
  if (mismatch) throw new CaKeyFileError(mismatch);
  const silent = options.silent ?? true;
  const random = await fetchCaRandom(client, { silent });
  const { keyFile } = input;
  const { data } = await client.post<Partial<LoginResult>>(
    CA_PATHS.login,
    {
      loginType: input.loginType,
      account: keyFile.account,
      random,
      signature: options.sign(random, keyFile.privateKey, keyFile.publicKey),
      serial: keyFile.serial || undefined,
    },
    { silent },
  );
  return { token: String(data?.token ?? ''), loginType: (Number(data?.loginType) || input.loginType) as LoginType };
}
