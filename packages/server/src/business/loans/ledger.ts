import { calculateLoan, type RepaymentMethod, type ScheduleRow } from '@gjj-hall/sdk/loan';
import type { Queryable } from '../../db/db';
import { fenToYuan, yuanToFen } from '../../records/money';
import { LOAN_STATUS } from './params';

/**
 * The loan ledger (docs/api-loans.md › 贷款台账): the contract (table loan), its schedule (loan_schedule, one row per
 * period exactly as the sdk engine computed it) and its repayments (loan_repayment). Other areas read it through
 * `getLoanOf` and `listLoansOf` (TQ0106 偿还住房贷款提取 reads a borrower's running loan with them).
 */

export interface LoanRecord {
  dkzh: string;
  jkhtbh: string;
  ywbh: string;
  zjhm: string;
  xingming: string;
  grzh: string;
  gtjkrZjhm: string;
  amountFen: bigint;
  months: number;
  annualRate: string;
  rateCode: string;
  method: RepaymentMethod;
  issueDate: string;
  /** 1 正常, 2 逾期, 3 结清 (spec 3.11). */
  status: string;
  balanceFen: bigint;
  fwlx: string;
  xmbh: string | null;
  fwdz: string;
  fwzjFen: bigint;
  secondHome: boolean;
  dbfs: string;
  hkyh: string;
  hkzh: string;
  settledDate: string | null;
}

const LOAN_COLUMNS = `dkzh, jkhtbh, ywbh, zjhm, xingming, grzh, gtjkr_zjhm, amount_fen::text as amount_fen, months, annual_rate::text as annual_rate,
  rate_code, method, issue_date::text as issue_date, status, balance_fen::text as balance_fen, fwlx, xmbh, fwdz,
  fwzj_fen::text as fwzj_fen, second_home, dbfs, hkyh, hkzh, settled_date::text as settled_date`;

const toLoan = (r: Record<string, unknown>): LoanRecord => ({
  dkzh: String(r.dkzh),
  jkhtbh: String(r.jkhtbh),
  ywbh: String(r.ywbh),
  zjhm: String(r.zjhm),
  xingming: String(r.xingming),
  grzh: String(r.grzh),
  gtjkrZjhm: String(r.gtjkr_zjhm ?? ''),
  amountFen: BigInt(String(r.amount_fen)),
  months: Number(r.months),
  // numeric(8,4) answers '2.6000': the rate as the engine and the page read it.
  annualRate: String(Number(r.annual_rate)),
  rateCode: String(r.rate_code),
  method: r.method as RepaymentMethod,
  issueDate: String(r.issue_date),
  status: String(r.status),
  balanceFen: BigInt(String(r.balance_fen)),
  fwlx: String(r.fwlx),
  xmbh: (r.xmbh as string | null) ?? null,
  fwdz: String(r.fwdz),
  fwzjFen: BigInt(String(r.fwzj_fen)),
  secondHome: Boolean(r.second_home),
  dbfs: String(r.dbfs),
  hkyh: String(r.hkyh),
  hkzh: String(r.hkzh),
  settledDate: (r.settled_date as string | null) ?? null,
});

/**
 * The borrower's loan that is not settled (as borrower or co-borrower), newest first; undefined when none. Through the
 * indexes loan_holder and loan_coborrower.
 *
 * @example const loan = await getLoanOf(db, '110101198701012345'); loan?.balanceFen
 */
export async function getLoanOf(q: Queryable, zjhm: string): Promise<LoanRecord | undefined> {
  // '' is no one (a loan without a co-borrower keeps '' there).
  if (!zjhm) return undefined;
  const [row] = await q.query<Record<string, unknown>>(
    `select ${LOAN_COLUMNS} from loan where (zjhm = $1 or gtjkr_zjhm = $1) and status <> '3' order by issue_date desc, dkzh desc limit 1`,
    [zjhm],
  );
  return row ? toLoan(row) : undefined;
}

/** Every loan of a borrower (settled ones too), newest first; a person has a handful. */
export async function listLoansOf(q: Queryable, zjhm: string): Promise<LoanRecord[]> {
  if (!zjhm) return [];
  const rows = await q.query<Record<string, unknown>>(
    `select ${LOAN_COLUMNS} from loan where zjhm = $1 or gtjkr_zjhm = $1 order by issue_date desc, dkzh desc limit 50`,
    [zjhm],
  );
  return rows.map(toLoan);
}

/** One loan by its account number (no owner check: the routes check it). */
export async function getLoan(q: Queryable, dkzh: string, options: { forUpdate?: boolean } = {}): Promise<LoanRecord | undefined> {
  const [row] = await q.query<Record<string, unknown>>(`select ${LOAN_COLUMNS} from loan where dkzh = $1${options.forUpdate ? ' for update' : ''}`, [dkzh]);
  return row ? toLoan(row) : undefined;
}

/** yyMMdd of a YYYY-MM-DD date. */
const yymmdd = (date: string) => date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);

export interface NewLoan {
  ywbh: string;
  zjhm: string;
  xingming: string;
  grzh: string;
  gtjkrZjhm?: string;
  amountFen: bigint;
  months: number;
  annualRate: string;
  rateCode: string;
  method: RepaymentMethod;
  issueDate: string;
  fwlx: '01' | '02';
  xmbh?: string | null;
  fwdz: string;
  fwmj: string;
  fwzjFen: bigint;
  secondHome: boolean;
  dbfs: string;
  hkyh: string;
  hkzh: string;
  at: Date;
}

/**
 * The schedule of a loan as the engine computes it, in fen.
 *
 * @example scheduleOf({ amountFen: 50_000_000n, months: 240, annualRate: '2.6', method: '01', issueDate: '2026-11-26' })[0]
 */
export function scheduleOf(l: Pick<NewLoan, 'amountFen' | 'months' | 'annualRate' | 'method' | 'issueDate'>): ScheduleRow[] {
  return calculateLoan({ amount: fenToYuan(l.amountFen), months: l.months, annualRate: l.annualRate, method: l.method, issueDate: l.issueDate }).schedule;
}

/**
 * Creates a loan in the caller's transaction: its numbers from the sequences, the contract, and one schedule row per
 * period from the engine, inserted in one statement. Returns the loan.
 */
export async function createLoan(tx: Queryable, l: NewLoan): Promise<LoanRecord> {
  const [numbers] = await tx.query<{ a: string; c: string }>(
    `select lpad(nextval('loan_account_seq')::text, 5, '0') as a, lpad(nextval('loan_contract_seq')::text, 5, '0') as c`,
  );
  const dkzh = `80${yymmdd(l.issueDate)}${numbers!.a}`;
  const jkhtbh = `90${yymmdd(l.issueDate)}${numbers!.c}`;
  await tx.query(
    `insert into loan (dkzh, jkhtbh, ywbh, zjhm, xingming, grzh, gtjkr_zjhm, amount_fen, months, annual_rate, rate_code, method, issue_date,
                       status, balance_fen, fwlx, xmbh, fwdz, fwmj, fwzj_fen, second_home, dbfs, hkyh, hkzh, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $8, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)`,
    [
      dkzh, jkhtbh, l.ywbh, l.zjhm, l.xingming, l.grzh, l.gtjkrZjhm ?? '', String(l.amountFen), l.months, l.annualRate, l.rateCode, l.method,
      l.issueDate, LOAN_STATUS.normal, l.fwlx, l.xmbh ?? null, l.fwdz, l.fwmj, String(l.fwzjFen), l.secondHome, l.dbfs, l.hkyh, l.hkzh, l.at,
    ],
  );
  await insertSchedule(tx, dkzh, scheduleOf(l));
  return (await getLoan(tx, dkzh))!;
}

/** Inserts schedule rows in one set-based statement (the engine's yuan text turned into fen). */
export async function insertSchedule(tx: Queryable, dkzh: string, rows: readonly ScheduleRow[]): Promise<void> {
  const json = rows.map((r) => ({
    period: r.period,
    due_date: r.date,
    principal_fen: String(yuanToFen(r.principal)),
    interest_fen: String(yuanToFen(r.interest)),
    payment_fen: String(yuanToFen(r.payment)),
    balance_fen: String(yuanToFen(r.balance)),
  }));
  await tx.query(
    `insert into loan_schedule (dkzh, period, due_date, principal_fen, interest_fen, payment_fen, balance_fen)
     select $1, s.period, s.due_date, s.principal_fen, s.interest_fen, s.payment_fen, s.balance_fen
       from jsonb_to_recordset($2::jsonb) as s(period int, due_date date, principal_fen bigint, interest_fen bigint, payment_fen bigint, balance_fen bigint)`,
    [dkzh, JSON.stringify(json)],
  );
}

export interface ScheduleLine {
  period: number;
  dueDate: string;
  principalFen: bigint;
  interestFen: bigint;
  paymentFen: bigint;
  balanceFen: bigint;
  paidPrincipalFen: bigint;
  paidInterestFen: bigint;
  /** 0 未还, 1 已还, 2 逾期. */
  status: string;
}

/**
 * One page of a loan's plan by period (primary key order: keyset paging from `afterPeriod`).
 *
 * @example const { rows, next } = await listSchedule(db, dkzh, { afterPeriod: 0, limit: 12 })
 */
export async function listSchedule(
  q: Queryable,
  dkzh: string,
  options: { afterPeriod?: number; limit?: number } = {},
): Promise<{ rows: ScheduleLine[]; next?: number }> {
  const limit = Math.min(Math.max(options.limit ?? 12, 1), 360);
  const rows = await q.query<Record<string, string>>(
    `select period, due_date::text as due_date, principal_fen::text as p, interest_fen::text as i, payment_fen::text as pay, balance_fen::text as b,
            paid_principal_fen::text as pp, paid_interest_fen::text as pi, status
       from loan_schedule where dkzh = $1 and period > $2 order by period limit $3`,
    [dkzh, options.afterPeriod ?? 0, limit + 1],
  );
  const page = rows.slice(0, limit).map(
    (r): ScheduleLine => ({
      period: Number(r.period),
      dueDate: r.due_date!,
      principalFen: BigInt(r.p!),
      interestFen: BigInt(r.i!),
      paymentFen: BigInt(r.pay!),
      balanceFen: BigInt(r.b!),
      paidPrincipalFen: BigInt(r.pp!),
      paidInterestFen: BigInt(r.pi!),
      status: r.status!,
    }),
  );
  return rows.length > limit ? { rows: page, next: page[page.length - 1]!.period } : { rows: page };
}

/** The loan's figures the info page shows: periods left, the next instalment, overdue periods and amounts. */
export async function loanFigures(q: Queryable, dkzh: string): Promise<{ periodsLeft: number; next?: ScheduleLine; overduePeriods: number; overdueFen: bigint }> {
  const [f] = await q.query<{ left: string; overdue: string; overdue_fen: string }>(
    `select count(*) filter (where status <> '1')::text as left, count(*) filter (where status = '2')::text as overdue,
            coalesce(sum(payment_fen - paid_principal_fen - paid_interest_fen) filter (where status = '2'), 0)::text as overdue_fen
       from loan_schedule where dkzh = $1`,
    [dkzh],
  );
  const [next] = (await q.query<Record<string, string>>(`select period from loan_schedule where dkzh = $1 and status = '0' order by period limit 1`, [dkzh])).map(
    (r) => Number(r.period),
  );
  const line = next === undefined ? undefined : (await listSchedule(q, dkzh, { afterPeriod: next - 1, limit: 1 })).rows[0];
  return { periodsLeft: Number(f!.left), ...(line ? { next: line } : {}), overduePeriods: Number(f!.overdue), overdueFen: BigInt(f!.overdue_fen) };
}
