import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sm2Decrypt, type Sm2KeyPair } from '@gjj-hall/sdk/crypto';
import { maskPhone } from '@gjj-hall/sdk/format';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { decryptedText } from '../http/validation';
import { CAPTCHA_TTL_MS, captchaDataUrl, captchaMatches, captchaText } from '../auth/captcha';
import { createSignInGuard, type SignInGuard } from '../auth/device';
import { hashPassword, rehashIfNeeded, verifyPassword } from '../auth/password';
import { createRateLimiter, limitByAddress, type RateLimiter } from '../auth/rate-limit';
import { signInSession, revokeSession } from '../auth/session';
import { IDENTITY_NOTICE } from '../auth/identity';
import type { Outbox } from '../outbox/outbox';
import { menuEnable, menuTree } from './menu-tree';
import { okAnswer } from '../http/answers';

/** Prefix of the authentication calls (spec 7.2). */
export const AUTH_PREFIX = '/api/auth/v1';

export const DECRYPT_FAILED_MESSAGE = '登录信息解密失败，请刷新页面后重试';
export { TOO_MANY_REQUESTS_MESSAGE } from '../auth/rate-limit';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export interface AuthRouteOptions {
  db: Db;
  now: () => Date;
  keys: Sm2KeyPair;
  /** Where captcha answers are recorded (development only). */
  outbox: Outbox | null;
  /** Sign-in attempts allowed per client address and minute. @default 20 */
  loginRateLimit?: number;
  /** The per-address sign-in counter, shared with the other sign-in methods (SMS code). @default a new one of `loginRateLimit` */
  loginLimiter?: RateLimiter;
  /** The device rule of every sign-in (auth/device.ts). @default a new one on `db` */
  signInGuard?: SignInGuard;
  /** Picture captchas a client address may fetch a minute (every SMS form fetches one per send too). @default 60 */
  captchaRateLimit?: number | undefined;
}

interface LoginBody {
  loginType: 1 | 2 | 3;
  username: string;
  password: string;
  code: string;
  uuid: string;
}

const envelope = (data: Record<string, unknown>) => okAnswer(data);

const menuEntrySchema = { type: 'object', additionalProperties: true } as const;

const tags = ['登录与会话'] as const;

/** Decrypts one credential; a field that does not decrypt answers 400. */
export function decrypt(cipher: string, keys: Sm2KeyPair): string {
  return decryptedText(() => sm2Decrypt(cipher, keys.privateKey), DECRYPT_FAILED_MESSAGE);
}

/** The sign-in, session and menu calls of docs/api-shell.md under /api/auth/v1. */
export function authRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { db, now, keys, outbox } = options;
  const loginLimiter = options.loginLimiter ?? createRateLimiter(db, 'login', options.loginRateLimit ?? 20, 60_000);
  const captchaLimiter = createRateLimiter(db, 'captcha', options.captchaRateLimit ?? 60, 60_000);
  const guard = options.signInGuard ?? createSignInGuard(db, now);
  // A DEVICE_COOKIE_SECRET that is too short stops the start, not the first sign-in.
  app.addHook('onReady', () => guard.ready());
  // Unknown accounts are checked against this too, so that they take as long as known ones.
  let dummyHash: Promise<string> | undefined;
  const limit = (limiter: RateLimiter) => limitByAddress(limiter, now);

  app.get(
    `${AUTH_PREFIX}/getPubleKey`,
    { schema: { summary: 'SM2 公钥（04 开头的十六进制）', tags, response: envelope({ type: 'string' }) } },
    async () => ok(keys.publicKey),
  );

  app.get(
    `${AUTH_PREFIX}/getImgCode`,
    {
      onRequest: limit(captchaLimiter),
      schema: {
        summary: '图形验证码（PNG 图片的 data URL，240×80；一次有效，2 分钟内有效）',
        tags,
        response: envelope({ type: 'object', required: ['uuid', 'img'], properties: { uuid: { type: 'string' }, img: { type: 'string' } } }),
      },
    },
    async () => {
      const at = now();
      const uuid = randomUUID();
      const answer = captchaText();
      await db.query('delete from captcha where expires_at < $1', [new Date(at.getTime() - CAPTCHA_TTL_MS)]);
      await db.query('insert into captcha (uuid, answer, expires_at) values ($1, $2, $3)', [uuid, answer, new Date(at.getTime() + CAPTCHA_TTL_MS)]);
      await outbox?.record({ kind: 'captcha', to: uuid, code: answer });
      return ok({ uuid, img: captchaDataUrl(answer) });
    },
  );

  app.post<{ Body: LoginBody }>(
    `${AUTH_PREFIX}/otherAuth/accountLogin`,
    {
      onRequest: limit(loginLimiter),
      config: { signsIn: true },
      schema: {
        summary: '账号密码登录（用户名、密码为 SM2 密文）',
        tags,
        querystring: {
          type: 'object',
          properties: {
            grant_type: { type: 'string', enum: ['password'], description: '授权类型' },
            scope: { type: 'string', enum: ['server'], description: '授权范围' },
          },
        },
        body: {
          type: 'object',
          required: ['loginType', 'username', 'password', 'code', 'uuid'],
          properties: {
            loginType: { type: 'integer', enum: [1, 2, 3], description: '登录类型', 'x-required-msg': '请选择登录类型' },
            username: { type: 'string', minLength: 1, maxLength: 2048, description: '用户名', 'x-msg': '请输入用户名', 'x-required-msg': '请输入用户名' },
            password: { type: 'string', minLength: 1, maxLength: 2048, description: '密码', 'x-msg': '请输入密码', 'x-required-msg': '请输入密码' },
            code: {
              type: 'string',
              pattern: '^[A-Za-z0-9]{4,6}$',
              description: '验证码',
              'x-msg': '请输入正确的验证码',
              'x-required-msg': '验证码不能为空',
            },
            uuid: { type: 'string', pattern: UUID, description: '验证码标识', 'x-msg': '验证码已失效，请刷新验证码', 'x-required-msg': '请先获取验证码' },
          },
        },
        response: envelope({ type: 'object', properties: { token: { type: 'string' }, loginType: { type: 'integer' } } }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const at = now();

      // The captcha first, spent whatever follows.
      const [captcha] = await db.query<{ answer: string }>(
        // A picture's captcha (action null) or a proof of work solved for signing in (issue 37).
        `update captcha set used_at = $2 where uuid = $1 and used_at is null and expires_at > $2 and (action is null or action = 'login') returning answer`,
        [body.uuid, at],
      );
      if (!captcha || !captchaMatches(body.code, captcha.answer)) throw new ApiError(428);

      const account = decrypt(body.username, keys).trim();
      const password = decrypt(body.password, keys);
      if (!account) throw new ApiError(400, DECRYPT_FAILED_MESSAGE);

      // Counted before the password is checked; 429 while this client may not try (auth/device.ts).
      const attempt = await guard.begin(request, reply, account);
      const [user] = await db.query<{ id: string; login_type: number; password_hash: string }>(
        'select id::text as id, login_type, password_hash from app_user where account = $1',
        [account],
      );
      dummyHash ??= hashPassword('no such account');
      const passwordOk = await verifyPassword(password, user?.password_hash ?? (await dummyHash));
      if (!user || !passwordOk || user.login_type !== body.loginType) throw attempt.failed(new ApiError(426));

      await attempt.succeeded();
      // A hash on older parameters (scrypt N=2^14) is replaced now that the password is at hand.
      await rehashIfNeeded(db, user.id, password, user.password_hash);
      const [first] = await db.query<{ id: string }>(
        'select id::text as id from user_account where user_id = $1 order by is_primary desc, sort, id limit 1',
        [user.id],
      );
      if (!first) throw new ApiError(403);
      const token = await signInSession(reply, db, user.id, first.id, at);
      return ok({ token, loginType: body.loginType }, '登录成功');
    },
  );

  app.get(
    `${AUTH_PREFIX}/getUserInfo`,
    {
      preHandler: app.requireSession,
      // The hall reads pwdStatus here to know it must ask for a new password first.
      config: { initialPassword: true },
      schema: {
        summary: '当前用户信息、菜单和同一登录下的全部账户',
        tags,
        response: envelope({
          type: 'object',
          properties: {
            loginType: { type: 'integer' },
            account: { type: 'string' },
            id: { type: 'string' },
            nikName: { type: 'string' },
            companyName: { type: 'string' },
            phone: { type: 'string' },
            roles: { type: 'array', items: { type: 'string' } },
            loginMethod: { type: 'string' },
            checkMethods: { type: 'array', items: { type: 'string' } },
            groupBh: { type: 'string' },
            userStatus: { type: 'string' },
            pwdStatus: { type: 'string' },
            identityVerified: { type: 'boolean' },
            identityNotice: { type: 'string' },
            menuList: { type: 'array', items: menuEntrySchema },
            otherInfo: {
              type: 'array',
              items: {
                type: 'object',
                required: ['account', 'id', 'nikName', 'companyName', 'userStatus', 'accountType', 'roles'],
                properties: {
                  account: { type: 'string' },
                  id: { type: 'string' },
                  nikName: { type: 'string' },
                  companyName: { type: 'string' },
                  userStatus: { type: 'string' },
                  accountType: { type: 'string' },
                  roles: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        }),
      },
    },
    async (request) => {
      const session = request.session!;
      const accounts = await db.query<{
        id: string;
        account: string;
        account_type: string;
        nik_name: string;
        company_name: string;
        user_status: string;
        roles: string[];
        group_bh: string;
        phone: string;
        pwd_status: string;
        identity_verified: boolean;
      }>(
        `select a.id::text as id, a.account, a.account_type, a.nik_name, a.company_name, a.user_status, a.roles, a.group_bh, u.phone,
                u.pwd_status, u.identity_verified
           from user_account a join app_user u on u.id = a.user_id
          where a.user_id = $1
          order by a.sort, a.id`,
        [session.userId],
      );
      const current = accounts.find((a) => a.id === session.accountId);
      if (!current) throw new ApiError(401);
      return ok({
        loginType: session.loginType,
        account: session.login,
        id: current.id,
        nikName: current.nik_name,
        companyName: current.company_name,
        phone: maskPhone(current.phone),
        roles: current.roles,
        loginMethod: session.loginMethod,
        checkMethods: [],
        groupBh: current.group_bh,
        userStatus: current.user_status,
        // Spec 3.1: '0' the password is an initial one, which the hall asks to change at once; '1' set by the user.
        pwdStatus: current.pwd_status,
        // Ours (issue 18): false for a login whose identity was never verified, with the notice the hall shows for it.
        identityVerified: current.identity_verified,
        identityNotice: current.identity_verified ? '' : IDENTITY_NOTICE,
        menuList: await menuTree(db, current.roles, current.id),
        otherInfo: accounts.map((a) => ({
          account: a.account,
          id: a.id,
          nikName: a.nik_name,
          companyName: a.company_name,
          userStatus: a.user_status,
          accountType: a.account_type,
          roles: a.roles,
        })),
      });
    },
  );

  app.get(
    `${AUTH_PREFIX}/menu/getAllMenuImgIcon`,
    {
      schema: {
        summary: '菜单图标',
        tags,
        response: envelope({ type: 'array', items: { type: 'object', required: ['icon', 'svg'], properties: { icon: { type: 'string' }, svg: { type: 'string' } } } }),
      },
    },
    async () => {
      const rows = await db.query<{ icon: string; svg: string }>('select icon, svg from menu_icon order by icon');
      return ok(rows.map((r) => ({ icon: r.icon, svg: `data:image/svg+xml;base64,${Buffer.from(r.svg).toString('base64')}` })));
    },
  );

  app.get(
    `${AUTH_PREFIX}/menu/pubClientTree`,
    {
      schema: {
        summary: '公共快捷菜单（右侧）',
        tags,
        response: envelope({
          type: 'array',
          items: { type: 'object', required: ['title', 'path', 'needLogin'], properties: { title: { type: 'string' }, path: { type: 'string' }, needLogin: { type: 'boolean' } } },
        }),
      },
    },
    async () => {
      const rows = await db.query<{ title: string; path: string; need_login: boolean }>('select title, path, need_login from pub_menu order by sort, id');
      return ok(rows.map((r) => ({ title: r.title, path: r.path, needLogin: r.need_login })));
    },
  );

  app.get<{ Querystring: { ids: string } }>(
    `${AUTH_PREFIX}/menu/getMenuEnable`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '菜单当前的启用状态',
        tags,
        querystring: {
          type: 'object',
          required: ['ids'],
          properties: {
            ids: {
              type: 'string',
              pattern: '^\\d{1,9}(,\\d{1,9}){0,199}$',
              description: '菜单编号',
              'x-msg': '菜单编号格式不正确：应为以逗号分隔的数字',
              'x-required-msg': '缺少菜单编号',
            },
          },
        },
        response: envelope({
          type: 'array',
          items: { type: 'object', required: ['id', 'enable'], properties: { id: { type: 'string' }, enable: { type: 'integer' }, bz: { type: 'string' } } },
        }),
      },
    },
    async (request) => {
      const ids = request.query.ids.split(',').map(Number);
      return ok(await menuEnable(db, request.session!.roles, ids));
    },
  );

  // Logging out must work however the client sends it: some send `content-type: application/json` and no body,
  // which Fastify's own parser refuses. The body is never read, so this scope accepts any.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, _body, done) => done(null, null));
    scope.post(
      `${AUTH_PREFIX}/auth/token/logout`,
      { schema: { summary: '退出系统（吊销当前会话）', tags, response: envelope({ type: 'null' }) } },
      async (request) => {
        if (request.session) await revokeSession(db, request.session.tokenHash, now());
        return ok(null, '退出成功');
      },
    );
  });
}
