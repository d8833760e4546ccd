import type { Queryable } from '../db/db';
import { getAccount } from './accounts';
import { ACCOUNT_STATUS, MOVEMENT_KINDS, WITHDRAWAL_REASONS, type MovementKind, type WithdrawalReason } from './kinds';
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
  note?: string;
  /** The withdrawal reason (TQYY) of a 部分提取 (11) or 销户提取 (12), stored as journal_entry.tqyy; refused on other kinds. */
  reason?: WithdrawalReason;
}

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
  if (m.reason !== undefined) {
    if (m.kind !== '11' && m.kind !== '12') throw new RecordsError(`${kind.name}不能带提取原因`);
    if (!Object.hasOwn(WITHDRAWAL_REASONS, m.reason)) throw new RecordsError(`未知的提取原因：${String(m.reason)}`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(m.valueDate)) throw new RecordsError('记账日期格式不正确');
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

  if (account.grzhzt === ACCOUNT_STATUS.closed) throw new RecordsError('个人账户已销户，不能入账');
  if (!options.internal) {
    if (account.grzhzt === ACCOUNT_STATUS.frozen && amount < 0n) throw new RecordsError('个人账户已冻结，不能支取');
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
  note: string;
  /** The withdrawal reason of a 部分提取 / 销户提取 line, null on others. */
  tqyy: WithdrawalReason | null;
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
            balance_after_fen::text as balance_after_fen, ywbh, line, period, note, tqyy
       from journal_entry
      where account_no = $1 and value_date >= $2::date and value_date <= $3::date ${keyset}
      order by value_date desc, id desc
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
      note: r.note ?? '',
      tqyy: (r.tqyy ?? null) as WithdrawalReason | null,
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
