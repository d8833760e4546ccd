import type { Queryable } from '../db/db';
import { isWithdrawalReason, type WithdrawalReason } from '../records';
import { freezeReceipt } from '../business/withdrawals/receipt';
import { withdrawalOf } from '../business/withdrawals';

/**
 * Seed step 50 (issue 33): the withdrawals the seeded history holds (step 10's journal lines 部分提取, kind 11, with a
 * reason code and a business number TQ…) become completed applications of their kind, so that 提取历史 and the
 * journal tell the same story: the application (已办结, submitted and completed on the line's day, with its timeline),
 * the withdrawal row (reason code, amount paid, the demo card), the payment instruction (paid) and the receipt's
 * frozen facts with a verification code. Only lines of accounts with a hall login can have one (an application
 * belongs to a login); the others stay journal lines (documented in docs/api-withdrawals.md). Lines that already have
 * an application are left alone, so the step may run on any database.
 */

/** The kind a seeded reason code was withdrawn under, and the facts its form would have held. */
export const SEEDED_KINDS: Partial<Record<WithdrawalReason, { ywlx: string; facts: (grzh: string, day: string, yuan: string) => Record<string, unknown> }>> = {
  '01': {
    ywlx: 'TQ0101',
    facts: (grzh, day, yuan) => ({ gfht: `GF${day.replace(/-/g, '')}${grzh.slice(-4)}`, fwzl: '示范市历下区文化东路 8 号', gfrq: day, fwzj: yuan, dkje: '0', potq: false }),
  },
  '07': {
    ywlx: 'TQ0107',
    facts: (grzh, day) => ({ zlht: `ZL${day.replace(/-/g, '')}${grzh.slice(-4)}`, zldz: '示范市历下区解放路 12 号', yzj: '1500', zlqsrq: `${day.slice(0, 4)}-01-01`, zlzzrq: `${day.slice(0, 4)}-12-31`, wfsm: true }),
  },
};

/** The card the seeded withdrawals were paid to (ICBC, a valid check digit). */
export const SEEDED_CARD = { skyh: '102', skyhmc: '中国工商银行', skzh: '6222021234567890128' } as const;

export async function seedWithdrawalHistory(tx: Queryable): Promise<number> {
  const lines = await tx.query<{ ywbh: string; grzh: string; tqyy: string; fen: string; day: string; user_id: string; account_id: string; login: string; xingming: string }>(
    `select j.ywbh, j.account_no as grzh, j.tqyy, (-j.amount_fen)::text as fen, j.value_date::text as day,
            ua.user_id::text as user_id, ua.id::text as account_id, au.account as login, pa.xingming
       from journal_entry j
       join personal_account pa on pa.grzh = j.account_no
       join person_info pi on pi.grzh = j.account_no
       join user_account ua on ua.id = pi.account_id
       join app_user au on au.id = ua.user_id
      where j.kind = '11' and j.ywbh like 'TQ%' and j.tqyy is not null
        and not exists (select 1 from application a where a.ywbh = j.ywbh)
      order by j.value_date, j.ywbh`,
  );
  let made = 0;
  for (const l of lines) {
    if (!isWithdrawalReason(l.tqyy)) continue;
    const kind = SEEDED_KINDS[l.tqyy];
    const business = kind && withdrawalOf(kind.ywlx);
    if (!kind || !business) continue;
    const yuan = (Number(l.fen) / 100).toFixed(2);
    const payload: Record<string, unknown> = { ...kind.facts(l.grzh, l.day, yuan), tqje: yuan, skyh: SEEDED_CARD.skyh, skzh: SEEDED_CARD.skzh, skrxm: l.xingming };
    const submitted = new Date(`${l.day}T09:00:00+08:00`);
    const completed = new Date(`${l.day}T15:00:00+08:00`);
    const [app] = await tx.query<{ id: string }>(
      `insert into application (ywbh, ywlx, zt, user_id, account_id, login, zh, payload, created_at, submitted_at, promised_date, time_limit_days, updated_at)
       values ($1, $2, '03', $3, $4, $5, $6, $7, $8, $8, $9::date, $10, $11) returning id::text as id`,
      [l.ywbh, business.ywlx, l.user_id, l.account_id, l.login, l.grzh, JSON.stringify(payload), submitted, l.day, business.timeLimitDays, completed],
    );
    const automatic = business.automatic !== undefined;
    await tx.query(
      `insert into application_event (application_id, at, from_zt, zt, actor_kind, actor, actor_name, note) values
         ($1, $2, '00', '01', 'applicant', $3, $4, ''),
         ($1, $5, '01', '03', $6, $7, $8, $9)`,
      [app!.id, submitted, l.login, l.xingming, completed, automatic ? 'system' : 'centre', automatic ? 'auto' : 'seed', automatic ? '系统自动办理' : '王经办', automatic ? '额度内自动办结' : '审核通过'],
    );
    await tx.query(
      `insert into withdrawal (ywbh, ywlx, grzh, tqyy, amount_fen, closing, ref, skyh, skyhmc, skzh, skrxm, paid_fen, paid_on, created_at, updated_at)
       values ($1, $2, $3, $4, $5, false, $6, $7, $8, $9, $10, $5, $11::date, $12, $13)`,
      [l.ywbh, business.ywlx, l.grzh, l.tqyy, l.fen, l.tqyy === '01' ? `GF:${String(payload.gfht)}` : '', SEEDED_CARD.skyh, SEEDED_CARD.skyhmc, SEEDED_CARD.skzh, l.xingming, l.day, submitted, completed],
    );
    await tx.query(
      `insert into payment_instruction (ywbh, grzh, amount_fen, skyh, skzh, skrxm, state, created_at, settled_at)
       values ($1, $2, $3, $4, $5, $6, 'paid', $7, $7) on conflict (ywbh) do nothing`,
      [l.ywbh, l.grzh, l.fen, SEEDED_CARD.skyh, SEEDED_CARD.skzh, l.xingming, completed],
    );
    await freezeReceipt(
      tx,
      { ywbh: l.ywbh, ywmc: business.ywmc, tqyy: l.tqyy, closing: false, grzh: l.grzh, skyhmc: SEEDED_CARD.skyhmc, skzh: SEEDED_CARD.skzh },
      { amountFen: BigInt(l.fen), interestFen: 0n, paidOn: l.day, at: completed },
    );
    made += 1;
  }
  return made;
}
