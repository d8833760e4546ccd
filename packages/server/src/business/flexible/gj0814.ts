import { COMMON_MATERIALS } from '../materials';
import { defineBusiness } from '../types';
import { FLEXIBLE_ACCOUNT_RULE, flexibleAccountOf, GUIDE_COMMON, NORMAL_ONLY, paidMonthCount, statusRule, today, typed } from './common';
import { readParameters } from '../../params/centre';
import { FLEXIBLE_PARAMS, SUBSIDY_KINDS } from './params';

/**
 * GJ0814 灵活就业人员财政补贴申请 (/grwt/zhxx/lhjyryyw/dzzbys_czbtsq): a flexible depositor of a supported group asks
 * for the year's deposit subsidy paid by the city's finance. The centre checks the group's proof with the
 * departments concerned (10 working days); completing records the approved subsidy (one per account and year), which
 * the finance pays into the account in its own run.
 */
export interface Gj0814Payload {
  nd: number;
  btlb: keyof typeof SUBSIDY_KINDS;
}

export const gj0814 = defineBusiness<Gj0814Payload>({
  ywlx: 'GJ0814',
  ywmc: '灵活就业人员财政补贴申请',
  area: 'flexible',
  loginTypes: [1],
  timeLimitDays: 10,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['nd', 'btlb'],
    properties: {
      nd: { type: 'integer', minimum: 2000, maximum: 2100, description: '补贴年度', 'x-msg': '补贴年度应为四位年份', 'x-required-msg': '请选择补贴年度' },
      btlb: { type: 'string', enum: Object.keys(SUBSIDY_KINDS), description: '补贴类别', 'x-msg': '补贴类别的取值不正确', 'x-required-msg': '请选择补贴类别' },
    },
  },
  rules: [
    typed(FLEXIBLE_ACCOUNT_RULE),
    typed(statusRule('status-normal', NORMAL_ONLY, '只有正常缴存的灵活就业账户可以申请财政补贴')),
    {
      name: 'months-paid',
      description: `已缴存（汇缴或补缴）满 ${FLEXIBLE_PARAMS.subsidyMinMonths} 个月`,
      msg: `缴存满 ${FLEXIBLE_PARAMS.subsidyMinMonths} 个月后才能申请财政补贴`,
      message: async ({ q }) => `缴存满 ${(await readParameters(q)).subsidyMinMonths} 个月后才能申请财政补贴`,
      param: 'subsidyMinMonths',
      atOpen: true,
      async holds({ q, applicant }) {
        const account = await flexibleAccountOf(q, applicant);
        return !account || (await paidMonthCount(q, account.grzh)) >= (await readParameters(q)).subsidyMinMonths;
      },
    },
    {
      name: 'year-allowed',
      description: `补贴年度为本年度或此前 ${FLEXIBLE_PARAMS.subsidyYearsBack} 年内`,
      msg: `只能申请本年度或此前 ${FLEXIBLE_PARAMS.subsidyYearsBack} 年内的财政补贴`,
      message: async ({ q }) => `只能申请本年度或此前 ${(await readParameters(q)).subsidyYearsBack} 年内的财政补贴`,
      param: 'subsidyYearsBack',
      holds: async (ctx) => {
        const year = Number(today(ctx).slice(0, 4));
        return ctx.payload.nd <= year && ctx.payload.nd >= year - (await readParameters(ctx.q)).subsidyYearsBack;
      },
    },
    {
      name: 'once-a-year',
      description: '同一年度的财政补贴只能获批一次',
      msg: '该年度的财政补贴已获批，不能重复申请',
      async holds({ q, applicant, payload }) {
        const account = await flexibleAccountOf(q, applicant);
        if (!account) return true;
        return (await q.query('select 1 from flexible_subsidy where grzh = $1 and nd = $2', [account.grzh, payload.nd])).length === 0;
      },
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '10 个工作日',
    xzdy: '符合条件的灵活就业人员申请市财政对其缴存住房公积金的补贴。',
    sltj: `1. 灵活就业账户状态正常，已缴存满 ${FLEXIBLE_PARAMS.subsidyMinMonths} 个月；2. 属于就业困难人员、毕业五年内的高校毕业生或退役军人；3. 同一年度只能获批一次。`,
    sqcl: '身份证；按补贴类别提供就业困难人员认定证明、毕业证书或退役证。',
    bllc: '1. 阅读办理须知并同意；2. 选择补贴年度和类别；3. 上传材料；4. 核对信息并提交；5. 中心会同有关部门审核；6. 审核通过后由财政拨付。',
    bljg: '审核通过的，补贴由财政拨付记入个人账户；不符合条件的，告知原因。',
    bz: '补贴标准以当年财政公布的为准。',
  },
  materials: [
    COMMON_MATERIALS.SFZ,
    { wjlxId: 'JYKN', wjmc: '就业困难人员认定证明', jdbh: 'GJ0814-01', mlbh: '0101', zstj: '补贴类别为就业困难人员时提供', required: true, maxFiles: 2, when: (a) => a.btlb === '01' },
    { wjlxId: 'BYZ', wjmc: '毕业证书', jdbh: 'GJ0814-01', mlbh: '0102', zstj: '补贴类别为高校毕业生时提供', required: true, maxFiles: 2, when: (a) => a.btlb === '02' },
    { wjlxId: 'TYZ', wjmc: '退役证', jdbh: 'GJ0814-01', mlbh: '0103', zstj: '补贴类别为退役军人时提供', required: true, maxFiles: 2, when: (a) => a.btlb === '03' },
    COMMON_MATERIALS.SQS,
  ],
  notice:
    '一、本业务申请市财政对灵活就业人员缴存住房公积金的补贴。\n' +
    '二、请如实选择补贴类别并上传证明材料，中心将会同有关部门核实。\n' +
    '三、中心在 10 个工作日内办结，审核结果以短信通知您。',
  async complete({ tx, at, application }) {
    await tx.query(`insert into flexible_subsidy (ywbh, grzh, nd, btlb, approved_at) values ($1, $2, $3, $4, $5)`, [
      application.ywbh,
      application.zh,
      application.payload.nd,
      application.payload.btlb,
      at,
    ]);
  },
});
