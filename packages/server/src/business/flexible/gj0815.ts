import { centreDate } from '../../clock';
import { postMovement, RecordsError } from '../../records';
import { defineBusiness, type RuleContext } from '../types';
import { DEDUCTION_ACCOUNT_RULE, FLEXIBLE_ACCOUNT_RULE, flexibleAccountOf, GUIDE_COMMON, NORMAL_ONLY, statusRule, today, typed, unpaidMonths } from './common';
import { readParameters } from '../../params/centre';
import { FLEXIBLE_PARAMS, monthOf, monthsBefore } from './params';

/**
 * GJ0815 灵活就业人员补缴 (/grwt/zhxx/lhjyryyw/lhjyry_ybj): the depositor pays months they missed, at the monthly
 * amount in force, deducted at once from the account on file; each month is a 补缴 (kind 02) entry of the journal,
 * keyed by the business number and the month's line, posted in the transaction that completes the application.
 */
export interface Gj0815Payload {
  months: string[];
}

const months = (ctx: RuleContext<Gj0815Payload>) => ctx.payload.months;

export const gj0815 = defineBusiness<Gj0815Payload>({
  ywlx: 'GJ0815',
  ywmc: '灵活就业人员补缴',
  area: 'flexible',
  loginTypes: [1],
  timeLimitDays: 3,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['months'],
    properties: {
      months: {
        type: 'array',
        minItems: 1,
        maxItems: 60,
        uniqueItems: true,
        items: { type: 'string', pattern: '^\\d{4}(0[1-9]|1[0-2])$', 'x-msg': '补缴月份应为 6 位年月，如 202611' },
        description: '补缴月份',
        'x-msg': '请选择要补缴的月份（不重复）',
        'x-required-msg': '请选择要补缴的月份',
      },
    },
  },
  rules: [
    typed(FLEXIBLE_ACCOUNT_RULE),
    typed(statusRule('status-normal', NORMAL_ONLY, '只有正常缴存的灵活就业账户可以补缴；已封存的请先办理启封')),
    typed(DEDUCTION_ACCOUNT_RULE),
    {
      name: 'at-most-months',
      description: `一次至多补缴 ${FLEXIBLE_PARAMS.backPayMaxMonths} 个月`,
      msg: `一次至多补缴 ${FLEXIBLE_PARAMS.backPayMaxMonths} 个月，请分次办理`,
      message: async ({ q }) => `一次至多补缴 ${(await readParameters(q)).backPayMaxMonths} 个月，请分次办理`,
      param: 'backPayMaxMonths',
      holds: async (ctx) => months(ctx).length <= (await readParameters(ctx.q)).backPayMaxMonths,
    },
    {
      name: 'not-future',
      description: '补缴月份不晚于本月',
      msg: '不能补缴以后的月份',
      holds: (ctx) => months(ctx).every((m) => m <= monthOf(today(ctx))),
    },
    {
      name: 'not-before-opening',
      description: '补缴月份不早于开户当月',
      msg: '不能补缴开户以前的月份',
      async holds(ctx) {
        const account = await flexibleAccountOf(ctx.q, ctx.applicant);
        return !account || months(ctx).every((m) => m >= monthOf(account.khrq));
      },
    },
    {
      name: 'within-window',
      description: `补缴月份在最近 ${FLEXIBLE_PARAMS.backPayWindowMonths} 个月内（含本月）`,
      msg: `只能补缴最近 ${FLEXIBLE_PARAMS.backPayWindowMonths} 个月内的月份，更早的请到中心柜台咨询`,
      message: async ({ q }) => `只能补缴最近 ${(await readParameters(q)).backPayWindowMonths} 个月内的月份，更早的请到中心柜台咨询`,
      param: 'backPayWindowMonths',
      holds: async (ctx) => {
        const window = (await readParameters(ctx.q)).backPayWindowMonths;
        return months(ctx).every((m) => m >= monthsBefore(monthOf(today(ctx)), window - 1));
      },
    },
    {
      name: 'month-unpaid',
      description: '补缴月份尚未缴存（没有该月的汇缴或补缴记录）',
      msg: '所选月份中有已缴存的月份，请刷新后重新选择',
      async holds(ctx) {
        const account = await flexibleAccountOf(ctx.q, ctx.applicant);
        if (!account) return true;
        const open = new Set(await unpaidMonths(ctx.q, account.grzh, account.khrq, today(ctx)));
        // Months outside the window or before opening are the rows above's to refuse.
        const windowStart = monthsBefore(monthOf(today(ctx)), (await readParameters(ctx.q)).backPayWindowMonths - 1);
        return months(ctx).every((m) => open.has(m) || m < windowStart || m < monthOf(account.khrq) || m > monthOf(today(ctx)));
      },
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '提交后即时从扣款账户扣划，扣款成功即办结',
    xzdy: '灵活就业人员对开户以后未按月缴存的月份，按现行月缴存额补缴住房公积金。',
    sltj: `1. 灵活就业账户状态正常；2. 已登记扣款银行账户；3. 补缴月份为开户以后、最近 ${FLEXIBLE_PARAMS.backPayWindowMonths} 个月内尚未缴存的月份，一次至多 ${FLEXIBLE_PARAMS.backPayMaxMonths} 个月。`,
    sqcl: '无需材料。',
    bllc: '1. 阅读办理须知并同意；2. 选择补缴月份；3. 核对补缴金额并提交；4. 从扣款账户扣划，记入个人账户。',
    bljg: '每个补缴月份记一笔“补缴”，可在个人明细中查看。',
    bz: '补缴金额按现行月缴存额计算。请确保扣款账户余额充足。',
  },
  materials: [],
  notice:
    '一、本业务补缴您开户以后未缴存的月份，每月按现行月缴存额计算。\n' +
    `二、只能补缴最近 ${FLEXIBLE_PARAMS.backPayWindowMonths} 个月内的月份，一次至多 ${FLEXIBLE_PARAMS.backPayMaxMonths} 个月。\n` +
    '三、提交后即时从您登记的扣款账户扣划，扣款成功即记入个人账户。',
  automatic: { description: '从登记的扣款账户实时扣款，即时办结', decide: () => 'complete' },
  async complete({ tx, at, application }) {
    const [account] = await tx.query<{ yjce_fen: string; khrq: string }>(
      `select yjce_fen::text as yjce_fen, khrq::text as khrq from personal_account where grzh = $1 and kind = 'lhjy' for update`,
      [application.zh],
    );
    if (!account) throw new RecordsError('灵活就业账户不存在');
    const date = centreDate(at);
    const open = new Set(await unpaidMonths(tx, application.zh, account.khrq, date));
    const chosen = [...application.payload.months].sort();
    // Paid in the meantime (a remittance, another 补缴): the whole application waits for the centre, nothing posted.
    const paid = chosen.filter((m) => !open.has(m));
    if (paid.length > 0) throw new RecordsError(`${paid.join('、')} 已缴存，不能重复补缴`, 409);
    let line = 0;
    for (const period of chosen) {
      line += 1;
      await postMovement(tx, {
        accountNo: application.zh,
        amountFen: BigInt(account.yjce_fen),
        kind: '02',
        ywbh: application.ywbh,
        line,
        valueDate: date,
        period,
        note: `补缴 ${period.slice(0, 4)} 年 ${period.slice(4)} 月`,
      });
    }
  },
});
