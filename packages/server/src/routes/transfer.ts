import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { BOOLEAN, listOf, NULLABLE_STRING, object, okAnswer, STRING } from '../http/answers';
import { centreDate } from '../clock';
import { applicantOf } from '../applications/applicant';
import { createRateLimiter, TOO_MANY_REQUESTS_MESSAGE } from '../auth/rate-limit';
import { firstFailing, holderOf, lastRemittedPeriod, oldUnitLetGo, GJ0314_RULES, type Gj0314Payload } from '../business/personal/gj0314';
import { listAccountsOf, getAccount } from '../records/accounts';
import { fenToYuan } from '../records/money';
import { ACCOUNT_STATUS, ACCOUNT_STATUS_NAMES, isClosedStatus } from '../records/kinds';
import { GRZHZT_SCHEMA } from '../records/schemas';
import { ZHFW_PREFIX } from './shell';

const tags = ['同城转移'] as const;

/** Personal account status in words (dictionary GRZHZT). */
const STATUS_NAMES: Readonly<Record<string, string>> = ACCOUNT_STATUS_NAMES;

/** How many unit checks one login may ask for in a minute (the number and name must both be known: this only slows guessing). */
export const TRANSFER_CHECK_LIMIT = { limit: 30, windowMs: 60_000 } as const;

const account = object({
  grzh: STRING,
  dwmc: STRING,
  grzhzt: GRZHZT_SCHEMA,
  ztmc: STRING,
  grzhye: STRING,
  lastPeriod: NULLABLE_STRING,
  movable: BOOLEAN,
  reason: STRING,
});

/**
 * The hall's calls of the personal transfer (同城转移, GJ0314; docs/api-personal.md › 同城转移): the applicant's own
 * unit accounts and whether each may move, and the check of the new unit (number and name) with the whole rule table.
 */
export function transferRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  const pre = { preHandler: app.requireVerified };
  const limiter = createRateLimiter(db, 'transfer-check', TRANSFER_CHECK_LIMIT.limit, TRANSFER_CHECK_LIMIT.windowMs);

  app.get(
    `${ZHFW_PREFIX}/grzy/accounts`,
    {
      ...pre,
      schema: {
        summary: '同城转移：本人在本中心的单位缴存账户及能否转移',
        tags,
        response: okAnswer(listOf(account)),
      },
    },
    async (request) => {
      if (request.session!.loginType !== 1) throw new ApiError(403);
      const applicant = await applicantOf(db, request.session!);
      const zjhm = await holderOf(db, applicant);
      if (!zjhm) return ok([]);
      const today = centreDate(now());
      const list = (await listAccountsOf(db, zjhm)).filter((a) => a.kind === 'gr' && a.dwzh);
      const rows = [];
      for (const a of list) {
        // The account-side rows of the rule table, in its order: the first that stops the move is its reason.
        let reason = '';
        if (isClosedStatus(a.grzhzt)) reason = GJ0314_RULES.find((r) => r.name === 'not-closed')!.msg;
        else if (a.grzhzt === ACCOUNT_STATUS.frozen || a.grzhzt === ACCOUNT_STATUS.other) reason = GJ0314_RULES.find((r) => r.name === 'not-frozen')!.msg;
        else if (!(await oldUnitLetGo(db, a, today))) reason = GJ0314_RULES.find((r) => r.name === 'old-unit-let-go')!.msg;
        rows.push({
          grzh: a.grzh,
          dwmc: a.dwmc,
          grzhzt: a.grzhzt,
          ztmc: STATUS_NAMES[a.grzhzt] ?? a.grzhzt,
          grzhye: fenToYuan(a.balanceFen),
          lastPeriod: await lastRemittedPeriod(db, a.grzh),
          movable: reason === '',
          reason,
        });
      }
      return ok(rows);
    },
  );

  app.post<{ Body: Pick<Gj0314Payload, 'grzh' | 'zrdwzh' | 'zrdwmc'> }>(
    `${ZHFW_PREFIX}/grzy/check`,
    {
      ...pre,
      schema: {
        summary: '同城转移：核验转入单位（单位账号与名称）并按规则表检查能否转移',
        tags,
        body: {
          type: 'object',
          required: ['grzh', 'zrdwzh', 'zrdwmc'],
          additionalProperties: false,
          properties: {
            grzh: { type: 'string', pattern: '^[0-9]{6,20}$', description: '个人账号', 'x-msg': '个人账号格式不正确', 'x-required-msg': '请选择要转移的个人账户' },
            zrdwzh: { type: 'string', pattern: '^[0-9]{6,20}$', description: '转入单位账号', 'x-msg': '转入单位账号应为 6 至 20 位数字', 'x-required-msg': '请填写转入单位账号' },
            zrdwmc: { type: 'string', minLength: 2, maxLength: 100, description: '转入单位名称', 'x-msg': '转入单位名称应为 2 至 100 个字', 'x-required-msg': '请填写转入单位名称' },
          },
        },
        response: okAnswer(object({ grzh: STRING, ydwmc: STRING, zrdwzh: STRING, zrdwmc: STRING, grzhye: STRING })),
      },
    },
    async (request) => {
      if (request.session!.loginType !== 1) throw new ApiError(403);
      if (!(await limiter.hit(request.session!.userId, now().getTime()))) throw new ApiError(429, TOO_MANY_REQUESTS_MESSAGE);
      const applicant = await applicantOf(db, request.session!);
      const payload = { ...request.body, zyyy: '01' } as Gj0314Payload;
      const failing = await firstFailing({ q: db, applicant, payload, now: now() });
      if (failing) throw failing.status === 403 ? new ApiError(403) : new ApiError(400, failing.msg);
      const a = (await getAccount(db, payload.grzh))!;
      const [unit] = await db.query<{ dwmc: string }>('select dwmc from unit_record where dwzh = $1', [payload.zrdwzh]);
      return ok({ grzh: a.grzh, ydwmc: a.dwmc, zrdwzh: payload.zrdwzh, zrdwmc: unit!.dwmc, grzhye: fenToYuan(a.balanceFen) });
    },
  );
}
