import type { Queryable } from '../db/db';
import { RETIREE_DEMO_LOGIN } from './withdrawals';
import { BUYER_DEMO_LOGIN, RETIREE2_DEMO_LOGIN } from './withdrawal-walks';

/**
 * The demo unit's employees whose 汇缴 a seed step posted under business numbers of their own: 严退休 (step 21) and the
 * withdrawal walks' 韩购房 and 冯退休 (step 48, July to November like him).
 */
const OWN_REMITTANCES = [
  { prefix: 'HJSEED21', person: RETIREE_DEMO_LOGIN },
  { prefix: 'HJSEED48', person: BUYER_DEMO_LOGIN },
  { prefix: 'HJSEED48', person: RETIREE2_DEMO_LOGIN },
] as const;

/**
 * Seed step 61 (issue 34; fixes what step 21 left, released steps being never edited): step 21 posted 严退休's 汇缴
 * (July to November 2026) under business numbers of his own (`HJSEED21{grzh}{YYYYMM}`), so the demo unit's payments
 * of July to October (step 26's rows) did not carry him: their persons and totals left him out, and he looked new in
 * the unit's November list, whose payment then gave him a second November 汇缴.
 *
 * Each of his entries for a month the unit has paid becomes a line of that payment: the entry takes the payment's
 * business number and the next line number (the journal's key), the payment row gains a person and the amount, and
 * the line is written (the base and ratios on file, the unit part rounded as step 26 did). His November entry stays his
 * own (the unit has not paid November): the remittance list leaves out an employee already credited for the month
 * (business/units/remittance.ts), so the unit's November credits him nothing more. Balances do not change (only the
 * keys of existing entries do). Set-based, idempotent: an entry already moved no longer matches. Step 48's 韩购房 and
 * 冯退休 were paid the same way and take the same treatment.
 */
export async function seedRetireeRemittances(tx: Queryable): Promise<void> {
  for (const { prefix, person } of OWN_REMITTANCES) await moveOwnRemittances(tx, `${prefix}${person.grzh}`, person.dwzh, person.grzh);
}

async function moveOwnRemittances(tx: Queryable, own: string, dwzh: string, grzh: string): Promise<void> {
  const moved = await tx.query<{ ywbh: string; line: number; amount_fen: string }>(
    `with mine as (
       select j.id, r.ywbh as unit_ywbh, j.amount_fen,
              (select coalesce(max(x.line), 0) from journal_entry x where x.ywbh = r.ywbh) as last_line
         from journal_entry j
         join unit_remittance r on r.dwzh = $2 and r.kind = '01' and r.period = j.period
        where j.account_no = $3 and j.kind = '01' and j.ywbh = $1 || j.period
     )
     update journal_entry j set ywbh = m.unit_ywbh, line = m.last_line + 1
       from mine m where j.id = m.id
     returning j.ywbh, j.line, j.amount_fen::text as amount_fen`,
    [own, dwzh, grzh],
  );
  if (moved.length === 0) return;
  await tx.query(
    `insert into unit_remittance_line (ywbh, line, grzh, jcjs_fen, dwjcbl, grjcbl, dwyje_fen, gryje_fen, amount_fen)
     select m.ywbh, m.line, p.grzh, p.jcjs_fen, p.dwjcbl, p.grjcbl,
            round(p.jcjs_fen::numeric * p.dwjcbl / 10000) * 100, m.amount_fen - round(p.jcjs_fen::numeric * p.dwjcbl / 10000) * 100, m.amount_fen
       from jsonb_to_recordset($1::jsonb) as m (ywbh text, line int, amount_fen bigint)
       join personal_account p on p.grzh = $2
     on conflict do nothing`,
    [JSON.stringify(moved), grzh],
  );
  await tx.query(
    `update unit_remittance r set persons = r.persons + 1, total_fen = r.total_fen + m.amount_fen
       from jsonb_to_recordset($1::jsonb) as m (ywbh text, line int, amount_fen bigint)
      where r.ywbh = m.ywbh`,
    [JSON.stringify(moved)],
  );
}
