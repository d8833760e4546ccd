import type { Queryable } from '../../db/db';
import { centreDate } from '../../clock';
import { ACCOUNT_STATUS, ACCOUNT_STATUS_NAMES, type AccountStatus } from '../../records';
import type { Applicant, BusinessRule, JsonSchema, RuleContext } from '../types';
import { BOUND_MESSAGES, boundProblem, readParameters } from '../../params/centre';
import { FLEXIBLE_PARAMS, monthOf, monthsBefore } from './params';

/**
 * What the flexible-employment businesses share (docs/api-personal.md › 灵活就业): the applicant's flexible account,
 * the rule rows every one of them starts with, and the unpaid months.
 */

/** The applicant's current account when it is a flexible one on the centre's records. */
export interface FlexibleAccount {
  grzh: string;
  zjhm: string;
  xingming: string;
  grzhzt: AccountStatus;
  khrq: string;
  jcjsFen: bigint;
  ratio: number;
  yjceFen: bigint;
  kkyh: string;
  kkzh: string;
  hjszd: string;
}

/**
 * The session account's flexible account (personal_account of kind lhjy, the same number and ID number as the
 * login's person_info), or undefined when the current account is not one.
 */
export async function flexibleAccountOf(q: Queryable, applicant: Pick<Applicant, 'accountId'>): Promise<FlexibleAccount | undefined> {
  const [row] = await q.query<Record<string, string>>(
    `select a.grzh, a.zjhm, a.xingming, a.grzhzt, a.khrq::text as khrq, a.jcjs_fen::text as jcjs_fen, a.grjcbl::text as ratio,
            a.yjce_fen::text as yjce_fen, coalesce(f.kkyh, '') as kkyh, coalesce(f.kkzh, '') as kkzh, coalesce(f.hjszd, '') as hjszd
       from person_info p
       join personal_account a on a.grzh = p.grzh and a.zjhm = p.zjhm and a.kind = 'lhjy'
       left join flexible_account f on f.grzh = a.grzh
      where p.account_id = $1`,
    [applicant.accountId],
  );
  if (!row) return undefined;
  return {
    grzh: row.grzh!,
    zjhm: row.zjhm!,
    xingming: row.xingming!,
    grzhzt: row.grzhzt as AccountStatus,
    khrq: row.khrq!,
    jcjsFen: BigInt(row.jcjs_fen!),
    ratio: Number(row.ratio),
    yjceFen: BigInt(row.yjce_fen!),
    kkyh: row.kkyh!,
    kkzh: row.kkzh!,
    hjszd: row.hjszd!,
  };
}

/** The ID number of the session account's person (person_info), '' when none. */
export async function personOf(q: Queryable, accountId: string): Promise<string> {
  const [row] = await q.query<{ zjhm: string }>('select zjhm from person_info where account_id = $1', [accountId]);
  return row?.zjhm ?? '';
}

export const STATUS_NAMES: Readonly<Record<string, string>> = ACCOUNT_STATUS_NAMES;

/** Rule row: the session account is a flexible-employment account. */
export const FLEXIBLE_ACCOUNT_RULE: BusinessRule<unknown> = {
  name: 'flexible-account',
  description: '当前账户是本中心的灵活就业缴存账户（持有多个账户的，先切换到灵活就业账户）',
  msg: '本业务仅限灵活就业缴存账户办理；如您持有灵活就业账户，请先通过“切换账户”切换到该账户',
  atOpen: true,
  holds: async ({ q, applicant }) => (await flexibleAccountOf(q, applicant)) !== undefined,
};

/** Rule row: the flexible account's status is one of `allowed`. */
export function statusRule(name: string, allowed: readonly AccountStatus[], msg: string): BusinessRule<unknown> {
  return {
    name,
    description: `灵活就业账户状态为${allowed.map((s) => `“${STATUS_NAMES[s]}”`).join('或')}`,
    msg,
    atOpen: true,
    async holds({ q, applicant }) {
      const account = await flexibleAccountOf(q, applicant);
      // No flexible account: the row above says so.
      return account === undefined || allowed.includes(account.grzhzt);
    },
  };
}

export const NORMAL_ONLY = [ACCOUNT_STATUS.normal] as const;

/** Rule row: a deduction bank account is on file (the monthly deposit and a 补缴 are deducted from it). */
export const DEDUCTION_ACCOUNT_RULE: BusinessRule<unknown> = {
  name: 'deduction-account',
  description: '已登记扣款银行账户（按月扣款和补缴从该账户扣划）',
  msg: '您尚未登记扣款银行账户，请先办理“扣款账户变更”',
  atOpen: true,
  async holds({ q, applicant }) {
    const account = await flexibleAccountOf(q, applicant);
    return account === undefined || account.kkzh !== '';
  },
};

/** Typed rules for a business's payload type (the shared rows read no payload). */
export const typed = <P>(rule: BusinessRule<unknown>): BusinessRule<P> => rule as BusinessRule<P>;

/** Today in the centre's time zone. */
export const today = (ctx: Pick<RuleContext<unknown>, 'now'>): string => centreDate(ctx.now ?? new Date());

/** The base and ratio fields of 开户 and 月缴存额调整. */
export const BASE_FIELDS: Record<string, JsonSchema> = {
  jcjs: {
    type: 'string',
    pattern: '^(0|[1-9]\\d{0,6})(\\.\\d{1,2})?$',
    description: '月缴存基数（元）',
    'x-msg': '月缴存基数应为金额，至多两位小数',
    'x-required-msg': '请输入月缴存基数',
  },
  jcbl: { type: 'integer', minimum: 1, maximum: 100, description: '缴存比例（%）', 'x-msg': '缴存比例应为 1 至 100 的整数', 'x-required-msg': '请选择缴存比例' },
};

/**
 * Rule rows of the base, ratio and monthly-amount bounds (parameters baseMinYuan, baseMaxYuan, ratioMin, ratioMax,
 * monthlyMaxYuan), read from the centre's parameter table at each check: the same `boundProblem` the public
 * 灵活就业人员开户 calls. `msg` words the defaults for the documentation; the answer names the bounds in force.
 */
export function boundRules<P extends { jcjs: string; jcbl: number }>(): BusinessRule<P>[] {
  const d = FLEXIBLE_PARAMS;
  const fails = async (q: Queryable, payload: P, which: keyof typeof BOUND_MESSAGES) => {
    const p = await readParameters(q);
    return boundProblem(p, payload.jcjs, payload.jcbl) === BOUND_MESSAGES[which](p);
  };
  return [
    {
      name: 'base-within-bounds',
      description: `月缴存基数在下限与上限之间（默认 ${d.baseMinYuan} 至 ${d.baseMaxYuan} 元）`,
      msg: BOUND_MESSAGES.base(d),
      message: async ({ q }) => BOUND_MESSAGES.base(await readParameters(q)),
      param: 'baseMinYuan, baseMaxYuan',
      holds: async ({ q, payload }) => !(await fails(q, payload, 'base')),
    },
    {
      name: 'ratio-within-bounds',
      description: `缴存比例为下限至上限之间的整数，单位和个人部分相同（默认 ${d.ratioMin}% 至 ${d.ratioMax}%）`,
      msg: BOUND_MESSAGES.ratio(d),
      message: async ({ q }) => BOUND_MESSAGES.ratio(await readParameters(q)),
      param: 'ratioMin, ratioMax',
      holds: async ({ q, payload }) => !(await fails(q, payload, 'ratio')),
    },
    {
      name: 'monthly-within-cap',
      description: '月缴存额不超过中心公布的月缴存额上限（默认不设）',
      msg: '月缴存额超过中心规定的上限，请降低月缴存基数或缴存比例',
      message: async ({ q }) => BOUND_MESSAGES.monthly(await readParameters(q)),
      param: 'monthlyMaxYuan, roundingFen',
      holds: async ({ q, payload }) => !(await fails(q, payload, 'monthly')),
    },
  ];
}

/** The months of the last `backPayWindowMonths` (this month included) from the opening month on that have no 汇缴 or 补缴. */
export async function unpaidMonths(q: Queryable, grzh: string, khrq: string, date: string): Promise<string[]> {
  const current = monthOf(date);
  const oldest = monthsBefore(current, (await readParameters(q)).backPayWindowMonths - 1);
  const first = monthOf(khrq) > oldest ? monthOf(khrq) : oldest;
  if (first > current) return [];
  const rows = await q.query<{ period: string }>(
    `select to_char(m, 'YYYYMM') as period
       from generate_series(to_date($2, 'YYYYMM'), to_date($3, 'YYYYMM'), interval '1 month') m
      where not exists (select 1 from journal_entry j
                         where j.account_no = $1 and j.kind in ('01', '02') and j.period = to_char(m, 'YYYYMM'))
      order by m`,
    [grzh, first, current],
  );
  return rows.map((r) => r.period);
}

/** How many distinct months the account has paid (汇缴 or 补缴). */
export async function paidMonthCount(q: Queryable, grzh: string): Promise<number> {
  const [row] = await q.query<{ n: string }>(
    `select count(distinct period)::text as n from journal_entry where account_no = $1 and kind in ('01', '02') and period is not null`,
    [grzh],
  );
  return Number(row?.n ?? 0);
}

/** Writes the flexible_account row's given fields (made when missing). */
export async function upsertFlexible(
  tx: Queryable,
  grzh: string,
  fields: Partial<Record<'kkyh' | 'kkzh' | 'hjszd' | 'fcyy', string>>,
  at: Date,
  ywbh: string,
): Promise<void> {
  await tx.query(
    `insert into flexible_account (grzh, kkyh, kkzh, hjszd, fcyy, updated_at, ywbh)
     values ($1, coalesce($2, ''), coalesce($3, ''), coalesce($4, ''), coalesce($5, ''), $6, $7)
     on conflict (grzh) do update set
       kkyh = coalesce($2, flexible_account.kkyh), kkzh = coalesce($3, flexible_account.kkzh),
       hjszd = coalesce($4, flexible_account.hjszd), fcyy = coalesce($5, flexible_account.fcyy), updated_at = $6, ywbh = $7`,
    [grzh, fields.kkyh ?? null, fields.kkzh ?? null, fields.hjszd ?? null, fields.fcyy ?? null, at, ywbh],
  );
}

/** The guide's channels and the basis every flexible business shares. */
export const GUIDE_COMMON = {
  blqd: '网上业务大厅、住房公积金管理中心各服务网点柜台',
  fwdx: '在本中心开立灵活就业缴存账户的灵活就业人员',
  slyj: '《住房公积金管理条例》；本中心灵活就业人员缴存使用住房公积金管理办法',
} as const;
