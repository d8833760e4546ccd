import { scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import type { Queryable } from '../db/db';

/**
 * Argon2id with OWASP's minimum (Password Storage Cheat Sheet): 19 MiB of memory, 2 passes, 1 lane. Chosen over
 * scrypt N=2^17 (the other minimum), which took ~450 ms and 128 MiB per hash here against ~16 ms and 19 MiB
 * (docs/security/lockout.md). The hash runs on libuv's thread pool, not on the event loop.
 */
// The package's Algorithm is a const enum, which this build cannot import as a value: 2 is Argon2id.
export const ARGON2_PARAMS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/**
 * Hashes a password with Argon2id and a random salt, in the PHC string format (`$argon2id$v=19$m=19456,t=2,p=1$…`).
 *
 * @example
 * const stored = await hashPassword('Gjj@2026') // '$argon2id$v=19$m=19456,t=2,p=1$…'
 */
export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, ARGON2_PARAMS);
}

/** Checks an older `scrypt$N$r$p$salt$hash` (base64) hash in constant time. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$');
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (!salt || !hash || !Number.isInteger(N) || !Number.isInteger(R) || !Number.isInteger(P) || N < 2 || N > 2 ** 20 || R < 1 || R > 32 || P !== 1) {
    return false;
  }
  const expected = Buffer.from(hash, 'base64');
  if (expected.length < 16) return false;
  // Room for the largest N this accepts (128 × N × r bytes), so an old hash made with more than the default still verifies.
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N, r: R, p: P, maxmem: 256 * N * R });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Checks a password against a stored hash: Argon2id, or the scrypt hashes made before (kept verifying until
 * {@link needsRehash} replaces them at the next sign-in). False for any malformed hash.
 *
 * @example
 * if (await verifyPassword(password, row.password_hash)) signIn()
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    if (stored.startsWith('scrypt$')) return await verifyScrypt(password, stored);
    if (stored.startsWith('$argon2')) return await argon2Verify(stored, password);
  } catch {
    // A malformed hash is a refusal, not a 500.
  }
  return false;
}

/**
 * Whether a stored hash was made with other parameters than {@link hashPassword}'s: the caller re-hashes the password
 * it has just verified.
 *
 * @example
 * needsRehash('scrypt$16384$8$1$…') // true
 */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(ARGON2_PREFIX);
}

/**
 * Re-hashes a verified password when its stored hash is on older parameters; only when the hash is still the one that
 * was checked, so a password changed meanwhile is never overwritten.
 *
 * @example
 * if (ok) await rehashIfNeeded(db, user.id, password, user.password_hash)
 */
export async function rehashIfNeeded(db: Queryable, userId: string, password: string, stored: string): Promise<boolean> {
  if (!needsRehash(stored)) return false;
  const rows = await db.query('update app_user set password_hash = $3 where id = $1 and password_hash = $2 returning 1', [
    userId,
    stored,
    await hashPassword(password),
  ]);
  return rows.length > 0;
}

/**
 * The centre's configured pattern for new passwords (system configuration XT_MMZZ, when enabled), '' when none.
 *
 * @example
 * const pattern = await configuredPasswordPattern(db) // '^(?=.*[A-Za-z])(?=.*\\d).{8,16}$'
 */
export async function configuredPasswordPattern(db: Queryable): Promise<string> {
  const [row] = await db.query<{ value: string }>(`select value from sys_config where key = 'XT_MMZZ' and enable = 1`);
  return row?.value ?? '';
}
