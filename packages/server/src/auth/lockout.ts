import type { Db } from '../db/db';
import { centreMinute } from '../clock';

/** Consecutive failures that lock an account. */
export const MAX_LOGIN_FAILURES = 5;
/** How long a lock lasts from the failure that set it. */
export const LOCK_MS = 15 * 60_000;

/** The 429 message of a locked account: when the lock ends, in centre time, to the minute (rounded up). */
export function lockedMessage(until: Date): string {
  const minute = new Date(Math.ceil(until.getTime() / 60_000) * 60_000);
  return `密码连续输错 ${MAX_LOGIN_FAILURES} 次，账号已锁定，请于 ${centreMinute(minute)} 后再试`;
}

/** The end of the lock on `account` when it is locked at `at`, else null. */
export async function lockedUntil(db: Db, account: string, at: Date): Promise<Date | null> {
  const [row] = await db.query<{ locked_until: Date }>('select locked_until from login_lock where account = $1 and locked_until > $2', [
    account,
    at,
  ]);
  return row ? new Date(row.locked_until) : null;
}

/**
 * Counts one more failure on `account` (called only when it is not locked): a lock that has run out starts the
 * count again; the fifth failure in a row locks. Returns the end of the new lock, or null. One statement, so two
 * instances counting at once cannot lose a failure.
 */
export async function recordFailure(db: Db, account: string, at: Date): Promise<Date | null> {
  const [row] = await db.query<{ locked_until: Date | null }>(
    `insert into login_lock as l (account, failures, locked_until, updated_at)
     values ($1, 1, case when 1 >= $3 then $4::timestamptz end, $2)
     on conflict (account) do update set
       failures = (case when l.locked_until is not null then 0 else l.failures end) + 1,
       locked_until = case when (case when l.locked_until is not null then 0 else l.failures end) + 1 >= $3 then $4::timestamptz end,
       updated_at = $2
     returning locked_until`,
    [account, at, MAX_LOGIN_FAILURES, new Date(at.getTime() + LOCK_MS)],
  );
  return row?.locked_until ? new Date(row.locked_until) : null;
}

/** Forgets the failures of `account` (a success, or an administrator's unlock). */
export async function clearFailures(db: Db, account: string): Promise<void> {
  await db.query('delete from login_lock where account = $1', [account]);
}
