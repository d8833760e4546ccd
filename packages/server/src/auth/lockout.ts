import type { Queryable } from '../db/db';
import { centreMinute } from '../clock';

// Failures of sign-in attempts from clients WITHOUT a valid device cookie (auth/device.ts), per login. The owner's own
// browser carries a device cookie and is never held by these, so a stranger's flood slows and then stops only
// strangers (issue 18 item 2; OWASP, Blocking Brute Force Attacks, device cookies).

/** Failures from untrusted clients that pass without a wait; from the next on, each attempt waits (see {@link untrustedDelayMs}). */
export const UNTRUSTED_FREE_FAILURES = 3;
/** Failures from untrusted clients that lock the login for untrusted clients. */
export const MAX_LOGIN_FAILURES = 10;
/** How long that lock lasts from the failure that set it. */
export const LOCK_MS = 15 * 60_000;
/** A failure this long after the previous one starts the count again. */
export const UNTRUSTED_WINDOW_MS = 60 * 60_000;

/**
 * The wait after the `failures`-th failure from untrusted clients: none up to {@link UNTRUSTED_FREE_FAILURES}, then
 * 1 s, 2 s, 4 s, … (doubling), until {@link MAX_LOGIN_FAILURES} locks.
 *
 * @example
 * untrustedDelayMs(3) // 1000
 * untrustedDelayMs(5) // 4000
 */
export function untrustedDelayMs(failures: number): number {
  return failures < UNTRUSTED_FREE_FAILURES ? 0 : 1000 * 2 ** (failures - UNTRUSTED_FREE_FAILURES);
}

/** The centre-time minute (rounded up) at which `until` has passed. */
const endMinute = (until: Date) => centreMinute(new Date(Math.ceil(until.getTime() / 60_000) * 60_000));

/** The 429 message of a login locked for untrusted clients: when the lock ends, in centre time, to the minute (rounded up). */
export function lockedMessage(until: Date): string {
  return `登录失败次数过多，为保护账号安全，已暂停在未登录过的设备上登录该账号，请于 ${endMinute(until)} 后再试；在曾经登录过的浏览器上仍可登录`;
}

/** The 429 message of an attempt that came before its wait was over. */
export function waitMessage(seconds: number): string {
  return `登录失败次数较多，请 ${seconds} 秒后再试`;
}

/** What a reservation found: either it counted this attempt (`failures` so far, this one included), or a refusal. */
export type Reservation =
  | { kind: 'counted'; failures: number; lockedUntil: Date | null }
  | { kind: 'locked'; until: Date }
  | { kind: 'wait'; until: Date };

let lastSweep = 0;

/**
 * Counts an attempt on `account` from an untrusted client as a failure BEFORE its secret is checked (a success then
 * clears it with {@link clearFailures}), so that concurrent attempts cannot slip past a wait or the lock. One
 * statement, so two instances counting at once lose nothing. Refused (nothing counted) while the login is locked for
 * untrusted clients or its wait has not passed.
 */
export async function reserveUntrustedAttempt(db: Queryable, account: string, at: Date, retry = true): Promise<Reservation> {
  if (at.getTime() - lastSweep > 60_000) {
    lastSweep = at.getTime();
    await db.query('delete from login_lock where updated_at < $1 and (locked_until is null or locked_until < $2)', [
      new Date(at.getTime() - UNTRUSTED_WINDOW_MS),
      at,
    ]);
  }
  // n: the failures counting this attempt, from the row as it is when this statement gets it (after any concurrent
  // one); a count starts again after a lock that ran out, or after a quiet window.
  const n = `(case when l.locked_until is not null or l.updated_at < $3 then 1 else l.failures + 1 end)`;
  const [row] = await db.query<{ failures: number; locked_until: Date | null }>(
    `insert into login_lock as l (account, failures, locked_until, next_attempt_at, updated_at)
     values ($1, 1, case when 1 >= $4::int then $2::timestamptz + $5::int * interval '1 millisecond' end,
             case when 1 >= $6::int and 1 < $4::int then $2::timestamptz + interval '1 second' end, $2)
     on conflict (account) do update set
       failures = ${n},
       locked_until = case when ${n} >= $4::int then $2::timestamptz + $5::int * interval '1 millisecond' end,
       next_attempt_at = case when ${n} >= $6::int and ${n} < $4::int then $2::timestamptz + power(2, ${n} - $6::int) * interval '1 second' end,
       updated_at = $2
     where not coalesce(l.locked_until > $2::timestamptz, false) and not coalesce(l.next_attempt_at > $2::timestamptz, false)
     returning failures, locked_until`,
    [account, at, new Date(at.getTime() - UNTRUSTED_WINDOW_MS), MAX_LOGIN_FAILURES, LOCK_MS, UNTRUSTED_FREE_FAILURES],
  );
  if (row) return { kind: 'counted', failures: row.failures, lockedUntil: row.locked_until ? new Date(row.locked_until) : null };
  const [held] = await db.query<{ locked_until: Date | null; next_attempt_at: Date | null }>(
    'select locked_until, next_attempt_at from login_lock where account = $1',
    [account],
  );
  if (held?.locked_until && new Date(held.locked_until) > at) return { kind: 'locked', until: new Date(held.locked_until) };
  if (held?.next_attempt_at && new Date(held.next_attempt_at) > at) return { kind: 'wait', until: new Date(held.next_attempt_at) };
  // The hold was cleared (a success) between the two statements: try once more.
  return retry ? reserveUntrustedAttempt(db, account, at, false) : { kind: 'wait', until: new Date(at.getTime() + 1000) };
}

/** Forgets the untrusted failures of `account` (a success from an untrusted client, a password recovery). */
export async function clearFailures(db: Queryable, account: string): Promise<void> {
  await db.query('delete from login_lock where account = $1', [account]);
}
