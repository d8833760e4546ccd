import { ACCOUNT_STATUS } from '../../records';
import { COMMON_MATERIALS } from '../materials';
import type { BusinessMaterial } from '../types';
import { dateField, defineWithdrawal, GUIDE_COMMON, todayOf, type CardFields } from './common';

/**
 * TQ0104 丧失劳动能力提取 (ssldl_tq): a depositor who has lost (completely, or for the most part where the centre allows
 * it) the capacity to work and whose employment has ended takes the whole balance with interest to the day; the
 * account closes (销户提取, reason 04). A sealed account may apply. The centre checks the appraisal and completes.
 */
export interface Tq0104Payload extends CardFields {
  /** 劳动能力鉴定结论: 01 完全丧失, 02 大部分丧失 */
  jdjl: '01' | '02';
  /** 鉴定日期 and 解除劳动关系日期 */
  jdrq: string;
  jcrq: string;
}

const m = <T>(row: T) => row as BusinessMaterial<Tq0104Payload>;

export const tq0104 = defineWithdrawal<Tq0104Payload>({
  ywlx: 'TQ0104',
  ywmc: '丧失劳动能力提取',
  tqyy: '04',
  closing: true,
  timeLimitDays: 5,
  statuses: [ACCOUNT_STATUS.normal, ACCOUNT_STATUS.sealed],
  fields: {
    jdjl: { type: 'string', enum: ['01', '02'], description: '劳动能力鉴定结论（01 完全丧失，02 大部分丧失）', 'x-msg': '鉴定结论的取值不正确', 'x-required-msg': '请选择劳动能力鉴定结论' },
    jdrq: dateField('鉴定日期', '请选择鉴定日期'),
    jcrq: dateField('解除劳动关系日期', '请选择解除劳动关系日期'),
  },
  required: ['jdjl', 'jdrq', 'jcrq'],
  rules: [
    {
      name: 'dates-past',
      description: '鉴定日期和解除劳动关系日期都不晚于今天',
      msg: '鉴定日期和解除劳动关系日期不能晚于今天',
      holds: (ctx) => ctx.payload.jdrq <= todayOf(ctx) && ctx.payload.jcrq <= todayOf(ctx),
    },
  ],
  materials: [
    m(COMMON_MATERIALS.SFZ),
    m({ wjlxId: 'LDJD', wjmc: '劳动能力鉴定结论书', jdbh: 'TQ0104-01', mlbh: '0401', zstj: '劳动能力鉴定委员会出具的鉴定结论书', required: true, maxFiles: 6 }),
    m({ wjlxId: 'JCLD', wjmc: '解除劳动关系证明', jdbh: 'TQ0104-01', mlbh: '0402', zstj: '与单位解除或终止劳动关系的证明', required: true, maxFiles: 4 }),
    m(COMMON_MATERIALS.SQS),
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '5 个工作日',
    xzdy: '职工完全或大部分丧失劳动能力并与单位终止劳动关系的，可提取全部住房公积金本息并注销个人账户。',
    sltj: '1. 经鉴定完全或大部分丧失劳动能力；2. 已与单位解除或终止劳动关系；3. 账户状态正常或封存；4. 没有其他在办的提取业务。',
    sqcl: '身份证；劳动能力鉴定结论书；解除劳动关系证明。行动不便的，可委托他人代办（授权委托书可扫码在手机上签署）。',
    bllc: '1. 阅读须知；2. 填写鉴定信息；3. 填写本人银行卡；4. 上传材料并提交；5. 中心审核办结，本息转入银行卡，账户注销。',
    bljg: '账户余额及截至办结日的利息转入本人银行卡，个人账户注销（提取销户）。',
    bz: '利息计算到办结当日。',
  },
  notice: '一、丧失劳动能力提取将提取全部余额及截至办结日的利息，并注销个人账户。\n二、资金只转入申请人本人的银行卡。',
});
