import type { Queryable } from '../db/db';
import { ruleMessage, type Applicant, type Business } from '../business/types';
import { centreYear } from '../clock';
import { accountState } from './applicant';
import { readOnce } from '../db/read-once';

/**
 * 业务办理限制 (spec 7.3 ywblxz): the rules by business type and by user, checked before the wizard opens
 * (GET ywblxz/check) and again on submit and resubmit (409 with the first row's message). One table; each row has
 * its own test (restrictions.test.ts) and its message is what the hall shows.
 */

export interface RestrictionContext {
  q: Queryable;
  applicant: Applicant;
  business: Business;
  now: Date;
  /** The application being resubmitted: it does not count as "another one in progress". */
  ywbh?: string;
}

export interface Restriction {
  /** The code the hall receives with the message. */
  code: string;
  /** What the row checks, for the documentation. */
  description: string;
  /** The Chinese message when the row stops the business; null when it does not. */
  check(ctx: RestrictionContext): Promise<string | null>;
}

const LOGIN_TYPE_NAMES = { 1: '个人', 2: '单位', 3: '开发商' } as const;

/**
 * Why a login of this type may not use the business, or null: also refused when a draft is saved or a number reserved
 * (issue 31 item 7), not only on submit.
 *
 * @example
 * loginTypeRefusal(businessOf('TQ0101')!, 2) // '“住房公积金提取…”仅限个人办理'
 */
export function loginTypeRefusal(business: Pick<Business, 'ywmc' | 'loginTypes'>, loginType: 1 | 2 | 3): string | null {
  if (business.loginTypes.includes(loginType)) return null;
  const who = business.loginTypes.map((t) => LOGIN_TYPE_NAMES[t]).join('、');
  return `“${business.ywmc}”仅限${who}办理`;
}

/**
 * The restriction table, in the order its messages are shown.
 *
 * @example
 * RESTRICTIONS.map((r) => r.code) // ['LOGIN_TYPE', 'USER_BLOCK', 'ACCOUNT_SEALED', …]
 */
export const RESTRICTIONS: readonly Restriction[] = [
  {
    code: 'LOGIN_TYPE',
    description: '业务只对其登录类型开放（个人、单位、开发商）',
    async check({ applicant, business }) {
      return loginTypeRefusal(business, applicant.loginType);
    },
  },
  {
    code: 'USER_BLOCK',
    description: '中心对该登录停办此业务（或全部业务），business_block 表，消息由中心填写',
    async check({ q, applicant, business }) {
      const [row] = await q.query<{ msg: string }>(
        `select msg from business_block where user_id = $1 and ywlx in ($2, '*') order by ywlx = '*' limit 1`,
        [applicant.userId, business.ywlx],
      );
      return row?.msg ?? null;
    },
  },
  {
    code: 'ACCOUNT_SEALED',
    description: '账户封存、冻结或销户时不能办理（启封类业务和封存后可办的提取除外）',
    async check({ q, applicant, business }) {
      if (business.allowsSealedAccount) return null;
      const state = await accountState(q, applicant);
      if (!state.sealed) return null;
      const whose = applicant.loginType === 1 ? '您的个人账户' : '单位账户';
      return `${whose}已${state.name}，不能办理“${business.ywmc}”。如有疑问请致电 12329 或到住房公积金管理中心柜台咨询`;
    },
  },
  {
    code: 'STATEMENT_UNCONFIRMED',
    description: '缴存单位本年度利息单未确认时不能办理单位业务（开发商不查，spec 4.3）',
    async check({ q, applicant, now }) {
      if (applicant.loginType !== 2) return null;
      const rows = await q.query('select 1 from unit_statement_confirm where account_id = $1 and year = $2', [applicant.accountId, centreYear(now)]);
      return rows.length > 0 ? null : '单位本年度利息单尚未确认，请先在“待办事项”中确认利息单，再办理业务';
    },
  },
  {
    code: 'WITHDRAWAL_IN_PROGRESS',
    description: '已有一笔提取业务在办（已提交、已受理或已退回待修改）时，不能再申请提取',
    async check({ q, applicant, business, ywbh }) {
      if (business.area !== 'withdrawal') return null;
      const [row] = await q.query<{ ywbh: string }>(
        `select ywbh from application
          where account_id = $1 and ywlx like 'TQ%' and zt in ('01', '02', '04') and ywbh <> $2
          order by id limit 1`,
        [applicant.accountId, ywbh ?? ''],
      );
      return row ? `您已有一笔提取业务正在办理（业务编号 ${row.ywbh}），办结或撤回后才能再申请提取` : null;
    },
  },
  {
    code: 'SAME_TYPE_IN_PROGRESS',
    description: '同一账户的同一业务已有一笔在办时，不能再申请',
    async check({ q, applicant, business, ywbh }) {
      if (business.area === 'withdrawal') return null; // the row above says it for every withdrawal
      const [row] = await q.query<{ ywbh: string }>(
        `select ywbh from application
          where account_id = $1 and ywlx = $2 and zt in ('01', '02', '04') and ywbh <> $3
          order by id limit 1`,
        [applicant.accountId, business.ywlx, ywbh ?? ''],
      );
      return row ? `您已有一笔“${business.ywmc}”正在办理（业务编号 ${row.ywbh}），办结或撤回后才能再申请` : null;
    },
  },
];

/** Every row that stops the business, in table order. */
export async function checkRestrictions(given: RestrictionContext): Promise<Array<{ code: string; msg: string }>> {
  // The rows read the same records again and again (the account, the parameters): each read once for this check.
  const ctx = { ...given, q: readOnce(given.q) };
  const messages: Array<{ code: string; msg: string }> = [];
  for (const row of RESTRICTIONS) {
    const msg = await row.check(ctx);
    if (msg) messages.push({ code: row.code, msg });
    // A business not open to this kind of login: the other rows would only confuse.
    if (msg && row.code === 'LOGIN_TYPE') return messages;
  }
  // The business's own rules that need no answers (who may apply, the account's status): told before the wizard
  // opens. On submit they have run already (400), so they add nothing there.
  for (const rule of ctx.business.rules) {
    if (!rule.atOpen) continue;
    const ruleCtx = { q: ctx.q, applicant: ctx.applicant, payload: {}, now: ctx.now };
    // The row's answer in the centre's parameters in force (a bound it names), as on submit.
    if (!(await rule.holds(ruleCtx))) messages.push({ code: 'BUSINESS_RULE', msg: await ruleMessage(rule, ruleCtx) });
  }
  return messages;
}
