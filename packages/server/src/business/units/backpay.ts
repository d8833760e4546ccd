import type { Queryable } from '../../db/db';
import { readParameters } from '../../params/centre';
import { PART_SQL } from './params';

/**
 * The 补缴 list of a unit for a past month (单位补缴, GJ0202; docs/api-unit-business.md › 补缴), set-based in SQL:
 * every employee account of the unit in status 正常 whose **first** month without a 汇缴 or 补缴 entry (from the later
 * of the account's and the unit's opening months, through the unit's 缴至年月) is that month. So an employee's missed
 * months are closed in order, one month at a time, and a month paid (by 汇缴 or an earlier 补缴) is never in it.
 * Each line is computed from the base and ratios on file, each part rounded by the one rule of params.ts.
 */

/** The missed months of the unit's employees: grzh and first_missed (YYYYMM or null). $1 dwzh. */
const FIRST_MISSED_SQL = `
  select p.grzh, p.xingming, p.jcjs_fen, p.dwjcbl, p.grjcbl,
         (select min(to_char(g.m, 'YYYYMM'))
            from generate_series(date_trunc('month', greatest(p.khrq, u.khrq)), to_date(u.jzny, 'YYYYMM'), interval '1 month') g (m)
           where not exists (select 1 from journal_entry j
                              where j.account_no = p.grzh and j.kind in ('01', '02') and j.period = to_char(g.m, 'YYYYMM'))) as first_missed
    from personal_account p join unit_account u on u.dwzh = p.dwzh
   where p.dwzh = $1 and p.kind = 'gr' and p.grzhzt = '01' and u.jzny is not null`;

/** The list of month $3: grzh, xingming, jcjs_fen, dwjcbl, grjcbl, dwyje_fen, gryje_fen, amount_fen. $1 dwzh, $2 rounding. */
const LINES_SQL = `
  select l.*, l.dwyje_fen + l.gryje_fen as amount_fen from (
    select e.grzh, e.xingming, e.jcjs_fen, e.dwjcbl, e.grjcbl,
           ${PART_SQL('e.jcjs_fen', 'e.dwjcbl', '$2::bigint')} as dwyje_fen,
           ${PART_SQL('e.jcjs_fen', 'e.grjcbl', '$2::bigint')} as gryje_fen
      from (${FIRST_MISSED_SQL}) e
     where e.first_missed = $3) l
   where l.dwyje_fen + l.gryje_fen > 0`;

export interface BackpaySummary {
  persons: number;
  dwFen: bigint;
  grFen: bigint;
  totalFen: bigint;
}

/** The months the unit's employees missed first, oldest first, with how many employees each (at most 24 months). */
export async function missedMonths(q: Queryable, dwzh: string): Promise<Array<{ ny: string; rs: number }>> {
  const rows = await q.query<{ ny: string; rs: number }>(
    `select first_missed as ny, count(*)::int as rs from (${FIRST_MISSED_SQL}) e where e.first_missed is not null group by first_missed order by first_missed limit 24`,
    [dwzh],
  );
  return rows.map((r) => ({ ny: r.ny, rs: Number(r.rs) }));
}

/** The totals of the month's 补缴 list, in one query. */
export async function backpaySummary(q: Queryable, dwzh: string, bjny: string, rounding?: number): Promise<BackpaySummary> {
  const roundingFen = rounding ?? (await readParameters(q)).roundingFen;
  const [row] = await q.query<Record<string, string>>(
    `select count(*)::text as persons, coalesce(sum(dwyje_fen), 0)::text as dw, coalesce(sum(gryje_fen), 0)::text as gr, coalesce(sum(amount_fen), 0)::text as total
       from (${LINES_SQL}) l`,
    [dwzh, roundingFen, bjny],
  );
  return { persons: Number(row!.persons), dwFen: BigInt(row!.dw!), grFen: BigInt(row!.gr!), totalFen: BigInt(row!.total!) };
}

export interface BackpayLine {
  grzh: string;
  xingming: string;
  jcjsFen: bigint;
  dwjcbl: string;
  grjcbl: string;
  dwyjeFen: bigint;
  gryjeFen: bigint;
  amountFen: bigint;
}

/** One page of the month's 补缴 list in account order (keyset on grzh). */
export async function backpayLines(q: Queryable, dwzh: string, bjny: string, options: { after?: string; limit?: number } = {}): Promise<{ rows: BackpayLine[]; next?: string }> {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 200);
  const rows = await q.query<Record<string, string>>(
    `select l.grzh, l.xingming, l.jcjs_fen::text as jcjs_fen, l.dwjcbl::text as dwjcbl, l.grjcbl::text as grjcbl,
            l.dwyje_fen::text as dwyje_fen, l.gryje_fen::text as gryje_fen, l.amount_fen::text as amount_fen
       from (${LINES_SQL}) l where l.grzh > $4 order by l.grzh limit $5`,
    [dwzh, (await readParameters(q)).roundingFen, bjny, options.after ?? '', limit + 1],
  );
  const page = rows.slice(0, limit).map(
    (r): BackpayLine => ({
      grzh: r.grzh!,
      xingming: r.xingming!,
      jcjsFen: BigInt(r.jcjs_fen!),
      dwjcbl: r.dwjcbl!,
      grjcbl: r.grjcbl!,
      dwyjeFen: BigInt(r.dwyje_fen!),
      gryjeFen: BigInt(r.gryje_fen!),
      amountFen: BigInt(r.amount_fen!),
    }),
  );
  return rows.length > limit ? { rows: page, next: page[page.length - 1]!.grzh } : { rows: page };
}

/**
 * Writes the 补缴's lines from the month's list as it stands (inside the payment's transaction, the accounts locked by
 * the caller), numbered in account order, and answers them for posting.
 */
export async function writeBackpayLines(tx: Queryable, ywbh: string, dwzh: string, bjny: string): Promise<Array<{ accountNo: string; amountFen: bigint; line: number }>> {
  const rows = await tx.query<{ grzh: string; line: number; amount_fen: string }>(
    `insert into unit_remittance_line (ywbh, line, grzh, jcjs_fen, dwjcbl, grjcbl, dwyje_fen, gryje_fen, amount_fen)
     select $4, row_number() over (order by l.grzh), l.grzh, l.jcjs_fen, l.dwjcbl, l.grjcbl, l.dwyje_fen, l.gryje_fen, l.amount_fen
       from (${LINES_SQL}) l
     returning grzh, line, amount_fen::text as amount_fen`,
    [dwzh, (await readParameters(tx)).roundingFen, bjny, ywbh],
  );
  return rows.map((r) => ({ accountNo: r.grzh, amountFen: BigInt(r.amount_fen), line: Number(r.line) }));
}
