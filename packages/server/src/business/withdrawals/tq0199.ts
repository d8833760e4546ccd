import { ACCOUNT_STATUS, WITHDRAWAL_REASONS, type WithdrawalReason } from '../../records';
import { COMMON_MATERIALS } from '../materials';
import type { BusinessMaterial } from '../types';
import { defineWithdrawal, GUIDE_COMMON, type AmountField, type CardFields } from './common';

/**
 * TQ0199 其他原因提取 (qtyy_tq): the reasons of the TQYY dictionary that have no kind of their own and that a depositor
 * may ask for in person: 09 大病医疗 (serious illness of self, spouse, parents or children: 上海 SH-REG art.7, 南京 2026,
 * BIJIE) and 99 其他 (hardship: 最低生活保障, long unemployment, SH-REG art.7). 08 死亡 is not among them: the heirs
 * withdraw a deceased depositor's balance at the counter, not through the deceased's login. The depositor describes
 * the case and declares an amount, at most the balance less what other withdrawals hold; the centre always decides
 * (no automatic rule). Completion posts 部分提取 with the reason chosen (09 or 99), not the kind's default.
 */
export const OTHER_REASONS = ['09', '99'] as const satisfies readonly WithdrawalReason[];
export type OtherReason = (typeof OTHER_REASONS)[number];

/** 与本人关系 of the patient (大病医疗): 1 本人, 2 配偶, 3 父母, 4 子女. */
export const PATIENT_RELATIONS = ['1', '2', '3', '4'] as const;

export interface Tq0199Payload extends CardFields, AmountField {
  /** 提取原因 (TQYY): 09 大病医疗 or 99 其他 */
  qtyy: OtherReason;
  /** 情况说明 */
  qksm: string;
  /** 大病医疗: the patient's relation to the applicant */
  hzgx?: (typeof PATIENT_RELATIONS)[number];
  /** 大病医疗: the patient's name */
  hzxm?: string;
}

const m = <T>(row: T) => row as BusinessMaterial<Tq0199Payload>;
const illness = (a: Partial<Tq0199Payload>) => a.qtyy === '09';
const hardship = (a: Partial<Tq0199Payload>) => a.qtyy === '99';

export const tq0199 = defineWithdrawal<Tq0199Payload>({
  ywlx: 'TQ0199',
  ywmc: '其他原因提取',
  tqyy: '99',
  closing: false,
  timeLimitDays: 5,
  statuses: [ACCOUNT_STATUS.normal, ACCOUNT_STATUS.sealed],
  fields: {
    qtyy: {
      type: 'string',
      enum: [...OTHER_REASONS],
      description: `提取原因（${OTHER_REASONS.map((c) => `${c} ${WITHDRAWAL_REASONS[c]}`).join('，')}）`,
      'x-msg': '请从列表中选择提取原因',
      'x-required-msg': '请选择提取原因',
    },
    qksm: { type: 'string', minLength: 5, maxLength: 500, description: '情况说明', 'x-msg': '情况说明应为 5 至 500 个字', 'x-required-msg': '请填写情况说明' },
    hzgx: { type: 'string', enum: [...PATIENT_RELATIONS], description: '患者与申请人的关系（1 本人，2 配偶，3 父母，4 子女）', 'x-msg': '请选择患者与申请人的关系' },
    hzxm: { type: 'string', minLength: 1, maxLength: 50, description: '患者姓名', 'x-msg': '患者姓名应为 1 至 50 个字' },
  },
  required: ['qtyy', 'qksm'],
  reasonOf: (p) => p.qtyy,
  rules: [
    {
      name: 'patient-named',
      description: '大病医疗须选择患者与申请人的关系并填写患者姓名（本人、配偶、父母或子女）',
      msg: '大病医疗提取请选择患者与您的关系并填写患者姓名',
      holds: ({ payload }) => payload.qtyy !== '09' || Boolean(payload.hzgx && payload.hzxm?.trim()),
    },
  ],
  materials: [
    m(COMMON_MATERIALS.SFZ),
    m({ wjlxId: 'ZDZM', wjmc: '疾病诊断证明', jdbh: 'TQ0199-09', mlbh: '9101', zstj: '二级及以上医院出具的重大疾病诊断证明', required: true, maxFiles: 10, when: illness }),
    m({ wjlxId: 'YLFP', wjmc: '医疗费用票据', jdbh: 'TQ0199-09', mlbh: '9102', zstj: '医疗费用发票及费用清单（医保结算单）', required: true, maxFiles: 30, when: illness }),
    m({
      wjlxId: 'GXZM',
      wjmc: '亲属关系证明',
      jdbh: 'TQ0199-09',
      mlbh: '9103',
      zstj: '患者为配偶、父母或子女时提供（结婚证、户口簿或出生医学证明）',
      required: true,
      maxFiles: 6,
      when: (a: Partial<Tq0199Payload>) => illness(a) && a.hzgx !== undefined && a.hzgx !== '1',
    }),
    m({ wjlxId: 'KNZM', wjmc: '生活困难证明', jdbh: 'TQ0199-99', mlbh: '9104', zstj: '最低生活保障证、失业登记证明或街道（乡镇）出具的困难证明', required: true, maxFiles: 10, when: hardship }),
    m({ wjlxId: 'YHK', wjmc: '银行卡（正面）', jdbh: 'TQ0199-01', mlbh: '9105', zstj: '收款的本人银行借记卡', required: true, maxFiles: 1 }),
    m(COMMON_MATERIALS.QT),
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '5 个工作日',
    xzdy: '职工本人、配偶或直系亲属患重大疾病，或家庭生活严重困难（享受最低生活保障、长期失业等）的，可申请提取住房公积金，由中心审核决定。',
    sltj: '1. 账户状态正常或封存；2. 属于大病医疗或生活困难情形；3. 提取金额不超过账户可用余额；4. 没有其他在办的提取业务。',
    sqcl: '身份证；本人银行卡；大病医疗的，疾病诊断证明和医疗费用票据（患者为亲属的，另附关系证明）；生活困难的，最低生活保障证、失业登记证明或困难证明。',
    bllc: '1. 阅读须知；2. 选择提取原因并说明情况；3. 填写提取金额和本人银行卡；4. 上传材料并提交；5. 中心审核办结，资金转入银行卡。',
    bljg: '中心审核同意的，提取金额转入本人银行卡；可在“提取历史”查看并打印提取回单。',
    bz: '其他原因提取均由中心逐件审核，不自动办结。',
  },
  notice:
    '一、其他原因提取由中心逐件审核，请如实说明情况并上传证明材料。\n' +
    '二、提取金额不能超过账户可用余额（在办提取占用的部分除外）。\n' +
    '三、资金只转入申请人本人的银行卡。',
});
