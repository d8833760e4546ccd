import { ACCOUNT_STATUS } from '../../records';
import { COMMON_MATERIALS } from '../materials';
import type { BusinessMaterial } from '../types';
import { dateField, defineWithdrawal, GUIDE_COMMON, todayOf, type CardFields } from './common';

/**
 * TQ0105 出境定居提取 (cjdj_tq): a depositor who settles abroad (the household registration cancelled) takes the whole
 * balance with interest to the day; the account closes (销户提取, reason 05 户口迁出/出境定居). A sealed account may
 * apply. The centre checks the cancellation and completes.
 */
export interface Tq0105Payload extends CardFields {
  /** 定居国家或地区 */
  djgj: string;
  /** 户口注销日期 */
  zxrq: string;
}

const m = <T>(row: T) => row as BusinessMaterial<Tq0105Payload>;

export const tq0105 = defineWithdrawal<Tq0105Payload>({
  ywlx: 'TQ0105',
  ywmc: '出境定居提取',
  tqyy: '05',
  closing: true,
  timeLimitDays: 5,
  statuses: [ACCOUNT_STATUS.normal, ACCOUNT_STATUS.sealed],
  fields: {
    djgj: { type: 'string', minLength: 2, maxLength: 50, description: '定居国家或地区', 'x-msg': '定居国家或地区应为 2 至 50 个字', 'x-required-msg': '请输入定居国家或地区' },
    zxrq: dateField('户口注销日期', '请选择户口注销日期'),
  },
  required: ['djgj', 'zxrq'],
  rules: [
    {
      name: 'cancelled-by-now',
      description: '户口注销日期不晚于今天',
      msg: '户口注销日期不能晚于今天，户口注销后才能办理出境定居提取',
      holds: (ctx) => ctx.payload.zxrq <= todayOf(ctx),
    },
  ],
  materials: [
    m(COMMON_MATERIALS.SFZ),
    m({ wjlxId: 'HKZX', wjmc: '户口注销证明', jdbh: 'TQ0105-01', mlbh: '0501', zstj: '公安机关出具的户口注销证明', required: true, maxFiles: 4 }),
    m({ wjlxId: 'DJZM', wjmc: '出境定居证明', jdbh: 'TQ0105-01', mlbh: '0502', zstj: '护照及定居国（地区）的居留证明', required: true, maxFiles: 10 }),
    m(COMMON_MATERIALS.SQS),
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '5 个工作日',
    xzdy: '职工出境定居的，可提取全部住房公积金本息并注销个人账户。',
    sltj: '1. 已出境定居并注销户口；2. 账户状态正常或封存；3. 没有其他在办的提取业务。',
    sqcl: '身份证；户口注销证明；出境定居证明。委托他人代办的，另附授权委托书（可扫码在手机上签署）。',
    bllc: '1. 阅读须知；2. 填写定居信息；3. 填写本人银行卡；4. 上传材料并提交；5. 中心审核办结，本息转入银行卡，账户注销。',
    bljg: '账户余额及截至办结日的利息转入本人银行卡，个人账户注销（提取销户）。',
    bz: '利息计算到办结当日。',
  },
  notice: '一、出境定居提取将提取全部余额及截至办结日的利息，并注销个人账户。\n二、资金只转入申请人本人在境内银行开立的银行卡。',
});
