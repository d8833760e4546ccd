import { calculatePrepayment, type PrepaymentMode, type PrepaymentResult } from '@gjj-hall/sdk/loan';
import type { Queryable } from '../../db/db';
import { centreDate } from '../../clock';
import { ApiError } from '../../http/envelope';
import { fenToYuan, yuanToFen } from '../../records/money';
import { PARAMETER_DEFAULTS } from '../../params/centre';
import { holderOf } from '../personal/gj0314';
import { defineBusiness, ruleMessage, type Applicant, type BusinessRule, type RuleContext } from '../types';
import { getLoan, insertSchedule, type LoanRecord } from './ledger';
import { repaymentYwbh, CARD_LINE } from './collect';
import { LOAN_STATUS, readLoanParams } from './params';

/**
 * GD0602 银行卡提前还款 (spec 2.4 /grwt/dkSys/dkyw/yhk_hk; docs/api-loans.md › 提前还款): the borrower repays part or
 * all of the principal from the repayment card, together with the next instalment, and chooses 缩短期限 (keep the
 * payment, end sooner) or 减少月供 (keep the end, pay less). The trial (`POST dkyw/tqhk/ss`) and the completion both
 * compute with {@link prepaymentOf}: the sdk engine's `calculatePrepayment` on the loan as it stands (its balance
 * before the next period, over the periods left, from the previous due date), the lump sum joining period 1 of that
 * plan, which is the loan's next period.
 *
 * Completed at once by the system (the reference server's bank debits the card in real time, as for GJ0815): in the
 * status's transaction the card pays the next instalment and the lump sum (two loan_repayment rows: the instalment
 * under the period's collection key, so the monthly command never takes it again, and the lump sum, source prepay),
 * the plan from the next period is replaced by the engine's (the next period's row holds the lump sum in its
 * principal and is paid), and a lump sum equal to the balance left after the next instalment settles the loan
 * (status 3 结清, spec 3.11). No provident account moves (the money comes from the card), so nothing is posted.
 */

export interface Gd0602Payload {
  dkzh: string;
  /** 提前还款金额 (yuan, two decimals at most). */
  tqhkje: string;
  /** 01 缩短还款期限, 02 减少月还款额. */
  tqfs: '01' | '02';
}

export const PREPAY_WAYS = { '01': '缩短还款期限', '02': '减少月还款额' } as const;
const MODE_OF: Readonly<Record<Gd0602Payload['tqfs'], PrepaymentMode>> = { '01': 'shorten', '02': 'reduce' };

const FORBIDDEN = '当前操作没有权限，请联系管理员授权';

/** The next unpaid period, its previous due date (or the issue date), and whether any of it is paid yet. */
async function nextOf(q: Queryable, loan: LoanRecord): Promise<{ period: number; from: string; touched: boolean } | undefined> {
  const [row] = await q.query<{ period: number; prev: string | null; touched: boolean }>(
    `select s.period, (s.paid_principal_fen > 0 or s.paid_interest_fen > 0) as touched,
            (select p.due_date::text from loan_schedule p where p.dkzh = s.dkzh and p.period = s.period - 1) as prev
       from loan_schedule s where s.dkzh = $1 and s.status <> '1' order by s.period limit 1`,
    [loan.dkzh],
  );
  return row ? { period: row.period, from: row.prev ?? loan.issueDate, touched: Boolean(row.touched) } : undefined;
}

export interface Prepayment {
  /** The loan's next period (the engine's period 1). */
  next: number;
  /** The engine's answer; its schedule numbered from 1 (add next − 1 for the loan's periods). */
  result: PrepaymentResult;
  /** The most that may be prepaid: the balance left after the next instalment (it settles the loan), in fen. */
  maxFen: bigint;
}

/**
 * THE early-repayment computation of the trial and of the completion: the engine's prepayment on the loan as it
 * stands. Undefined when there is nothing to prepay with (settled, or the next period is the last).
 *
 * @example const p = await prepaymentOf(db, loan, '100000', 'shorten'); p?.result.interestSaved
 */
export async function prepaymentOf(q: Queryable, loan: LoanRecord, amountYuan: string, mode: PrepaymentMode): Promise<Prepayment | undefined> {
  const next = await nextOf(q, loan);
  if (!next || loan.balanceFen <= 0n) return undefined;
  const left = loan.months - next.period + 1;
  if (left < 2) return undefined;
  const input = { amount: fenToYuan(loan.balanceFen), months: left, annualRate: loan.annualRate, method: loan.method, issueDate: next.from, prepayPeriod: 1 };
  const result = calculatePrepayment({ ...input, prepayAmount: amountYuan, mode });
  const first = result.original.schedule[0]!;
  return { next: next.period, result, maxFen: yuanToFen(first.balance) };
}

const D = PARAMETER_DEFAULTS;
const yuan = (n: number) => n.toLocaleString('zh-CN');
const minMessage = (min: number) => `提前还款金额不能少于 ${yuan(min)} 元（一次结清的除外）`;
const perYearMessage = (n: number) => `每个自然年度至多办理 ${n} 次提前还款，今年的次数已用完`;

const loanOf = (ctx: RuleContext<Gd0602Payload>) => getLoan(ctx.q, ctx.payload.dkzh);
const fenOf = (payload: Gd0602Payload): bigint => {
  try {
    return yuanToFen(payload.tqhkje);
  } catch {
    return -1n;
  }
};

/** The rule table (docs/api-loans.md › 提前还款), each row tested at its edges (gd0602.test.ts). */
export const GD0602_RULES: ReadonlyArray<BusinessRule<Gd0602Payload>> = [
  {
    name: 'own-loan',
    description: '贷款是申请人本人作为借款人的贷款；否则 403，不透露任何信息',
    msg: FORBIDDEN,
    status: 403,
    async holds({ q, applicant, payload }) {
      const [loan, zjhm] = await Promise.all([getLoan(q, payload.dkzh), holderOf(q, applicant)]);
      return Boolean(loan && zjhm && loan.zjhm === zjhm);
    },
  },
  {
    name: 'loan-running',
    description: '贷款未结清（状态不是 3）',
    msg: '该笔贷款已结清，无需提前还款',
    holds: async (ctx) => (await loanOf(ctx))?.status !== LOAN_STATUS.settled,
  },
  {
    name: 'not-overdue',
    description: '贷款没有逾期（状态不是 2）',
    msg: '该笔贷款有逾期未还的款项，请先归还逾期款项再申请提前还款',
    holds: async (ctx) => (await loanOf(ctx))?.status !== LOAN_STATUS.overdue,
  },
  {
    name: 'not-last-period',
    description: '下一期之后还有未到期的期次（下一期是最后一期的，按期还款即可）',
    msg: '该笔贷款已到最后一期，按期还款即可，无需提前还款',
    async holds(ctx) {
      const loan = await loanOf(ctx);
      const next = loan && (await nextOf(ctx.q, loan));
      return Boolean(next && loan.months - next.period >= 1);
    },
  },
  {
    name: 'next-untouched',
    description: '下一期尚未部分扣收（冲还贷已扣了一部分的，待本期扣完后再办理）',
    msg: '本期还款正在扣收中，请在本期扣款完成后再申请提前还款',
    async holds(ctx) {
      const loan = await loanOf(ctx);
      const next = loan && (await nextOf(ctx.q, loan));
      return !next?.touched;
    },
  },
  {
    name: 'amount-max',
    description: '提前还款金额不超过下一期还款后的贷款余额（等于该余额即一次结清）',
    msg: '提前还款金额不能超过下一期还款后的贷款余额',
    async message(ctx) {
      const loan = await loanOf(ctx);
      const p = loan && (await prepaymentOf(ctx.q, loan, '0.01', 'shorten'));
      return p ? `提前还款金额不能超过下一期还款后的贷款余额 ${fenToYuan(p.maxFen)} 元` : '提前还款金额不能超过下一期还款后的贷款余额';
    },
    async holds(ctx) {
      const loan = await loanOf(ctx);
      const p = loan && (await prepaymentOf(ctx.q, loan, '0.01', 'shorten'));
      const fen = fenOf(ctx.payload);
      return Boolean(p) && fen > 0n && fen <= p!.maxFen;
    },
  },
  {
    name: 'amount-min',
    description: '提前还款金额不少于 loanPrepayMinYuan 元；一次结清（等于下一期还款后的余额）的不受此限',
    msg: minMessage(D.loanPrepayMinYuan),
    message: async ({ q }) => minMessage((await readLoanParams(q)).prepayMinYuan),
    param: 'loanPrepayMinYuan',
    async holds(ctx) {
      const fen = fenOf(ctx.payload);
      if (fen >= BigInt((await readLoanParams(ctx.q)).prepayMinYuan) * 100n) return true;
      const loan = await loanOf(ctx);
      const p = loan && (await prepaymentOf(ctx.q, loan, '0.01', 'shorten'));
      return Boolean(p) && fen === p!.maxFen;
    },
  },
  {
    name: 'per-year',
    description: '本自然年度已办结的提前还款少于 loanPrepayPerYear 次',
    msg: perYearMessage(D.loanPrepayPerYear),
    message: async ({ q }) => perYearMessage((await readLoanParams(q)).prepayPerYear),
    param: 'loanPrepayPerYear',
    async holds({ q, payload, now }) {
      const year = centreDate(now ?? new Date()).slice(0, 4);
      const [row] = await q.query<{ n: string }>(
        `select count(*)::text as n from loan_repayment where dkzh = $1 and source = 'prepay' and pay_date >= $2::date and pay_date < $3::date`,
        [payload.dkzh, `${year}-01-01`, `${Number(year) + 1}-01-01`],
      );
      return Number(row!.n) < (await readLoanParams(q)).prepayPerYear;
    },
  },
];

/**
 * The rows again inside the completing transaction, the loan locked: what held at submission may not hold now.
 * GD0605 passes its own table (these rows and the provident account's).
 */
export async function checkAgain<P extends Gd0602Payload>(
  tx: Queryable,
  application: { accountId: string; userId: string; zh: string; ywbh: string; payload: P },
  at: Date,
  rules: ReadonlyArray<BusinessRule<P>> = GD0602_RULES as ReadonlyArray<BusinessRule<P>>,
) {
  await tx.query('select 1 from loan where dkzh = $1 for update', [application.payload.dkzh]);
  const applicant = { accountId: application.accountId, userId: application.userId, zh: application.zh } as Applicant;
  for (const rule of rules) {
    const ctx = { q: tx, applicant, payload: application.payload, now: at, ywbh: application.ywbh };
    if (!(await rule.holds(ctx))) throw new ApiError(409, rule.status === 403 ? '该贷款已不是申请人本人的，不能办结' : await ruleMessage(rule, ctx));
  }
}

/** The repayment line of the next instalment when GD0605 pays it from the provident account (the card's is 90). */
export const PROVIDENT_LINE = 80;

/**
 * Records an early repayment in the caller's transaction (the status's): the next instalment and the lump sum paid
 * today, the plan from the next period replaced by the engine's, the loan settled when nothing is left. `from`:
 * 'card' (GD0602: the instalment is the card's repayment of the period) or 'provident' (GD0605: the instalment is
 * recorded as taken from the provident account, source offset, line {@link PROVIDENT_LINE}; the caller posts the
 * movement). Answers the computation; the money the payer gave is the regular instalment plus the lump sum.
 */
export async function recordPrepayment(tx: Queryable, loan: LoanRecord, payload: Gd0602Payload, ywbh: string, at: Date, from: 'card' | 'provident' = 'card'): Promise<Prepayment> {
  const p = await prepaymentOf(tx, loan, payload.tqhkje, MODE_OF[payload.tqfs]);
  if (!p) throw new ApiError(409, '该笔贷款没有可提前归还的本金');
  const today = centreDate(at);
  const rows = p.result.schedule.map((r) => ({ ...r, period: r.period + p.next - 1 }));
  const regular = p.result.original.schedule[0]!;
  const lumpFen = yuanToFen(p.result.prepayAmount);
  await tx.query('delete from loan_schedule where dkzh = $1 and period >= $2', [loan.dkzh, p.next]);
  await insertSchedule(tx, loan.dkzh, rows);
  await tx.query(
    `update loan_schedule set paid_principal_fen = principal_fen, paid_interest_fen = interest_fen, status = '1' where dkzh = $1 and period = $2`,
    [loan.dkzh, p.next],
  );
  await tx.query(
    `insert into loan_repayment (dkzh, period, ywbh, line, pay_date, principal_fen, interest_fen, source) values
       ($1, $2, $3, $4, $5, $6, $7, $10), ($1, $2, $8, 1, $5, $9, 0, 'prepay')`,
    [loan.dkzh, p.next, repaymentYwbh(loan.dkzh, p.next), from === 'card' ? CARD_LINE : PROVIDENT_LINE, today, String(yuanToFen(regular.principal)), String(yuanToFen(regular.interest)), ywbh, String(lumpFen), from === 'card' ? 'card' : 'offset'],
  );
  const months = p.next - 1 + rows.length;
  const paidFen = yuanToFen(regular.principal) + lumpFen;
  await tx.query(
    `update loan set balance_fen = balance_fen - $2, months = $3,
            status = case when balance_fen - $2 = 0 then '${LOAN_STATUS.settled}' else status end,
            settled_date = case when balance_fen - $2 = 0 then $4::date else settled_date end
      where dkzh = $1`,
    [loan.dkzh, String(paidFen), months, today],
  );
  return p;
}

const dkzhSchema = { type: 'string', pattern: '^[0-9]{13,20}$', description: '贷款账号', 'x-msg': '贷款账号格式不正确', 'x-required-msg': '请选择贷款' } as const;

export const gd0602 = defineBusiness<Gd0602Payload>({
  ywlx: 'GD0602',
  ywmc: '银行卡提前还款',
  area: 'loan',
  loginTypes: [1],
  timeLimitDays: 1,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['dkzh', 'tqhkje', 'tqfs'],
    properties: {
      dkzh: dkzhSchema,
      tqhkje: { type: 'string', pattern: '^\\d{1,12}(\\.\\d{1,2})?$', description: '提前还款金额（元）', 'x-msg': '提前还款金额应为金额（元），至多两位小数', 'x-required-msg': '请填写提前还款金额' },
      tqfs: { type: 'string', enum: Object.keys(PREPAY_WAYS), description: '提前还款后：01 缩短还款期限，02 减少月还款额', 'x-msg': '请选择缩短还款期限或减少月还款额', 'x-required-msg': '请选择提前还款后的还款方式' },
    },
  },
  rules: GD0602_RULES,
  materials: [],
  automatic: { description: '条件全部满足，从还款银行卡实时扣收下一期还款和提前还款金额，即时办结', decide: () => 'complete' },
  notice: (p) =>
    `一、提前还款随下一期还款一并从还款银行卡扣收，办结后自下一期起按新的还款计划还款。\n二、每次不少于 ${yuan(p.loanPrepayMinYuan)} 元（一次结清的除外），每个自然年度至多 ${p.loanPrepayPerYear} 次。\n三、贷款有逾期的，须先归还逾期款项。`,
  async complete({ tx, at, application }) {
    await checkAgain(tx, application, at);
    const loan = (await getLoan(tx, application.payload.dkzh))!;
    await recordPrepayment(tx, loan, application.payload, application.ywbh, at);
  },
});
