import { calculateLoan, type RepaymentMethod, type ScheduleRow } from '@gjj-hall/sdk/loan';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../http/envelope';
import { fenToYuan } from '../../records/money';
import { COMMON_MATERIALS } from '../materials';
import { holderOf } from '../personal/gj0314';
import { defineBusiness, ruleMessage, type Applicant, type BusinessRule, type RuleContext } from '../types';
import { getLoan, insertSchedule, type LoanRecord } from './ledger';
import { PARAMETER_DEFAULTS } from '../../params/centre';
import { readLoanParams, REPAYMENT_METHODS } from './params';
import { ageOn } from './gd0101';
import { centreDate } from '../../clock';

/**
 * The repayment changes (spec 2.4 /grwt/dkSys/hkxx_bg/; docs/api-loans.md › 还款信息变更): GD0404 还款方式变更 and
 * GD0405 还款账户变更. A method change replaces the plan from the next unpaid period with the engine's schedule of the
 * balance over the periods left, in the completing transaction (`reschedule`).
 */

const FORBIDDEN = '当前操作没有权限，请联系管理员授权';

/** The loan's next unpaid period and the date the new plan starts from (the previous due date, or the issue date). */
async function nextPeriodOf(q: Queryable, loan: LoanRecord): Promise<{ period: number; from: string } | undefined> {
  const [row] = await q.query<{ period: number; prev: string | null }>(
    `select s.period, (select p.due_date::text from loan_schedule p where p.dkzh = s.dkzh and p.period = s.period - 1) as prev
       from loan_schedule s where s.dkzh = $1 and s.status <> '1' order by s.period limit 1`,
    [loan.dkzh],
  );
  return row ? { period: row.period, from: row.prev ?? loan.issueDate } : undefined;
}

/**
 * The plan from the next unpaid period with another method (or term): the engine's schedule of the balance over
 * `months` periods from the previous due date, numbered on from that period.
 *
 * @example const rows = await newPlan(db, loan, { method: '02' })
 */
export async function newPlan(q: Queryable, loan: LoanRecord, change: { method?: RepaymentMethod; months?: number }): Promise<{ from: number; rows: ScheduleRow[] } | undefined> {
  const next = await nextPeriodOf(q, loan);
  if (!next || loan.balanceFen <= 0n) return undefined;
  const left = loan.months - next.period + 1;
  const months = change.months ?? left;
  const result = calculateLoan({ amount: fenToYuan(loan.balanceFen), months, annualRate: loan.annualRate, method: change.method ?? loan.method, issueDate: next.from });
  return { from: next.period, rows: result.schedule.map((r) => ({ ...r, period: r.period + next.period - 1 })) };
}

/** Replaces the unpaid plan from `from` with `rows`, and the loan's method and term, in the caller's transaction. */
export async function reschedule(tx: Queryable, loan: LoanRecord, plan: { from: number; rows: ScheduleRow[] }, method: RepaymentMethod): Promise<void> {
  const paid = await tx.query(`select 1 from loan_schedule where dkzh = $1 and period >= $2 and (paid_principal_fen > 0 or paid_interest_fen > 0) limit 1`, [loan.dkzh, plan.from]);
  if (paid.length > 0) throw new ApiError(409, '本期已部分还款，请在本期还清后再办理变更');
  await tx.query('delete from loan_schedule where dkzh = $1 and period >= $2', [loan.dkzh, plan.from]);
  await insertSchedule(tx, loan.dkzh, plan.rows);
  await tx.query('update loan set method = $2, months = $3 where dkzh = $1', [loan.dkzh, method, plan.from - 1 + plan.rows.length]);
}

/** The rows every change shares: the loan is the applicant's (403 otherwise), running, and has no overdue period. */
function loanRows<P extends { dkzh: string }>(): Array<BusinessRule<P>> {
  return [
    {
      name: 'own-loan',
      description: '贷款是申请人本人作为借款人的贷款；否则 403，不透露任何信息',
      msg: FORBIDDEN,
      status: 403,
      async holds({ q, applicant, payload }: RuleContext<P>) {
        const [loan, zjhm] = await Promise.all([getLoan(q, payload.dkzh), holderOf(q, applicant)]);
        return Boolean(loan && zjhm && loan.zjhm === zjhm);
      },
    },
    {
      name: 'loan-running',
      description: '贷款未结清',
      msg: '该笔贷款已结清，无需变更',
      holds: async ({ q, payload }: RuleContext<P>) => (await getLoan(q, payload.dkzh))?.status !== '3',
    },
    {
      name: 'not-overdue',
      description: '贷款没有逾期（状态不是 2）',
      msg: '该笔贷款有逾期未还的款项，请先归还逾期款项再办理变更',
      holds: async ({ q, payload }: RuleContext<P>) => (await getLoan(q, payload.dkzh))?.status !== '2',
    },
  ];
}

const dkzhSchema = { type: 'string', pattern: '^[0-9]{13,20}$', description: '贷款账号', 'x-msg': '贷款账号格式不正确', 'x-required-msg': '请选择贷款' } as const;

async function checkAgain<P extends { dkzh: string }>(tx: Queryable, rules: ReadonlyArray<BusinessRule<P>>, application: { accountId: string; userId: string; zh: string; ywbh: string; payload: P }, at: Date) {
  await tx.query('select 1 from loan where dkzh = $1 for update', [application.payload.dkzh]);
  const applicant = { accountId: application.accountId, userId: application.userId, zh: application.zh } as Applicant;
  for (const rule of rules) {
    const ctx = { q: tx, applicant, payload: application.payload, now: at, ywbh: application.ywbh };
    if (!(await rule.holds(ctx))) {
      throw new ApiError(409, rule.status === 403 ? '该贷款已不是申请人本人的，不能办结' : await ruleMessage(rule, ctx));
    }
  }
}

export interface Gd0404Payload {
  dkzh: string;
  hkfs: RepaymentMethod;
}

export const GD0404_RULES: ReadonlyArray<BusinessRule<Gd0404Payload>> = [
  ...loanRows<Gd0404Payload>(),
  {
    name: 'method-differs',
    description: '新的还款方式与现在的不同',
    msg: '新的还款方式与现在的相同，无需变更',
    holds: async ({ q, payload }) => (await getLoan(q, payload.dkzh))?.method !== payload.hkfs,
  },
];

export const gd0404 = defineBusiness<Gd0404Payload>({
  ywlx: 'GD0404',
  ywmc: '还款方式变更',
  area: 'loan',
  loginTypes: [1],
  timeLimitDays: 3,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['dkzh', 'hkfs'],
    properties: {
      dkzh: dkzhSchema,
      hkfs: { type: 'string', enum: Object.keys(REPAYMENT_METHODS), description: '新的还款方式', 'x-msg': '还款方式的取值不正确', 'x-required-msg': '请选择新的还款方式' },
    },
  },
  rules: GD0404_RULES,
  materials: [COMMON_MATERIALS.SFZ, COMMON_MATERIALS.QT],
  notice: '一、还款方式可在等额本息与等额本金之间变更，自下一期起按新的还款方式和剩余本金、剩余期数重新计算还款计划。\n二、贷款有逾期的，须先归还逾期款项。',
  async complete({ tx, at, application }) {
    await checkAgain(tx, GD0404_RULES, application, at);
    const loan = (await getLoan(tx, application.payload.dkzh))!;
    const plan = await newPlan(tx, loan, { method: application.payload.hkfs });
    if (!plan) throw new ApiError(409, '该笔贷款没有未还的期次，无需变更');
    await reschedule(tx, loan, plan, application.payload.hkfs);
  },
});

export interface Gd0405Payload {
  dkzh: string;
  hkyh: string;
  hkzh: string;
}

export const GD0405_RULES: ReadonlyArray<BusinessRule<Gd0405Payload>> = [
  ...loanRows<Gd0405Payload>().filter((r) => r.name !== 'not-overdue'),
  {
    name: 'card-differs',
    description: '新的还款账号与现在的不同',
    msg: '新的还款账号与现在的相同，无需变更',
    holds: async ({ q, payload }) => (await getLoan(q, payload.dkzh))?.hkzh !== payload.hkzh,
  },
];

export const gd0405 = defineBusiness<Gd0405Payload>({
  ywlx: 'GD0405',
  ywmc: '还款账户变更',
  area: 'loan',
  loginTypes: [1],
  timeLimitDays: 3,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['dkzh', 'hkyh', 'hkzh'],
    properties: {
      dkzh: dkzhSchema,
      hkyh: { type: 'string', minLength: 1, maxLength: 60, description: '新的还款银行', 'x-msg': '还款银行至多 60 字', 'x-required-msg': '请填写新的还款银行' },
      hkzh: { type: 'string', minLength: 12, maxLength: 19, pattern: '^[0-9]{12,19}$', description: '新的还款银行卡号', 'x-msg': '还款银行卡号应为 12 至 19 位数字', 'x-required-msg': '请填写新的还款银行卡号' },
    },
  },
  rules: GD0405_RULES,
  materials: [COMMON_MATERIALS.SFZ, { wjlxId: 'YHK', wjmc: '新还款银行卡', jdbh: 'GD0405-01', mlbh: '0601', zstj: '本人名下新还款银行卡的正面照片', required: true, maxFiles: 2 }, COMMON_MATERIALS.QT],
  notice: '一、新的还款银行卡须为借款人本人名下的借记卡。\n二、办结后自下一次扣款起从新卡扣收。',
  async complete({ tx, at, application }) {
    await checkAgain(tx, GD0405_RULES, application, at);
    // A new card is a new chance: the simulated bank's failure belonged to the old one.
    await tx.query('update loan set hkyh = $2, hkzh = $3, card_debit_fails = false where dkzh = $1', [application.payload.dkzh, application.payload.hkyh, application.payload.hkzh]);
  },
});


export interface Gd0406Payload {
  dkzh: string;
  /** The new whole term, in months from the issue (the periods paid count in it). */
  dkqx: number;
}

/** The first unpaid period of a loan (for the term's bounds). */
async function firstUnpaid(q: Queryable, dkzh: string): Promise<number | undefined> {
  const [row] = await q.query<{ period: number }>(`select period from loan_schedule where dkzh = $1 and status <> '1' order by period limit 1`, [dkzh]);
  return row?.period;
}

/** The parameters at the table's defaults: the rules' documented wording only (the answers read the rows in force). */
const D = PARAMETER_DEFAULTS;
/** Months as years in words (360 → 30, 366 → 30.5). */
const years = (months: number) => String(Math.round((months / 12) * 10) / 10);
const termMessage = (max: number) => `新的贷款期限应长于已还款的期数，且不超过 ${max} 个月（${years(max)} 年）`;
const ageMessage = (max: number) => `贷款到期时借款人年龄不能超过 ${max} 周岁，请缩短贷款期限`;

export const GD0406_RULES: ReadonlyArray<BusinessRule<Gd0406Payload>> = [
  ...loanRows<Gd0406Payload>(),
  {
    name: 'term-differs',
    description: '新的贷款期限与现在的不同',
    msg: '新的贷款期限与现在的相同，无需变更',
    holds: async ({ q, payload }) => (await getLoan(q, payload.dkzh))?.months !== payload.dkqx,
  },
  {
    name: 'term-range',
    description: '新的贷款期限长于已还的期数，且不超过 loanMaxMonths 个月',
    msg: termMessage(D.loanMaxMonths),
    message: async ({ q }) => termMessage((await readLoanParams(q)).maxMonths),
    param: 'loanMaxMonths',
    async holds({ q, payload }) {
      const next = await firstUnpaid(q, payload.dkzh);
      return next !== undefined && payload.dkqx >= next && payload.dkqx <= (await readLoanParams(q)).maxMonths;
    },
  },
  {
    name: 'age-at-end',
    description: '贷款到期时借款人年龄不超过 loanMaxAgeAtEnd 周岁（按今天的年龄和剩余期数）',
    msg: ageMessage(D.loanMaxAgeAtEnd),
    message: async ({ q }) => ageMessage((await readLoanParams(q)).maxAgeAtEnd),
    param: 'loanMaxAgeAtEnd',
    async holds({ q, applicant, payload, now }) {
      const [zjhm, next] = await Promise.all([holderOf(q, applicant), firstUnpaid(q, payload.dkzh)]);
      const age = ageOn(zjhm, centreDate(now ?? new Date()));
      return age !== undefined && next !== undefined && age * 12 + (payload.dkqx - next + 1) <= (await readLoanParams(q)).maxAgeAtEnd * 12;
    },
  },
];

export const gd0406 = defineBusiness<Gd0406Payload>({
  ywlx: 'GD0406',
  ywmc: '还款期限变更',
  area: 'loan',
  loginTypes: [1],
  timeLimitDays: 5,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['dkzh', 'dkqx'],
    properties: {
      dkzh: dkzhSchema,
      dkqx: { type: 'integer', minimum: 1, maximum: 999, description: '新的贷款期限（月，自放款起）', 'x-msg': '贷款期限应为 1 至 999 的整月数', 'x-required-msg': '请填写新的贷款期限' },
    },
  },
  rules: GD0406_RULES,
  materials: [COMMON_MATERIALS.SFZ, COMMON_MATERIALS.QT],
  notice: (p) => `一、贷款期限可延长或缩短，最长 ${years(p.loanMaxMonths)} 年，到期时年龄不超过 ${p.loanMaxAgeAtEnd} 周岁。\n二、自下一期起按剩余本金和新的剩余期数重新计算还款计划。\n三、贷款有逾期的，须先归还逾期款项。`,
  async complete({ tx, at, application }) {
    await checkAgain(tx, GD0406_RULES, application, at);
    const loan = (await getLoan(tx, application.payload.dkzh))!;
    const next = (await firstUnpaid(tx, loan.dkzh))!;
    const plan = await newPlan(tx, loan, { months: application.payload.dkqx - next + 1 });
    if (!plan) throw new ApiError(409, '该笔贷款没有未还的期次，无需变更');
    await reschedule(tx, loan, plan, loan.method);
  },
});
