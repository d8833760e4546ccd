import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';
import { nextYwbh } from '../applications/ywbh';
import { promisedDate } from '../applications/calendar';
import { centreDate } from '../clock';
import { businessOf } from '../business/registry';

/**
 * A draft written straight into the application table for the session of `token`, of any registered type: what a
 * draft of a business that is not open online (a placeholder, issue 31 item 9) saved before looks like. The hall's
 * calls refuse to make one (`ywsq/saveDraft` answers 409), yet the archive, the signing and the centre still serve
 * applications that exist, and tests of those need one of a type that may have no module yet (no unit business has
 * one on this branch). Works the same once the type has its module.
 *
 * @example
 * const ywbh = await placeholderDraft(db, unitToken, 'GJ0102');
 */
export async function placeholderDraft(db: Queryable, token: string, ywlx: string, payload: Record<string, unknown> = {}, at = new Date()): Promise<string> {
  return applicationRow(db, token, ywlx, '00', payload, at);
}

/**
 * The same, submitted (zt 01, promised by the calendar): an application of a placeholder filed before its business
 * was closed online, waiting for the centre (which may accept, return or reject it, but not complete it).
 *
 * @example
 * const ywbh = await placeholderSubmitted(db, token, 'GD0405', { a: '1' });
 */
export async function placeholderSubmitted(db: Queryable, token: string, ywlx: string, payload: Record<string, unknown> = {}, at = new Date()): Promise<string> {
  return applicationRow(db, token, ywlx, '01', payload, at);
}

async function applicationRow(db: Queryable, token: string, ywlx: string, zt: '00' | '01', payload: Record<string, unknown>, at: Date): Promise<string> {
  const business = businessOf(ywlx);
  if (!business) throw new Error(`${ywlx} is not a registered business`);
  const hash = createHash('sha256').update(token).digest('hex');
  const [s] = await db.query<{ user_id: string; account_id: string; login: string; name: string; zh: string }>(
    `select s.user_id::text as user_id, s.account_id::text as account_id, u.account as login, u.display_name as name,
            coalesce((select grzh from person_info where account_id = s.account_id), (select dwzh from unit_info where account_id = s.account_id), '') as zh
       from user_session s join app_user u on u.id = s.user_id where s.token_hash = $1`,
    [hash],
  );
  if (!s) throw new Error('no session for the token');
  const ywbh = await nextYwbh(db, ywlx, at);
  const [row] = await db.query<{ id: string }>(
    `insert into application (ywbh, ywlx, zt, user_id, account_id, login, zh, payload, created_at, submitted_at, promised_date, time_limit_days, updated_at)
     values ($1, $2, $10, $3, $4, $5, $6, $7, $8, $11, $12, $9, $8) returning id::text as id`,
    [ywbh, ywlx, s.user_id, s.account_id, s.login, s.zh, JSON.stringify(payload), at, business.timeLimitDays, zt, zt === '01' ? at : null, zt === '01' ? await promisedDate(db, centreDate(at), business.timeLimitDays) : null],
  );
  await db.query(
    `insert into application_event (application_id, at, from_zt, zt, actor_kind, actor, actor_name, note, reasons) values ($1, $2, null, $4, 'applicant', $3, $5, '', '{}')`,
    [row!.id, at, s.login, zt, s.name],
  );
  return ywbh;
}
