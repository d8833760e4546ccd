import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('accepts the right password and refuses a wrong or malformed one', async () => {
    const hash = await hashPassword('Gjj@2026');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain('Gjj@2026');
    expect(await verifyPassword('Gjj@2026', hash)).toBe(true);
    expect(await verifyPassword('gjj@2026', hash)).toBe(false);
    expect(await verifyPassword('Gjj@2026', 'plain')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});
