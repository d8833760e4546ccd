import { httpStatusMessage } from '@gjj-hall/sdk';
import { centreDate } from '../../clock';
import { ACCOUNT_STATUS, closeAccount, postMovement } from '../../records';
import { COMMON_MATERIALS } from '../materials';
import { defineBusiness } from '../types';
import { FLEXIBLE_ACCOUNT_RULE, flexibleAccountOf, GUIDE_COMMON, statusRule, typed } from './common';

/**
 * GJ0803 灵活就业人员账户转移 (/grwt/zhxx/lhjyryyw/lhjyry_zy): a flexible depositor who is now employed by a deposit
 * unit of this centre moves the flexible balance into their personal account at that unit. The centre checks the
 * employment (3 working days); completing closes the flexible account with interest to the day (销户结息, then 转出
 * of the whole balance through the transfer account C300) and posts the same sum as 转入 to the unit account, all in
 * the transaction of the status. Transfers between units are the staff transfer's (spec 7.7), not this business.
 */
export interface Gj0803Payload {
  zrgrzh: string;
  sm?: string;
}

/** The target account: the applicant's own unit account (same ID number), or undefined. */
async function targetOf(q: Parameters<typeof flexibleAccountOf>[0], zjhm: string, grzh: string) {
  const [row] = await q.query<{ grzh: string; kind: string; grzhzt: string; dwzh: string | null }>(
    `select grzh, kind, grzhzt, dwzh from personal_account where grzh = $1 and zjhm = $2`,
    [grzh, zjhm],
  );
  return row;
}

export const gj0803 = defineBusiness<Gj0803Payload>({
  ywlx: 'GJ0803',
  ywmc: '灵活就业人员账户转移',
  area: 'flexible',
  loginTypes: [1],
  timeLimitDays: 3,
  allowsSealedAccount: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['zrgrzh'],
    properties: {
      zrgrzh: { type: 'string', pattern: '^\\d{12}$', description: '转入个人账号', 'x-msg': '转入个人账号应为 12 位数字', 'x-required-msg': '请输入转入的个人账号' },
      sm: { type: 'string', minLength: 1, maxLength: 200, description: '备注', 'x-msg': '备注应为 1 至 200 个字' },
    },
  },
  rules: [
    typed(FLEXIBLE_ACCOUNT_RULE),
    typed(statusRule('status-normal-or-sealed', [ACCOUNT_STATUS.normal, ACCOUNT_STATUS.sealed], '您的灵活就业账户已冻结或销户，不能办理转移')),
    {
      name: 'target-own',
      description: '转入账号是申请人本人（同一证件号码）在本中心的个人账户；他人的或不存在的账号一律 403，不透露是否存在',
      msg: httpStatusMessage(403),
      status: 403,
      async holds({ q, applicant, payload }) {
        const account = await flexibleAccountOf(q, applicant);
        return !account || (await targetOf(q, account.zjhm, payload.zrgrzh)) !== undefined;
      },
    },
    {
      name: 'target-unit-normal',
      description: '转入账户是本人在缴存单位的个人账户，状态正常（不是灵活就业账户本身）',
      msg: '转入账户须为您在本中心缴存单位正常缴存的个人账户，请核对个人账号',
      async holds({ q, applicant, payload }) {
        const account = await flexibleAccountOf(q, applicant);
        if (!account) return true;
        const target = await targetOf(q, account.zjhm, payload.zrgrzh);
        return !target || (target.kind === 'gr' && target.dwzh !== null && target.grzhzt === ACCOUNT_STATUS.normal);
      },
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '3 个工作日',
    xzdy: '灵活就业人员在本中心缴存单位就业后，将灵活就业账户的余额转入本人在该单位的个人账户，灵活就业账户销户。',
    sltj: '1. 灵活就业账户状态正常或封存；2. 单位已为您设立个人账户且状态正常。',
    sqcl: '劳动合同或单位出具的在职证明。',
    bllc: '1. 阅读办理须知并同意；2. 填写转入的个人账号；3. 上传劳动合同；4. 核对信息并提交；5. 中心审核后转移资金。',
    bljg: '灵活就业账户结息后销户，余额（含利息）转入本人单位个人账户。',
    bz: '转移后如再次灵活就业，可重新办理“灵活就业人员开户”。',
  },
  materials: [
    { wjlxId: 'LDHT', wjmc: '劳动合同或在职证明', jdbh: 'GJ0803-01', mlbh: '0101', zstj: '与转入单位签订的劳动合同，或单位出具的在职证明', required: true, maxFiles: 10 },
    COMMON_MATERIALS.SQS,
  ],
  notice:
    '一、本业务将您灵活就业账户的余额转入您在本中心缴存单位的个人账户，灵活就业账户随之销户。\n' +
    '二、请先确认单位已为您设立个人账户，并填写该个人账号。\n' +
    '三、中心在 3 个工作日内审核办结，余额含截至办结日的利息。',
  async complete({ tx, at, application }) {
    const date = centreDate(at);
    const { paidFen } = await closeAccount(tx, application.zh, { date, ywbh: application.ywbh, reason: 'merge' });
    if (paidFen > 0n) {
      await postMovement(tx, {
        accountNo: application.payload.zrgrzh,
        amountFen: paidFen,
        kind: '21',
        ywbh: application.ywbh,
        line: 3,
        valueDate: date,
        note: `灵活就业账户 ${application.zh} 转入`,
      });
    }
  },
});
