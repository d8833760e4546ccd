import { ACCOUNT_STATUS, setAccountStatus } from '../../records';
import { defineBusiness } from '../types';
import { DEDUCTION_ACCOUNT_RULE, FLEXIBLE_ACCOUNT_RULE, GUIDE_COMMON, statusRule, typed } from './common';

/**
 * GJ0809 灵活就业人员账户启封 (/grwt/zhxx/lhjyryyw/lhjy_qf; spec 2.4 maps GJ0809 to lhjy_qf, 启封): a sealed flexible
 * account resumes paying from the next deduction. Only from 封存, with a deduction account on file; at once.
 */
export interface Gj0809Payload {
  sm?: string;
}

export const gj0809 = defineBusiness<Gj0809Payload>({
  ywlx: 'GJ0809',
  ywmc: '灵活就业人员账户启封',
  area: 'flexible',
  loginTypes: [1],
  timeLimitDays: 1,
  allowsSealedAccount: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: { sm: { type: 'string', minLength: 1, maxLength: 200, description: '备注', 'x-msg': '备注应为 1 至 200 个字' } },
  },
  rules: [
    typed(FLEXIBLE_ACCOUNT_RULE),
    typed(statusRule('status-sealed', [ACCOUNT_STATUS.sealed], '只有已封存的灵活就业账户需要启封，您的账户当前不是封存状态')),
    typed(DEDUCTION_ACCOUNT_RULE),
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '提交后即时办结，自下月起恢复按月扣款',
    xzdy: '已封存的灵活就业账户恢复缴存住房公积金。',
    sltj: '1. 灵活就业账户状态为封存；2. 已登记扣款银行账户。',
    sqcl: '无需材料。',
    bllc: '1. 阅读办理须知并同意；2. 核对账户信息；3. 提交；4. 即时办结。',
    bljg: '账户状态恢复为“正常”，自下月起按登记的月缴存额从扣款账户扣缴。',
    bz: '启封后如需补缴封存前未缴的月份，可办理“灵活就业人员补缴”。',
  },
  materials: [],
  notice:
    '一、启封后自下月起恢复按月扣缴住房公积金，月缴存额为封存前登记的金额。\n' +
    '二、请确认扣款银行账户可正常扣款。\n' +
    '三、提交后即时办结。',
  automatic: { description: '即时办结', decide: () => 'complete' },
  async complete({ tx, application }) {
    await setAccountStatus(tx, application.zh, ACCOUNT_STATUS.normal);
  },
});
