import { defineBusiness } from '../types';

/**
 * GJ0313 个人手机号码变更 (a code of our choosing, next to GJ0302 in the personal account series; spec 2.4 names
 * only the unit's batch change GJ0311): the depositor's phone on the centre's records and the login's phone (SMS
 * sign-in, notices) become the new number. Completes at once.
 */

export interface Gj0313Payload {
  sjhm: string;
}

export const gj0313 = defineBusiness<Gj0313Payload>({
  ywlx: 'GJ0313',
  ywmc: '个人手机号码变更',
  area: 'personal',
  loginTypes: [1],
  timeLimitDays: 1,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['sjhm'],
    properties: {
      sjhm: {
        type: 'string',
        pattern: '^1[3-9]\\d{9}$',
        description: '新手机号码',
        'x-msg': '请输入正确的 11 位手机号码',
        'x-required-msg': '请输入新手机号码',
      },
    },
  },
  rules: [
    {
      name: 'phone-differs',
      description: '新手机号码与账户现有手机号码不同',
      msg: '新手机号码与原手机号码相同，无需变更',
      async holds({ q, applicant, payload }) {
        const [row] = await q.query<{ sjhm: string }>('select sjhm from person_info where account_id = $1', [applicant.accountId]);
        return row?.sjhm !== payload.sjhm;
      },
    },
  ],
  guide: {
    blqd: '网上业务大厅、住房公积金管理中心各服务网点柜台',
    fwdx: '本中心住房公积金缴存职工',
    bjsj: '提交后即时办结',
    xzdy: '缴存职工的手机号码发生变化时，变更住房公积金账户登记的手机号码和网上业务大厅的登录手机号码。',
    slyj: '本中心住房公积金归集管理办法',
    sltj: '1. 个人住房公积金账户状态正常；2. 新号码为本人实名登记的手机号码。',
    sqcl: '无需材料。',
    bllc: '1. 阅读办理须知并同意；2. 填写新手机号码；3. 核对信息并提交；4. 即时办结，结果以短信通知原手机号码。',
    bljg: '账户登记的手机号码和短信登录的号码变为新号码。',
    bz: '变更后，短信验证码和业务通知将发往新号码。',
  },
  materials: [],
  notice:
    '一、本业务变更您住房公积金账户登记的手机号码，以及网上业务大厅短信登录所用的号码。\n' +
    '二、请确认新号码为您本人实名登记、正在使用的号码。\n' +
    '三、提交后即时办结，办理结果将以短信通知原手机号码。',
  automatic: {
    description: '即时办结',
    decide: () => 'complete',
  },
  async complete({ tx, application }) {
    const phone = application.payload.sjhm;
    const [person] = await tx.query<{ zjhm: string }>('select zjhm from person_info where account_id = $1', [application.accountId]);
    if (!person) throw new Error(`账户 ${application.accountId} 没有个人信息`);
    // Every account of the person, the centre's record and the login: one phone for one person.
    await tx.query('update person_info set sjhm = $2 where zjhm = $1', [person.zjhm, phone]);
    await tx.query('update depositor_record set sjhm = $2 where zjhm = $1', [person.zjhm, phone]);
    await tx.query('update app_user set phone = $2 where id = $1 and login_type = 1', [application.userId, phone]);
  },
});
