import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/db';
import { CENTRE_KEY_HEADER } from '../applications/centre';
import { businessOf } from '../business/registry';
import { ruleMessage, type Applicant } from '../business/types';
import type { ParameterKey } from '../params/centre';
import { submitWithMaterials } from './materials';
import { withParameters } from './parameters';

// The calls the withdrawal tests (withdrawals.test.ts, withdrawals-more.test.ts, standing-routes.test.ts) make, in
// one place: the hall's routes as a signed-in depositor, the centre API, and the records read back.

const ZHFW = '/api/izfgjj-zhfw/v1';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
export type Body = { code: number; msg: string; data: any };
export const body = (res: LightMyRequestResponse): Body => res.json<Body>();

export interface WithdrawalHarnessEnv {
  /** The app and database of the file, read when a call is made (they are built in beforeAll). */
  app: () => FastifyInstance;
  db: () => Db;
  /** Session tokens by login, filled in beforeAll. */
  tokens: Record<string, string>;
  /** The centre API key the app was built with. */
  centreKey: string;
  /** The file's clock (rule contexts). */
  now: () => Date;
}

/**
 * The helpers of a withdrawal test file, bound to its app, database and tokens.
 *
 * @example
 * const { get, post, submit, limit, centre, balance, lines } = withdrawalHarness({ app: () => app, db: () => db, tokens, centreKey: KEY, now: () => clock });
 */
export function withdrawalHarness(env: WithdrawalHarnessEnv) {
  const get = (who: string, url: string) => env.app().inject({ url: `${ZHFW}/${url}`, headers: { token: env.tokens[who]! } });
  const post = (who: string, url: string, payload: unknown) =>
    env.app().inject({ method: 'POST', url: `${ZHFW}/${url}`, headers: { token: env.tokens[who]! }, payload: payload as object });
  /** As the wizard submits: a draft, its required materials uploaded (issue 31 item 3), then the submission. */
  const submit = (who: string, ywlx: string, payload: Record<string, unknown>) => submitWithMaterials(env.app(), env.tokens[who]!, ywlx, payload);
  const check = async (who: string, ywlx: string) => body(await get(who, `ywblxz/check?ywlx=${ywlx}`)).data as { pass: boolean; messages: Array<{ msg: string }> };
  const limit = async (who: string, ywlx: string, payload: Record<string, unknown> = {}) => body(await post(who, 'tq/ktqje', { ywlx, payload })).data;
  const centre = (ywbh: string, action: string) =>
    env.app().inject({ method: 'POST', url: `/api/centre/v1/applications/${ywbh}/${action}`, headers: { [CENTRE_KEY_HEADER]: env.centreKey }, payload: { operator: '王经办' } });
  const balance = async (grzh: string) =>
    BigInt((await env.db().query<{ b: string }>('select balance_fen::text as b from personal_account where grzh = $1', [grzh]))[0]!.b);
  const lines = (ywbh: string) =>
    env.db().query<{ kind: string; amount_fen: string; tqyy: string | null }>(
      'select kind, amount_fen::text as amount_fen, tqyy from journal_entry where ywbh = $1 order by line',
      [ywbh],
    );
  const setStatus = (grzh: string, grzhzt: string) => env.db().query('update personal_account set grzhzt = $2 where grzh = $1', [grzh, grzhzt]);
  /** The applicant a login's primary account is. */
  const applicantOf = async (login: string): Promise<Applicant> => {
    const [row] = await env.db().query<{ user_id: string; id: string; grzh: string }>(
      `select a.user_id::text as user_id, a.id::text as id, coalesce(p.grzh, '') as grzh
         from user_account a join app_user u on u.id = a.user_id left join person_info p on p.account_id = a.id
        where u.account = $1 and a.is_primary limit 1`,
      [login],
    );
    return { userId: row!.user_id, accountId: row!.id, loginType: 1, login, zh: row!.grzh };
  };
  /** Sets rows of the centre's parameter table for one test and puts the defaults back after it. */
  const withRows = (rows: Partial<Record<ParameterKey, number>>, run: () => Promise<void>) => withParameters(env.db(), rows, run);
  /** A rule of a withdrawal kind, asked for an applicant (and a payload) now. */
  const ruleOf = async (ywlx: string, name: string, login: string, payload: Record<string, unknown> = {}) => {
    const rule = businessOf(ywlx)!.rules.find((r) => r.name === name)!;
    const ctx = { q: env.db(), applicant: await applicantOf(login), payload, now: env.now() };
    return { holds: () => rule.holds(ctx), message: () => ruleMessage(rule, ctx) };
  };
  return { get, post, submit, check, limit, centre, balance, lines, setStatus, applicantOf, withRows, ruleOf };
}
