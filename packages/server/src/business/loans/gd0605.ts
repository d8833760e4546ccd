import { LoanInputError } from '@gjj-hall/sdk/loan';
import { centreDate } from '../../clock';
import { ApiError } from '../../http/envelope';
import { fenToYuan, postMovement, yuanToFen } from '../../records';
import { balanceLimit, depositorOf, WITHDRAWAL_MESSAGES } from '../withdrawals/common';
import { tq0106, type Tq0106Payload } from '../withdrawals/tq0106';
import { defineBusiness, type BusinessRule, type RuleContext } from '../types';
import type { Queryable } from '../../db/db';
import { getLoan } from './ledger';
import { checkAgain, gd0602, GD0602_RULES, prepaymentOf, recordPrepayment, type Gd0602Payload } from './gd0602';

/**
 * GD0605 公积金提前还贷 (spec 2.4 /grwt/dkSys/dkyw/gjj_tqhd; docs/api-loans.md › 公积金提前还贷): early repayment of a
 * loan from the borrower's provident account. Under the hood it is a withdrawal for the loan, the reason of TQ0106
 * 偿还住房贷款提取 (tqyy 06): the application holds its amount on the account (a `withdrawal` row, ref DK:contract, so
 * TQ0106's once-a-year row counts it and it counts TQ0106's), and TQ0106's rows about the account are its own. The
 * loan's side is GD0602's, the same rows and the same computation: the trial (`dkyw/tqhk/ss`) and {@link prepaymentOf}.
 *
 * Completed at once by the system: in the status's transaction the provident account pays the next instalment and the
 * lump sum (one postMovement, 部分提取 with reason 06), the plan from the next period is replaced by the engine's
 * (GD0602's {@link recordPrepayment}, the instalment recorded as taken from the provident account), and a lump sum
 * equal to the balance left after the next instalment settles the loan.
 */
export type Gd0605Payload = Gd0602Payload;

/** The reason code the movement and the withdrawal row carry: TQ0106's. */
export const GD0605_REASON = tq0106.tqyy;

const loanOf = (ctx: RuleContext<Gd0605Payload>) => getLoan(ctx.q, ctx.payload.dkzh);

/** The payload TQ0106's rows read for this loan: a loan of the centre (dklx 1) by its contract number. */
async function asRepayment(ctx: RuleContext<Gd0605Payload>): Promise<RuleContext<Tq0106Payload>> {
  const loan = await loanOf(ctx);
  const payload: Tq0106Payload = { dklx: '1', jkhtbh: loan?.jkhtbh ?? '', tqje: ctx.payload.tqhkje, skyh: '', skzh: '', skrxm: '' };
  return { ...ctx, payload };
}

/** One of TQ0106's rows, read for the loan this application repays. */
function fromTq0106(name: string): BusinessRule<Gd0605Payload> {
  const row = tq0106.rules.find((r) => r.name === name) as BusinessRule<Tq0106Payload> | undefined;
  if (!row) throw new Error(`TQ0106 has no rule ${name}`);
  const { holds, message, ...rest } = row;
  return {
    ...rest,
    holds: async (ctx) => holds(await asRepayment(ctx)),
    ...(message ? { message: async (ctx: RuleContext<Gd0605Payload>) => message(await asRepayment(ctx)) } : {}),
  };
}

/**
 * What the provident account pays: the next instalment (principal and interest, the engine's) and the lump sum;
 * undefined when the amount is not one the loan can take (the loan's rows answer that).
 */
export async function providentNeed(q: Queryable, payload: Gd0605Payload): Promise<bigint | undefined> {
  const loan = await getLoan(q, payload.dkzh);
  let lump: bigint;
  try {
    lump = yuanToFen(payload.tqhkje);
  } catch {
    return undefined;
  }
  if (!loan || lump <= 0n) return undefined;
  // An amount the engine refuses (beyond the balance) is amount-max's to answer; this row then has nothing to say.
  const p = await prepaymentOf(q, loan, payload.tqhkje, 'shorten').catch((e: unknown) => {
    if (e instanceof LoanInputError) return undefined;
    throw e;
  });
  if (!p) return undefined;
  const regular = p.result.original.schedule[0]!;
  return yuanToFen(regular.principal) + yuanToFen(regular.interest) + lump;
}

const shortMessage = (available: bigint, need: bigint) =>
  `公积金账户可用余额 ${fenToYuan(available)} 元，不足以支付下一期应还本息和提前还款金额合计 ${fenToYuan(need)} 元`;

/** The rule table (docs/api-loans.md › 公积金提前还贷), each row tested at its edges (gd0605.test.ts). */
export const GD0605_RULES: ReadonlyArray<BusinessRule<Gd0605Payload>> = [
  GD0602_RULES[0]!,
  fromTq0106('deposit-account'),
  fromTq0106('account-status'),
  ...GD0602_RULES.slice(1),
  fromTq0106('once-a-year'),
  {
    name: 'provident-balance',
    description: '公积金账户可用余额（余额减在办提取占用）不少于下一期应还本息与提前还款金额之和',
    msg: '公积金账户可用余额不足以支付下一期应还本息和提前还款金额',
    async message(ctx) {
      const d = await depositorOf(ctx.q, ctx.applicant);
      const need = await providentNeed(ctx.q, ctx.payload);
      if (!d || need === undefined) return '公积金账户可用余额不足以支付下一期应还本息和提前还款金额';
      return shortMessage((await balanceLimit(ctx.q, d, ctx.ywbh)).maxFen, need);
    },
    async holds(ctx) {
      const d = await depositorOf(ctx.q, ctx.applicant);
      const need = await providentNeed(ctx.q, ctx.payload);
      if (!d || need === undefined) return true;
      return need <= (await balanceLimit(ctx.q, d, ctx.ywbh)).maxFen;
    },
  },
];

const yuan = (n: number) => n.toLocaleString('zh-CN');

export const gd0605 = defineBusiness<Gd0605Payload>({
  ywlx: 'GD0605',
  ywmc: '公积金提前还贷',
  area: 'loan',
  loginTypes: [1],
  timeLimitDays: 1,
  allowsSealedAccount: true,
  schema: gd0602.schema,
  rules: GD0605_RULES,
  materials: [],
  automatic: { description: '条件全部满足，从借款人本人的住房公积金账户支付下一期还款和提前还款金额，即时办结', decide: () => 'complete' },
  notice: (p) =>
    '一、提前还款随下一期还款一并从本人的住房公积金账户支付（按“偿还住房贷款”提取），办结后自下一期起按新的还款计划还款。\n' +
    `二、每次不少于 ${yuan(p.loanPrepayMinYuan)} 元（一次结清的除外），每个自然年度至多 ${p.loanPrepayPerYear} 次；同一笔贷款 12 个月内的还贷提取至多 ${p.repayPerYear} 次。\n` +
    '三、贷款有逾期的，须先归还逾期款项；公积金账户可用余额须足以支付下一期应还本息和提前还款金额。',

  /** The amount held on the account while the application is in progress, as every withdrawal's (withdrawals/common.ts). */
  async hold({ tx, applicant, ywbh, payload, now }) {
    const d = await depositorOf(tx, applicant);
    const loan = await getLoan(tx, payload.dkzh);
    if (!d || !loan) throw new ApiError(400, WITHDRAWAL_MESSAGES.noAccount);
    await tx.query('select 1 from personal_account where grzh = $1 for update', [d.grzh]);
    const need = await providentNeed(tx, payload);
    if (need === undefined) throw new ApiError(409, '该笔贷款没有可提前归还的本金');
    // The balance as it stands under the lock (the hold of every withdrawal of the account is checked one by one).
    const available = (await balanceLimit(tx, (await depositorOf(tx, applicant)) ?? d, ywbh)).maxFen;
    if (need > available) throw new ApiError(409, shortMessage(available, need));
    await tx.query(
      `insert into withdrawal (ywbh, ywlx, grzh, tqyy, amount_fen, closing, ref, skyh, skyhmc, skzh, skrxm, created_at, updated_at)
       values ($1, 'GD0605', $2, $3, $4, false, $5, '', '住房公积金贷款', $6, $7, $8, $8)
       on conflict (ywbh) do update set amount_fen = excluded.amount_fen, ref = excluded.ref, skzh = excluded.skzh, updated_at = excluded.updated_at`,
      [ywbh, d.grzh, GD0605_REASON, String(need), `DK:${loan.jkhtbh}`, loan.dkzh, d.xingming, now],
    );
  },

  async complete({ tx, at, application }) {
    await checkAgain(tx, application, at, GD0605_RULES);
    const d = await depositorOf(tx, application);
    const loan = (await getLoan(tx, application.payload.dkzh))!;
    if (!d) throw new ApiError(409, WITHDRAWAL_MESSAGES.noAccount);
    const p = await recordPrepayment(tx, loan, application.payload, application.ywbh, at, 'provident');
    const regular = p.result.original.schedule[0]!;
    const paid = yuanToFen(regular.principal) + yuanToFen(regular.interest) + yuanToFen(p.result.prepayAmount);
    const today = centreDate(at);
    await postMovement(tx, {
      accountNo: d.grzh,
      amountFen: -paid,
      kind: '11',
      ywbh: application.ywbh,
      line: 1,
      valueDate: today,
      reason: GD0605_REASON,
      note: `部分提取（公积金提前还贷，贷款账号 ${loan.dkzh} 第${p.next}期及提前还款）`,
    });
    await tx.query('update withdrawal set amount_fen = $2, paid_fen = $2, paid_on = $3, updated_at = $4 where ywbh = $1', [application.ywbh, String(paid), today, at]);
  },
});

