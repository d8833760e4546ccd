import type { FastifyInstance } from 'fastify';
import { maskIdCard, maskPhone } from '@gjj-hall/sdk/format';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { centreYear } from '../clock';
import { ZHFW_PREFIX } from './shell';
import { fenToYuan } from '../records/money';
import { DWZHZT_SCHEMA, GRZHZT_SCHEMA } from '../records/schemas';
import { requireTwoCheckForPath } from './two-check';
import { okAnswer } from '../http/answers';

const tags = ['个人与单位信息'] as const;

const envelope = (data: Record<string, unknown>, code?: Record<string, unknown>) => {
  const answer = okAnswer(data);
  // spec 7.2: one call answers its success code as the string '0'.
  if (code) answer[200] = { ...answer[200], properties: { ...(answer[200].properties as Record<string, unknown>), code } };
  return answer;
};

/** The signed-in individual's and unit's information calls of docs/api-shell.md. */
export function accountRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  app.get(
    `${ZHFW_PREFIX}/grxx/loginGrxx`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '登录个人的账户信息（code 为字符串 0）',
        tags,
        response: envelope(
          {
            type: 'object',
            properties: {
              xingming: { type: 'string' },
              zjhm: { type: 'string' },
              grzh: { type: 'string' },
              grzhzt: GRZHZT_SCHEMA,
              grzhye: { type: 'string' },
              dwmc: { type: 'string' },
              sjhm: { type: 'string' },
            },
          },
          { type: 'string' },
        ),
      },
    },
    async (request) => {
      const [row] = await db.query<{ xingming: string; zjhm: string; grzh: string; grzhzt: string; balance_fen: string; dwmc: string; sjhm: string }>(
        // Status and balance come from the centre's records (personal_account, kept equal to its journal); the login's
        // person_info names the account. No account there (an out-of-area loan person): no balance.
        `select p.xingming, p.zjhm, p.grzh, coalesce(a.grzhzt, p.grzhzt) as grzhzt,
                coalesce(a.balance_fen, 0)::text as balance_fen, coalesce(nullif(a.dwmc, ''), p.dwmc) as dwmc, p.sjhm
           from person_info p left join personal_account a on a.grzh = p.grzh and a.zjhm = p.zjhm
          where p.account_id = $1`,
        [request.session!.accountId],
      );
      if (!row) throw new ApiError(403);
      // This call's success code is the string '0' (spec 7.2).
      const { balance_fen: balance, ...info } = row;
      return { code: '0', msg: '操作成功', data: { ...info, grzhye: fenToYuan(balance), zjhm: maskIdCard(row.zjhm), sjhm: maskPhone(row.sjhm) } };
    },
  );

  app.get(
    `${ZHFW_PREFIX}/dwxx/dwxxUser`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '登录单位（或开发商）的信息',
        tags,
        response: envelope({
          type: 'object',
          properties: {
            dwmc: { type: 'string' },
            dwzh: { type: 'string' },
            dwzhzt: DWZHZT_SCHEMA,
            jbrxm: { type: 'string' },
            jbrsjhm: { type: 'string' },
          },
        }),
      },
    },
    async (request) => {
      if (request.session!.loginType === 1) throw new ApiError(403);
      const [row] = await db.query<{ dwmc: string; dwzh: string; dwzhzt: string; jbrxm: string; jbrsjhm: string }>(
        'select dwmc, dwzh, dwzhzt, jbrxm, jbrsjhm from unit_info where account_id = $1',
        [request.session!.accountId],
      );
      if (!row) throw new ApiError(403);
      return ok({ ...row, jbrsjhm: maskPhone(row.jbrsjhm) });
    },
  );

  app.get(
    `${ZHFW_PREFIX}/xxwz/check`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '信息完整性（0 完整；1、3 提示完善；2 须到柜台完善关键信息）',
        tags,
        response: envelope({ type: 'object', required: ['status'], properties: { status: { type: 'integer' }, type: { type: 'string' } } }),
      },
    },
    async (request) => {
      const session = request.session!;
      const [row] = await db.query<{ status: number; type: string }>('select status, type from info_check where account_id = $1', [session.accountId]);
      const kind = session.loginType === 1 ? 'gr' : session.loginType === 2 ? 'dw' : 'kfs';
      return ok(row ?? { status: 0, type: kind });
    },
  );

  app.get(
    `${ZHFW_PREFIX}/dwlxd/checkQr`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '单位本年度利息单是否已确认',
        tags,
        response: envelope({ type: 'object', required: ['confirmed'], properties: { confirmed: { type: 'boolean' }, year: { type: 'integer' } } }),
      },
    },
    async (request) => {
      const session = request.session!;
      if (session.loginType === 1) throw new ApiError(403);
      const year = centreYear(now());
      // Developers skip the check (spec 4.3).
      if (session.loginType === 3) return ok({ confirmed: true, year });
      const rows = await db.query('select 1 from unit_statement_confirm where account_id = $1 and year = $2', [session.accountId, year]);
      return ok({ confirmed: rows.length > 0, year });
    },
  );

  // The gate of every business page (issue 18): an unverified login is refused here with what to do.
  app.get<{ Querystring: { path: string } }>(
    `${ZHFW_PREFIX}/ywbl/check`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '按用户的业务办理限制：该页面的业务能否办理',
        tags,
        querystring: {
          type: 'object',
          required: ['path'],
          properties: {
            path: {
              type: 'string',
              pattern: '^/[A-Za-z0-9_/-]{0,199}$',
              description: '页面路径',
              'x-msg': '页面路径格式不正确',
              'x-required-msg': '缺少页面路径',
            },
          },
        },
        response: envelope({ type: 'object', properties: { allowed: { type: 'boolean' } } }),
      },
    },
    async (request) => {
      const rows = await db.query('select 1 from user_forbidden_path where user_id = $1 and path = $2', [request.session!.userId, request.query.path]);
      if (rows.length > 0) throw new ApiError(403);
      // A menu with enable 10 opens only after this session's second check (docs/api-qr.md).
      await requireTwoCheckForPath(db, request.session!, request.query.path, now());
      return ok({ allowed: true });
    },
  );
}
