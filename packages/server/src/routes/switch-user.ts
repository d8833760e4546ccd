import type { FastifyInstance } from 'fastify';
import { SWITCH_PATHS } from '@gjj-hall/sdk/auth';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';

export const NOT_OWN_ACCOUNT_MESSAGE = '只能切换到本登录名下的账户';

/**
 * GET /api/auth/v1/switchUser?toUserId= (spec 2.8, 4.12, 7.2): moves the session to another account of the same
 * login. The session's token stays; what the session sees (roles, menus, account information) follows the account.
 * An id that is not the login's own: 403. The current account: nothing changes.
 */
export function switchUserRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: { toUserId: string } }>(
    SWITCH_PATHS.switchUser,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '切换到同一登录下的另一个账户',
        tags: ['登录与会话'],
        querystring: {
          type: 'object',
          required: ['toUserId'],
          properties: {
            toUserId: {
              type: 'string',
              pattern: '^[1-9]\\d{0,17}$',
              description: '账户编号',
              'x-msg': '账户编号格式不正确',
              'x-required-msg': '请选择要切换的账户',
            },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              code: { type: 'integer' },
              msg: { type: 'string' },
              data: { type: 'object', properties: { id: { type: 'string' }, changed: { type: 'boolean' } } },
            },
          },
        },
      },
    },
    async (request) => {
      const session = request.session!;
      const to = request.query.toUserId;
      if (to === session.accountId) return ok({ id: to, changed: false }, '已是当前账户');
      // Only an account of the session's own login: checked in the statement that moves the session.
      const moved = await db.query(
        `update user_session s set account_id = a.id
           from user_account a
          where s.token_hash = $1 and a.id = $2::bigint and a.user_id = s.user_id
          returning s.account_id`,
        [session.tokenHash, to],
      );
      if (!moved.length) throw new ApiError(403, NOT_OWN_ACCOUNT_MESSAGE);
      return ok({ id: to, changed: true }, '切换成功');
    },
  );
}
