import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { ApiError, ok } from '../../http/envelope';
import { applicantOf } from '../../applications/applicant';
import { fenToYuan } from '../../records';
import { ZHFW_PREFIX } from '../../routes/shell';
import { withdrawalOf, WITHDRAWALS } from '.';

const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
});

/**
 * The withdrawal calls besides the spine's (docs/api-withdrawals.md):
 * - `POST tq/ktqje`: the most this applicant may withdraw now for a kind, with the reasons, computed from the journal
 *   and the kind's rules (the answers typed so far may narrow it: a purchase's price and loan);
 * - `GET tq/banks`: the bank list the receiving card is chosen from (spec 7.3).
 * Only the session's own account is read: nothing names another's.
 */
export function withdrawalRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  app.post<{ Body: { ywlx: string; payload?: Record<string, unknown> } }>(
    `${ZHFW_PREFIX}/tq/ktqje`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '本次最多可提取金额及其计算依据',
        tags: ['提取'],
        body: {
          type: 'object',
          required: ['ywlx'],
          additionalProperties: false,
          properties: {
            ywlx: { type: 'string', enum: WITHDRAWALS.map((b) => b.ywlx), description: '提取业务类型', 'x-msg': '不支持的提取业务类型', 'x-required-msg': '请选择提取业务类型' },
            payload: { type: 'object', description: '已填写的业务表单（购房的总价和贷款会影响可提取金额）' },
          },
        },
        response: {
          200: envelope({
            type: 'object',
            required: ['ywlx', 'ktqje', 'ye', 'xh', 'yy'],
            properties: {
              ywlx: { type: 'string' },
              ktqje: { type: 'string', description: '本次最多可提取金额（元）' },
              ye: { type: 'string', description: '账户余额（元）' },
              xh: { type: 'boolean', description: '销户提取（提取全部本息并注销账户）' },
              yy: { type: 'array', items: { type: 'string' }, description: '计算依据，每条一句' },
            },
          }),
        },
      },
    },
    async (request) => {
      const business = withdrawalOf(request.body.ywlx);
      if (!business) throw new ApiError(400, '不支持的提取业务类型');
      const applicant = await applicantOf(db, request.session!);
      const limit = await business.limitFor(db, applicant, (request.body.payload ?? {}) as never, now());
      return ok({
        ywlx: business.ywlx,
        ktqje: fenToYuan(limit.maxFen),
        ye: fenToYuan(limit.depositor?.balanceFen ?? 0n),
        xh: business.closing,
        yy: limit.reasons,
      });
    },
  );

  app.get(
    `${ZHFW_PREFIX}/tq/banks`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '收款银行列表',
        tags: ['提取'],
        response: {
          200: envelope({
            type: 'array',
            items: { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string' }, name: { type: 'string' } } },
          }),
        },
      },
    },
    async () => ok(await db.query<{ code: string; name: string }>('select code, name from bank order by sort, code')),
  );
}
