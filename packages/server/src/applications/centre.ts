import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { centreDateTime } from '../clock';
import { businessOf } from '../business/registry';
import { centreApplication, eventsOf, type ApplicationRow, type Applications } from './model';
import { STATUS } from './status';
import { SCHEMA_PARTS } from './routes';
import { YWBH_PATTERN } from './ywbh';
import { okAnswer } from '../http/answers';

/**
 * The centre's side (docs/api-applications.md): staff decide applications in the centre's own system; this API
 * stands in for it. Registered only when a key is configured (CENTRE_API_KEY); every call carries it in the
 * `x-centre-key` header, compared in constant time. No key, a wrong one: 401.
 */

export const CENTRE_PREFIX = '/api/centre/v1';
export const CENTRE_KEY_HEADER = 'x-centre-key';
/** The shortest key the server accepts: a guessable key would open every application. */
export const CENTRE_KEY_MIN_LENGTH = 16;
export const CENTRE_KEY_MESSAGE = '中心接口密钥不正确';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** True when `given` is the key; the time taken does not depend on where they differ (nor on the lengths). */
export function centreKeyMatches(key: string, given: unknown): boolean {
  if (typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(digest(key), digest(given));
}

const tags = ['中心端'] as const;
const envelope = (data: Record<string, unknown>) => okAnswer(data);

const row = (a: ApplicationRow) => ({
  ywbh: a.ywbh,
  ywlx: a.ywlx,
  ywmc: businessOf(a.ywlx)?.ywmc ?? a.ywlx,
  zt: a.zt,
  ztmc: STATUS[a.zt],
  login: a.login,
  zh: a.zh,
  submittedAt: a.submitted_at ? centreDateTime(new Date(a.submitted_at)) : null,
  promisedDate: a.promised_date,
});

const rowSchema = {
  type: 'object',
  properties: {
    ywbh: { type: 'string' },
    ywlx: { type: 'string' },
    ywmc: { type: 'string' },
    zt: { type: 'string' },
    ztmc: { type: 'string' },
    login: { type: 'string' },
    zh: { type: 'string' },
    submittedAt: { type: ['string', 'null'] },
    promisedDate: { type: ['string', 'null'] },
  },
} as const;

/** Registers the centre API under its own key check. */
export async function centreRoutes(app: FastifyInstance, db: Db, applications: Applications, key: string): Promise<void> {
  await app.register(async (centre) => {
    // Every call of the group needs the key: declared for the document (http/openapi.ts), enforced just below.
    centre.addHook('onRoute', (route) => {
      route.config = { ...route.config, protection: 'centreKey' };
    });
    centre.addHook('onRequest', async (request) => {
      if (!centreKeyMatches(key, request.headers[CENTRE_KEY_HEADER])) throw new ApiError(401, CENTRE_KEY_MESSAGE);
    });

    centre.get<{ Querystring: { zt: string; limit: number; after?: string } }>(
      `${CENTRE_PREFIX}/applications`,
      {
        schema: {
          summary: '待办件：按状态，业务编号顺序，一页一页（after 为上一页最后一个业务编号）',
          tags,
          querystring: {
            type: 'object',
            properties: {
              zt: { type: 'string', pattern: '^(0[0-6])(,0[0-6]){0,6}$', default: '01,02', description: '状态', 'x-msg': '状态只能是 00 至 06，多个以逗号分隔' },
              limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, description: '条数', 'x-msg': '条数应为 1 至 200' },
              after: { ...SCHEMA_PARTS.ywbh, pattern: `^$|${YWBH_PATTERN}`, description: '上一页最后一个业务编号' },
            },
          },
          response: envelope({ type: 'object', properties: { list: { type: 'array', items: rowSchema }, next: { type: ['string', 'null'] } } }),
        },
      },
      async (request) => {
        const { zt, limit, after } = request.query;
        const rows = await db.query<ApplicationRow>(
          `select ywbh, ywlx, zt, login, zh, submitted_at, to_char(promised_date, 'YYYY-MM-DD') as promised_date
             from application where zt = any($1) and ywbh > $2 order by ywbh limit $3`,
          [zt.split(','), after ?? '', limit + 1],
        );
        const page = rows.slice(0, limit);
        return ok({ list: page.map(row), next: rows.length > limit ? (page.at(-1)?.ywbh ?? null) : null });
      },
    );

    centre.get<{ Params: { ywbh: string } }>(
      `${CENTRE_PREFIX}/applications/:ywbh`,
      {
        schema: {
          summary: '办件详情（含表单和状态记录）',
          tags,
          params: { type: 'object', required: ['ywbh'], properties: { ywbh: SCHEMA_PARTS.ywbh } },
          response: envelope({
            type: 'object',
            properties: {
              ...rowSchema.properties,
              payload: { type: 'object', additionalProperties: true },
              timeLimitDays: { type: 'integer' },
              events: { type: 'array', items: { type: 'object', additionalProperties: true } },
            },
          }),
        },
      },
      async (request) => {
        const a = await centreApplication(db, request.params.ywbh);
        return ok({ ...row(a), payload: a.payload, timeLimitDays: a.time_limit_days, events: await eventsOf(db, a.id) });
      },
    );

    for (const action of ['accept', 'complete', 'return', 'reject'] as const) {
      centre.post<{ Params: { ywbh: string }; Body: { operator: string; note?: string; reasons?: string[] } }>(
        `${CENTRE_PREFIX}/applications/:ywbh/${action}`,
        {
          schema: {
            summary: { accept: '受理', complete: '办结（同一事务中更新业务数据）', return: '退回补正（须填原因）', reject: '不予受理（须填原因）' }[action],
            tags,
            params: { type: 'object', required: ['ywbh'], properties: { ywbh: SCHEMA_PARTS.ywbh } },
            body: {
              type: 'object',
              required: ['operator'],
              additionalProperties: false,
              properties: {
                operator: { type: 'string', minLength: 1, maxLength: 30, description: '经办人', 'x-required-msg': '缺少经办人' },
                note: { type: 'string', maxLength: 500, description: '办理意见', 'x-multiline': true },
                reasons: { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 200, description: '原因' }, description: '原因' },
              },
            },
            response: envelope(rowSchema),
          },
        },
        async (request) => {
          const { operator, note, reasons } = request.body;
          const a = await applications.decide(request.params.ywbh, action, operator, { ...(note ? { note } : {}), ...(reasons ? { reasons } : {}) });
          return ok(row(a));
        },
      );
    }
  });
}
