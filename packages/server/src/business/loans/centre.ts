import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { centreDate } from '../../clock';
import { ApiError, ok } from '../../http/envelope';
import { CENTRE_KEY_HEADER, CENTRE_KEY_MESSAGE, CENTRE_PREFIX, centreKeyMatches } from '../../applications/centre';
import { fenToYuan } from '../../records/money';
import { collectInstalments } from './collect';
import { publishProject } from '../developer/projects';

const tags = ['中心接口'] as const;
const envelope = (data: Record<string, unknown>) => ({ 200: { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, data } } });
const operator = { type: 'string', minLength: 1, maxLength: 40, description: '经办人', 'x-msg': '经办人至多 40 字', 'x-required-msg': '请填写经办人' } as const;

/**
 * The centre's loan calls (docs/api-loans.md › 中心接口), under the centre API's key: the monthly collection command,
 * and the approval (or return) of a developer's project (楼盘).
 */
export async function loanCentreRoutes(app: FastifyInstance, db: Db, key: string, now: () => Date): Promise<void> {
  await app.register(async (centre) => {
    // Every call of the group needs the key: declared for the document (http/openapi.ts), enforced just below.
    centre.addHook('onRoute', (route) => {
      route.config = { ...route.config, protection: 'centreKey' };
    });
    centre.addHook('onRequest', async (request) => {
      if (!centreKeyMatches(key, request.headers[CENTRE_KEY_HEADER])) throw new ApiError(401, CENTRE_KEY_MESSAGE);
    });

    centre.post<{ Body: { date?: string } }>(
      `${CENTRE_PREFIX}/loans/collect`,
      {
        schema: {
          summary: '按月扣款：冲还贷（公积金账户，记冲还贷）后银行卡扣款，未还的记逾期；同一日期重复执行不重复扣款',
          tags,
          body: {
            type: 'object',
            additionalProperties: false,
            properties: { date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: '扣款日期（默认今天）', 'x-msg': '扣款日期格式应为 YYYY-MM-DD' } },
          },
          response: envelope({
            type: 'object',
            properties: {
              runDate: { type: 'string' },
              offsets: { type: 'integer' },
              offsetAmount: { type: 'string' },
              offsetsRefused: { type: 'integer' },
              cardPayments: { type: 'integer' },
              cardAmount: { type: 'string' },
              overduePeriods: { type: 'integer' },
              settledLoans: { type: 'integer' },
            },
          }),
        },
      },
      async (request) => {
        const r = await collectInstalments(db, request.body?.date ?? centreDate(now()), now());
        return ok({
          runDate: r.runDate,
          offsets: r.offsets,
          offsetAmount: fenToYuan(r.offsetFen),
          offsetsRefused: r.offsetsRefused,
          cardPayments: r.cardPayments,
          cardAmount: fenToYuan(r.cardFen),
          overduePeriods: r.overduePeriods,
          settledLoans: r.settledLoans,
        });
      },
    );

    for (const action of ['approve', 'return'] as const) {
      centre.post<{ Params: { xmbh: string }; Body: { operator: string; note?: string } }>(
        `${CENTRE_PREFIX}/projects/:xmbh/${action}`,
        {
          schema: {
            summary: action === 'approve' ? '楼盘审核通过：此后可在贷款申请中选择' : '楼盘退回：开发商修改后重新提交',
            tags,
            params: { type: 'object', required: ['xmbh'], properties: { xmbh: { type: 'string', pattern: '^[A-Z0-9]{4,40}$', 'x-msg': '楼盘编号格式不正确' } } },
            body: { type: 'object', required: ['operator'], properties: { operator, note: { type: 'string', maxLength: 500 } } },
            response: envelope({ type: 'object', properties: { xmbh: { type: 'string' }, spzt: { type: 'string', enum: ['01', '02', '03'] } } }),
          },
        },
        async (request) => {
          const spzt = action === 'approve' ? '02' : '03';
          const day = centreDate(now());
          // A project registered in the hall (KH0201) is decided as that application; this call is for the others.
          // Approval publishes it on the partner list (/cooperation) in the same transaction (docs/api-developer.md).
          await db.transaction(async (tx) => {
            const rows = await tx.query<{ xmbh: string }>(
              `update developer_project set spzt = $2, approved_on = case when $2 = '02' then $3::date end
                where xmbh = $1 and spzt = '01' and ywbh is null returning xmbh`,
              [request.params.xmbh, spzt, day],
            );
            if (rows.length === 0) {
              const [exists] = await tx.query<{ ywbh: string | null }>('select ywbh from developer_project where xmbh = $1', [request.params.xmbh]);
              if (exists?.ywbh) throw new ApiError(409, '该楼盘由网上登记申请，请通过业务审批办结或退回');
              throw new ApiError(exists ? 409 : 404, exists ? '该楼盘不在待审核状态' : '楼盘不存在');
            }
            await publishProject(tx, request.params.xmbh, day);
          });
          return ok({ xmbh: request.params.xmbh, spzt });
        },
      );
    }
  });
}
