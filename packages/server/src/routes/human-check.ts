import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { ok } from '../http/envelope';
import { createHumanCheck, HUMAN_CHECK_ACTIONS, type HumanCheck, type HumanCheckAction } from '../auth/human-check';
import { createRateLimiter, limitByAddress } from '../auth/rate-limit';
import { AUTH_PREFIX } from './auth';
import { okAnswer } from '../http/answers';

/**
 * The calls whose refusals (426 wrong credentials, 428 wrong check or code, 429 too many) raise the abuse signal of
 * their client address: every way in that takes a secret, and every SMS send before sign-in.
 */
export const CHECKED_CALLS: readonly string[] = [
  `${AUTH_PREFIX}/otherAuth/accountLogin`,
  `${AUTH_PREFIX}/otherAuth/smsCodeLogin`,
  `${AUTH_PREFIX}/sendLoginSmsCode`,
  `${AUTH_PREFIX}/sendRecoverPwdSmsCode`,
  `${AUTH_PREFIX}/recoverPwdPhone`,
  `${AUTH_PREFIX}/checkRecoverPwdSmsCode`,
  `${AUTH_PREFIX}/humanCheck/verify`,
];
const FAILURES = new Set([426, 428, 429]);

const tags = ['登录与会话'] as const;
const action = { type: 'string', enum: HUMAN_CHECK_ACTIONS, description: '用途：login 账号密码登录，sms 发送短信验证码', 'x-msg': '用途不正确' } as const;
const envelope = (data: Record<string, unknown>) => okAnswer(data);

export interface HumanCheckRouteOptions {
  db: Db;
  now: () => Date;
  /** Challenges a client address may fetch a minute. @default 60 */
  challengeRateLimit?: number | undefined;
  /** @default PICTURE_AFTER_FAILURES; 0: always the picture */
  pictureAfterFailures?: number | undefined;
  check?: HumanCheck;
}

/** GET humanCheck/challenge and POST humanCheck/verify (docs/api-shell.md › 登录前的安全验证). */
export function humanCheckRoutes(app: FastifyInstance, options: HumanCheckRouteOptions): HumanCheck {
  const { db, now } = options;
  const check = options.check ?? createHumanCheck(db, now, options.pictureAfterFailures);
  const limiter = createRateLimiter(db, 'check-challenge', options.challengeRateLimit ?? 60, 60_000);
  const checked = new Set(CHECKED_CALLS);

  app.addHook('onResponse', async (request, reply) => {
    if (!FAILURES.has(reply.statusCode)) return;
    const url = request.routeOptions.url;
    if (url && checked.has(url)) await check.failed(request.ip).catch((error: unknown) => request.log.error(error));
  });

  app.get<{ Querystring: { action: HumanCheckAction } }>(
    `${AUTH_PREFIX}/humanCheck/challenge`,
    {
      onRequest: limitByAddress(limiter, now),
      schema: {
        summary: '登录前的安全验证：工作量证明题目（浏览器自动完成）；本地址近期失败较多时改用图形验证码（picture 为 true，challenge 为空）',
        tags,
        querystring: { type: 'object', required: ['action'], properties: { action } },
        response: envelope({
          type: 'object',
          required: ['picture', 'challenge'],
          properties: {
            picture: { type: 'boolean', description: '是否须改用图形验证码' },
            challenge: {
              type: ['object', 'null'],
              description: 'ALTCHA 题目（v2）：parameters 与 signature',
              properties: {
                parameters: { type: 'object', additionalProperties: true },
                signature: { type: 'string' },
              },
            },
          },
        }),
      },
    },
    async (request) => {
      if (await check.pictureNeeded(request.ip)) return ok({ picture: true, challenge: null });
      return ok({ picture: false, challenge: await check.challenge(request.query.action) });
    },
  );

  app.post<{ Body: { action: HumanCheckAction; payload: string } }>(
    `${AUTH_PREFIX}/humanCheck/verify`,
    {
      onRequest: limitByAddress(limiter, now),
      schema: {
        summary: '提交工作量证明的解，换取一次性验证凭据（uuid 与 code，用法同图形验证码，仅限所述用途，2 分钟内有效）',
        tags,
        body: {
          type: 'object',
          required: ['action', 'payload'],
          additionalProperties: false,
          properties: {
            action,
            payload: { type: 'string', minLength: 1, maxLength: 4096, pattern: '^[A-Za-z0-9+/=]+$', description: '解（base64）', 'x-msg': '安全验证未通过，请重试', 'x-required-msg': '安全验证未通过，请重试' },
          },
        },
        response: envelope({ type: 'object', required: ['uuid', 'code'], properties: { uuid: { type: 'string' }, code: { type: 'string' } } }),
      },
    },
    async (request) => ok(await check.redeem(request.body.payload, request.body.action, request.ip)),
  );
  return check;
}
