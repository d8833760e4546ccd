import { centreDate } from '../../clock';
import { openAccount, yuanToFen } from '../../records';
import { ROLES } from '../../seed/menus';
import { COMMON_MATERIALS } from '../materials';
import { defineBusiness } from '../types';
import { BASE_FIELDS, boundRules, GUIDE_COMMON, personOf, upsertFlexible } from './common';
import { readParameters } from '../../params/centre';
import { monthlyFen } from './params';

/**
 * GJ0801 灵活就业人员开户 (/grwt/zhxx/lhjyryyw/lhjyrykh): the signed-in way to open a flexible account, for a login
 * that holds none that is open (its flexible account was transferred into a unit account and closed, and the unit
 * account is sealed again after the person left that job). A newcomer without a login uses the public setup /lhjyrysl instead, which opens the
 * account in the registration's transaction (docs/api-person.md). The centre signs the deduction agreement with the
 * bank (3 working days); completing opens the account, records the deduction account and puts it on the login: on
 * the same login account when that one's flexible account is closed, else as another account of the login (账户切换).
 */
export interface Gj0801Payload {
  jcjs: string;
  jcbl: number;
  hjszd: string;
  kkyh: string;
  kkzh: string;
}

export const gj0801 = defineBusiness<Gj0801Payload>({
  ywlx: 'GJ0801',
  ywmc: '灵活就业人员开户',
  area: 'flexible',
  loginTypes: [1],
  timeLimitDays: 3,
  // The login's current account may be the closed flexible one this reopens.
  allowsSealedAccount: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['jcjs', 'jcbl', 'hjszd', 'kkyh', 'kkzh'],
    properties: {
      ...BASE_FIELDS,
      hjszd: { type: 'string', minLength: 2, maxLength: 30, description: '户籍所在地', 'x-msg': '户籍所在地应为 2 至 30 个字', 'x-required-msg': '请输入户籍所在地' },
      kkyh: { type: 'string', minLength: 2, maxLength: 30, description: '扣款银行', 'x-msg': '扣款银行应为 2 至 30 个字', 'x-required-msg': '请选择扣款银行' },
      kkzh: { type: 'string', pattern: '^\\d{12,19}$', description: '扣款账号', 'x-msg': '扣款账号应为 12 至 19 位数字', 'x-required-msg': '请输入扣款账号' },
    },
  },
  rules: [
    {
      name: 'no-open-flexible',
      description: '本人（同一证件号码）在本中心没有未销户的灵活就业账户',
      msg: '您已有灵活就业缴存账户，无需重复开户',
      atOpen: true,
      async holds({ q, applicant }) {
        const zjhm = await personOf(q, applicant.accountId);
        return (await q.query(`select 1 from personal_account where zjhm = $1 and kind = 'lhjy' and grzhzt not in ('03', '04', '05') limit 1`, [zjhm])).length === 0;
      },
    },
    {
      name: 'no-unit-deposit',
      description: '本人没有正常缴存的单位个人账户（在单位缴存的，不能同时以灵活就业身份缴存）',
      msg: '您在单位的个人账户正常缴存中，不能同时开立灵活就业账户；离职后请由单位办理封存',
      atOpen: true,
      async holds({ q, applicant }) {
        const zjhm = await personOf(q, applicant.accountId);
        return (await q.query(`select 1 from personal_account where zjhm = $1 and kind = 'gr' and grzhzt = '01' limit 1`, [zjhm])).length === 0;
      },
    },
    ...boundRules<Gj0801Payload>(),
  ],
  guide: {
    ...GUIDE_COMMON,
    fwdx: '已登录网上业务大厅、尚无灵活就业账户的个人（首次办理且没有登录账号的，请在登录页点击“灵活就业人员开户”，核验身份后开户并注册）',
    bjsj: '3 个工作日',
    xzdy: '灵活就业人员自愿在本中心开立住房公积金个人账户，按月从本人银行账户扣缴住房公积金。',
    sltj: '1. 没有未销户的灵活就业账户，也没有正常缴存的单位个人账户；2. 月缴存基数和缴存比例在中心公布的范围内（填写页显示当前范围）。',
    sqcl: '身份证；扣款银行卡。',
    bllc: '1. 阅读办理须知并同意；2. 填写缴存基数、比例、户籍和扣款账户；3. 上传材料；4. 核对信息并提交；5. 中心与银行签订扣款协议后开户。',
    bljg: '开立灵活就业缴存账户，可在“切换账户”中切换到该账户办理业务。',
    bz: '月缴存额 = 缴存基数 × 缴存比例 × 2（单位部分和个人部分各自四舍五入到元）。',
  },
  materials: [
    COMMON_MATERIALS.SFZ,
    { wjlxId: 'YHK', wjmc: '银行卡（正面）', jdbh: 'GJ0801-01', mlbh: '0101', zstj: '扣款账户的本人银行借记卡', required: true, maxFiles: 1 },
    COMMON_MATERIALS.SQS,
  ],
  notice:
    '一、本业务为已登录的个人开立灵活就业住房公积金账户，按月从您本人的银行账户扣缴。\n' +
    '二、月缴存基数和缴存比例须在中心公布的范围内（填写页显示当前范围）。\n' +
    '三、中心在 3 个工作日内与银行签订扣款协议并开户，结果以短信通知您。',
  async complete({ tx, at, application }) {
    const p = application.payload;
    const [person] = await tx.query<{ xingming: string; zjhm: string; sjhm: string; grzh: string; user_account: string; nik_name: string }>(
      `select p.xingming, p.zjhm, p.sjhm, p.grzh, a.account as user_account, a.nik_name
         from person_info p join user_account a on a.id = p.account_id where p.account_id = $1`,
      [application.accountId],
    );
    if (!person) throw new Error(`账户 ${application.accountId} 没有个人信息`);
    const [seq] = await tx.query<{ grzh: string }>(`select nextval('flexible_grzh_seq')::text as grzh`);
    const grzh = seq!.grzh;
    const baseFen = yuanToFen(p.jcjs);
    await openAccount(tx, {
      grzh,
      zjhm: person.zjhm,
      xingming: person.xingming,
      kind: 'lhjy',
      khrq: centreDate(at),
      jcjsFen: baseFen,
      dwjcbl: p.jcbl,
      grjcbl: p.jcbl,
      yjceFen: monthlyFen(baseFen, p.jcbl, (await readParameters(tx)).roundingFen),
    });
    await upsertFlexible(tx, grzh, { kkyh: p.kkyh, kkzh: p.kkzh, hjszd: p.hjszd }, at, application.ywbh);
    // The login's account whose flexible account is closed takes the new one; otherwise a new account of the login.
    const reopened = await tx.query(
      `update person_info set grzh = $2, grzhzt = '01'
        where account_id = $1
          and (grzh = '' or exists (select 1 from personal_account a where a.grzh = person_info.grzh and a.kind = 'lhjy' and a.grzhzt in ('03', '04', '05')))
        returning account_id`,
      [application.accountId, grzh],
    );
    if (reopened.length > 0) return;
    const [account] = await tx.query<{ id: string }>(
      `insert into user_account (user_id, account, account_type, nik_name, roles, group_bh, is_primary, sort)
       values ($1, $2, '灵活就业缴存账户', $3, $4, '0', false,
               (select coalesce(max(sort), 0) + 1 from user_account where user_id = $1))
       returning id::text as id`,
      [application.userId, person.user_account, person.nik_name || person.xingming, [ROLES.flexible]],
    );
    await tx.query(
      `insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, grzhye, dwmc, sjhm) values ($1, $2, $3, $4, '01', 0, '', $5)`,
      [account!.id, person.xingming, person.zjhm, grzh, person.sjhm],
    );
    await tx.query(`insert into info_check (account_id, status, type) values ($1, 0, 'gr')`, [account!.id]);
  },
});
