import { hashPassword } from '../auth/password';

const made = new Map<string, Promise<string>>();

/**
 * The hash of a demo password, made once per process and shared by every demo login that has it: seeding (at each
 * start, and in every test file's fresh database) then costs one Argon2id hash per password, not one per login.
 *
 * @example
 * const passwordHash = await demoPasswordHash(DEMO_PASSWORD)
 */
export function demoPasswordHash(password: string): Promise<string> {
  let hash = made.get(password);
  if (!hash) {
    hash = hashPassword(password);
    made.set(password, hash);
  }
  return hash;
}
