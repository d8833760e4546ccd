import type { Queryable } from '../db/db';
import { getAccount } from './accounts';
import { ACCOUNT_STATUS, isClosedStatus, isWithdrawalReason, MOVEMENT_KINDS, type MovementKind, type WithdrawalReason } from './kinds';
import { RecordsError } from './money';

/** One movement of money on a personal account. */
export interface Movement {
  accountNo: string;
  /** Fen; positive into the account, negative out of it (the sign the kind requires). */
  amountFen: bigint | number;
  kind: MovementKind;
  /** The business number that caused it, and the line within that business: together the movement's unique key. */
  ywbh: string;
  line: number;
  /** The date it takes effect (记账日期), YYYY-MM-DD: never before the account's newest entry. */
  valueDate: string;
  /** The month a remittance or supplementary payment is for, YYYYMM. */
  period?: string;
  /** The withdrawal reason (dictionary TQYY): required for 部分提取 (11) and 销户提取 (12), refused for every other kind. */
  reason?: WithdrawalReason;
  note?: string;
}

/** The kinds that pay money out to the depositor and so carry a withdrawal reason. */
const WITHDRAWAL_KINDS: readonly MovementKind[] = ['11', '12'];

export interface Posted {
  entryId: string;
  /** The balance after this entry. */
  balanceFen: bigint;
  /** True when this (ywbh, line) had been posted already: nothing was posted now. */
  replayed: boolean;
}

/**
 * The first 30 June after `date` (YYYY-MM-DD): the end of the interest period that follows a settlement on `date`.
 * @example periodEnd('2026-06-30') // '2027-06-30'
 */
export function periodEnd(date: string): string {
  const year = Number(date.slice(0, 4));
  return date.slice(5) < '06-30' ? `${year}-06-30` : `${year + 1}-06-30`;
}

/**
 * Posts one movement, inside the caller's transaction: the entry, the account's balance and the centre account's
 * balance change together. A replay of the same (ywbh, line) posts nothing and answers the first entry.
 * @example await db.transaction((tx) => postMovement(tx, { accountNo: '201000000101', amountFen: 192000n, kind: '01', ywbh: 'HJ100200300001202611', line: 1, valueDate: '2026-11-10', period: '202611' }))
 */
export async function postMovement(tx: Queryable, m: Movement, options: { internal?: boolean } = {}): Promise<Posted> {
  const amount = BigInt(m.amountFen);
  const kind = MOVEMENT_KINDS[m.kind];
  if (!kind) throw new RecordsError(`未知的资金变动类型：${String(m.kind)}`);
  if (amount === 0n) throw new RecordsError('发生额不能为零');
  if ((kind.sign === 1 && amount < 0n) || (kind.sign === -1 && amount > 0n)) {
    throw new RecordsError(`${kind.name}的发生额方向不正确`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(m.valueDate)) throw new RecordsError('记账日期格式不正确');
  if (WITHDRAWAL_KINDS.includes(m.kind)) {
    if (!isWithdrawalReason(m.reason)) throw new RecordsError(`${kind.name}须注明提取原因`);
  } else if (m.reason !== undefined) {
    throw new RecordsError(`${kind.name}不记提取原因`);
  }
  // The row lock serializes every movement of one account, replays included.
  const account = await getAccount(tx, m.accountNo, { forUpdate: true });
  if (!account) throw new RecordsError('个人账户不存在');

  const [done] = await tx.query<{ id: string; account_no: string; amount_fen: string; balance_after_fen: string }>(
    `select id::text as id, account_no, amount_fen::text as amount_fen, balance_after_fen::text as balance_after_fen
       from journal_entry where ywbh = $1 and line = $2`,
    [m.ywbh, m.line],
  );
  if (done) {
    if (done.account_no !== m.accountNo || BigInt(done.amount_fen) !== amount) {
      throw new RecordsError(`业务 ${m.ywbh} 第 ${m.line} 行已入账为另一笔资金变动`, 409);
    }
    return { entryId: done.id, balanceFen: BigInt(done.balance_after_fen), replayed: true };
  }

  if (isClosedStatus(account.grzhzt)) throw new RecordsError('个人账户已销户，不能入账');
  if (!options.internal) {
    if (account.grzhzt === ACCOUNT_STATUS.frozen && amount < 0n) throw new RecordsError('个人账户已冻结，不能支取');
    if (account.grzhzt === ACCOUNT_STATUS.other && amount < 0n) throw new RecordsError('个人账户状态异常，不能支取，请到中心柜台咨询');
    if (account.grzhzt === ACCOUNT_STATUS.sealed && m.kind === '01') throw new RecordsError('个人账户已封存，不能汇缴，请先办理启封');
  }
  if (account.lastValueDate && m.valueDate < account.lastValueDate) {
    throw new RecordsError(`记账日期 ${m.valueDate} 早于该账户最近一笔记账日期 ${account.lastValueDate}`);
  }
  // A movement on the settlement day itself earns from the next day, so it belongs to the next period.
  if (m.valueDate < account.interestSettledTo) {
    throw new RecordsError(`记账日期 ${m.valueDate} 不能早于已结息日 ${account.interestSettledTo}`);
  }
  if (m.valueDate > periodEnd(account.interestSettledTo)) {
    throw new RecordsError(`该账户 ${periodEnd(account.interestSettledTo).slice(0, 4)} 年度尚未结息，暂不能入账`, 409);
  }
  const balance = account.balanceFen + amount;
  if (balance < 0n) throw new RecordsError('账户余额不足');

  const [entry] = await tx.query<{ id: string }>(
    `insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, period, balance_after_fen, note, tqyy)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id::text as id`,
    [m.accountNo, kind.contra, String(amount), m.kind, m.ywbh, m.line, m.valueDate, m.period ?? null, String(balance), m.note ?? '', m.reason ?? null],
  );
  await tx.query('update personal_account set balance_fen = $2, last_value_date = $3 where grzh = $1', [m.accountNo, String(balance), m.valueDate]);
  await tx.query('update centre_account set balance_fen = balance_fen - $2 where code = $1', [kind.contra, String(amount)]);
  return { entryId: entry!.id, balanceFen: balance, replayed: false };
}

/** One line of a batch: the account, the amount and the line number within the batch's business. */
export interface BatchLine {
  accountNo: string;
  amountFen: bigint;
  line: number;
}

/**
 * Posts one business's movements of one kind to many accounts at once, set-based, inside the caller's transaction:
 * what `postMovement` does for one line, in a handful of statements for any number of lines (a unit's remittance of
 * 50,000 employees). Every account is locked in account order; every rule of `postMovement` is checked for every line
 * in one query, and the first broken one refuses the whole batch (nothing is posted). Idempotent: lines of
 * (ywbh, line) posted already are replays (the same account and amount, else 409) and post nothing again.
 * @example await db.transaction((tx) => postMovements(tx, { kind: '01', ywbh: 'GJ02012026120700000001', valueDate: '2026-12-07', period: '202611', note: '汇缴' }, lines))
 */
export async function postMovements(
  tx: Queryable,
  batch: { kind: MovementKind; ywbh: string; valueDate: string; period?: string; note?: string },
  lines: readonly BatchLine[],
): Promise<{ posted: number; replayed: number; totalFen: bigint }> {
  const kind = MOVEMENT_KINDS[batch.kind];
  if (!kind) throw new RecordsError(`未知的资金变动类型：${String(batch.kind)}`);
  if (WITHDRAWAL_KINDS.includes(batch.kind)) throw new RecordsError(`${kind.name}须逐笔注明提取原因，不能批量入账`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(batch.valueDate)) throw new RecordsError('记账日期格式不正确');
  if (lines.length === 0) return { posted: 0, replayed: 0, totalFen: 0n };
  for (const l of lines) {
    if (l.amountFen === 0n) throw new RecordsError('发生额不能为零');
    if ((kind.sign === 1 && l.amountFen < 0n) || (kind.sign === -1 && l.amountFen > 0n)) throw new RecordsError(`${kind.name}的发生额方向不正确`);
  }
  const accounts = lines.map((l) => l.accountNo);
  const amounts = lines.map((l) => String(l.amountFen));
  const numbers = lines.map((l) => l.line);
  if (new Set(accounts).size !== accounts.length || new Set(numbers).size !== numbers.length) {
    throw new RecordsError('同一批次中账户或行号重复');
  }
  const input = `select * from unnest($1::text[], $2::bigint[], $3::int[]) as m(account_no, amount_fen, line)`;
  // The row locks, in account order (two batches never wait on each other crosswise).
  await tx.query('select 1 from personal_account where grzh = any($1::text[]) order by grzh for update', [accounts]);
  // Replays: the same (ywbh, line) must be the same account and amount.
  const [clash] = await tx.query<{ line: number }>(
    `select j.line from (${input}) m join journal_entry j on j.ywbh = $4 and j.line = m.line
      where j.account_no <> m.account_no or j.amount_fen <> m.amount_fen limit 1`,
    [accounts, amounts, numbers, batch.ywbh],
  );
  if (clash) throw new RecordsError(`业务 ${batch.ywbh} 第 ${clash.line} 行已入账为另一笔资金变动`, 409);
  // Every rule of postMovement, for every new line at once; the first broken one is the answer.
  const [broken] = await tx.query<{ problem: string; grzh: string; detail: string | null }>(
    `select m.account_no as grzh,
            case when p.grzh is null then 'missing'
                 when p.grzhzt in ('03', '04', '05') then 'closed'
                 when p.grzhzt = '06' and m.amount_fen < 0 then 'frozen'
                 when p.grzhzt = '99' and m.amount_fen < 0 then 'other'
                 when p.grzhzt = '02' and $5 = '01' then 'sealed'
                 when p.last_value_date is not null and $6::date < p.last_value_date then 'before-last'
                 when $6::date < p.interest_settled_to then 'before-settled'
                 when $6::date > (case when to_char(p.interest_settled_to, 'MM-DD') < '06-30'
                                       then make_date(extract(year from p.interest_settled_to)::int, 6, 30)
                                       else make_date(extract(year from p.interest_settled_to)::int + 1, 6, 30) end) then 'unsettled'
                 when p.balance_fen + m.amount_fen < 0 then 'balance'
            end as problem,
            coalesce(p.last_value_date, p.interest_settled_to)::text as detail
       from (${input}) m left join personal_account p on p.grzh = m.account_no
      where not exists (select 1 from journal_entry j where j.ywbh = $4 and j.line = m.line)
      order by 2 nulls last, m.line limit 1`,
    [accounts, amounts, numbers, batch.ywbh, batch.kind, batch.valueDate],
  );
  if (broken?.problem) {
    const messages: Record<string, string> = {
      missing: '个人账户不存在',
      closed: '个人账户已销户，不能入账',
      frozen: '个人账户已冻结，不能支取',
      other: '个人账户状态异常，不能支取，请到中心柜台咨询',
      sealed: '个人账户已封存，不能汇缴，请先办理启封',
      'before-last': `记账日期 ${batch.valueDate} 早于该账户最近一笔记账日期 ${broken.detail}`,
      'before-settled': `记账日期 ${batch.valueDate} 不能早于已结息日 ${broken.detail}`,
      unsettled: '该账户上一年度尚未结息，暂不能入账',
      balance: '账户余额不足',
    };
    throw new RecordsError(`个人账户 ${broken.grzh}：${messages[broken.problem] ?? broken.problem}`, broken.problem === 'unsettled' ? 409 : 400);
  }
  const [row] = await tx.query<{ posted: string; total: string }>(
    `with m as (${input}),
     posted as (
       insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, period, balance_after_fen, note)
       select m.account_no, $5, m.amount_fen, $6, $4, m.line, $7::date, $8, p.balance_fen + m.amount_fen, $9
         from m join personal_account p on p.grzh = m.account_no
       on conflict (ywbh, line) do nothing
       returning account_no, amount_fen
     ),
     moved as (
       update personal_account p set balance_fen = p.balance_fen + x.amount_fen, last_value_date = $7::date
         from posted x where p.grzh = x.account_no
       returning 1
     )
     select (select count(*) from moved)::text as posted, (select coalesce(sum(amount_fen), 0) from posted)::text as total`,
    [accounts, amounts, numbers, batch.ywbh, kind.contra, batch.kind, batch.valueDate, batch.period ?? null, batch.note ?? ''],
  );
  const total = BigInt(row!.total);
  if (total !== 0n) await tx.query('update centre_account set balance_fen = balance_fen - $2 where code = $1', [kind.contra, String(total)]);
  const posted = Number(row!.posted);
  return { posted, replayed: lines.length - posted, totalFen: total };
}

/** Where a page of the journal ended: the next page starts after it. */
export interface JournalCursor {
  valueDate: string;
  id: string;
}

export interface JournalRow {
  id: string;
  valueDate: string;
  kind: MovementKind;
  kindName: string;
  amountFen: bigint;
  balanceFen: bigint;
  ywbh: string;
  line: number;
  period: string | null;
  /** The withdrawal reason (dictionary TQYY) of a 部分提取 or 销户提取 entry; null for every other kind. */
  tqyy: WithdrawalReason | null;
  note: string;
}

/**
 * One page of an account's journal, newest first, read through the index (account_no, value_date, id): keyset paging,
 * so page 1000 costs what page 1 does.
 * @example const { rows, next } = await listJournal(db, '201000000101', { from: '2025-01-01', limit: 20 })
 */
export async function listJournal(
  q: Queryable,
  accountNo: string,
  options: { from?: string; to?: string; after?: JournalCursor; limit?: number } = {},
): Promise<{ rows: JournalRow[]; next?: JournalCursor }> {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 200);
  const params: unknown[] = [accountNo, options.from ?? '-infinity', options.to ?? 'infinity', limit + 1];
  let keyset = '';
  if (options.after) {
    params.push(options.after.valueDate, options.after.id);
    keyset = 'and (value_date, id) < ($5::date, $6::bigint)';
  }
  const rows = await q.query<Record<string, string>>(
    `select id::text as id, value_date::text as value_date, kind, amount_fen::text as amount_fen,
            balance_after_fen::text as balance_after_fen, ywbh, line, period, tqyy, note
       from journal_entry
      where account_no = $1 and value_date >= $2::date and value_date <= $3::date ${keyset}
      -- Qualified: a bare "id" would be the text output column above, and '9' sorts after '10'.
      order by journal_entry.value_date desc, journal_entry.id desc
      limit $4`,
    params,
  );
  const page = rows.slice(0, limit).map(
    (r): JournalRow => ({
      id: r.id!,
      valueDate: r.value_date!,
      kind: r.kind as MovementKind,
      kindName: MOVEMENT_KINDS[r.kind as MovementKind]?.name ?? r.kind!,
      amountFen: BigInt(r.amount_fen!),
      balanceFen: BigInt(r.balance_after_fen!),
      ywbh: r.ywbh!,
      line: Number(r.line),
      period: r.period ?? null,
      tqyy: (r.tqyy ?? null) as WithdrawalReason | null,
      note: r.note ?? '',
    }),
  );
  const last = page[page.length - 1];
  return rows.length > limit && last ? { rows: page, next: { valueDate: last.valueDate, id: last.id } } : { rows: page };
}

export interface LedgerCheck {
  /** Personal accounts whose stored balance (or newest balance_after) is not the sum of their entries. */
  accounts: Array<{ grzh: string; storedFen: bigint; journalFen: bigint }>;
  /** Centre accounts whose stored balance is not minus the sum of the entries posted against them (full check only). */
  centre: Array<{ code: string; storedFen: bigint; journalFen: bigint }>;
  /** Σ personal balances + Σ centre balances: zero when the books balance (full check only). */
  totalFen: bigint;
  ok: boolean;
}

/**
 * The invariants of convention 13 in one query each: every account equals its entries, and everything sums to zero.
 * With `accounts`, only those personal accounts are checked (through the index); without, the whole ledger.
 * @example (await checkLedger(db)).ok // true
 */
export async function checkLedger(q: Queryable, accounts?: readonly string[]): Promise<LedgerCheck> {
  const filter = accounts ? 'where p.grzh = any($1::text[])' : '';
  const bad = await q.query<{ grzh: string; stored: string; journal: string }>(
    `select p.grzh, p.balance_fen::text as stored, coalesce(j.total, 0)::text as journal
       from personal_account p
       left join lateral (
         select sum(amount_fen) as total,
                (select e.balance_after_fen from journal_entry e where e.account_no = p.grzh order by e.value_date desc, e.id desc limit 1) as newest
           from journal_entry where account_no = p.grzh
       ) j on true
      ${filter}
      ${filter ? 'and' : 'where'} (p.balance_fen <> coalesce(j.total, 0) or p.balance_fen <> coalesce(j.newest, 0))`,
    accounts ? [accounts] : [],
  );
  const result: LedgerCheck = {
    accounts: bad.map((r) => ({ grzh: r.grzh, storedFen: BigInt(r.stored), journalFen: BigInt(r.journal) })),
    centre: [],
    totalFen: 0n,
    ok: bad.length === 0,
  };
  if (accounts) return result;
  const centre = await q.query<{ code: string; stored: string; journal: string }>(
    `select c.code, c.balance_fen::text as stored, (-coalesce(j.total, 0))::text as journal
       from centre_account c left join (select contra_no, sum(amount_fen) as total from journal_entry group by contra_no) j on j.contra_no = c.code
      where c.balance_fen <> -coalesce(j.total, 0)`,
  );
  const [total] = await q.query<{ total: string }>(
    `select ((select coalesce(sum(balance_fen), 0) from personal_account) + (select coalesce(sum(balance_fen), 0) from centre_account))::text as total`,
  );
  result.centre = centre.map((r) => ({ code: r.code, storedFen: BigInt(r.stored), journalFen: BigInt(r.journal) }));
  result.totalFen = BigInt(total!.total);
  result.ok = result.ok && result.centre.length === 0 && result.totalFen === 0n;
  return result;
}
