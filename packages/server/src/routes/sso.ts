import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { hashPassword, verifyPassword } from '../auth/password';
import { createRateLimiter, limitByAddress, type RateLimiter } from '../auth/rate-limit';
import { openSession } from '../auth/session';
import { AUTH_PREFIX } from './auth';

/** An authCode is good this long after the platform issues it (issue 6). */
export const SSO_CODE_TTL_MS = 60_000;
/** Login method of a single sign-on through the government platform (ours). */
export const SSO_LOGIN_METHOD = '500';
/** Where the simulated platform's page runs in development unless told otherwise (examples/gov-platform). */
export const DEV_GOV_PLATFORM_URL = 'http://127.0.0.1:8091/';
/** A session on the simulated platform lasts this long from sign-in (development only). */
export const SIM_GOV_SESSION_TTL_MS = 30 * 60_000;

export const SSO_MESSAGES = {
  codeUnknown: '登录授权码无效，请重新从政务服务网登录',
  codeUsed: '登录授权码已使用，请重新从政务服务网登录',
  codeExpired: '登录授权码已过期，请重新从政务服务网登录',
  noAccount: '未找到与您的身份证号对应的公积金个人账户，请先注册或使用账号密码登录',
  notConfigured: '政务服务网登录暂未开通，请使用其他方式登录',
  citizenFailed: '身份证号或密码错误',
  sessionEnded: '政务服务网登录已失效，请重新登录',
} as const;

const tags = ['政务服务网单点登录'] as const;

/** What the government platform answers for an authCode: the citizen it is bound to, or why not. */
export type GovExchange = { idNumber: string; name: string } | 'unknown' | 'used' | 'expired';

/**
 * The government service platform as the hall's server sees it: it exchanges a one-time authCode for the citizen.
 * A real deployment implements this with the platform's server-to-server API; in development the simulated
 * platform below keeps its codes in `sso_auth_code`.
 */
export interface GovPlatform {
  /** The address of the platform's sign-in page the hall sends citizens to. */
  loginUrl(): Promise<string>;
  exchange(authCode: string, at: Date): Promise<GovExchange>;
}

export interface SsoRouteOptions {
  db: Db;
  now: () => Date;
  production: boolean;
  /** The platform. @default the simulated one outside production; none in production (the exchange answers 404 with a message saying so) */
  platform?: GovPlatform | undefined;
  /** The per-address sign-in counter every sign-in method shares. */
  loginLimiter: RateLimiter;
  /** Sign-ins on the simulated platform per client address and minute (development only). @default 20 */
  loginRateLimit?: number | undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const envelope = (data: Record<string, unknown>) => ({
  200: { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, data } },
});

const PLATFORM_URL_KEY = 'gov_platform_url';

/** The simulated platform: codes in `sso_auth_code` (hash only), 60 s, single use. Development only. */
export function simulatedGovPlatform(db: Db): GovPlatform {
  return {
    async loginUrl() {
      const [row] = await db.query<{ value: string }>('select value from app_meta where key = $1', [PLATFORM_URL_KEY]);
      return row?.value ?? process.env.GOV_PLATFORM_URL ?? DEV_GOV_PLATFORM_URL;
    },
    async exchange(authCode, at) {
      const hash = sha256(authCode);
      const [spent] = await db.query<{ id_number: string; name: string }>(
        'update sso_auth_code set used_at = $2 where code_hash = $1 and used_at is null and expires_at > $2 returning id_number, name',
        [hash, at],
      );
      if (spent) return { idNumber: spent.id_number, name: spent.name };
      const [known] = await db.query<{ used: boolean }>('select used_at is not null as used from sso_auth_code where code_hash = $1', [hash]);
      return !known ? 'unknown' : known.used ? 'used' : 'expired';
    },
  };
}

/** Issues an authCode bound to a citizen (the simulated platform's side); returns the code, kept only as a hash. */
export async function issueAuthCode(db: Queryable, citizen: { idNumber: string; name: string }, at: Date): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  // Expired codes are kept an hour, so that a late return still hears "expired" rather than "invalid".
  await db.query('delete from sso_auth_code where expires_at < $1', [new Date(at.getTime() - 60 * 60_000)]);
  await db.query('insert into sso_auth_code (code_hash, id_number, name, expires_at) values ($1, $2, $3, $4)', [
    sha256(code),
    citizen.idNumber,
    citizen.name,
    new Date(at.getTime() + SSO_CODE_TTL_MS),
  ]);
  return code;
}

/** The origin (`scheme://host[:port]`) of a web address, or null for anything that is not one. */
export function webOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** What the rest of the server asks of single sign-on. */
export interface SsoRoutes {
  /**
   * The origin of the configured government platform, which may frame the hall (its CSP's frame-ancestors): the
   * platform's sign-in page (in development the /dev/gov-platform value, else GOV_PLATFORM_URL, else the default);
   * in production without a platform, GOV_PLATFORM_URL when set; else null.
   */
  platformOrigin(): Promise<string | null>;
}

/** Opens a session on the simulated platform (30 minutes); returns its token, kept only as a hash. */
export async function openSimGovSession(db: Queryable, idNumber: string, at: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('delete from sim_gov_session where expires_at < $1', [at]);
  await db.query('insert into sim_gov_session (token_hash, id_number, expires_at) values ($1, $2, $3)', [
    sha256(token),
    idNumber,
    new Date(at.getTime() + SIM_GOV_SESSION_TTL_MS),
  ]);
  return token;
}

/**
 * Single sign-on through the government service platform (spec 2.1 /zwLogin, 7.8 authCode exchange;
 * docs/api-sso.md): the platform's address, the exchange, and in development the simulated platform (/sim/gov).
 */
export function ssoRoutes(app: FastifyInstance, options: SsoRouteOptions): SsoRoutes {
  const { db, now, production } = options;
  const platform = options.platform ?? (production ? null : simulatedGovPlatform(db));
  const routes: SsoRoutes = {
    platformOrigin: async () => webOrigin(platform ? await platform.loginUrl() : process.env.GOV_PLATFORM_URL),
  };
  const { loginLimiter } = options;
  const limit = (limiter: RateLimiter) => limitByAddress(limiter, now);

  app.get(
    `${AUTH_PREFIX}/zw/config`,
    {
      schema: {
        summary: '政务服务网登录页地址（未开通时为 null）',
        tags,
        response: envelope({ type: 'object', properties: { platformUrl: { type: ['string', 'null'] } } }),
      },
    },
    async () => ok({ platformUrl: platform ? await platform.loginUrl() : null }),
  );

  app.post<{ Body: { authCode: string } }>(
    `${AUTH_PREFIX}/zw/login`,
    {
      onRequest: limit(loginLimiter),
      schema: {
        summary: '以政务服务网的一次性授权码登录',
        tags,
        body: {
          type: 'object',
          required: ['authCode'],
          properties: {
            authCode: {
              type: 'string',
              pattern: '^[A-Za-z0-9_-]{16,128}$',
              description: '授权码',
              'x-msg': SSO_MESSAGES.codeUnknown,
              'x-required-msg': '缺少登录授权码，请重新从政务服务网登录',
            },
          },
        },
        response: envelope({ type: 'object', properties: { token: { type: 'string' }, loginType: { type: 'integer' } } }),
      },
    },
    async (request, reply) => {
      if (!platform) throw new ApiError(404, SSO_MESSAGES.notConfigured);
      const at = now();
      const citizen = await platform.exchange(request.body.authCode, at);
      if (citizen === 'unknown') throw new ApiError(428, SSO_MESSAGES.codeUnknown);
      if (citizen === 'used') throw new ApiError(428, SSO_MESSAGES.codeUsed);
      if (citizen === 'expired') throw new ApiError(428, SSO_MESSAGES.codeExpired);
      // Individuals only: the platform vouches for a citizen, known to the centre by ID number.
      const [user] = await db.query<{ id: string }>('select id::text as id from app_user where account = $1 and login_type = 1', [citizen.idNumber]);
      const [first] = user
        ? await db.query<{ id: string }>('select id::text as id from user_account where user_id = $1 order by is_primary desc, sort, id limit 1', [
            user.id,
          ])
        : [];
      if (!user || !first) throw new ApiError(417, SSO_MESSAGES.noAccount);
      const token = await openSession(db, user.id, first.id, at, SSO_LOGIN_METHOD);
      reply.header('token', token);
      return ok({ token, loginType: 1 }, '登录成功');
    },
  );

  if (production) return routes;

  // ---- Development only: the simulated government platform's back end, a stand-in for the real one. ----
  const citizenLimiter = createRateLimiter(db, 'sso-citizen', options.loginRateLimit ?? 20, 60_000);
  let dummyHash: Promise<string> | undefined;
  app.post<{ Body: { idNumber: string; password: string } }>(
    '/sim/gov/login',
    {
      onRequest: limit(citizenLimiter),
      schema: {
        summary: '模拟政务服务网：市民登录并取得一次性授权码（开发专用，生产环境不存在）',
        tags,
        body: {
          type: 'object',
          required: ['idNumber', 'password'],
          properties: {
            idNumber: { type: 'string', pattern: '^\\d{17}[\\dX]$', description: '身份证号', 'x-msg': '请输入正确的身份证号', 'x-required-msg': '请输入身份证号' },
            password: { type: 'string', minLength: 1, maxLength: 64, description: '密码', 'x-msg': '请输入密码', 'x-required-msg': '请输入密码' },
          },
        },
        response: envelope({
          type: 'object',
          properties: {
            authCode: { type: 'string' },
            name: { type: 'string' },
            expiresIn: { type: 'integer' },
            sessionToken: { type: 'string' },
            sessionExpiresIn: { type: 'integer' },
          },
        }),
      },
    },
    async (request) => {
      const [citizen] = await db.query<{ id_number: string; name: string; password_hash: string }>(
        'select id_number, name, password_hash from sim_gov_citizen where id_number = $1',
        [request.body.idNumber],
      );
      dummyHash ??= hashPassword('no such citizen');
      const passwordOk = await verifyPassword(request.body.password, citizen?.password_hash ?? (await dummyHash));
      if (!citizen || !passwordOk) throw new ApiError(426, SSO_MESSAGES.citizenFailed);
      const at = now();
      const authCode = await issueAuthCode(db, { idNumber: citizen.id_number, name: citizen.name }, at);
      const sessionToken = await openSimGovSession(db, citizen.id_number, at);
      return ok({ authCode, name: citizen.name, expiresIn: SSO_CODE_TTL_MS / 1000, sessionToken, sessionExpiresIn: SIM_GOV_SESSION_TTL_MS / 1000 });
    },
  );

  // The platform's own session: its page keeps the token in a cookie and asks here, server to server.
  const sessionLimiter = createRateLimiter(db, 'sso-session', options.loginRateLimit ?? 20, 60_000);
  const sessionBody = {
    type: 'object',
    required: ['sessionToken'],
    additionalProperties: false,
    properties: {
      sessionToken: {
        type: 'string',
        pattern: '^[A-Za-z0-9_-]{43}$',
        description: '政务服务网会话令牌',
        'x-msg': SSO_MESSAGES.sessionEnded,
        'x-required-msg': SSO_MESSAGES.sessionEnded,
      },
    },
  } as const;
  /** The citizen of a live session, or 401 for an unknown, expired or ended one. */
  const sessionCitizen = async (sessionToken: string, at: Date) => {
    const [row] = await db.query<{ id_number: string; name: string; expires_at: Date }>(
      `select c.id_number, c.name, s.expires_at from sim_gov_session s join sim_gov_citizen c on c.id_number = s.id_number
        where s.token_hash = $1 and s.expires_at > $2`,
      [sha256(sessionToken), at],
    );
    if (!row) throw new ApiError(401, SSO_MESSAGES.sessionEnded);
    return { idNumber: row.id_number, name: row.name, expiresIn: Math.max(0, Math.floor((new Date(row.expires_at).getTime() - at.getTime()) / 1000)) };
  };

  app.post<{ Body: { sessionToken: string } }>(
    '/sim/gov/session',
    {
      onRequest: limit(sessionLimiter),
      schema: {
        summary: '模拟政务服务网：查询会话对应的市民（开发专用，生产环境不存在）',
        tags,
        body: sessionBody,
        response: envelope({ type: 'object', properties: { name: { type: 'string' }, expiresIn: { type: 'integer' } } }),
      },
    },
    async (request) => {
      const citizen = await sessionCitizen(request.body.sessionToken, now());
      return ok({ name: citizen.name, expiresIn: citizen.expiresIn });
    },
  );

  app.post<{ Body: { sessionToken: string } }>(
    '/sim/gov/code',
    {
      onRequest: limit(sessionLimiter),
      schema: {
        summary: '模拟政务服务网：为已登录的市民签发一次性授权码（开发专用，生产环境不存在）',
        tags,
        body: sessionBody,
        response: envelope({ type: 'object', properties: { authCode: { type: 'string' }, name: { type: 'string' }, expiresIn: { type: 'integer' } } }),
      },
    },
    async (request) => {
      const at = now();
      const citizen = await sessionCitizen(request.body.sessionToken, at);
      const authCode = await issueAuthCode(db, citizen, at);
      return ok({ authCode, name: citizen.name, expiresIn: SSO_CODE_TTL_MS / 1000 });
    },
  );

  app.post<{ Body: { sessionToken: string } }>(
    '/sim/gov/logout',
    {
      onRequest: limit(sessionLimiter),
      schema: { summary: '模拟政务服务网：退出登录（开发专用，生产环境不存在）', tags, body: sessionBody },
    },
    async (request) => {
      // Ending a session that is already gone is no error: the citizen is signed out either way.
      await db.query('delete from sim_gov_session where token_hash = $1', [sha256(request.body.sessionToken)]);
      return ok(null, '已退出');
    },
  );

  app.post<{ Body: { url: string } }>(
    '/dev/gov-platform',
    {
      schema: {
        summary: '设置模拟政务服务网登录页地址（开发专用，测试用）',
        tags,
        body: {
          type: 'object',
          required: ['url'],
          additionalProperties: false,
          properties: { url: { type: 'string', pattern: '^https?://[^\\s]{1,300}$', description: '地址', 'x-msg': '地址应以 http:// 或 https:// 开头' } },
        },
      },
    },
    async (request) => {
      await db.query(
        `insert into app_meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value, updated_at = now()`,
        [PLATFORM_URL_KEY, request.body.url],
      );
      return ok({ platformUrl: request.body.url });
    },
  );
  return routes;
}
