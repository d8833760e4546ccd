import type { Db, Queryable } from '../../db/db';
import { ApiError } from '../../http/envelope';
import { readWithdrawalParams, yuanParamFen } from './params';

/**
 * Rent by standing order (按月/按季租房提取, docs/api-withdrawals.md): the agreement and the command that pays a period
 * for every active agreement set-based, one statement per step. A run is idempotent: a second run of the same period pays
 * nothing (rent_standing_payment's key is the agreement and the period). Each payment is a 部分提取 journal line with
 * reason 07 (balance and centre account moved in the same transaction), a payment instruction and an SMS notice.
 */

export interface StandingOrderInput {
  grzh: string;
  zlht: string;
  zlzzrq: string;
  pl: 'M' | 'Q';
  amountFen: bigint;
  skyh: string;
  skzh: string;
  skrxm: string;
}

/** Signs an agreement (one active per account). */
export async function signStandingOrder(tx: Queryable, input: StandingOrderInput, at: Date): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into rent_standing_order (grzh, zlht, zlzzrq, pl, amount_fen, skyh, skzh, skrxm, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (grzh) where state = 'active' do nothing returning id::text as id`,
    [input.grzh, input.zlht, input.zlzzrq, input.pl, String(input.amountFen), input.skyh, input.skzh, input.skrxm, at],
  );
  if (!row) throw new ApiError(409, '您已有一份生效的按月/按季租房提取协议，请先终止后再签订');
  return row.id;
}

/** The depositor stops the agreement at any time. */
export async function stopStandingOrder(tx: Queryable, grzh: string, at: Date): Promise<boolean> {
  const rows = await tx.query(`update rent_standing_order set state = 'stopped', stop_reason = 'applicant', stopped_at = $2 where grzh = $1 and state = 'active' returning 1`, [grzh, at]);
  return rows.length > 0;
}

export interface StandingRunReport {
  paid: number;
  paidFen: bigint;
  stopped: number;
}

/**
 * Pays the period `date` falls in for every active agreement, set-based, one statement per step (the due
 * agreements are computed once into a temporary table, then each step is one statement joining it): agreements whose lease has ended or whose
 * account is not normal stop; the others pay min(the agreement's amount, the year's quota left, the balance less
 * the holds of withdrawals in progress), the quota counted as TQ0107 counts it (the household's, the spouse's rent
 * withdrawals and rent applications in progress included, where the centre's quota is per household); an agreement
 * with no quota left stops. Monthly agreements pay every month, quarterly ones in January, April, July and October. Run twice for a period, it pays once.
 *
 * @example await payStandingOrders(db, '2026-12-10', new Date())
 */
export async function payStandingOrders(db: Db, date: string, at: Date): Promise<StandingRunReport> {
  const period = date.slice(0, 4) + date.slice(5, 7);
  const yearFrom = `${date.slice(0, 4)}-01-01`;
  const yearTo = `${date.slice(0, 4)}-12-31`;
  return db.transaction(async (tx) => {
    const p = await readWithdrawalParams(tx);
    // The accounts' rows first, in one order: every hold and every movement takes the same lock. The spouses' accounts
    // too when the quota is per household: a spouse's rent withdrawal submitted meanwhile waits for this run (or this
    // run reads its hold), so the two never take the household's quota twice.
    await tx.query(
      `select 1 from personal_account
        where grzh in (select grzh from rent_standing_order where state = 'active')
           or ($1::boolean and zjhm in (select pd.pozjhm from rent_standing_order o join person_info pi on pi.grzh = o.grzh
                                          join person_detail pd on pd.account_id = pi.account_id
                                         where o.state = 'active' and pd.hyzk like '2%' and pd.pozjhm <> ''))
        order by grzh for update`,
      [p.rentQuotaPerHousehold],
    );
    // 1. Agreements whose lease has ended or whose account is not normal stop.
    const stopped = await tx.query(
      `update rent_standing_order o
          set state = 'stopped', stop_reason = case when o.zlzzrq < $1::date then 'lease_end' else 'sealed' end, stopped_at = $2
         from personal_account a
        where o.state = 'active' and a.grzh = o.grzh and (o.zlzzrq < $1::date or a.grzhzt <> '01')
        returning o.id`,
      [date, at],
    );
    // 2. What is due this period, computed once into a table of its own before anything is paid: the statements
    //    that pay never scan the table they write (the single statement this replaces re-read rent_standing_payment,
    //    growing under its own inserts, once per agreement: quadratic; docs/api-withdrawals.md › benchmark).
    // What this period already paid (a second run), read through rent_standing_payment_period into a table with its
    // own statistics, so the anti-join below is a hash join however stale the payments' statistics are.
    await tx.query(
      'create temp table standing_done on commit drop as select order_id from rent_standing_payment where period = $1',
      [period],
    );
    await tx.query('analyze standing_done');
    await tx.query(
      `create temp table standing_due on commit drop as
       select o.id, o.grzh, o.skyh, o.skzh, o.skrxm, a.balance_fen,
              least(o.amount_fen, q.quota - coalesce(u.used, 0), a.balance_fen - coalesce(h.held, 0)) as pay,
              q.quota - coalesce(u.used, 0) as left_fen
         from rent_standing_order o
         join personal_account a on a.grzh = o.grzh
         left join lateral (select pd.hyzk, pd.pozjhm from person_info pi join person_detail pd on pd.account_id = pi.account_id
                             where pi.grzh = o.grzh limit 1) d on true
         -- TQ0107's rentQuotaFen and householdOf: married (hyzk 2x) with the quota per household, the household's
         -- quota, shared with the spouse's accounts (person_detail.pozjhm) when a spouse is on record.
         cross join lateral (select $6::boolean and coalesce(d.hyzk, '') like '2%' as household) hh
         cross join lateral (select case when hh.household then $5::bigint else $4::bigint end as quota,
                                    array[a.zjhm, case when hh.household and coalesce(d.pozjhm, '') <> '' then d.pozjhm end] as zjhms) q
         -- TQ0107's rentUsed: rent withdrawn (lines 11, reason 07) this year by the household's accounts, and rent held
         -- by their rent applications in progress.
         left join lateral (select sum(x.fen) as used from (
                              select -j.amount_fen as fen from personal_account ha join journal_entry j on j.account_no = ha.grzh
                               where ha.zjhm = any(q.zjhms) and j.value_date between $2::date and $3::date and j.kind = '11' and j.tqyy = '07'
                              union all
                              select w.amount_fen from personal_account ha join withdrawal w on w.grzh = ha.grzh
                                join application ap on ap.ywbh = w.ywbh
                               where ha.zjhm = any(q.zjhms) and w.tqyy = '07' and ap.zt in ('01', '02')) x) u on true
         left join lateral (select sum(w.amount_fen) as held from withdrawal w join application ap on ap.ywbh = w.ywbh
                             where w.grzh = o.grzh and ap.zt in ('01', '02')) h on true
        where o.state = 'active' and o.zlzzrq >= $1::date and a.grzhzt = '01'
          and (o.pl = 'M' or substr($7, 5, 2) in ('01', '04', '07', '10'))
          and (a.last_value_date is null or a.last_value_date <= $1::date)
          and a.interest_settled_to <= $1::date
          and $1::date <= make_date(extract(year from a.interest_settled_to)::int
                                    + case when to_char(a.interest_settled_to, 'MM-DD') < '06-30' then 0 else 1 end, 6, 30)
          and not exists (select 1 from standing_done x where x.order_id = o.id)`,
      [date, yearFrom, yearTo, String(yuanParamFen(p.rentYearQuotaSingleYuan)), String(yuanParamFen(p.rentYearQuotaHouseholdYuan)), p.rentQuotaPerHousehold, period],
    );
    await tx.query('analyze standing_due');
    // 3. An agreement with no quota left this year stops.
    const quotaStopped = await tx.query(
      `update rent_standing_order set state = 'stopped', stop_reason = 'quota', stopped_at = $1
        where id in (select id from standing_due where left_fen <= 0) returning id`,
      [at],
    );
    // 4. The payments (the key, agreement and period, makes a second run pay nothing).
    await tx.query('create temp table standing_paid (order_id bigint primary key, ywbh text not null, amount_fen bigint not null) on commit drop');
    await tx.query(
      `with paid as (
         insert into rent_standing_payment (order_id, period, ywbh, amount_fen, paid_on)
         select id, $1, 'ZFDK' || $1 || lpad(id::text, 12, '0'), pay, $2::date from standing_due where pay > 0
         on conflict do nothing
         returning order_id, ywbh, amount_fen
       )
       insert into standing_paid select order_id, ywbh, amount_fen from paid`,
      [period, date],
    );
    await tx.query('analyze standing_paid');
    // 5. The journal lines, 6. the balances, 7. the payment instructions, 8. the notices: one statement each.
    await tx.query(
      `insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, balance_after_fen, note, tqyy)
       select d.grzh, 'C100', -p.amount_fen, '11', p.ywbh, 1, $1::date, d.balance_fen - p.amount_fen, '部分提取（按月/按季租房）', '07'
         from standing_paid p join standing_due d on d.id = p.order_id`,
      [date],
    );
    await tx.query(
      `update personal_account pa set balance_fen = pa.balance_fen - p.amount_fen, last_value_date = $1::date
         from standing_paid p join standing_due d on d.id = p.order_id where pa.grzh = d.grzh`,
      [date],
    );
    await tx.query(
      `insert into payment_instruction (ywbh, grzh, amount_fen, skyh, skzh, skrxm, created_at)
       select p.ywbh, d.grzh, p.amount_fen, d.skyh, d.skzh, d.skrxm, $1 from standing_paid p join standing_due d on d.id = p.order_id`,
      [at],
    );
    await tx.query(
      `insert into sms_notice_queue (phone, text, created_at)
       select u.phone,
              '【住房公积金】您的按月/按季租房提取 ' || to_char(p.amount_fen / 100.0, 'FM999999990.00') || ' 元已于 ' || $1 || ' 转入尾号 '
                || right(d.skzh, 4) || ' 的银行卡，业务编号 ' || p.ywbh || '。',
              $2
         from standing_paid p join standing_due d on d.id = p.order_id
         join lateral (select au.phone from person_info pi join user_account ua on ua.id = pi.account_id join app_user au on au.id = ua.user_id
                        where pi.grzh = d.grzh and au.phone <> '' limit 1) u on true`,
      [date, at],
    );
    const [row] = await tx.query<{ paid: string; paid_fen: string }>(
      'select count(*)::text as paid, coalesce(sum(amount_fen), 0)::text as paid_fen from standing_paid',
    );
    const paidFen = BigInt(row!.paid_fen);
    if (paidFen > 0n) await tx.query(`update centre_account set balance_fen = balance_fen + $1 where code = 'C100'`, [String(paidFen)]);
    return { paid: Number(row!.paid), paidFen, stopped: stopped.length + quotaStopped.length };
  });
}
