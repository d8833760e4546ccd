import { RecordsError } from '../../records';
import { UNIT_ACCOUNT_STATUS } from '../../records/kinds';
import { UNIT_MATERIALS } from '../materials';
import { buttonRule } from './buttons';
import { defineBusiness } from '../types';
import { employeeOf, employeeRule, GRZH_SCHEMA, GUIDE_COMMON, SEAL_REASON_SCHEMA, typed, UNIT_ACCOUNT_RULE, UNIT_NORMAL_RULE, unitOf } from './common';
import type { EmployeeSealReason } from './params';

/**
 * The unit account's own businesses built so far (docs/api-unit-business.md › 单位账户): GJ0109 付款账户信息维护,
 * GJ0108 单位缴存登记注销 (refused while any employee account is open), and GJ0312 封存原因修改.
 */

// ——— GJ0109 付款账户信息维护 ———

export interface Gj0109Payload {
  jkyhmc: string;
  jkyhzh: string;
}

export const gj0109 = defineBusiness<Gj0109Payload>({
  ywlx: 'GJ0109',
  ywmc: '付款账户信息维护',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 1,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['jkyhmc', 'jkyhzh'],
    properties: {
      jkyhmc: { type: 'string', minLength: 4, maxLength: 60, description: '付款银行（开户行全称）', 'x-msg': '付款银行应为 4 至 60 个字', 'x-required-msg': '请输入付款银行' },
      jkyhzh: { type: 'string', pattern: '^\\d{8,30}$', description: '付款账号', 'x-msg': '付款账号应为 8 至 30 位数字', 'x-required-msg': '请输入付款账号' },
    },
  },
  rules: [
    buttonRule<Gj0109Payload>('GJ0109'),
    typed(UNIT_ACCOUNT_RULE),
    typed(UNIT_NORMAL_RULE),
    {
      name: 'changed',
      description: '付款账户与现有的不同',
      msg: '付款账户与现有的相同，无需变更',
      async holds({ q, applicant, payload }) {
        const unit = await unitOf(q, applicant);
        if (!unit) return true;
        const [row] = await q.query<{ jkyhmc: string; jkyhzh: string }>('select jkyhmc, jkyhzh from unit_account where dwzh = $1', [unit.dwzh]);
        return !row || row.jkyhmc !== payload.jkyhmc || row.jkyhzh !== payload.jkyhzh;
      },
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '即时办结',
    xzdy: '单位变更缴存住房公积金的付款银行账户。',
    sltj: '1. 单位账户状态正常；2. 付款账户为单位名下的银行结算账户。',
    sqcl: '无需材料。',
    bllc: '1. 填写新的付款银行和账号；2. 核对并提交；3. 即时生效。',
    bljg: '此后的汇缴、补缴从新的付款账户缴款。',
    bz: '',
  },
  materials: [],
  notice: '一、付款账户须为本单位名下的银行结算账户。\n二、提交后即时生效。',
  automatic: { description: '条件全部满足，即时生效', decide: () => 'complete' },
  async complete({ tx, application }) {
    await tx.query('update unit_account set jkyhmc = $2, jkyhzh = $3 where dwzh = $1', [application.zh, application.payload.jkyhmc, application.payload.jkyhzh]);
  },
});

// ——— GJ0108 单位缴存登记注销 ———

export interface Gj0108Payload {
  zxyy: string;
}

/** Whether the unit still has an employee account that is not closed (正常, 封存, 冻结 or 其他). */
export async function hasOpenEmployees(q: Parameters<typeof unitOf>[0], dwzh: string): Promise<boolean> {
  const rows = await q.query(`select 1 from personal_account where dwzh = $1 and kind = 'gr' and grzhzt not in ('03', '04', '05') limit 1`, [dwzh]);
  return rows.length > 0;
}

export const gj0108 = defineBusiness<Gj0108Payload>({
  ywlx: 'GJ0108',
  ywmc: '单位缴存登记注销',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 5,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['zxyy'],
    properties: { zxyy: { type: 'string', minLength: 2, maxLength: 200, description: '注销原因', 'x-msg': '注销原因应为 2 至 200 个字', 'x-required-msg': '请填写注销原因' } },
  },
  rules: [
    buttonRule<Gj0108Payload>('GJ0108'),
    typed(UNIT_ACCOUNT_RULE),
    {
      name: 'no-open-employees',
      description: '单位名下没有未销户的职工个人账户（职工账户须先转移或销户）',
      msg: '单位还有未销户的职工个人账户，请先为职工办理转移或销户后再注销',
      atOpen: true,
      async holds({ q, applicant }) {
        const unit = await unitOf(q, applicant);
        return !unit || !(await hasOpenEmployees(q, unit.dwzh));
      },
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '5 个工作日',
    xzdy: '单位撤销、解散或破产等，注销住房公积金缴存登记。',
    sltj: '单位名下没有未销户的职工个人账户。',
    sqcl: '营业执照、经办人身份证、授权委托书；单位撤销、解散或破产的证明。',
    bllc: '1. 填写注销原因并上传材料；2. 中心审核；3. 注销单位账户。',
    bljg: '单位账户状态为“销户”。',
    bz: '',
  },
  materials: UNIT_MATERIALS,
  notice: '一、注销前须为全部职工办理个人账户转移或销户。\n二、中心审核通过后注销单位缴存登记。',
  async complete({ tx, application }) {
    // Checked again in the transaction: an employee added since submission stops it.
    if (await hasOpenEmployees(tx, application.zh)) throw new RecordsError('单位还有未销户的职工个人账户，不能注销', 409);
    await tx.query('update unit_record set dwzhzt = $2 where dwzh = $1', [application.zh, UNIT_ACCOUNT_STATUS.closed]);
  },
});

// ——— GJ0312 封存原因修改 ———

export interface Gj0312Payload {
  grzh: string;
  fcyy: EmployeeSealReason;
}

export const gj0312 = defineBusiness<Gj0312Payload>({
  ywlx: 'GJ0312',
  ywmc: '封存原因修改',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 1,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['grzh', 'fcyy'],
    properties: {
      grzh: GRZH_SCHEMA,
      fcyy: SEAL_REASON_SCHEMA,
    },
  },
  rules: [
    buttonRule<Gj0312Payload>('GJ0312'),
    typed(UNIT_ACCOUNT_RULE),
    employeeRule<Gj0312Payload>(),
    {
      name: 'employee-sealed',
      description: '职工个人账户状态为“封存”',
      msg: '该职工的个人账户不是封存状态，不能修改封存原因',
      holds: async ({ q, applicant, payload }) => (await employeeOf(q, applicant, payload.grzh))?.grzhzt === '02',
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '即时办结',
    xzdy: '单位更正已封存职工个人账户的封存原因。',
    sltj: '1. 该职工是本单位职工；2. 个人账户状态为封存。',
    sqcl: '无需材料。',
    bllc: '1. 选择职工和新的封存原因；2. 核对并提交；3. 即时生效。',
    bljg: '封存原因更新。',
    bz: '',
  },
  materials: [],
  notice: '提交后即时生效。',
  automatic: { description: '条件全部满足，即时生效', decide: () => 'complete' },
  async complete({ tx, at, application }) {
    await tx.query(
      `insert into employee_seal (grzh, fcyy, ywbh, sealed_at) values ($1, $2, $3, $4)
       on conflict (grzh) do update set fcyy = $2, ywbh = $3`,
      [application.payload.grzh, application.payload.fcyy, application.ywbh, at],
    );
  },
});
