import type { Queryable } from '../../db/db';
import { readParameters } from '../../params/centre';
import { PART_SQL } from './params';

/**
 * The month's remittance list of a unit (汇缴清单, GJ0201; docs/api-unit-business.md › 汇缴), computed set-based in SQL
 * from the employees' bases and ratios on file (personal_account, index personal_account_unit): every employee account
 * of the unit in status 正常 with a monthly amount above zero, each part rounded by the one rule of params.ts, except
 * an account already credited (汇缴 or 补缴) for the month due (one moved from a unit that paid it; index
 * journal_entry_paid_period): an employee is paid a month once.
 * Compared with the unit's last remittance, each line is marked 新增 (not in it) or 变更 (another amount), and the
 * employees it paid who are not in this list are counted (减少).
 */

/** The lines' select: grzh, xingming, jcjs_fen, dwjcbl, grjcbl, dwyje_fen, gryje_fen, amount_fen. $1 dwzh, $2 rounding. */
export const LIST_SQL = `
  select p.grzh, p.xingming, p.jcjs_fen, p.dwjcbl, p.grjcbl,
         ${PART_SQL('p.jcjs_fen', 'p.dwjcbl', '$2::bigint')} as dwyje_fen,
         ${PART_SQL('p.jcjs_fen', 'p.grjcbl', '$2::bigint')} as gryje_fen
    from personal_account p
   where p.dwzh = $1 and p.kind = 'gr' and p.grzhzt = '01'
     and not exists (
       select 1 from unit_account u join journal_entry j
         on j.account_no = p.grzh and j.kind in ('01', '02')
        and j.period = to_char(coalesce(to_date(u.jzny, 'YYYYMM') + interval '1 month', date_trunc('month', u.khrq)), 'YYYYMM')
        where u.dwzh = $1)`;

/** The list with each line's amount, only lines above zero. */
const LINES_SQL = `select l.*, l.dwyje_fen + l.gryje_fen as amount_fen from (${LIST_SQL}) l where l.dwyje_fen + l.gryje_fen > 0`;

export interface RemittanceSummary {
  persons: number;
  dwFen: bigint;
  grFen: bigint;
  totalFen: bigint;
  /** Lines not in the last remittance, lines with another amount, and employees it paid who are not in this one. */
  added: number;
  changed: number;
  removed: number;
}

/** The unit's last remittance (汇缴), or null. */
async function lastRemittance(q: Queryable, dwzh: string): Promise<string | null> {
  const [row] = await q.query<{ ywbh: string }>(`select ywbh from unit_remittance where dwzh = $1 and kind = '01' order by period desc limit 1`, [dwzh]);
  return row?.ywbh ?? null;
}

/**
 * The totals of the unit's list for this month, in one query.
 * @example (await remittanceSummary(db, '100200300001')).totalFen
 */
export async function remittanceSummary(q: Queryable, dwzh: string, rounding?: number): Promise<RemittanceSummary> {
  const roundingFen = rounding ?? (await readParameters(q)).roundingFen;
  const last = await lastRemittance(q, dwzh);
  const [row] = await q.query<Record<string, string>>(
    `with l as (${LINES_SQL}),
     prev as (select grzh, amount_fen from unit_remittance_line where ywbh = $3)
     select count(*)::text as persons, coalesce(sum(l.dwyje_fen), 0)::text as dw, coalesce(sum(l.gryje_fen), 0)::text as gr,
            coalesce(sum(l.amount_fen), 0)::text as total,
            count(*) filter (where $3::text is not null and pv.grzh is null)::text as added,
            count(*) filter (where pv.grzh is not null and pv.amount_fen <> l.amount_fen)::text as changed,
            (select count(*) from prev where prev.grzh not in (select grzh from l))::text as removed
       from l left join prev pv on pv.grzh = l.grzh`,
    [dwzh, roundingFen, last],
  );
  return {
    persons: Number(row!.persons),
    dwFen: BigInt(row!.dw!),
    grFen: BigInt(row!.gr!),
    totalFen: BigInt(row!.total!),
    added: Number(row!.added),
    changed: Number(row!.changed),
    removed: Number(row!.removed),
  };
}

export interface RemittanceLine {
  grzh: string;
  xingming: string;
  jcjsFen: bigint;
  dwjcbl: string;
  grjcbl: string;
  dwyjeFen: bigint;
  gryjeFen: bigint;
  amountFen: bigint;
  /** '新增', '变更' or ''. */
  mark: string;
}

/**
 * One page of the unit's list in account order (keyset on grzh, through personal_account_unit).
 * @example const { rows, next } = await remittanceLines(db, '100200300001', { limit: 50 })
 */
export async function remittanceLines(
  q: Queryable,
  dwzh: string,
  options: { after?: string; limit?: number; roundingFen?: number } = {},
): Promise<{ rows: RemittanceLine[]; next?: string }> {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 200);
  const last = await lastRemittance(q, dwzh);
  const rows = await q.query<Record<string, string | null>>(
    `select l.grzh, l.xingming, l.jcjs_fen::text as jcjs_fen, l.dwjcbl::text as dwjcbl, l.grjcbl::text as grjcbl,
            l.dwyje_fen::text as dwyje_fen, l.gryje_fen::text as gryje_fen, l.amount_fen::text as amount_fen,
            case when $3::text is null then '' when pv.grzh is null then '新增' when pv.amount_fen <> l.amount_fen then '变更' else '' end as mark
       from (${LINES_SQL} and l.grzh > $4 order by l.grzh limit $5) l
       left join unit_remittance_line pv on pv.ywbh = $3 and pv.grzh = l.grzh
      order by l.grzh`,
    [dwzh, options.roundingFen ?? (await readParameters(q)).roundingFen, last, options.after ?? '', limit + 1],
  );
  const page = rows.slice(0, limit).map(
    (r): RemittanceLine => ({
      grzh: r.grzh!,
      xingming: r.xingming!,
      jcjsFen: BigInt(r.jcjs_fen!),
      dwjcbl: r.dwjcbl!,
      grjcbl: r.grjcbl!,
      dwyjeFen: BigInt(r.dwyje_fen!),
      gryjeFen: BigInt(r.gryje_fen!),
      amountFen: BigInt(r.amount_fen!),
      mark: r.mark ?? '',
    }),
  );
  return rows.length > limit ? { rows: page, next: page[page.length - 1]!.grzh } : { rows: page };
}

/**
 * Writes the remittance's lines from the list as it stands (inside the completion's transaction, the accounts locked
 * by the caller), numbered in account order, and answers them for posting.
 */
export async function writeRemittanceLines(
  tx: Queryable,
  ywbh: string,
  dwzh: string,
  rounding?: number,
): Promise<Array<{ accountNo: string; amountFen: bigint; line: number }>> {
  const roundingFen = rounding ?? (await readParameters(tx)).roundingFen;
  const rows = await tx.query<{ grzh: string; line: number; amount_fen: string }>(
    `insert into unit_remittance_line (ywbh, line, grzh, jcjs_fen, dwjcbl, grjcbl, dwyje_fen, gryje_fen, amount_fen)
     select $3, row_number() over (order by l.grzh), l.grzh, l.jcjs_fen, l.dwjcbl, l.grjcbl, l.dwyje_fen, l.gryje_fen, l.amount_fen
       from (${LINES_SQL}) l
     returning grzh, line, amount_fen::text as amount_fen`,
    [dwzh, roundingFen, ywbh],
  );
  return rows.map((r) => ({ accountNo: r.grzh, amountFen: BigInt(r.amount_fen), line: Number(r.line) }));
}
