import { randomBytes, scryptSync } from 'node:crypto';

/** A password hash as the server made them before issue 18: scrypt N=2^14, r=8, p=1 (`scrypt$N$r$p$salt$hash`). */
export function oldScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16_384, r: 8, p: 1 });
  return ['scrypt', 16_384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}
