import sm2 from 'sm-crypto/src/sm2/index.js';
import { CryptoError } from './sm2';

const HEX = /^[0-9a-f]+$/i;
const PRIVATE_KEY = /^[0-9a-f]{64}$/i;
/** A raw signature: r ‖ s, 32 bytes each, as 128 hex digits. */
const SIGNATURE = /^[0-9a-f]{128}$/i;

function publicKeyOf(publicKeyHex: unknown): string {
  if (typeof publicKeyHex !== 'string') throw new CryptoError('SM2 公钥缺失：请提供证书的公钥');
  const key = publicKeyHex.trim();
  const full = key.length === 128 && HEX.test(key) ? `04${key}` : key;
  if (!HEX.test(full) || !sm2.verifyPublicKey(full)) {
    throw new CryptoError('SM2 公钥格式不正确：应为 04 开头的 130 位十六进制字符串');
  }
  return full.toLowerCase();
}

function privateKeyOf(privateKeyHex: unknown): string {
  if (typeof privateKeyHex !== 'string' || !PRIVATE_KEY.test(privateKeyHex.trim())) {
    throw new CryptoError('SM2 私钥格式不正确：应为 64 位十六进制字符串');
  }
  return privateKeyHex.trim().toLowerCase();
}

/**
 * The public key (`04` + X + Y, 130 hex digits) of an SM2 private key; a key file can be checked against the
 * public key it states.
 *
 * @throws {CryptoError} when the private key is not 64 hex digits.
 * @example
 * sm2PublicKeyOf(keys.privateKey) === keys.publicKey // true
 */
export function sm2PublicKeyOf(privateKeyHex: string): string {
  return sm2.getPublicKeyFromPrivateKey(privateKeyOf(privateKeyHex)).toLowerCase();
}

/**
 * Signs a text with SM2 over SM3 (GM/T 0003: Z computed with the default user id `1234567812345678` and the
 * signer's public key). Returns the raw signature r ‖ s as 128 lowercase hex digits; randomised, so the same text
 * signs differently each time.
 *
 * @throws {CryptoError} when the key is malformed or the text is empty.
 * @example
 * const signature = sm2Sign(random, keyFile.privateKey) // 128 hex digits
 * sm2Verify(random, signature, keyFile.publicKey) // true
 */
export function sm2Sign(message: string, privateKeyHex: string, publicKeyHex?: string): string {
  if (typeof message !== 'string' || message === '') throw new CryptoError('待签名的内容不能为空');
  const privateKey = privateKeyOf(privateKeyHex);
  const publicKey = publicKeyHex === undefined ? sm2PublicKeyOf(privateKey) : publicKeyOf(publicKeyHex);
  return sm2.doSignature(message, privateKey, { hash: true, publicKey });
}

/**
 * Checks an SM2/SM3 signature made by {@link sm2Sign} (or any GM/T 0003 signer with the default user id, as raw
 * r ‖ s hex). A signature that is malformed, by another key or over another text answers `false`.
 *
 * @throws {CryptoError} when the public key itself is malformed (a configuration fault, not a bad signature).
 * @example
 * if (!sm2Verify(random, body.signature, certificate.publicKey)) throw new ApiError(426, '证书签名验证失败')
 */
export function sm2Verify(message: string, signatureHex: string, publicKeyHex: string): boolean {
  const publicKey = publicKeyOf(publicKeyHex);
  if (typeof message !== 'string' || message === '') return false;
  if (typeof signatureHex !== 'string' || !SIGNATURE.test(signatureHex)) return false;
  try {
    return sm2.doVerifySignature(message, signatureHex.toLowerCase(), publicKey, { hash: true });
  } catch {
    // A point off the curve makes sm-crypto's arithmetic throw: not a valid signature either way.
    return false;
  }
}
