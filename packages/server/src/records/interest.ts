import type { Db, Queryable } from '../db/db';
import { getAccount } from './accounts';
import { postMovement } from './journal';
import { ACCOUNT_STATUS, type WithdrawalReason } from './kinds';
import { RecordsError } from './money';

/**
 * How interest is computed (docs/api-records.md): Σ daily balance × annual rate ÷ 100 ÷ divisor, exact, then rounded
 * once, half-up, to the fen. 360 is the PBoC day-rate convention the centres' systems use; 365 is allowed.
 * @example await settleInterest(db, 2026, { divisor: INTEREST_PARAMETERS.divisor })
 */
export const INTEREST_PARAMETERS = { divisor: 360, rounding: 'half-up', unit: 'fen' } as const;

/**
 * The interest of the accounts of `accounts` (a CTE yielding grzh, balance_fen) for the days after $1 (the period start,
 * a 30 June or the last settlement) up to and including $2 (the period end), divisor $3.
 *
 * Each day's balance is the balance at the start of that day (the closing balance of the day before); a movement on day
 * d counts from d + 1. The day counts at the rate in force on it; the part of the balance up to the balance carried
 * over at the period start earns the carried-over rate, the rest (this period's deposits) the current rate.
 */
function interestSql(accounts: string): string {
  return `
  acct as (${accounts}),
  mv as (
    select j.account_no, j.value_date, j.id, j.balance_after_fen, j.amount_fen
      from acct a join journal_entry j on j.account_no = a.grzh and j.value_date > $1::date and j.value_date <= $2::date
  ),
  -- Each account's first movement in the period: the balance before it is the one carried over.
  firsts as (
    select distinct on (account_no) account_no, value_date as first_date, balance_after_fen - amount_fen as carried
      from mv order by account_no, value_date, id
  ),
  b0 as (
    -- No movement in the period: the balance before the first one after it (coalesce reads that only when needed).
    select a.grzh, f.first_date, coalesce(f.carried,
      (select e.balance_after_fen - e.amount_fen from journal_entry e
        where e.account_no = a.grzh and e.value_date > $2::date order by e.value_date, e.id limit 1),
      a.balance_fen) as carried
    from acct a left join firsts f on f.account_no = a.grzh
  ),
  seg as (
    select b0.grzh, b0.carried, b0.carried as bal, $1::date as d_from, coalesce(b0.first_date, $2::date) as d_to
      from b0
    union all
    select mv.account_no, b0.carried, mv.balance_after_fen, mv.value_date,
           lead(mv.value_date, 1, $2::date) over (partition by mv.account_no order by mv.value_date, mv.id)
      from mv join b0 on b0.grzh = mv.account_no
  ),
  rate as (
    -- Days (r_from, r_to] at this row's rates.
    select effective_date - 1 as r_from,
           coalesce(lead(effective_date) over (order by effective_date) - 1, 'infinity'::date) as r_to,
           current_rate, carried_rate
      from deposit_rate
  ),
  rated as (
    select s.grzh,
           (least(s.bal, s.carried)::numeric * r.carried_rate + (s.bal - least(s.bal, s.carried))::numeric * r.current_rate)
             * (least(s.d_to, r.r_to) - greatest(s.d_from, r.r_from)) as product,
           s.bal::numeric * (least(s.d_to, r.r_to) - greatest(s.d_from, r.r_from)) as jishu
      from seg s join rate r on r.r_from < s.d_to and r.r_to > s.d_from
     where s.bal <> 0 and s.d_to > s.d_from
  ),
  interest as (
    select a.grzh, a.balance_fen,
           coalesce(round(sum(r.product) / (100 * $3::numeric)), 0)::bigint as fen,
           coalesce(sum(r.jishu), 0) as jishu
      from acct a left join rated r on r.grzh = a.grzh
     group by a.grzh, a.balance_fen
  )`;
}

/**
 * The interest one account earns from `from` (exclusive: a 30 June or its last settlement) to `to` (inclusive), and
 * its 积数 (balance-days, fen × days). Reads only; closeAccount and settleInterest post it.
 * @example await interestFor(db, '201000000101', '2025-06-30', '2026-06-30') // { interestFen: 123456n, jishuFen: … }
 */
export async function interestFor(
  q: Queryable,
  grzh: string,
  from: string,
  to: string,
  divisor: number = INTEREST_PARAMETERS.divisor,
): Promise<{ interestFen: bigint; jishuFen: bigint }> {
  const [row] = await q.query<{ fen: string; jishu: string }>(
    `with ${interestSql('select grzh, balance_fen from personal_account where grzh = $4')}
     select fen::text as fen, jishu::text as jishu from interest`,
    [from, to, divisor, grzh],
  );
  if (!row) throw new RecordsError('个人账户不存在');
  return { interestFen: BigInt(row.fen), jishuFen: BigInt(row.jishu) };
}

export interface InterestRunReport {
  year: number;
  /** Accounts settled by this call (0 when the year had been settled already). */
  accounts: number;
  interestFen: bigint;
  batches: number;
  /** Accounts left out because an earlier year is not settled for them. */
  behind: number;
  /** The year's run as a whole (this call and any before it that were cut off). */
  total: { accounts: number; interestFen: bigint; status: 'running' | 'done' };
}

/**
 * Settles the interest of the year ending 30 June `year` for every open account, set-based in SQL: batches of
 * `batchSize` accounts by account number, each batch one transaction that posts the 结息 entries (key `JX{year}{grzh}`,
 * line 1), moves the balances and interest_settled_to, and records its progress in interest_run. Idempotent (a second
 * run finds nothing to do) and resumable (a run cut off carries on after its last committed batch).
 * @example await settleInterest(db, 2026, { batchSize: 5000 })
 */
export async function settleInterest(
  db: Db,
  year: number,
  options: { batchSize?: number; now?: Date; divisor?: number; maxBatches?: number } = {},
): Promise<InterestRunReport> {
  if (!Number.isInteger(year) || year < 2000 || year > 2200) throw new RecordsError('结息年度不正确');
  const batchSize = options.batchSize ?? 5000;
  const now = options.now ?? new Date();
  const start = `${year - 1}-06-30`;
  const end = `${year}-06-30`;
  const divisor = options.divisor ?? INTEREST_PARAMETERS.divisor;
  if (now.getTime() < Date.parse(`${end}T16:00:00Z`) - 24 * 3600 * 1000) {
    // Before 30 June in the centre's time zone (UTC+8): the year has not ended.
    throw new RecordsError(`未到 ${year} 年度结息时间（${end}）`);
  }
  await db.query(
    `insert into interest_run (year, status, started_at) values ($1, 'running', $2) on conflict (year) do nothing`,
    [year, now],
  );
  let sweepAfter = '';
  const report: InterestRunReport = { year, accounts: 0, interestFen: 0n, batches: 0, behind: 0, total: { accounts: 0, interestFen: 0n, status: 'running' } };
  for (;;) {
    if (options.maxBatches !== undefined && report.batches >= options.maxBatches) break;
    const batch = await db.transaction(async (tx) => {
      const [run] = await tx.query<{ status: string; last_grzh: string }>('select status, last_grzh from interest_run where year = $1 for update', [year]);
      // A finished year is swept once more from the start: an account that was behind then (its earlier year since
      // settled) is paid now; everyone else is excluded by interest_settled_to, so nothing is paid twice.
      const sweeping = run!.status === 'done';
      const { accounts, last, total } = await settleBatch(tx, year, sweeping ? sweepAfter : run!.last_grzh, batchSize, divisor);
      if (accounts === 0) {
        if (!sweeping) await tx.query(`update interest_run set status = 'done', finished_at = $2 where year = $1`, [year, now]);
        return undefined;
      }
      if (sweeping) sweepAfter = last ?? sweepAfter;
      await tx.query(
        `update interest_run set last_grzh = case when status = 'done' then last_grzh else $2 end, accounts = accounts + $3,
                interest_fen = interest_fen + $4, batches = batches + 1 where year = $1`,
        [year, last, accounts, String(total)],
      );
      return { accounts, total };
    });
    if (!batch) break;
    report.accounts += batch.accounts;
    report.interestFen += batch.total;
    report.batches += 1;
  }
  const [behind] = await db.query<{ n: string }>(
    `select count(*)::text as n from personal_account where grzhzt <> '99' and interest_settled_to < $1::date`,
    [start],
  );
  report.behind = Number(behind!.n);
  const [run] = await db.query<{ accounts: string; interest_fen: string; status: 'running' | 'done' }>(
    'select accounts::text as accounts, interest_fen::text as interest_fen, status from interest_run where year = $1',
    [year],
  );
  report.total = { accounts: Number(run!.accounts), interestFen: BigInt(run!.interest_fen), status: run!.status };
  return report;
}

/**
 * One batch of a year's settlement, inside the caller's transaction: the next `batchSize` open accounts after `after`
 * (by account number) whose interest is paid up to a date in the period get their 结息 entry (when it is above zero)
 * and interest_settled_to = 30 June. The demo seed calls it directly; everything else goes through settleInterest.
 * @example await db.transaction((tx) => settleBatch(tx, 2026, '', 5000))
 */
export async function settleBatch(
  tx: Queryable,
  year: number,
  after: string,
  batchSize: number,
  divisor: number = INTEREST_PARAMETERS.divisor,
): Promise<{ accounts: number; last: string | null; total: bigint }> {
  const start = `${year - 1}-06-30`;
  const end = `${year}-06-30`;
  const [row] = await tx.query<{ accounts: string; last: string | null; total: string }>(
        `with ${interestSql(
          `select grzh, balance_fen from personal_account
            where grzh > $5 and grzhzt <> '99' and interest_settled_to >= $1::date and interest_settled_to < $2::date
            order by grzh limit $6 for update`,
        )},
        posted as (
          insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, balance_after_fen, note)
          select grzh, 'C200', fen, '09', 'JX' || $4::text || grzh, 1, $2::date, balance_fen + fen, $4::text || '年度结息'
            from interest where fen > 0
          on conflict (ywbh, line) do nothing
          returning account_no, amount_fen
        ),
        moved as (
          update personal_account p
             set balance_fen = p.balance_fen + coalesce(x.amount_fen, 0),
                 last_value_date = case when x.amount_fen is null then p.last_value_date else $2::date end,
                 interest_settled_to = $2::date
            from acct a left join posted x on x.account_no = a.grzh
           where p.grzh = a.grzh
          returning p.grzh
        )
        select (select count(*) from moved)::text as accounts, (select max(grzh) from acct) as last,
               (select coalesce(sum(amount_fen), 0) from posted)::text as total`,
        [start, end, divisor, String(year), after, batchSize],
      );
  const total = BigInt(row!.total);
  if (total !== 0n) await tx.query(`update centre_account set balance_fen = balance_fen - $1 where code = 'C200'`, [String(total)]);
  return { accounts: Number(row!.accounts), last: row!.last, total };
}

/**
 * Closes an account: interest from its last settlement to `date` (销户结息, line 1), then the whole balance paid out
 * (销户提取 or 转出, line 2), status 99. Inside the caller's transaction.
 * @example await db.transaction((tx) => closeAccount(tx, '201000000305', { date: '2026-10-20', ywbh: 'TQ20261020000001', reason: 'withdrawal' }))
 */
export async function closeAccount(
  tx: Queryable,
  grzh: string,
  c: { date: string; ywbh: string; reason: 'withdrawal' | 'transfer' | 'merge'; withdrawalReason?: WithdrawalReason },
): Promise<{ interestFen: bigint; paidFen: bigint }> {
  const account = await getAccount(tx, grzh, { forUpdate: true });
  if (!account) throw new RecordsError('个人账户不存在');
  if (account.grzhzt === ACCOUNT_STATUS.closed) throw new RecordsError('个人账户已销户');
  if (account.lastValueDate && c.date < account.lastValueDate) throw new RecordsError(`销户日期不能早于最近一笔记账日期 ${account.lastValueDate}`);
  const { interestFen } = await interestFor(tx, grzh, account.interestSettledTo, c.date);
  if (interestFen > 0n) {
    await postMovement(tx, { accountNo: grzh, amountFen: interestFen, kind: '10', ywbh: c.ywbh, line: 1, valueDate: c.date, note: '销户结息' }, { internal: true });
  }
  const balance = account.balanceFen + interestFen;
  if (balance > 0n) {
    await postMovement(
      tx,
      { accountNo: grzh, amountFen: -balance, kind: c.reason === 'withdrawal' ? '12' : '22', ywbh: c.ywbh, line: 2, valueDate: c.date, note: '销户',
        ...(c.reason === 'withdrawal' && c.withdrawalReason ? { reason: c.withdrawalReason } : {}) },
      { internal: true },
    );
  }
  await tx.query(`update personal_account set grzhzt = '99', close_reason = $2, xhrq = $3, interest_settled_to = $3 where grzh = $1`, [grzh, c.reason, c.date]);
  return { interestFen, paidFen: balance };
}
