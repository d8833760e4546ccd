import { ACCOUNT_STATUS } from '../../records';
import { COMMON_MATERIALS } from '../materials';
import type { BusinessMaterial } from '../types';
import { ageOf, dateField, defineWithdrawal, depositorOf, GUIDE_COMMON, todayOf, type CardFields } from './common';
import { PARAMETER_DEFAULTS } from '../../params/centre';
import { readWithdrawalParams, type WithdrawalParams } from './params';

/**
 * TQ0103 离休退休提取 (ltx_tq): on retirement the depositor takes the whole balance with interest to the day of
 * completion, and the account closes (销户提取, reason 03). A sealed account may apply. The centre completes.
 */
export interface Tq0103Payload extends CardFields {
  /** 退休日期 */
  txrq: string;
}

/** The retirement age of the holder of an ID number (parameters retireAgeMale / retireAgeFemale). */
export function retirementAge(p: Pick<WithdrawalParams, 'retireAgeMale' | 'retireAgeFemale'>, zjhm: string): number {
  return ageOf(zjhm, '2000-01-01').male ? p.retireAgeMale : p.retireAgeFemale;
}

const m = <T>(row: T) => row as BusinessMaterial<Tq0103Payload>;

export const tq0103 = defineWithdrawal<Tq0103Payload>({
  ywlx: 'TQ0103',
  ywmc: '离休退休提取',
  tqyy: '03',
  closing: true,
  timeLimitDays: 3,
  statuses: [ACCOUNT_STATUS.normal, ACCOUNT_STATUS.sealed],
  fields: { txrq: dateField('退休日期', '请选择退休日期') },
  required: ['txrq'],
  rules: [
    {
      name: 'retirement-age',
      description: `已达法定退休年龄（retireAgeMale、retireAgeFemale，默认男 ${PARAMETER_DEFAULTS.retireAgeMale} 周岁、女 ${PARAMETER_DEFAULTS.retireAgeFemale} 周岁，按身份证号码计算）`,
      msg: '您尚未达到法定退休年龄，不能办理离休退休提取',
      param: 'retireAgeMale, retireAgeFemale',
      atOpen: true,
      async holds(ctx) {
        const d = await depositorOf(ctx.q, ctx.applicant);
        return !d || ageOf(d.zjhm, todayOf(ctx)).age >= retirementAge(await readWithdrawalParams(ctx.q), d.zjhm);
      },
    },
    {
      name: 'retired-by-now',
      description: '退休日期不晚于今天',
      msg: '退休日期不能晚于今天',
      holds: (ctx) => ctx.payload.txrq <= todayOf(ctx),
    },
  ],
  materials: [
    m(COMMON_MATERIALS.SFZ),
    m({ wjlxId: 'TXZ', wjmc: '退休证明', jdbh: 'TQ0103-01', mlbh: '0301', zstj: '退休证或社保部门出具的退休证明', required: true, maxFiles: 4 }),
    m(COMMON_MATERIALS.SQS),
  ],
  guide: (p) => ({
    ...GUIDE_COMMON,
    bjsj: '3 个工作日',
    xzdy: '职工离休、退休的，可提取全部住房公积金本息并注销个人账户。',
    sltj: `1. 已达法定退休年龄（男 ${p.retireAgeMale} 周岁，女 ${p.retireAgeFemale} 周岁）；2. 账户状态正常或封存；3. 没有其他在办的提取业务。`,
    sqcl: '身份证；退休证明。',
    bllc: '1. 阅读须知；2. 填写退休日期；3. 填写本人银行卡；4. 上传材料并提交；5. 中心审核办结，本息转入银行卡，账户注销。',
    bljg: '账户余额及截至办结日的利息转入本人银行卡，个人账户注销（提取销户）。',
    bz: '利息计算到办结当日。',
  }),
  notice:
    '一、离休退休提取将提取全部余额及截至办结日的利息，并注销个人账户，注销后不能恢复。\n' +
    '二、资金只转入申请人本人的银行卡。',
});
