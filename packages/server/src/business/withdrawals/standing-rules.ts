import type { Queryable } from '../../db/db';
import { ApiError } from '../../http/envelope';
import { notYours } from '../../applications/model';
import { fenToYuan } from '../../records';
import type { Applicant, BusinessRule, RuleContext } from '../types';
import { ruleMessage } from '../types';
import { depositorOf, fenOf, type CardFields } from './common';
import { tq0107, type Tq0107Payload } from './tq0107';

/**
 * The rule tables of rent by standing order (按月/按季租房提取, docs/api-withdrawals.md): signing an agreement is
 * TQ0107's eligibility (its own rows, named below, not restated) plus the amount a period within the quota; stopping
 * one is the owner's agreement still in force.
 */

/** What the depositor signs: the lease (as TQ0107 asks it), how often, the amount a period and the card. */
export interface StandingSignPayload extends CardFields {
  zlht: string;
  zldz: string;
  zlqsrq: string;
  zlzzrq: string;
  wfsm: boolean;
  /** M 按月 / Q 按季 */
  pl: 'M' | 'Q';
  /** 每期提取金额 (yuan) */
  dqje: string;
}

/**
 * TQ0107's rows the agreement is signed under: the account (a deposit account of the centre, status 正常), the months
 * of deposits, no home on the register, the declaration, the lease current, something left to withdraw this year
 * (the quota and the balance), the bank, the card's check digit and the holder. TQ0107's once-a-quarter row is not
 * among them (the agreement pays on its own calendar) nor its amount row (the agreement has an amount a period).
 */
export const STANDING_FROM_TQ0107 = [
  'deposit-account',
  'account-status',
  'continuous-months',
  'no-home-on-record',
  'no-home-declared',
  'lease-current',
  'something-to-withdraw',
  'bank-known',
  'card-check-digit',
  'card-holder-is-applicant',
] as const;

const fromTq0107 = STANDING_FROM_TQ0107.map((name) => {
  const rule = tq0107.rules.find((r) => r.name === name);
  if (!rule) throw new Error(`TQ0107 has no rule ${name}`);
  return rule as unknown as BusinessRule<StandingSignPayload>;
});

/** The most the agreement may pay a period: what is left of the year's rent quota now (and of the balance). */
export async function standingLimitFen(q: Queryable, applicant: Applicant, payload: Partial<StandingSignPayload>, now: Date): Promise<bigint> {
  return (await tq0107.limitFor(q, applicant, payload as Partial<Tq0107Payload>, now)).maxFen;
}

export const STANDING_MESSAGES = {
  amountZero: '每期提取金额须大于 0',
  overQuota: (max: string) => `每期提取金额不能超过本年度剩余的租房提取额度 ${max} 元`,
  notActive: '该协议已终止，无需再次终止',
  oneActive: '您已有一份生效的按月/按季租房提取协议，请先终止后再签订',
} as const;

/** The rows checked when an agreement is signed, in order (the first that fails answers). */
export const STANDING_SIGN_RULES: ReadonlyArray<BusinessRule<StandingSignPayload>> = [
  ...fromTq0107,
  {
    name: 'period-amount-within-quota',
    description: '每期提取金额大于 0，且不超过本年度剩余的租房提取额度（与租赁住房提取同一额度，也不超过可用余额）',
    msg: '每期提取金额不能超过本年度剩余的租房提取额度',
    async holds({ q, applicant, payload, now }) {
      const fen = fenOf(payload.dqje);
      if (fen <= 0n) throw new ApiError(400, STANDING_MESSAGES.amountZero);
      const max = await standingLimitFen(q, applicant, payload, now ?? new Date());
      if (fen > max) throw new ApiError(400, STANDING_MESSAGES.overQuota(fenToYuan(max)));
      return true;
    },
  },
];

/** The agreement a stop names, as the rows read it. */
export interface StandingStopPayload {
  id: string;
}

async function agreementOf(q: Queryable, id: string): Promise<{ grzh: string; state: string } | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const [row] = await q.query<{ grzh: string; state: string }>('select grzh, state from rent_standing_order where id = $1', [id]);
  return row;
}

/** The rows checked when an agreement is stopped. */
export const STANDING_STOP_RULES: ReadonlyArray<BusinessRule<StandingStopPayload>> = [
  {
    name: 'agreement-is-yours',
    description: '协议属于当前账户（他人的协议答 403，不透露任何内容）',
    msg: '无权操作该协议',
    status: 403,
    async holds({ q, applicant, payload }) {
      const [a, d] = await Promise.all([agreementOf(q, payload.id), depositorOf(q, applicant)]);
      return a !== undefined && d !== undefined && a.grzh === d.grzh;
    },
  },
  {
    name: 'agreement-active',
    description: '协议仍在生效中',
    msg: STANDING_MESSAGES.notActive,
    async holds({ q, payload }) {
      return (await agreementOf(q, payload.id))?.state === 'active';
    },
  },
];

/** Checks the rows in order: the first that fails answers 400 with its message (403 for another's record). */
export async function checkRows<P>(rules: ReadonlyArray<BusinessRule<P>>, ctx: RuleContext<P>): Promise<void> {
  for (const rule of rules) if (!(await rule.holds(ctx))) throw rule.status === 403 ? notYours() : new ApiError(400, await ruleMessage(rule, ctx));
}
