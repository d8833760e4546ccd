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
import { withdrawnFor } from './tq0101';

/**
 * TQ0102 建造翻建大修自住住房提取 (jzfj_tq): within the window after the building permit (or, for a major repair, the
 * appraisal that calls for it), the cost less loans for it less what was already withdrawn for the same permit, by
 * anyone. The reference (business-rules.md › 购房, 建造翻建大修; 建金管〔2005〕5号 "购建和大修住房一年内") treats buying
 * and building alike, so the kind reads the purchase rows: purchaseMinMonths and purchaseWindowMonths. An account
 * still depositing (正常) only. The centre checks the permit and the budget or invoices and completes (部分提取, 02).
 */
export interface Tq0102Payload extends CardFields, AmountField {
  /** 类型: 1 建造, 2 翻建, 3 大修 */
  jzlx: '1' | '2' | '3';
  /** 建房批准文件编号 (建设工程规划许可证号、乡村建设规划许可证号; 大修: 房屋安全鉴定或维修批准文号) */
  pzwh: string;
  /** 批准日期 */
  pzrq: string;
  /** 房屋坐落 */
  fwzl: string;
  /** 工程费用 (yuan: the budget, or the invoices for a repair) */
  gcfy: string;
  /** 为此贷款的金额 (yuan; 0 without a loan) */
  dkje?: string;
}

const refOf = (p: Partial<Tq0102Payload>): string => `JZ:${(p.pzwh ?? '').trim()}`;
const m = <T>(row: T) => row as BusinessMaterial<Tq0102Payload>;

const D = PARAMETER_DEFAULTS;
const monthsMessage = (n: number) => `连续缴存满 ${n} 个月后才能办理建造翻建大修提取`;
const windowMessage = (n: number) => `只能提取建房（大修）批准后 ${n} 个月内的费用，且批准日期不能晚于今天`;

export const tq0102 = defineWithdrawal<Tq0102Payload>({
  ywlx: 'TQ0102',
  ywmc: '建造翻建大修自住住房提取',
  tqyy: '02',
  closing: false,
  timeLimitDays: 5,
  statuses: [ACCOUNT_STATUS.normal],
  fields: {
    jzlx: { type: 'string', enum: ['1', '2', '3'], description: '类型（1 建造，2 翻建，3 大修）', 'x-msg': '请选择建造、翻建或大修', 'x-required-msg': '请选择建造、翻建或大修' },
    pzwh: { type: 'string', minLength: 1, maxLength: 50, description: '建房批准文件编号（规划许可证号或大修批准文号）', 'x-msg': '批准文件编号应为 1 至 50 个字', 'x-required-msg': '请输入批准文件编号' },
    pzrq: dateField('批准日期', '请选择批准日期'),
    fwzl: { type: 'string', minLength: 2, maxLength: 200, description: '房屋坐落', 'x-msg': '房屋坐落应为 2 至 200 个字', 'x-required-msg': '请输入房屋坐落' },
    gcfy: moneyField('工程费用', '请输入工程费用'),
    dkje: moneyField('贷款金额', '请输入贷款金额'),
  },
  required: ['jzlx', 'pzwh', 'pzrq', 'fwzl', 'gcfy'],
  ref: refOf,
  rules: [
    {
      name: 'continuous-months',
      description: `连续缴存满 purchaseMinMonths 个月（默认 ${D.purchaseMinMonths}，与购房相同，截至本月或上月）`,
      msg: monthsMessage(D.purchaseMinMonths),
      message: async ({ q }) => monthsMessage((await readWithdrawalParams(q)).purchaseMinMonths),
      param: 'purchaseMinMonths',
      atOpen: true,
      async holds(ctx) {
        const d = await depositorOf(ctx.q, ctx.applicant);
        return !d || hasContinuousMonths(ctx.q, d.grzh, todayOf(ctx), (await readWithdrawalParams(ctx.q)).purchaseMinMonths);
      },
    },
    purchaseWindowRule<Tq0102Payload>('permit-within-window', 'pzrq', `批准日期在今天之前 purchaseWindowMonths 个月内（默认 ${D.purchaseWindowMonths}，与购房相同），且不晚于今天`, windowMessage),
    {
      name: 'loan-within-cost',
      description: '贷款金额不超过工程费用',
      msg: '贷款金额不能超过工程费用',
      holds: ({ payload }) => fenOf(payload.dkje ?? '0') <= fenOf(payload.gcfy),
    },
  ],
  async limit({ q, payload, ywbh }) {
    if (!payload.gcfy) return undefined;
    const cost = fenOf(payload.gcfy);
    const loan = fenOf(payload.dkje ?? '0');
    const before = await withdrawnFor(q, refOf(payload), ywbh);
    const left = cost - loan - before > 0n ? cost - loan - before : 0n;
    return {
      maxFen: left,
      reasons: [`工程费用 ${fenToYuan(cost)} 元，减贷款 ${fenToYuan(loan)} 元，减同一批准文件已提取（含配偶） ${fenToYuan(before)} 元，可提取 ${fenToYuan(left)} 元`],
    };
  },
  materials: [
    m(COMMON_MATERIALS.SFZ),
    m({ wjlxId: 'JFPZ', wjmc: '建房批准文件', jdbh: 'TQ0102-01', mlbh: '0201', zstj: '建设工程规划许可证或乡村建设规划许可证等建房批准文件', required: true, maxFiles: 10, when: (a: Partial<Tq0102Payload>) => a.jzlx !== '3' }),
    m({ wjlxId: 'DXJD', wjmc: '房屋安全鉴定或大修批准文件', jdbh: 'TQ0102-02', mlbh: '0202', zstj: '房屋安全鉴定报告或主管部门的大修批准文件', required: true, maxFiles: 10, when: (a: Partial<Tq0102Payload>) => a.jzlx === '3' }),
    m({ wjlxId: 'FWQZ', wjmc: '不动产权证', jdbh: 'TQ0102-02', mlbh: '0203', zstj: '大修房屋的不动产权证书或房屋所有权证', required: true, maxFiles: 10, when: (a: Partial<Tq0102Payload>) => a.jzlx === '3' }),
    m({ wjlxId: 'GCYS', wjmc: '工程预算或发票', jdbh: 'TQ0102-01', mlbh: '0204', zstj: '工程预算书、施工合同或建材、工程款发票', required: true, maxFiles: 30 }),
    m({ wjlxId: 'YHK', wjmc: '银行卡（正面）', jdbh: 'TQ0102-01', mlbh: '0205', zstj: '收款的本人银行借记卡', required: true, maxFiles: 1 }),
    m({ wjlxId: 'DKHT', wjmc: '建房贷款合同', jdbh: 'TQ0102-03', mlbh: '0206', zstj: '为建造、翻建、大修所借贷款的借款合同', required: true, maxFiles: 20, when: (a: Partial<Tq0102Payload>) => fenOf(a.dkje ?? '0') > 0n }),
  ],
  guide: (p) => ({
    ...GUIDE_COMMON,
    bjsj: '5 个工作日',
    xzdy: '职工建造、翻建、大修自住住房的，可在批准后规定的期限内提取住房公积金，合计不超过工程费用扣除贷款后的金额。',
    sltj: `1. 账户状态正常；2. 连续缴存满 ${p.purchaseMinMonths} 个月；3. 建房或大修批准在 ${p.purchaseWindowMonths} 个月内；4. 没有其他在办的提取业务。`,
    sqcl: '身份证；建房批准文件（大修的，房屋安全鉴定或大修批准文件和不动产权证）；工程预算或发票；本人银行卡；有贷款的，另附借款合同。',
    bllc: '1. 阅读须知；2. 填写建房信息和提取金额；3. 填写本人银行卡；4. 上传材料并提交；5. 中心审核办结，资金转入银行卡。',
    bljg: '提取金额转入本人银行卡；可在“提取历史”查看并打印提取回单。',
    bz: '同一批准文件，本人和配偶提取合计不超过工程费用扣除贷款后的金额。',
  }),
  notice:
    '一、同一批准文件，本人和配偶提取的合计不能超过工程费用扣除贷款后的金额。\n' +
    '二、大修的，请上传房屋安全鉴定或大修批准文件和不动产权证。\n' +
    '三、资金只转入申请人本人的银行卡。',
});
