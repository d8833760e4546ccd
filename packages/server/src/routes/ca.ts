import { randomBytes } from 'node:crypto';
import { fileAnswer } from '../http/openapi';
import { listOf, okAnswer, STRING } from '../http/answers';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sm2Verify } from '@gjj-hall/sdk/crypto';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { createSignInGuard, type SignInGuard } from '../auth/device';
import { createRateLimiter, limitByAddress, type RateLimiter } from '../auth/rate-limit';
import { signInSession } from '../auth/session';
import { serverRoot } from '../paths';
import { AUTH_PREFIX } from './auth';

/** A random is valid this long after it is handed out (issue 6). */
export const CA_RANDOM_TTL_MS = 2 * 60_000;
/** Login method of a certificate sign-in (ours; 100 is account and password, 400 face). */
export const CA_LOGIN_METHOD = '300';

export const CA_MESSAGES = {
  randomUnknown: '证书登录随机数无效，请重新发起登录',
  randomUsed: '证书登录随机数已使用，请重新发起登录',
  randomExpired: '证书登录随机数已过期（2 分钟内有效），请重新发起登录',
  noCertificate: '该账号没有有效的数字证书，请使用其他方式登录',
  badSignature: '证书签名验证失败：所选密钥文件与该账号登记的证书不符',
  personal: '数字证书登录仅适用于单位和开发商',
} as const;

const tags = ['数字证书登录'] as const;

export interface CaRouteOptions {
  db: Db;
  now: () => Date;
  /** The per-address sign-in counter every sign-in method shares. */
  loginLimiter: RateLimiter;
  /** The development calls are on (GJJ_DEV_ROUTES=1, never in production): the demo key files are offered. */
  devRoutes: boolean;
  /** The device rule of every sign-in (auth/device.ts). @default a new one on `db` */
  signInGuard?: SignInGuard;
}

interface CaLoginBody {
  loginType: 2 | 3;
  account: string;
  random: string;
  signature: string;
  serial?: string;
}

const envelope = (data: Record<string, unknown>) => okAnswer(data);

/** Folder of the demo key files (demo only: their private keys are public). */
export const demoKeyDir = (): string => join(serverRoot(), 'demo-ca');

/** GET ca/getRandom and POST ca/caLogin (spec 7.2; docs/api-ca.md), and in development the demo key files. */
export function caRoutes(app: FastifyInstance, options: CaRouteOptions): void {
  const { db, now } = options;
  const { loginLimiter } = options;
  const randomLimiter = createRateLimiter(db, 'ca-random', 60, 60_000);
  const guard = options.signInGuard ?? createSignInGuard(db, now);
  const limit = (limiter: RateLimiter) => limitByAddress(limiter, now);

  app.get(
    `${AUTH_PREFIX}/ca/getRandom`,
    {
      onRequest: limit(randomLimiter),
      schema: {
        summary: '证书登录随机数（一次有效，2 分钟）',
        tags,
        response: envelope({ type: 'object', properties: { random: { type: 'string' }, expiresIn: { type: 'integer' } } }),
      },
    },
    async () => {
      const at = now();
      const random = randomBytes(32).toString('hex');
      // Expired randoms are kept an hour, so that a late attempt still hears "expired" rather than "unknown".
      await db.query('delete from ca_random where expires_at < $1', [new Date(at.getTime() - 60 * 60_000)]);
      await db.query('insert into ca_random (random, expires_at) values ($1, $2)', [random, new Date(at.getTime() + CA_RANDOM_TTL_MS)]);
      return ok({ random, expiresIn: CA_RANDOM_TTL_MS / 1000 });
    },
  );

  app.post<{ Body: CaLoginBody }>(
    `${AUTH_PREFIX}/ca/caLogin`,
    {
      onRequest: limit(loginLimiter),
      config: { signsIn: true },
      schema: {
        summary: '数字证书登录（对随机数的 SM2/SM3 签名）',
        tags,
        body: {
          type: 'object',
          required: ['loginType', 'account', 'random', 'signature'],
          properties: {
            loginType: { type: 'integer', enum: [2, 3], description: '登录类型', 'x-msg': CA_MESSAGES.personal, 'x-required-msg': '请选择登录类型' },
            account: {
              type: 'string',
              pattern: '^[0-9A-Za-z]{4,32}$',
              description: '账号',
              'x-msg': '证书中的账号格式不正确',
              'x-required-msg': '缺少证书账号，请重新选择证书密钥文件',
            },
            random: { type: 'string', pattern: '^[0-9a-f]{64}$', description: '随机数', 'x-msg': CA_MESSAGES.randomUnknown, 'x-required-msg': '缺少随机数，请重新发起登录' },
            signature: {
              type: 'string',
              pattern: '^[0-9a-fA-F]{128}$',
              description: '签名',
              'x-msg': '签名格式不正确：应为 128 位十六进制（r‖s）',
              'x-required-msg': '缺少证书签名',
            },
            serial: { type: 'string', pattern: '^[0-9A-Za-z_-]{1,64}$', description: '证书序列号', 'x-msg': '证书序列号格式不正确' },
          },
        },
        response: envelope({ type: 'object', properties: { token: { type: 'string' }, loginType: { type: 'integer' } } }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const at = now();

      // The random first, spent whatever follows.
      const [spent] = await db.query<{ random: string }>(
        'update ca_random set used_at = $2 where random = $1 and used_at is null and expires_at > $2 returning random',
        [body.random, at],
      );
      if (!spent) {
        const [known] = await db.query<{ used: boolean }>('select used_at is not null as used from ca_random where random = $1', [body.random]);
        throw new ApiError(428, !known ? CA_MESSAGES.randomUnknown : known.used ? CA_MESSAGES.randomUsed : CA_MESSAGES.randomExpired);
      }

      // The login's own count, shared with its password sign-in (auth/device.ts).
      const attempt = await guard.begin(request, reply, body.account);
      const certificates = await db.query<{ user_id: string; public_key: string }>(
        `select c.user_id::text as user_id, c.public_key
           from ca_certificate c join app_user u on u.id = c.user_id
          where u.account = $1 and u.login_type = $2 and c.revoked_at is null
            and c.not_before <= $3 and c.not_after > $3 and ($4::text is null or c.serial = $4)`,
        [body.account, body.loginType, at, body.serial ?? null],
      );
      if (certificates.length === 0) throw attempt.failed(new ApiError(426, CA_MESSAGES.noCertificate));
      const signer = certificates.find((c) => sm2Verify(body.random, body.signature, c.public_key));
      if (!signer) throw attempt.failed(new ApiError(426, CA_MESSAGES.badSignature));
      await attempt.succeeded();

      const [first] = await db.query<{ id: string }>(
        'select id::text as id from user_account where user_id = $1 order by is_primary desc, sort, id limit 1',
        [signer.user_id],
      );
      if (!first) throw new ApiError(403);
      const token = await signInSession(reply, db, signer.user_id, first.id, at, CA_LOGIN_METHOD);
      return ok({ token, loginType: body.loginType }, '登录成功');
    },
  );

  if (!options.devRoutes) return;

  // Development only: the demo key files, for the login tab's download links and the README.
  const keyFiles = () => readdirSync(demoKeyDir()).filter((f) => f.endsWith('.gjjkey.json')).sort();
  app.get('/dev/ca-keys', { schema: { summary: '演示证书密钥文件列表（开发专用）', tags, response: okAnswer(listOf({ type: 'object', additionalProperties: true, properties: { file: STRING, subject: {}, account: {}, loginType: {} } })) } }, async () => {
    return ok(
      keyFiles().map((file) => {
        const { subject, account, loginType } = JSON.parse(readFileSync(join(demoKeyDir(), file), 'utf8')) as Record<string, unknown>;
        return { file, subject, account, loginType };
      }),
    );
  });
  app.get<{ Params: { file: string } }>(
    '/dev/ca-keys/:file',
    {
      schema: {
        summary: '下载演示证书密钥文件（开发专用）',
        response: { 200: fileAnswer('演示证书密钥文件（JSON，附件）', ['application/json'], { download: true }) },
        tags,
        params: { type: 'object', properties: { file: { type: 'string', pattern: '^[a-z-]{1,40}\\.gjjkey\\.json$', description: '文件名', 'x-msg': '没有这个演示证书文件' } } },
      },
    },
    async (request, reply) => {
      if (!keyFiles().includes(request.params.file)) throw new ApiError(404, '没有这个演示证书文件');
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.params.file}"`)
        .send(readFileSync(join(demoKeyDir(), request.params.file), 'utf8'));
    },
  );
}
