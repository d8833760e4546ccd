import sm2 from 'sm-crypto/src/sm2/index.js';
import { GjjError } from '../client/errors';

/** C1C3C2, the order the centre's Java (BouncyCastle, Hutool) and OpenSSL back ends expect. */
const C1C3C2 = 1;
const HEX = /^[0-9a-f]+$/i;
/** C1 is an uncompressed point (128 hex digits without its `04`), C3 an SM3 digest (64 hex digits). */
const C1_HEX = 128;
const C3_HEX = 64;

/**
 * Thrown when a key or ciphertext is unusable. sm-crypto itself answers `""` to a failed decryption; the sdk never
 * passes that on as if it were a plain text.
 *
 * @example
 * try { sm2Decrypt(body.pwdDec, privateKey) } catch (e) { if (e instanceof CryptoError) reply(400, '密码解密失败') }
 */
export class CryptoError extends GjjError {
  override name = 'CryptoError';
}

/** An SM2 key pair as hex: the public key is `04` + X + Y (130 hex digits), the private key 64 hex digits. */
export interface Sm2KeyPair {
  publicKey: string;
  privateKey: string;
}

function normalisePublicKey(publicKeyHex: unknown): string {
  if (typeof publicKeyHex !== 'string') throw new CryptoError('SM2 公钥缺失：请先获取加密公钥');
  const key = publicKeyHex.trim();
  // Some back ends hand out the 128-digit X + Y without the uncompressed-point marker.
  const full = key.length === 128 && HEX.test(key) ? `04${key}` : key;
  if (!HEX.test(full) || !sm2.verifyPublicKey(full)) {
    throw new CryptoError('SM2 公钥格式不正确：应为 04 开头的 130 位十六进制字符串');
  }
  return full;
}

/**
 * Encrypts a credential with the centre's SM2 public key. Returns `04` + C1C3C2 as lowercase hex: sm-crypto leaves
 * the `04` off, and the Java and OpenSSL back ends need it.
 *
 * @throws {CryptoError} when the key is not a valid SM2 public key, or the text is empty.
 * @example
 * const { data: publicKey } = await client.get('/api/auth/v1/getPubleKey')
 * const pwdDec = sm2Encrypt(password, publicKey) // '04…'
 */
export function sm2Encrypt(plainText: string, publicKeyHex: string): string {
  if (typeof plainText !== 'string' || plainText === '') throw new CryptoError('待加密的内容不能为空');
  const key = normalisePublicKey(publicKeyHex);
  return `04${sm2.doEncrypt(plainText, key, C1C3C2)}`;
}

/**
 * Decrypts what {@link sm2Encrypt} (or a `04`-prefixed C1C3C2 sender) produced. For the server side and for tests:
 * the private key never reaches a browser.
 *
 * @throws {CryptoError} when the ciphertext lacks the `04` prefix, is not hex, was made in another mode (C1C2C3) or with
 * another key; sm-crypto would silently return `""` for all of these.
 * @example
 * const password = sm2Decrypt(body.pwdDec, keys.privateKey)
 */
export function sm2Decrypt(cipherHex: string, privateKeyHex: string): string {
  if (typeof privateKeyHex !== 'string' || !/^[0-9a-f]{1,64}$/i.test(privateKeyHex)) {
    throw new CryptoError('SM2 私钥格式不正确：应为 64 位十六进制字符串');
  }
  if (typeof cipherHex !== 'string' || !cipherHex.startsWith('04')) {
    throw new CryptoError('密文格式不正确：应以 04 开头（C1C3C2）');
  }
  const body = cipherHex.slice(2);
  if (!HEX.test(body) || body.length % 2 !== 0 || body.length <= C1_HEX + C3_HEX) {
    throw new CryptoError('密文格式不正确：长度或字符不符合 SM2 密文');
  }
  let plain: string;
  try {
    plain = sm2.doDecrypt(body, privateKeyHex, C1C3C2);
  } catch (cause) {
    // A C1 that is not on the curve makes the point arithmetic throw.
    throw new CryptoError('解密失败：密文已损坏或与密钥不匹配', { cause });
  }
  if (plain === '') throw new CryptoError('解密失败：密文已损坏、加密模式不是 C1C3C2，或与密钥不匹配');
  return plain;
}

/**
 * Generates an SM2 key pair (server side: the centre keeps the private key, hands out the public one).
 *
 * @example
 * const { publicKey, privateKey } = generateSm2KeyPair()
 * sm2Decrypt(sm2Encrypt('Gjj@2026', publicKey), privateKey) // 'Gjj@2026'
 */
export function generateSm2KeyPair(): Sm2KeyPair {
  const { publicKey, privateKey } = sm2.generateKeyPairHex();
  return { publicKey, privateKey };
}
