import type { Queryable } from '../db/db';
import { ApiError } from '../http/envelope';

/**
 * What one login may store (issue 31 item 7; docs/security.md): one row per thing, the number a centre may change, the
 * message when it is reached. Each is counted through an index (migration 075) inside the writing transaction.
 */
export const STORAGE_QUOTAS = {
  /** Drafts (zt 00) of one account. */
  drafts: 50,
  /** Business numbers reserved (id/getYthptYwbh) by one account and not yet expired. */
  reservations: 50,
  /** Bytes of material files in one account's drafts and returned applications. */
  fileBytes: 200 * 1024 * 1024,
  /** Column settings of one login and account. */
  columnSettings: 100,
} as const;

export const QUOTA_MESSAGES = {
  drafts: (n: number) => `草稿已达 ${n} 份上限，请先提交或删除不需要的草稿`,
  reservations: (n: number) => `预留的业务编号已达 ${n} 个上限，请先使用已取得的编号`,
  fileBytes: (bytes: number) => `您的待提交材料已达 ${Math.round(bytes / 1024 / 1024)} MB 上限，请删除不需要的文件或草稿后再上传`,
  columnSettings: (n: number) => `列设置已达 ${n} 项上限，请先恢复部分页面的默认设置`,
} as const;

/** 409 when the account already has as many drafts as allowed. */
export async function requireDraftRoom(q: Queryable, accountId: string): Promise<void> {
  const [row] = await q.query<{ n: number }>(`select count(*)::int as n from application where account_id = $1 and zt = '00'`, [accountId]);
  if ((row?.n ?? 0) >= STORAGE_QUOTAS.drafts) throw new ApiError(409, QUOTA_MESSAGES.drafts(STORAGE_QUOTAS.drafts));
}

/** 409 when the account already holds as many live reservations as allowed (reserved since `since`). */
export async function requireReservationRoom(q: Queryable, accountId: string, since: Date): Promise<void> {
  const [row] = await q.query<{ n: number }>('select count(*)::int as n from ywbh_reservation where account_id = $1 and reserved_at >= $2', [accountId, since]);
  if ((row?.n ?? 0) >= STORAGE_QUOTAS.reservations) throw new ApiError(409, QUOTA_MESSAGES.reservations(STORAGE_QUOTAS.reservations));
}

/** 413 when `adding` more bytes would take the account's files in drafts and returned applications past the quota. */
export async function requireFileRoom(q: Queryable, accountId: string, adding: number): Promise<void> {
  const [row] = await q.query<{ n: string }>(
    `select coalesce(sum(f.size), 0)::text as n from application a join archive_file f on f.application_id = a.id
      where a.account_id = $1 and a.zt in ('00', '04')`,
    [accountId],
  );
  if (Number(row?.n ?? 0) + adding > STORAGE_QUOTAS.fileBytes) throw new ApiError(413, QUOTA_MESSAGES.fileBytes(STORAGE_QUOTAS.fileBytes));
}

/** 409 when a new column setting would take the login past the quota (changing an existing one always may). */
export async function requireColumnRoom(q: Queryable, userId: string, accountId: string, path: string, navName: string): Promise<void> {
  const [row] = await q.query<{ n: number; has: boolean }>(
    `select count(*)::int as n, bool_or(path = $3 and nav_name = $4) as has from column_individuation where user_id = $1 and account_id = $2`,
    [userId, accountId, path, navName],
  );
  if (!row?.has && (row?.n ?? 0) >= STORAGE_QUOTAS.columnSettings) throw new ApiError(409, QUOTA_MESSAGES.columnSettings(STORAGE_QUOTAS.columnSettings));
}
