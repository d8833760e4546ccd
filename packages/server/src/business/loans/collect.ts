import type { Db, Queryable } from '../../db/db';
import { postMovement } from '../../records/journal';
import { RecordsError } from '../../records/money';
import { LOAN_STATUS, readLoanParams } from './params';

/**
 * The monthly collection command (docs/api-loans.md › 按月扣款): for every instalment due by `runDate` and not yet
 * paid, first the offset from the provident accounts of a 签约冲还贷 agreement (journal kind 31 冲还贷 into C400, one
 * postMovement per account and period, interest first), then the rest from the repayment card, set-based in one
 * statement (the reference server's bank: every card pays except a loan marked card_debit_fails). What is still
 * unpaid on its due date becomes overdue (逾期); a late instalment collected later pays overdue interest per day of
 * the annual rate ÷ 360 × overdueFactor on its principal. Idempotent: each repayment has its key (ywbh, line), and a
 * paid period is never picked again, so a second run of a month collects nothing more.
 */

export interface CollectionReport {
  runDate: string;
  offsets: number;
  offsetFen: bigint;
  /** Offsets not taken because the account refused the movement (frozen, closed …). */
  offsetsRefused: number;
  cardPayments: number;
  cardFen: bigint;
  overduePeriods: number;
  settledLoans: number;
}

/** The repayment key of a period: 'HK' + loan account + period (3 digits); line 1.. offsets by account, 90 the card. */
export const repaymentYwbh = (dkzh: string, period: number) => `HK${dkzh}${String(period).padStart(3, '0')}`;
export const CARD_LINE = 90;

/** Offsets (per account, through postMovement) for the instalments due by runDate of loans with an agreement. */
async function postOffsets(tx: Queryable, runDate: string): Promise<Pick<CollectionReport, 'offsets' | 'offsetFen' | 'offsetsRefused'>> {
  const rows = await tx.query<{ dkzh: string; period: number; p: string; i: string; grzh: string; seq: number; balance: string }>(
    `select s.dkzh, s.period, (s.principal_fen - s.paid_principal_fen)::text as p, (s.interest_fen - s.paid_interest_fen)::text as i,
            o.grzh, o.seq, a.balance_fen::text as balance
       from loan_offset o
       join loan l on l.dkzh = o.dkzh and l.status <> '3'
       join loan_schedule s on s.dkzh = o.dkzh and s.status <> '1' and s.due_date <= $1::date
       join personal_account a on a.grzh = o.grzh
      where o.stopped_on is null
      order by s.dkzh, s.period, o.seq`,
    [runDate],
  );
  const balances = new Map<string, bigint>();
  const left = new Map<string, { p: bigint; i: bigint }>();
  let offsets = 0;
  let offsetFen = 0n;
  let offsetsRefused = 0;
  for (const r of rows) {
    const key = `${r.dkzh}/${r.period}`;
    const due = left.get(key) ?? { p: BigInt(r.p), i: BigInt(r.i) };
    left.set(key, due);
    const balance = balances.get(r.grzh) ?? BigInt(r.balance);
    const take = [due.p + due.i, balance].reduce((a, b) => (a < b ? a : b));
    if (take <= 0n) continue;
    const ti = take < due.i ? take : due.i;
    const tp = take - ti;
    try {
      const posted = await postMovement(tx, { accountNo: r.grzh, amountFen: -take, kind: '31', ywbh: repaymentYwbh(r.dkzh, r.period), line: r.seq, valueDate: runDate, note: `冲还贷 ${r.dkzh} 第${r.period}期` });
      balances.set(r.grzh, posted.balanceFen);
      if (posted.replayed) continue;
    } catch (e) {
      if (e instanceof RecordsError) {
        offsetsRefused++;
        continue;
      }
      throw e;
    }
    await tx.query(
      `insert into loan_repayment (dkzh, period, ywbh, line, pay_date, principal_fen, interest_fen, source) values ($1, $2, $3, $4, $5, $6, $7, 'offset')`,
      [r.dkzh, r.period, repaymentYwbh(r.dkzh, r.period), r.seq, runDate, String(tp), String(ti)],
    );
    await tx.query(
      `update loan_schedule set paid_principal_fen = paid_principal_fen + $3, paid_interest_fen = paid_interest_fen + $4,
              status = case when paid_principal_fen + $3 = principal_fen and paid_interest_fen + $4 = interest_fen then '1' else status end
        where dkzh = $1 and period = $2`,
      [r.dkzh, r.period, String(tp), String(ti)],
    );
    await tx.query('update loan set balance_fen = balance_fen - $2 where dkzh = $1', [r.dkzh, String(tp)]);
    due.p -= tp;
    due.i -= ti;
    offsets++;
    offsetFen += take;
  }
  return { offsets, offsetFen, offsetsRefused };
}

/**
 * The card's part, set-based: one statement inserts the repayments, marks the periods paid and lowers the balances.
 * The overdue interest of a late period: its principal × annual rate ÷ 36000 × overdueFactor × days late, to the fen.
 */
async function collectCards(tx: Queryable, runDate: string): Promise<Pick<CollectionReport, 'cardPayments' | 'cardFen'>> {
  const [r] = await tx.query<{ n: string; fen: string }>(
    `with due as (
       select s.dkzh, s.period, s.principal_fen - s.paid_principal_fen as p, s.interest_fen - s.paid_interest_fen as i,
              round((s.principal_fen - s.paid_principal_fen) * l.annual_rate / 36000 * $2::numeric * greatest($1::date - s.due_date, 0))::bigint as od
         from loan_schedule s join loan l on l.dkzh = s.dkzh
        where s.status <> '1' and s.due_date <= $1::date and l.status <> '3' and not l.card_debit_fails
     ), paid as (
       insert into loan_repayment (dkzh, period, ywbh, line, pay_date, principal_fen, interest_fen, overdue_interest_fen, source)
       select dkzh, period, 'HK' || dkzh || lpad(period::text, 3, '0'), ${CARD_LINE}, $1::date, p, i, od, 'card' from due
       on conflict (ywbh, line) do nothing
       returning dkzh, period, principal_fen, interest_fen, overdue_interest_fen
     ), periods as (
       update loan_schedule s set paid_principal_fen = s.principal_fen, paid_interest_fen = s.interest_fen, status = '1'
         from paid where s.dkzh = paid.dkzh and s.period = paid.period
       returning s.dkzh
     ), loans as (
       update loan l set balance_fen = l.balance_fen - t.p
         from (select dkzh, sum(principal_fen) as p from paid group by dkzh) t
        where l.dkzh = t.dkzh
       returning l.dkzh
     )
     select count(*)::text as n, coalesce(sum(principal_fen + interest_fen + overdue_interest_fen), 0)::text as fen from paid`,
    [runDate, String((await readLoanParams(tx)).overdueFactor)],
  );
  return { cardPayments: Number(r!.n), cardFen: BigInt(r!.fen) };
}

/** Overdue periods and the loans' statuses, set-based: 2 逾期 with an overdue period, 3 结清 when all is paid. */
async function markStatuses(tx: Queryable, runDate: string): Promise<Pick<CollectionReport, 'overduePeriods' | 'settledLoans'>> {
  const overdue = await tx.query(
    `update loan_schedule s set status = '2' from loan l
      where l.dkzh = s.dkzh and l.status <> '3' and s.status = '0' and s.due_date <= $1::date returning 1`,
    [runDate],
  );
  // Only the loans whose status changes are written.
  await tx.query(
    `update loan l set status = x.s
       from (select l2.dkzh, case when exists (select 1 from loan_schedule s where s.dkzh = l2.dkzh and s.status = '2')
                                  then '${LOAN_STATUS.overdue}' else '${LOAN_STATUS.normal}' end as s
               from loan l2 where l2.status <> '3') x
      where l.dkzh = x.dkzh and l.status <> x.s`,
  );
  const settled = await tx.query(
    `update loan l set status = '${LOAN_STATUS.settled}', settled_date = $1::date
      where l.status <> '3' and l.balance_fen = 0 and not exists (select 1 from loan_schedule s where s.dkzh = l.dkzh and s.status <> '1') returning 1`,
    [runDate],
  );
  return { overduePeriods: overdue.length, settledLoans: settled.length };
}

/**
 * Runs the monthly collection for every loan, as of `runDate` (YYYY-MM-DD), in one transaction.
 *
 * @example const report = await collectInstalments(db, '2026-12-26', new Date())
 */
export async function collectInstalments(db: Db, runDate: string, at: Date): Promise<CollectionReport> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(runDate)) throw new RecordsError('扣款日期格式不正确');
  return db.transaction(async (tx) => {
    const offsets = await postOffsets(tx, runDate);
    const cards = await collectCards(tx, runDate);
    const statuses = await markStatuses(tx, runDate);
    await tx.query(
      `insert into loan_collection_run (month, runs, last_run_at) values ($1, 1, $2)
       on conflict (month) do update set runs = loan_collection_run.runs + 1, last_run_at = $2`,
      [runDate.slice(0, 4) + runDate.slice(5, 7), at],
    );
    return { runDate, ...offsets, ...cards, ...statuses };
  });
}
