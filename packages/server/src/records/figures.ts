import type { Queryable } from '../db/db';
import type { MovementKind } from './kinds';

/** What the account pages read of an account's journal besides its balance (issue 24). Money in fen. */
export interface AccountFigures {
  grzh: string;
  /**
   * 汇缴年月: the newest month paid for (YYYYMM) by 汇缴 (01) or 补缴 (02), taken over the newest twelve such entries,
   * so that a 补缴 for an old month posted after this month's 汇缴 does not hide it; null before the first deposit.
   */
  lastPeriod: string | null;
  /** 汇缴 and 补缴 dated in the calendar year. */
  yearDepositsFen: bigint;
  /** 年度结息 and 销户结息 dated in the calendar year. */
  yearInterestFen: bigint;
  /** The newest entry (by value date, then posting order), or null for an account without one. */
  lastMovement: { valueDate: string; kind: MovementKind; amountFen: bigint } | null;
}

/** How many of the newest 汇缴/补缴 entries the deposit month is taken from (see AccountFigures.lastPeriod). */
export const LAST_PERIOD_WINDOW = 12;

type Row = {
  grzh: string;
  last_period: string | null;
  year_deposits: string;
  year_interest: string;
  m_date: string | null;
  m_kind: string | null;
  m_amount: string | null;
};

/**
 * The journal figures of several accounts in one statement: each through the journal's (account_no, value_date, id)
 * index (the year's entries as one range, the newest entries read backwards), so the cost grows with the number of
 * accounts asked for, never with their history. Accounts without entries answer zeros and nulls; the answer keeps
 * the order asked for.
 *
 * @example
 * const [figures] = await accountFigures(db, ['201000000101'], 2026);
 * figures.yearInterestFen // this year's 30 June settlement, in fen
 */
export async function accountFigures(q: Queryable, grzhs: readonly string[], year: number): Promise<AccountFigures[]> {
  if (grzhs.length === 0) return [];
  const rows = await q.query<Row>(
    `select g.grzh,
            (select max(t.period) from (
               select j.period from journal_entry j
                where j.account_no = g.grzh and j.kind in ('01', '02')
                order by j.value_date desc, j.id desc limit $4) t) as last_period,
            (select coalesce(sum(j.amount_fen), 0)::text from journal_entry j
              where j.account_no = g.grzh and j.kind in ('01', '02') and j.value_date >= $2::date and j.value_date < $3::date) as year_deposits,
            (select coalesce(sum(j.amount_fen), 0)::text from journal_entry j
              where j.account_no = g.grzh and j.kind in ('09', '10') and j.value_date >= $2::date and j.value_date < $3::date) as year_interest,
            m.value_date::text as m_date, m.kind as m_kind, m.amount_fen::text as m_amount
       from unnest($1::text[]) with ordinality as g(grzh, ord)
       left join lateral (
         select j.value_date, j.kind, j.amount_fen from journal_entry j
          where j.account_no = g.grzh order by j.value_date desc, j.id desc limit 1) m on true
      order by g.ord`,
    [grzhs, `${year}-01-01`, `${year + 1}-01-01`, LAST_PERIOD_WINDOW],
  );
  return rows.map((r) => ({
    grzh: r.grzh,
    lastPeriod: r.last_period,
    yearDepositsFen: BigInt(r.year_deposits),
    yearInterestFen: BigInt(r.year_interest),
    lastMovement: r.m_date ? { valueDate: r.m_date, kind: r.m_kind as MovementKind, amountFen: BigInt(r.m_amount!) } : null,
  }));
}
