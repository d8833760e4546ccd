import { describe, expect, it } from 'vitest';
import { oldScryptHash } from '../test-support/hashes';
import { hashPassword, needsRehash, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes with Argon2id at OWASP\'s minimum (m=19 MiB, t=2, p=1), and refuses a wrong or malformed one', async () => {
    const hash = await hashPassword('Gjj@2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain('Gjj@2026');
    expect(await verifyPassword('Gjj@2026', hash)).toBe(true);
    expect(await verifyPassword('gjj@2026', hash)).toBe(false);
    expect(await verifyPassword('Gjj@2026', 'plain')).toBe(false);
    expect(await verifyPassword('Gjj@2026', '$argon2id$v=19$m=19456,t=2,p=1$broken')).toBe(false);
    expect(await verifyPassword('Gjj@2026', 'scrypt$16384$8$1$$')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('keeps verifying the older scrypt hashes, and marks them for re-hashing', async () => {
    const old = oldScryptHash('Gjj@2026');
    expect(await verifyPassword('Gjj@2026', old)).toBe(true);
    expect(await verifyPassword('Gjj@2027', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    // Argon2id with weaker parameters than today's is re-hashed too.
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});
