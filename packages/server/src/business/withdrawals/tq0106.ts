import type { Queryable } from '../../db/db';
import { ACCOUNT_STATUS, fenToYuan } from '../../records';
import { COMMON_MATERIALS } from '../materials';
import type { BusinessMaterial } from '../types';
import {
  dateField,
  dateMonthsBefore,
  defineWithdrawal,
  depositorOf,
  fenOf,
  GUIDE_COMMON,
  monthOf,
  moneyField,
  todayOf,
  type AmountField,
  type CardFields,
  type Depositor,
} from './common';
import { PARAMETER_DEFAULTS } from '../../params/centre';
import { readWithdrawalParams } from './params';

/**
 * TQ0106 偿还住房贷款提取 (chdk_tq): the repayments of the last 12 months of a home loan of the applicant or the
 * spouse, once a year per contract. A loan of this centre (dklx 1) is on its loan records: the instalment comes from
 * there and the withdrawal completes at once; a commercial loan (dklx 2) is declared with its contract and
 * repayment records and the centre checks it.
 */
export interface Tq0106Payload extends CardFields, AmountField {
  /** 贷款类型: 1 本中心住房公积金贷款, 2 商业银行住房贷款 */
  dklx: '1' | '2';
  /** 借款合同编号 */
  jkhtbh: string;
  /** 商业贷款: 月还款额 (yuan) and 放款日期 */
  yhke?: string;
  ffrq?: string;
}

interface LoanContract {
  jkhtbh: string;
  zjhm: string;
  yhkeFen: bigint;
  ffrq: string;
  dqrq: string;
  dkyeFen: bigint;
}

/**
 * The centre's loan of that contract number when it is the applicant's or the spouse's (as borrower or co-borrower),
 * else undefined: the loan ledger and the contracts taken over before it, through the one view centre_loan_contract
 * (migration 196), which GD0605 公积金提前还贷 reads too.
 */
export async function ownLoan(q: Queryable, d: Depositor, jkhtbh: string): Promise<LoanContract | undefined> {
  const people = d.married && d.pozjhm ? [d.zjhm, d.pozjhm] : [d.zjhm];
  const [row] = await q.query<Record<string, string>>(
    `select jkhtbh, zjhm, yhke_fen::text as yhke_fen, ffrq::text as ffrq, dqrq::text as dqrq, dkye_fen::text as dkye_fen
       from centre_loan_contract where jkhtbh = $1 and (zjhm = any($2::text[]) or gtjkr_zjhm = any($2::text[]))`,
    [jkhtbh, people],
  );
  return row ? { jkhtbh: row.jkhtbh!, zjhm: row.zjhm!, yhkeFen: BigInt(row.yhke_fen!), ffrq: row.ffrq!, dqrq: row.dqrq!, dkyeFen: BigInt(row.dkye_fen!) } : undefined;
}

/** Months of instalments due in the window ending today: from the month after the loan was paid out, at most n. */
export function monthsRepaid(ffrq: string, today: string, window: number): number {
  const index = (p: string) => Number(p.slice(0, 4)) * 12 + Number(p.slice(4, 6));
  const since = index(monthOf(today)) - index(monthOf(ffrq));
  return Math.max(0, Math.min(window, since));
}

/** Withdrawn (or held) for a loan contract since `from`: what counts against the year's repayments. */
async function withdrawnForLoan(q: Queryable, ref: string, from: string, except = ''): Promise<{ fen: bigint; times: number }> {
  const [row] = await q.query<{ fen: string; n: string }>(
    `select coalesce(sum(coalesce(w.paid_fen, w.amount_fen)), 0)::text as fen, count(*)::text as n
       from withdrawal w join application a on a.ywbh = w.ywbh
      where w.ref = $1 and w.ywbh <> $3 and (a.zt in ('01', '02') or (a.zt = '03' and w.paid_on >= $2::date))`,
    [ref, from, except],
  );
  return { fen: BigInt(row!.fen), times: Number(row!.n) };
}

const refOf = (p: Partial<Tq0106Payload>): string => `DK:${(p.jkhtbh ?? '').trim()}`;
const m = <T>(row: T) => row as BusinessMaterial<Tq0106Payload>;

/** The instalment and the start of a loan: the centre's records for its own loans, the declaration for a bank's. */
async function terms(q: Queryable, d: Depositor, p: Partial<Tq0106Payload>): Promise<{ yhkeFen: bigint; ffrq: string } | undefined> {
  if (p.dklx === '1' && p.jkhtbh) {
    const loan = await ownLoan(q, d, p.jkhtbh);
    return loan && { yhkeFen: loan.yhkeFen, ffrq: loan.ffrq };
  }
  if (p.dklx === '2' && p.yhke && p.ffrq) return { yhkeFen: fenOf(p.yhke), ffrq: p.ffrq };
  return undefined;
}

export const tq0106 = defineWithdrawal<Tq0106Payload>({
  ywlx: 'TQ0106',
  ywmc: '偿还住房贷款提取',
  tqyy: '06',
  closing: false,
  timeLimitDays: 3,
  statuses: [ACCOUNT_STATUS.normal, ACCOUNT_STATUS.sealed],
  fields: {
    dklx: { type: 'string', enum: ['1', '2'], description: '贷款类型（1 本中心公积金贷款，2 商业银行贷款）', 'x-msg': '贷款类型的取值不正确', 'x-required-msg': '请选择贷款类型' },
    jkhtbh: { type: 'string', minLength: 1, maxLength: 50, description: '借款合同编号', 'x-msg': '借款合同编号应为 1 至 50 个字', 'x-required-msg': '请输入借款合同编号' },
    yhke: moneyField('月还款额', '请输入月还款额'),
    ffrq: dateField('放款日期', '请选择放款日期'),
  },
  required: ['dklx', 'jkhtbh'],
  ref: refOf,
  rules: [
    {
      name: 'own-loan',
      description: '本中心贷款：借款合同是申请人或配偶的（他人的合同答 403，不透露是否存在）',
      msg: '借款合同不存在',
      status: 403,
      async holds({ q, applicant, payload }) {
        if (payload.dklx !== '1') return true;
        const d = await depositorOf(q, applicant);
        return !d || (await ownLoan(q, d, payload.jkhtbh)) !== undefined;
      },
    },
    {
      name: 'bank-loan-declared',
      description: '商业贷款：填写月还款额和放款日期（放款日期不晚于今天）',
      msg: '商业银行贷款请填写月还款额和放款日期，放款日期不能晚于今天',
      holds: (ctx) => ctx.payload.dklx !== '2' || Boolean(ctx.payload.yhke && ctx.payload.ffrq && ctx.payload.ffrq <= todayOf(ctx)),
    },
    {
      name: 'once-a-year',
      description: `同一笔贷款 12 个月内至多提取 repayPerYear 次（默认 ${PARAMETER_DEFAULTS.repayPerYear}，含在办的）`,
      msg: '这笔贷款近 12 个月内已办理过还贷提取，请满 12 个月后再申请',
      param: 'repayPerYear',
      async holds(ctx) {
        const from = dateMonthsBefore(todayOf(ctx), 12);
        return (await withdrawnForLoan(ctx.q, refOf(ctx.payload), from, ctx.ywbh)).times < (await readWithdrawalParams(ctx.q)).repayPerYear;
      },
    },
  ],
  async limit({ q, depositor, payload, today, ywbh }) {
    const t = await terms(q, depositor, payload);
    if (!t) return undefined;
    const window = (await readWithdrawalParams(q)).repayWindowMonths;
    const months = monthsRepaid(t.ffrq, today, window);
    const repaid = t.yhkeFen * BigInt(months);
    const before = (await withdrawnForLoan(q, refOf(payload), dateMonthsBefore(today, window), ywbh)).fen;
    const left = repaid - before > 0n ? repaid - before : 0n;
    return {
      maxFen: left,
      reasons: [`近 ${window} 个月应还 ${months} 期，每期 ${fenToYuan(t.yhkeFen)} 元，合计 ${fenToYuan(repaid)} 元，减已提取 ${fenToYuan(before)} 元，可提取 ${fenToYuan(left)} 元`],
    };
  },
  materials: [
    m(COMMON_MATERIALS.SFZ),
    { wjlxId: 'DKHT', wjmc: '借款合同', jdbh: 'TQ0106-01', mlbh: '0101', zstj: '商业银行住房贷款的借款合同（含签字页）', required: true, maxFiles: 20, when: (a) => a.dklx === '2' },
    { wjlxId: 'HKPZ', wjmc: '还款凭证', jdbh: 'TQ0106-01', mlbh: '0102', zstj: '商业银行贷款近 12 个月的还款凭证或银行流水', required: true, maxFiles: 10, when: (a) => a.dklx === '2' },
    m(COMMON_MATERIALS.SQS),
  ],
  guide: (p) => ({
    ...GUIDE_COMMON,
    bjsj: '本中心贷款即时办结；商业贷款 3 个工作日',
    xzdy: `职工偿还购房贷款本息的，同一笔贷款每 12 个月可提取 ${p.repayPerYear} 次，金额不超过近 ${p.repayWindowMonths} 个月应还的贷款本息。`,
    sltj: `1. 账户状态正常或封存；2. 本人或配偶有在还的住房贷款；3. 同一笔贷款 12 个月内办理还贷提取不足 ${p.repayPerYear} 次；4. 没有其他在办的提取业务。`,
    sqcl: '身份证；商业银行贷款另附借款合同和还款凭证。',
    bllc: '1. 阅读须知；2. 选择贷款并填写提取金额；3. 填写本人银行卡；4. 提交；5. 本中心贷款即时办结，商业贷款由中心审核。',
    bljg: '提取金额转入本人银行卡；可在“提取历史”查看并打印提取回单。',
    bz: '本中心贷款的月还款额以中心贷款记录为准。',
  }),
  notice: (p) =>
    `一、同一笔贷款每 12 个月可提取 ${p.repayPerYear} 次，金额不超过近 ${p.repayWindowMonths} 个月应还的本息。\n` +
    '二、本中心的住房公积金贷款即时办结；商业银行贷款需上传借款合同和还款凭证，由中心审核。\n' +
    '三、资金只转入申请人本人的银行卡。',
  automatic: { description: '本中心贷款的还贷提取即时办结', decide: ({ payload }) => (payload.dklx === '1' ? 'complete' : null) },
});
