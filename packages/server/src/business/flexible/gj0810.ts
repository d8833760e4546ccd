import { ACCOUNT_STATUS, setAccountStatus } from '../../records';
import { defineBusiness } from '../types';
import { FLEXIBLE_ACCOUNT_RULE, GUIDE_COMMON, NORMAL_ONLY, statusRule, typed, upsertFlexible } from './common';
import { SEAL_REASONS } from './params';

/**
 * GJ0810 灵活就业人员账户封存 (/grwt/zhxx/lhjyryyw/lhjy_fc; spec 2.4 maps GJ0810 to lhjy_fc, 封存): the depositor stops
 * paying; the monthly deduction stops and the balance stays, earning interest. Only from 正常; completes at once.
 */
export interface Gj0810Payload {
  fcyy: keyof typeof SEAL_REASONS;
  sm?: string;
}

export const gj0810 = defineBusiness<Gj0810Payload>({
  ywlx: 'GJ0810',
  ywmc: '灵活就业人员账户封存',
  area: 'flexible',
  loginTypes: [1],
  timeLimitDays: 1,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['fcyy'],
    properties: {
      fcyy: { type: 'string', enum: Object.keys(SEAL_REASONS), description: '封存原因', 'x-msg': '封存原因的取值不正确', 'x-required-msg': '请选择封存原因' },
      sm: { type: 'string', minLength: 1, maxLength: 200, description: '原因说明', 'x-msg': '原因说明应为 1 至 200 个字' },
    },
  },
  rules: [
    typed(FLEXIBLE_ACCOUNT_RULE),
    typed(statusRule('status-normal', NORMAL_ONLY, '只有正常缴存的灵活就业账户可以封存，您的账户当前不是正常状态')),
    {
      name: 'other-reason-explained',
      description: '封存原因为“其他原因”时填写原因说明',
      msg: '封存原因为“其他原因”的，请填写原因说明',
      holds: ({ payload }) => payload.fcyy !== '09' || Boolean(payload.sm?.trim()),
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '提交后即时办结',
    xzdy: '灵活就业人员暂停缴存住房公积金，账户封存后停止按月扣款，账户余额继续按规定计息。',
    sltj: '1. 灵活就业账户状态正常；2. 没有正在办理中的同类业务。',
    sqcl: '无需材料。',
    bllc: '1. 阅读办理须知并同意；2. 选择封存原因；3. 核对信息并提交；4. 即时办结。',
    bljg: '账户状态变为“封存”，停止按月扣款。需要恢复缴存时，办理“灵活就业人员账户启封”。',
    bz: '封存期间不能办理月缴存额调整和补缴。',
  },
  materials: [],
  notice:
    '一、封存后停止按月扣缴住房公积金，账户余额继续计息。\n' +
    '二、封存期间不能办理月缴存额调整、补缴等业务；需要恢复缴存时，请办理“灵活就业人员账户启封”。\n' +
    '三、提交后即时办结。',
  automatic: { description: '即时办结', decide: () => 'complete' },
  async complete({ tx, at, application }) {
    await setAccountStatus(tx, application.zh, ACCOUNT_STATUS.sealed);
    await upsertFlexible(tx, application.zh, { fcyy: application.payload.fcyy }, at, application.ywbh);
  },
});
