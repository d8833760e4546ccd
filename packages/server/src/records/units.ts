import type { Queryable } from '../db/db';
import type { AccountStatus } from './kinds';

/** A unit account (单位账户): the unit on file (unit_record) with its account terms (unit_account). */
export interface UnitAccount {
  dwzh: string;
  dwmc: string;
  tyshxydm: string;
  /** Dictionary DWZHZT: 01 正常, 02 开户, 03 缓缴, 04 销户, 05 封存 (UNIT_ACCOUNT_STATUS). */
  dwzhzt: string;
  jbrxm: string;
  jbrsjhm: string;
  khrq: string | null;
  jkyhmc: string;
  jkyhzh: string;
  dwjcbl: string | null;
  grjcbl: string | null;
}

/**
 * One unit account by number, or undefined.
 * @example (await getUnitAccount(db, '100200300001'))?.jkyhzh // '1602003000010190001'
 */
export async function getUnitAccount(q: Queryable, dwzh: string): Promise<UnitAccount | undefined> {
  const [row] = await q.query<UnitAccount>(
    `select r.dwzh, r.dwmc, r.tyshxydm, r.dwzhzt, r.jbrxm, r.jbrsjhm, a.khrq::text as khrq, coalesce(a.jkyhmc, '') as jkyhmc,
            coalesce(a.jkyhzh, '') as jkyhzh, a.dwjcbl::text as dwjcbl, a.grjcbl::text as grjcbl
       from unit_record r left join unit_account a on a.dwzh = r.dwzh where r.dwzh = $1`,
    [dwzh],
  );
  return row;
}

/** One employee in a unit's list. Money in fen. */
export interface UnitEmployee {
  grzh: string;
  xingming: string;
  grzhzt: AccountStatus;
  jcjsFen: bigint;
  dwjcbl: string;
  grjcbl: string;
  yjceFen: bigint;
  balanceFen: bigint;
}

/**
 * One page of a unit's employees in account order, keyset on the account number (index personal_account_unit).
 * @example const { rows, next } = await listUnitEmployees(db, '100200300001', { limit: 20 })
 */
export async function listUnitEmployees(
  q: Queryable,
  dwzh: string,
  options: { after?: string; limit?: number; status?: AccountStatus } = {},
): Promise<{ rows: UnitEmployee[]; next?: string }> {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 200);
  const rows = await q.query<Record<string, string>>(
    `select grzh, xingming, grzhzt, jcjs_fen::text as jcjs_fen, dwjcbl::text as dwjcbl, grjcbl::text as grjcbl,
            yjce_fen::text as yjce_fen, balance_fen::text as balance_fen
       from personal_account
      where dwzh = $1 and grzh > $2 and ($3::text is null or grzhzt = $3)
      order by grzh limit $4`,
    [dwzh, options.after ?? '', options.status ?? null, limit + 1],
  );
  const page = rows.slice(0, limit).map(
    (r): UnitEmployee => ({
      grzh: r.grzh!,
      xingming: r.xingming!,
      grzhzt: r.grzhzt as AccountStatus,
      jcjsFen: BigInt(r.jcjs_fen!),
      dwjcbl: r.dwjcbl!,
      grjcbl: r.grjcbl!,
      yjceFen: BigInt(r.yjce_fen!),
      balanceFen: BigInt(r.balance_fen!),
    }),
  );
  return rows.length > limit ? { rows: page, next: page[page.length - 1]!.grzh } : { rows: page };
}

/** A developer's project (楼盘). */
export interface DeveloperProject {
  id: string;
  xmbh: string;
  xmmc: string;
  xmdz: string;
  ysxkzh: string;
  zts: number;
  kpsj: string;
  /** 01 在售, 02 售罄, 03 停售. */
  zt: string;
}

/**
 * A developer's projects, newest first (index developer_project_unit; a developer has a handful).
 * @example (await listProjects(db, '900100200001')).map((p) => p.xmmc)
 */
export async function listProjects(q: Queryable, dwzh: string): Promise<DeveloperProject[]> {
  return q.query<DeveloperProject>(
    `select id::text as id, xmbh, xmmc, xmdz, ysxkzh, zts, kpsj::text as kpsj, zt from developer_project where dwzh = $1 order by id desc limit 200`,
    [dwzh],
  );
}
