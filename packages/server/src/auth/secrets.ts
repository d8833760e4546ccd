import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { dirname } from 'node:path';

/** Bytes of the server's secret key (AES-256). */
export const SECRET_KEY_BYTES = 32;

/** What every sealed value starts with: the format, so that a later one can be told apart. */
const SEALED_PREFIX = 'gcm1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key used where none is configured outside production: derived from a published text, so it protects nothing.
 * It lets tests and embedded uses of `buildApp` run without a key; production refuses it (`isDevelopmentSecretKey`).
 */
export const DEVELOPMENT_SECRET_KEY: Buffer = createHash('sha256')
  .update('gjj-hall development secret key: published in the source, never for production')
  .digest();

/** Thrown when a sealed value does not open: another key sealed it, or it was changed. */
export class SecretKeyMismatchError extends Error {
  override readonly name = 'SecretKeyMismatchError';
}

/** True for the published development key, which production refuses. */
export function isDevelopmentSecretKey(key: Uint8Array): boolean {
  return Buffer.from(key).equals(DEVELOPMENT_SECRET_KEY);
}

/**
 * Reads a secret key written as 64 hexadecimal digits or as base64 of 32 bytes (`openssl rand -hex 32`,
 * `openssl rand -base64 32`); throws with a Chinese message naming `source` otherwise.
 *
 * @example
 * parseSecretKey('00'.repeat(32), 'GJJ_SECRET_KEY').length // 32
 */
export function parseSecretKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/]{43}=?$/.test(trimmed) || /^[A-Za-z0-9_-]{43}$/.test(trimmed)) {
    key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  }
  if (!key || key.length !== SECRET_KEY_BYTES) {
    throw new Error(`${source} 必须是 32 字节的密钥：64 位十六进制（openssl rand -hex 32）或其 base64（openssl rand -base64 32）`);
  }
  if (new Set(key).size < 8) throw new Error(`${source} 不是随机生成的密钥（重复字节过多）：请用 openssl rand -hex 32 生成`);
  return key;
}

/**
 * The development key file (`.data/secret.key`): read when it exists, else made with 32 random bytes, mode 0600.
 * Only outside production: production takes its key from GJJ_SECRET_KEY or GJJ_SECRET_KEY_FILE.
 */
export function loadOrCreateKeyFile(path: string): Buffer {
  if (existsSync(path)) return parseSecretKey(readFileSync(path, 'utf8'), path);
  mkdirSync(dirname(path), { recursive: true });
  const key = randomBytes(SECRET_KEY_BYTES);
  writeFileSync(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return key;
}

/**
 * Encrypts `plaintext` with AES-256-GCM under `key`; `context` (e.g. `'app_meta:sm2_key_pair'`) is bound to the result
 * as associated data, so a value sealed for one purpose does not open for another. The answer is text: the format,
 * then base64url of the 12-byte nonce, the 16-byte tag and the ciphertext.
 *
 * @example
 * const sealed = sealSecret(key, 'the private key', 'app_meta:sm2_key_pair') // 'gcm1:…'
 * openSecret(key, sealed, 'app_meta:sm2_key_pair') // 'the private key'
 */
export function sealSecret(key: Uint8Array, plaintext: string, context = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** True for a value `sealSecret` made (whatever key). */
export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

/**
 * Opens what `sealSecret` sealed with the same key and context; throws `SecretKeyMismatchError` when the key or the
 * context is another, or the value was changed.
 *
 * @example
 * openSecret(key, sealSecret(key, 'x', 'c'), 'c') // 'x'
 */
export function openSecret(key: Uint8Array, sealed: string, context = ''): string {
  if (!isSealed(sealed)) throw new SecretKeyMismatchError('不是加密保存的值');
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretKeyMismatchError('加密保存的值已损坏');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyMismatchError('密钥不符或加密保存的值已被改动');
  }
}

/**
 * A key of its own for one purpose (HKDF-SHA256 from the server's secret key), e.g. to sign cookies, so that no two
 * uses share a key.
 *
 * @example
 * deriveKey(key, 'device-cookie').length // 32
 */
export function deriveKey(key: Uint8Array, purpose: string, bytes = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `gjj-hall:${purpose}`, bytes));
}

/** The server's secret key bound to the helpers above; `app.secrets` on a built app. */
export interface SecretBox {
  seal(plaintext: string, context?: string): string;
  /** Throws `SecretKeyMismatchError` when the value was sealed with another key or context. */
  open(sealed: string, context?: string): string;
  derive(purpose: string, bytes?: number): Buffer;
}

/** Binds `key` to `sealSecret`, `openSecret` and `deriveKey`. */
export function secretBox(key: Uint8Array): SecretBox {
  const copy = Buffer.from(key);
  if (copy.length !== SECRET_KEY_BYTES) throw new Error(`服务端密钥必须是 ${SECRET_KEY_BYTES} 字节`);
  return {
    seal: (plaintext, context) => sealSecret(copy, plaintext, context),
    open: (sealed, context) => openSecret(copy, sealed, context),
    derive: (purpose, bytes) => deriveKey(copy, purpose, bytes),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's secret key (GJJ_SECRET_KEY) as seal/open/derive helpers, for secrets kept in the database. */
    secrets: SecretBox;
  }
}
