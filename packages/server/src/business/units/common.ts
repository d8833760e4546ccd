import type { Queryable } from '../../db/db';
import { centreDate } from '../../clock';
import { getAccount, type PersonalAccount } from '../../records/accounts';
import { UNIT_ACCOUNT_STATUS, type UnitAccountStatus } from '../../records/kinds';
import type { Applicant, BusinessRule, JsonSchema, RuleContext } from '../types';
import { EMPLOYEE_SEAL_REASONS } from './params';

/**
 * What the unit businesses share (docs/api-unit-business.md): the applicant's unit account, the rows every one of them
 * starts with, and the rule that an employee named in a payload is the applicant unit's (403 otherwise).
 */

/** The unit account behind a unit login's current account, as the unit businesses read it. */
export interface ApplicantUnit {
  dwzh: string;
  dwmc: string;
  dwzhzt: UnitAccountStatus;
  khrq: string;
  dwjcbl: string;
  grjcbl: string;
  /** 缴至年月 (YYYYMM), null before the first remittance. */
  jzny: string | null;
}

/** The applicant's unit account (unit_info → unit_record + unit_account), or undefined for a login without one. */
export async function unitOf(q: Queryable, applicant: Pick<Applicant, 'accountId'>): Promise<ApplicantUnit | undefined> {
  const [row] = await q.query<ApplicantUnit>(
    `select r.dwzh, r.dwmc, r.dwzhzt, a.khrq::text as khrq, a.dwjcbl::text as dwjcbl, a.grjcbl::text as grjcbl, a.jzny
       from unit_info u join unit_record r on r.dwzh = u.dwzh join unit_account a on a.dwzh = r.dwzh
      where u.account_id = $1`,
    [applicant.accountId],
  );
  return row;
}

const unitOfRuleContext = new WeakMap<object, Promise<ApplicantUnit | undefined>>();

/** {@link unitOf} read once per rule check: the rows of one business's table share the answer of the first. */
export function unitFor(ctx: RuleContext<unknown>): Promise<ApplicantUnit | undefined> {
  let found = unitOfRuleContext.get(ctx);
  if (!found) {
    found = unitOf(ctx.q, ctx.applicant);
    unitOfRuleContext.set(ctx, found);
  }
  return found;
}

/** Rule row: the login's current account is a deposit unit with an account at the centre. */
export const UNIT_ACCOUNT_RULE: BusinessRule<unknown> = {
  name: 'unit-account',
  description: '当前账户是在本中心开立缴存账户的单位',
  msg: '本单位尚未在中心开立住房公积金缴存账户，请先办理单位缴存登记',
  atOpen: true,
  // Another login type is the LOGIN_TYPE restriction's to answer ("仅限单位办理"), not this row's.
  holds: async ({ q, applicant }) => applicant.loginType !== 2 || (await unitOf(q, applicant)) !== undefined,
};

/** Rule row: the unit account's status is 正常 (01). */
export const UNIT_NORMAL_RULE: BusinessRule<unknown> = {
  name: 'unit-normal',
  description: '单位账户状态为“正常”',
  msg: '单位账户状态不是“正常”，不能办理此项业务',
  atOpen: true,
  async holds({ q, applicant }) {
    const unit = await unitOf(q, applicant);
    // 封存 and 销户 are the ACCOUNT_SEALED restriction's to answer (with the status's name); this row answers 开户, 缓缴.
    const restricted: readonly string[] = [UNIT_ACCOUNT_STATUS.sealed, UNIT_ACCOUNT_STATUS.closed];
    return unit === undefined || unit.dwzhzt === UNIT_ACCOUNT_STATUS.normal || restricted.includes(unit.dwzhzt);
  },
};

/** Typed rules for a business's payload type (the shared rows read no payload). */
export const typed = <P>(rule: BusinessRule<unknown>): BusinessRule<P> => rule as BusinessRule<P>;

/** Today in the centre's time zone. */
export const today = (ctx: Pick<RuleContext<unknown>, 'now'>): string => centreDate(ctx.now ?? new Date());

/** The message every "not your employee" answer carries: the catalogue's 403, which reveals nothing. */
export const NOT_YOURS = '当前操作没有权限，请联系管理员授权';

/** The employee account `grzh` when it is an account of the applicant's unit, else undefined (whoever else holds it). */
export async function employeeOf(q: Queryable, applicant: Pick<Applicant, 'accountId'>, grzh: string): Promise<PersonalAccount | undefined> {
  if (typeof grzh !== 'string' || grzh === '') return undefined;
  const unit = await unitOf(q, applicant);
  if (!unit) return undefined;
  const account = await getAccount(q, grzh);
  return account && account.kind === 'gr' && account.dwzh === unit.dwzh ? account : undefined;
}

/** Rule row: the payload's `grzh` is an employee account of the applicant's unit; otherwise 403 and nothing more. */
export function employeeRule<P extends { grzh: string }>(): BusinessRule<P> {
  return {
    name: 'own-employee',
    description: '所选个人账户是本单位职工的账户；否则 403，不透露任何信息',
    msg: NOT_YOURS,
    status: 403,
    holds: async ({ q, applicant, payload }) => (await employeeOf(q, applicant, payload.grzh)) !== undefined,
  };
}

/** YYYYMM of the month after `period`. */
export function nextMonth(period: string): string {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(4, 6));
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Guide fields every unit business shares. */
export const GUIDE_COMMON = {
  blqd: '网上业务大厅、住房公积金管理中心各服务网点柜台',
  fwdx: '在本中心开立住房公积金缴存账户的单位',
  slyj: '《住房公积金管理条例》；本中心住房公积金归集管理办法',
} as const;

/** An employee's personal account number in a unit business's form (GJ0203, GJ0304, GJ0305, GJ0312). */
export const GRZH_SCHEMA: JsonSchema = { type: 'string', pattern: '^\\d{12}$', description: '个人账号', 'x-msg': '个人账号应为 12 位数字', 'x-required-msg': '请选择职工' };

/** The reason a unit seals an employee's account (GJ0305, GJ0312): dictionary EMPLOYEE_SEAL_REASONS. */
export const SEAL_REASON_SCHEMA: JsonSchema = {
  type: 'string',
  enum: Object.keys(EMPLOYEE_SEAL_REASONS),
  description: '封存原因',
  'x-msg': '封存原因的取值不正确',
  'x-required-msg': '请选择封存原因',
};
