import type { Queryable } from '../db/db';

/** The draftbox's records (issue 21, docs/api-wizard.md): the wizard's working copy per login, account and type. */

/** The centre's parameters of the draftbox, one documented table (docs/api-wizard.md). */
export const DRAFT_PARAMS = {
  /** A draft is kept this many days after its last save, then it is no longer returned and is purged. */
  ttlDays: 30,
  /** The largest payload, in bytes of its JSON. */
  maxBytes: 64 * 1024,
  /** Expired drafts deleted per save (set-based, through the expiry index). */
  purgeBatch: 1000,
} as const;

/**
 * The field of a draft's payload holding the number of the status-00 application the wizard made for the materials
 * (the hall's `DRAFT_YWBH_KEY`); 重新填写 discards that application too.
 */
export const DRAFT_YWBH_FIELD = '_ywbh';

/** Deletes the expired drafts, at most a batch, through the expiry index. */
export async function purgeExpiredDrafts(q: Queryable, at: Date, limit: number = DRAFT_PARAMS.purgeBatch): Promise<number> {
  const rows = await q.query(
    `delete from draftbox where (user_id, account_id, ywlx) in
       (select user_id, account_id, ywlx from draftbox where expires_at <= $1 order by expires_at limit $2)
     returning 1`,
    [at, limit],
  );
  return rows.length;
}

/** Deletes the draft of a business for the session's login and account (on submit, and `draftbox/delete`). */
export async function deleteDraftOf(q: Queryable, userId: string, accountId: string, ywlx: string): Promise<void> {
  await q.query('delete from draftbox where user_id = $1 and account_id = $2 and ywlx = $3', [userId, accountId, ywlx]);
}

