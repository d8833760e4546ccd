import { ACCOUNT_STATUS } from '../../records';
import { COMMON_MATERIALS } from '../materials';
import { defineBusiness } from '../types';
import { FLEXIBLE_ACCOUNT_RULE, flexibleAccountOf, GUIDE_COMMON, statusRule, typed, upsertFlexible } from './common';

/**
 * GJ0805 扣款账户变更 (/grwt/zhxx/lhjyryyw/kkzh_bg): the bank account the monthly deposit (and a 补缴) is deducted
 * from. The account must be the depositor's own debit card (the bank checks the name at the first deduction);
 * completes at once, also while the account is sealed (so it can be unsealed).
 */
export interface Gj0805Payload {
  kkyh: string;
  kkzh: string;
}

export const gj0805 = defineBusiness<Gj0805Payload>({
  ywlx: 'GJ0805',
  ywmc: '扣款账户变更',
  area: 'flexible',
  loginTypes: [1],
  timeLimitDays: 3,
  allowsSealedAccount: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['kkyh', 'kkzh'],
    properties: {
      kkyh: { type: 'string', minLength: 2, maxLength: 30, description: '扣款银行', 'x-msg': '扣款银行应为 2 至 30 个字', 'x-required-msg': '请选择扣款银行' },
      kkzh: { type: 'string', pattern: '^\\d{12,19}$', description: '扣款账号', 'x-msg': '扣款账号应为 12 至 19 位数字', 'x-required-msg': '请输入扣款账号' },
    },
  },
  rules: [
    typed(FLEXIBLE_ACCOUNT_RULE),
    typed(statusRule('status-normal-or-sealed', [ACCOUNT_STATUS.normal, ACCOUNT_STATUS.sealed], '您的灵活就业账户已冻结或销户，不能变更扣款账户，请到中心柜台咨询')),
    {
      name: 'account-changes',
      description: '新的扣款账号与现在登记的不同',
      msg: '新的扣款账号与现在登记的相同，无需变更',
      async holds({ q, applicant, payload }) {
        const account = await flexibleAccountOf(q, applicant);
        return !account || account.kkzh !== payload.kkzh;
      },
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '提交后即时办结，自下次扣款起从新账户扣划',
    xzdy: '灵活就业人员变更按月扣缴住房公积金的本人银行借记卡账户。',
    sltj: '1. 灵活就业账户状态正常或封存；2. 新账户为本人名下的银行借记卡。',
    sqcl: '本人银行借记卡（正面）照片。',
    bllc: '1. 阅读办理须知并同意；2. 填写新的扣款银行和账号；3. 上传银行卡照片；4. 核对信息并提交；5. 即时办结。',
    bljg: '自下次扣款起从新账户扣划月缴存额和补缴款。',
    bz: '扣款账户须为本人名下账户，户名不一致的，银行将扣款失败。',
  },
  materials: [
    {
      wjlxId: 'YHK',
      wjmc: '银行卡（正面）',
      jdbh: 'GJ0805-01',
      mlbh: '0101',
      zstj: '新扣款账户的本人银行借记卡',
      description: '银行卡正面的照片，卡号清晰可辨',
      required: true,
      maxFiles: 1,
    },
    COMMON_MATERIALS.SQS,
  ],
  notice:
    '一、本业务变更您灵活就业账户按月扣缴住房公积金的银行账户。\n' +
    '二、新账户须为您本人名下的银行借记卡，户名不一致的，银行将扣款失败。\n' +
    '三、提交后即时办结，自下次扣款起从新账户扣划。',
  automatic: { description: '即时办结', decide: () => 'complete' },
  async complete({ tx, at, application }) {
    const { kkyh, kkzh } = application.payload;
    await upsertFlexible(tx, application.zh, { kkyh, kkzh }, at, application.ywbh);
  },
});
