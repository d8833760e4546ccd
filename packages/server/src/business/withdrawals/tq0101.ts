import type { Queryable } from '../../db/db';
import { ACCOUNT_STATUS, fenToYuan } from '../../records';
import { COMMON_MATERIALS } from '../materials';
import type { BusinessMaterial } from '../types';
import {
  dateField,
  defineWithdrawal,
  depositorOf,
  fenOf,
  GUIDE_COMMON,
  hasContinuousMonths,
  moneyField,
  purchaseWindowRule,
  todayOf,
  type AmountField,
  type CardFields,
} from './common';
import { PARAMETER_DEFAULTS } from '../../params/centre';
import { readWithdrawalParams } from './params';

/**
 * TQ0101 购买自住住房提取 (gmzzf): within a year of buying a home, the outlay (price less loans) less what was already
 * withdrawn for the same contract, by the applicant or the spouse. A spouse withdrawing for the same home signs the
 * authorisation letter (QR on the phone). The centre checks the contract and completes.
 */
export interface Tq0101Payload extends CardFields, AmountField {
  /** 购房合同编号 (or 不动产权证号) */
  gfht: string;
  /** 房屋坐落 */
  fwzl: string;
  /** 购房日期 (合同签订或登记日期) */
  gfrq: string;
  /** 房屋总价 (yuan) */
  fwzj: string;
  /** 贷款金额 (yuan; 0 without a loan) */
  dkje?: string;
  /** 配偶共同提取同一套住房 */
  potq?: boolean;
  poxm?: string;
  pozjhm?: string;
}

/** What was already withdrawn (or is held) for a purchase contract, by anyone. */
export async function withdrawnFor(q: Queryable, ref: string, except = ''): Promise<bigint> {
  const [row] = await q.query<{ fen: string }>(
    `select coalesce(sum(coalesce(w.paid_fen, w.amount_fen)), 0)::text as fen
       from withdrawal w join application a on a.ywbh = w.ywbh
      where w.ref = $1 and w.ywbh <> $2 and a.zt in ('01', '02', '03')`,
    [ref, except],
  );
  return BigInt(row!.fen);
}

const refOf = (p: Partial<Tq0101Payload>): string => `GF:${(p.gfht ?? '').trim()}`;
const m = <T>(row: T) => row as BusinessMaterial<Tq0101Payload>;

const D = PARAMETER_DEFAULTS;
const monthsMessage = (n: number) => `连续缴存满 ${n} 个月后才能办理购房提取`;
const windowMessage = (n: number) => `只能提取购房后 ${n} 个月内的购房款，且购房日期不能晚于今天`;

export const tq0101 = defineWithdrawal<Tq0101Payload>({
  ywlx: 'TQ0101',
  ywmc: '购买自住住房提取',
  tqyy: '01',
  closing: false,
  timeLimitDays: 3,
  statuses: [ACCOUNT_STATUS.normal, ACCOUNT_STATUS.sealed],
  fields: {
    gfht: { type: 'string', minLength: 1, maxLength: 50, description: '购房合同编号或不动产权证号', 'x-msg': '购房合同编号应为 1 至 50 个字', 'x-required-msg': '请输入购房合同编号' },
    fwzl: { type: 'string', minLength: 2, maxLength: 200, description: '房屋坐落', 'x-msg': '房屋坐落应为 2 至 200 个字', 'x-required-msg': '请输入房屋坐落' },
    gfrq: dateField('购房日期', '请选择购房日期'),
    fwzj: moneyField('房屋总价', '请输入房屋总价'),
    dkje: moneyField('贷款金额', '请输入贷款金额'),
    potq: { type: 'boolean', description: '配偶共同提取同一套住房', 'x-msg': '请选择配偶是否共同提取' },
    poxm: { type: 'string', minLength: 1, maxLength: 50, description: '配偶姓名', 'x-msg': '配偶姓名应为 1 至 50 个字' },
    pozjhm: { type: 'string', pattern: '^\\d{17}[\\dX]$', description: '配偶身份证号码', 'x-msg': '配偶身份证号码应为 18 位' },
  },
  required: ['gfht', 'fwzl', 'gfrq', 'fwzj'],
  ref: refOf,
  rules: [
    {
      name: 'continuous-months',
      description: `连续缴存满 purchaseMinMonths 个月（默认 ${D.purchaseMinMonths}，截至本月或上月）`,
      msg: monthsMessage(D.purchaseMinMonths),
      message: async ({ q }) => monthsMessage((await readWithdrawalParams(q)).purchaseMinMonths),
      param: 'purchaseMinMonths',
      atOpen: true,
      async holds(ctx) {
        const d = await depositorOf(ctx.q, ctx.applicant);
        // A sealed account paid until it was sealed: the months are counted for accounts still depositing only.
        return !d || d.grzhzt !== ACCOUNT_STATUS.normal || hasContinuousMonths(ctx.q, d.grzh, todayOf(ctx), (await readWithdrawalParams(ctx.q)).purchaseMinMonths);
      },
    },
    purchaseWindowRule<Tq0101Payload>('purchase-within-window', 'gfrq', `购房日期在今天之前 purchaseWindowMonths 个月内（默认 ${D.purchaseWindowMonths}），且不晚于今天`, windowMessage),
    {
      name: 'loan-within-price',
      description: '贷款金额不超过房屋总价',
      msg: '贷款金额不能超过房屋总价',
      holds: ({ payload }) => fenOf(payload.dkje ?? '0') <= fenOf(payload.fwzj),
    },
    {
      name: 'spouse-named',
      description: '配偶共同提取时填写配偶姓名和身份证号码，且与登记的配偶一致',
      msg: '配偶共同提取的，请填写与登记信息一致的配偶姓名和身份证号码',
      async holds({ q, applicant, payload }) {
        if (!payload.potq) return true;
        const d = await depositorOf(q, applicant);
        return Boolean(payload.poxm?.trim() && payload.pozjhm && d && d.married && d.pozjhm === payload.pozjhm);
      },
    },
  ],
  async limit({ q, payload, ywbh }) {
    if (!payload.fwzj) return undefined;
    const price = fenOf(payload.fwzj);
    const loan = fenOf(payload.dkje ?? '0');
    const before = await withdrawnFor(q, refOf(payload), ywbh);
    const left = price - loan - before > 0n ? price - loan - before : 0n;
    return {
      maxFen: left,
      reasons: [`房屋总价 ${fenToYuan(price)} 元，减贷款 ${fenToYuan(loan)} 元，减本合同已提取（含配偶） ${fenToYuan(before)} 元，可提取 ${fenToYuan(left)} 元`],
    };
  },
  materials: [
    m(COMMON_MATERIALS.SFZ),
    m({ wjlxId: 'GFHT', wjmc: '购房合同', jdbh: 'TQ0101-01', mlbh: '0101', zstj: '已备案的商品房买卖合同或存量房买卖合同', required: true, maxFiles: 30 }),
    m({ wjlxId: 'GFFP', wjmc: '购房发票或不动产权证', jdbh: 'TQ0101-01', mlbh: '0102', zstj: '购房发票或不动产权证书', required: true, maxFiles: 10 }),
    { wjlxId: 'JHZ', wjmc: '结婚证', jdbh: 'TQ0101-02', mlbh: '0103', zstj: '配偶共同提取时提供', required: true, maxFiles: 4, when: (a) => a.potq === true },
    {
      ...m(COMMON_MATERIALS.SQS),
      zstj: '配偶共同提取时，由配偶扫码在手机上签署授权委托书',
      description: '配偶授权申请人代为办理：可扫码在手机上签署，或上传签字后的扫描件',
      required: true,
      when: (a) => a.potq === true,
    },
  ],
  guide: (p) => ({
    ...GUIDE_COMMON,
    bjsj: '3 个工作日',
    xzdy: '职工购买自住住房的，可在购房后规定的期限内提取本人及配偶的住房公积金，合计不超过购房款扣除贷款后的金额。',
    sltj: `1. 账户状态正常或封存；2. 连续缴存满 ${p.purchaseMinMonths} 个月；3. 购房在 ${p.purchaseWindowMonths} 个月内；4. 没有其他在办的提取业务。`,
    sqcl: '身份证；购房合同；购房发票或不动产权证；配偶共同提取的，另附结婚证和配偶签署的授权委托书。',
    bllc: '1. 阅读须知；2. 填写购房信息和提取金额；3. 填写本人银行卡；4. 上传材料并提交；5. 中心审核办结，资金转入银行卡。',
    bljg: '提取金额转入本人银行卡；可在“提取历史”查看并打印提取回单。',
    bz: '同一套住房，本人和配偶提取合计不超过房屋总价扣除贷款后的金额。',
  }),
  notice:
    '一、同一套住房，本人和配偶提取的合计不能超过房屋总价扣除贷款后的金额。\n' +
    '二、配偶共同提取的，请让配偶扫码在手机上签署授权委托书。\n' +
    '三、资金只转入申请人本人的银行卡。',
});
