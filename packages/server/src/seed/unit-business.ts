import type { Queryable } from '../db/db';
import { settleBatch } from '../records/interest';
import type { DemoCalendar } from './calendar';
import { lastRemitted } from './records';

/**
 * Seed step 26 (issue 34, docs/api-unit-business.md): the demo unit's paid remittances as the unit business keeps them.
 * The history of seed step 10 posted the monthly 汇缴 under `HJ{dwzh}{YYYYMM}`; here each becomes a payment row
 * (unit_remittance: persons and total from its journal entries, paid on the 10th), the unit's 缴至年月 (jzny) is its
 * newest month, and the months since the July base adjustment get their lines (base and ratios on file are the ones
 * they were computed from), so the next list marks who joined, left or changed. Accounts that later seed steps opened
 * after step 10's settlements (冯信息, 周晓明 …) are brought up to the last 30 June by the real settlement, as the
 * centre's sweep would, so a remittance can post to them. Set-based, idempotent.
 */
export async function seedUnitBusiness(tx: Queryable, cal: DemoCalendar): Promise<void> {
  for (let year = 2016; year <= cal.settledYear; year++) await settleBatch(tx, year, '', 1_000_000);
  await tx.query(
    `insert into unit_remittance (ywbh, dwzh, period, kind, persons, total_fen, paid_at)
     select j.ywbh, p.dwzh, j.period, '01', count(*), sum(j.amount_fen), (min(j.value_date)::timestamp + interval '10 hours') at time zone 'Asia/Shanghai'
       from journal_entry j join personal_account p on p.grzh = j.account_no
      where j.kind = '01' and p.kind = 'gr' and p.dwzh is not null and j.ywbh = 'HJ' || p.dwzh || j.period
      group by j.ywbh, p.dwzh, j.period
     on conflict do nothing`,
  );
  await tx.query(
    `insert into unit_remittance_line (ywbh, line, grzh, jcjs_fen, dwjcbl, grjcbl, dwyje_fen, gryje_fen, amount_fen)
     select j.ywbh, j.line, p.grzh, p.jcjs_fen, p.dwjcbl, p.grjcbl,
            round(p.jcjs_fen::numeric * p.dwjcbl / 10000) * 100, j.amount_fen - round(p.jcjs_fen::numeric * p.dwjcbl / 10000) * 100, j.amount_fen
       from journal_entry j join personal_account p on p.grzh = j.account_no join unit_remittance r on r.ywbh = j.ywbh
      where j.kind = '01' and j.period >= $1 and p.yjce_fen = j.amount_fen
     on conflict do nothing`,
    [sinceJuly(cal)],
  );
  await tx.query(
    `update unit_account u set jzny = s.period
       from (select dwzh, max(period) as period from unit_remittance where kind = '01' group by dwzh) s
      where s.dwzh = u.dwzh and u.jzny is null`,
  );
}

/** The month of the last July base adjustment the seeded history made (`YYYYMM`): the July at or before its last month. */
export function sinceJuly(cal: DemoCalendar): string {
  const last = lastRemitted(cal);
  const year = Number(last.slice(0, 4));
  return last.slice(4) >= '07' ? `${year}07` : `${year - 1}07`;
}
