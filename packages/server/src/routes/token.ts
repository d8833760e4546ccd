import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { createRateLimiter, limitByAddress } from '../auth/rate-limit';
import { refreshSession, sendSessionTokens, SESSION_EXPIRED_MESSAGE, type RefreshRefusal } from '../auth/session';
import { AUTH_PREFIX } from './auth';

/** POST /api/auth/v1/auth/oauth/token (spec 7.2), the token refresh of docs/api-shell.md (令牌续期). */
export const TOKEN_PATH = `${AUTH_PREFIX}/auth/oauth/token`;

/** What each refused refresh answers (401): the session is over, and the user signs in again. */
export const REFRESH_MESSAGES: Record<RefreshRefusal, string> = {
  unknown: SESSION_EXPIRED_MESSAGE,
  expired: SESSION_EXPIRED_MESSAGE,
  reused: '登录凭证已被使用过，为保护账户安全已退出系统，请重新登录',
  'other-session': '登录凭证与当前会话不符，请重新登录',
};

/** Refreshes a client address may ask for a minute (REFRESH_RATE_LIMIT): one every 2 s, far above a hall's need. */
export const REFRESH_RATE_LIMIT = 30;

interface TokenBody {
  grant_type?: string;
  refresh_token: string;
  scope?: string;
}

const tags = ['登录与会话'] as const;

/**
 * The token refresh: `grant_type=refresh_token` with the refresh token (form-encoded, as OAuth 2.0 sends it, or JSON),
 * and the session's access token in the `token` header, expired or not. Answers a new pair, in `data` with OAuth's
 * names and in the `token`, `refresh-token` and `token-expires-in` headers; the old pair stops working.
 */
export function tokenRoutes(app: FastifyInstance, options: { db: Db; now: () => Date; rateLimit?: number | undefined }): void {
  const { db, now } = options;
  const limit = limitByAddress(createRateLimiter(db, 'token-refresh', options.rateLimit ?? REFRESH_RATE_LIMIT, 60_000), now);
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post<{ Body: TokenBody; Querystring: { grant_type?: string; scope?: string } }>(
      TOKEN_PATH,
      {
        onRequest: limit,
        // A refresh token that is unknown, spent or of another session: 401 (the call itself needs no session).
        config: { signsIn: true, errors: [401] },
        schema: {
          summary: '令牌续期：用刷新令牌换新的访问令牌和刷新令牌（旧的随即失效；请求头 token 带本会话的访问令牌，过期的也可）',
          tags,
          querystring: {
            type: 'object',
            properties: {
              grant_type: { type: 'string', enum: ['refresh_token'], description: '授权类型', 'x-msg': '不支持的授权类型：续期请用 refresh_token' },
              scope: { type: 'string', enum: ['server'], description: '授权范围' },
            },
          },
          body: {
            type: 'object',
            required: ['refresh_token'],
            properties: {
              grant_type: { type: 'string', enum: ['refresh_token'], description: '授权类型', 'x-msg': '不支持的授权类型：续期请用 refresh_token' },
              refresh_token: {
                type: 'string',
                maxLength: 128,
                description: '刷新令牌（登录应答头 refresh-token，或上次续期的 refresh_token）',
                'x-required-msg': '缺少刷新令牌，请重新登录',
              },
              scope: { type: 'string', enum: ['server'], description: '授权范围' },
            },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                code: { type: 'integer' },
                msg: { type: 'string' },
                data: {
                  type: 'object',
                  properties: {
                    access_token: { type: 'string', description: '访问令牌（之后请求头 token 带它）' },
                    refresh_token: { type: 'string', description: '新的刷新令牌（一次有效）' },
                    token_type: { type: 'string', description: '固定为 bearer' },
                    expires_in: { type: 'integer', description: '访问令牌的有效秒数' },
                    scope: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
      async (request, reply) => {
        const header = request.headers.token;
        const result = await refreshSession(
          db,
          request.body.refresh_token.trim(),
          typeof header === 'string' ? header.trim() : undefined,
          now(),
          app.accessTokenTtlMs,
        );
        if (typeof result === 'string') throw new ApiError(401, REFRESH_MESSAGES[result]);
        sendSessionTokens(reply, result);
        return ok(
          { access_token: result.token, refresh_token: result.refreshToken, token_type: 'bearer', expires_in: result.expiresIn, scope: 'server' },
          '续期成功',
        );
      },
    );
  });
}
