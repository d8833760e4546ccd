import { createHash, randomBytes } from 'node:crypto';
import { object, okAnswer, STRING } from '../http/answers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { hashPassword, verifyPassword } from '../auth/password';
import { createRateLimiter, limitByAddress, type RateLimiter } from '../auth/rate-limit';
import { signInSession } from '../auth/session';
import { issueIdentityTicket, IDENTITY_TICKET_TTL_MS, takeOverIdNumber, type VerifiedCitizen } from '../auth/identity';
import { AUTH_PREFIX } from './auth';
import { ALREADY_REGISTERED_MESSAGE, HAS_LOCAL_ACCOUNT_MESSAGE } from './register-person';

/** An authCode is good this long after the platform issues it (issue 6). */
export const SSO_CODE_TTL_MS = 60_000;
/** Login method of a single sign-on through the government platform (ours). */
export const SSO_LOGIN_METHOD = '500';
/** Where the simulated platform's page runs in development unless told otherwise (examples/gov-platform). */
export const DEV_GOV_PLATFORM_URL = 'http://127.0.0.1:8091/';
/** A session on the simulated platform lasts this long from sign-in (development only). */
export const SIM_GOV_SESSION_TTL_MS = 30 * 60_000;
/** The hall's client id at the simulated platform unless GOV_CLIENT_ID says otherwise. */
export const DEV_GOV_CLIENT_ID = 'gjj-hall';

export const SSO_MESSAGES = {
  codeUnknown: '登录授权码无效，请重新从政务服务网登录',
  codeUsed: '登录授权码已使用，请重新从政务服务网登录',
  codeExpired: '登录授权码已过期，请重新从政务服务网登录',
  codeMismatch: '登录授权码不是签发给本服务的，或校验未通过，请重新从政务服务网登录',
  noAccount: '未找到与您的身份证号对应的公积金个人账户，请先注册或使用账号密码登录',
  notConfigured: '政务服务网登录暂未开通，请使用其他方式登录',
  citizenFailed: '身份证号或密码错误',
  sessionEnded: '政务服务网登录已失效，请重新登录',
} as const;

const tags = ['政务服务网单点登录'] as const;

/**
 * What the government platform answers for an authCode: the citizen it is bound to, or why not ('mismatch': issued
 * for another client or return address, or the PKCE verifier does not match its challenge; the code is spent).
 */
export type GovExchange = VerifiedCitizen | 'unknown' | 'used' | 'expired' | 'mismatch';

/**
 * One use of an authCode, as OpenID Connect's token request: the code, the client it must have been issued for
 * (this hall's, never taken from the request), the exact return address it was issued for, and the PKCE verifier
 * whose S256 hash is the challenge it was issued with.
 */
export interface GovCodeUse {
  authCode: string;
  clientId: string;
  redirectUri: string;
  codeVerifier: string;
}

/**
 * The government service platform as the hall's server sees it: it exchanges a one-time authCode for the citizen.
 * A real deployment implements this with the platform's server-to-server API (its token endpoint, with the hall's
 * client credentials); in development the simulated platform below keeps its codes in `sso_auth_code`.
 */
export interface GovPlatform {
  /** The address of the platform's sign-in page the hall sends citizens to. */
  loginUrl(): Promise<string>;
  /** The hall's client id at the platform: sent in the sign-in request, and with every exchange. */
  readonly clientId: string;
  /** Exchanges a code; the platform refuses a code issued for another client, return address or challenge. */
  exchange(use: GovCodeUse, at: Date): Promise<GovExchange>;
}

export interface SsoRouteOptions {
  db: Db;
  now: () => Date;
  production: boolean;
  /** The development calls are on (GJJ_DEV_ROUTES=1, never in production): POST /dev/gov-platform. */
  devRoutes?: boolean;
  /** The platform. @default the simulated one outside production; none in production (the exchange answers 404 with a message saying so) */
  platform?: GovPlatform | undefined;
  /** The per-address sign-in counter every sign-in method shares. */
  loginLimiter: RateLimiter;
  /** Sign-ins on the simulated platform per client address and minute (development only). @default 20 */
  loginRateLimit?: number | undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The PKCE S256 challenge of a verifier (RFC 7636): base64url of its SHA-256, no padding. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const envelope = (data: Record<string, unknown>) => okAnswer(data);

const PLATFORM_URL_KEY = 'gov_platform_url';
/** How long the platform's address is kept in memory for the pages' CSP (another instance's change shows after it). */
const PLATFORM_ORIGIN_TTL_MS = 5000;

/** How long the server waits for the platform's sign-in page before calling it unreachable (issue 23). */
export const GOV_PROBE_TIMEOUT_MS = 3_000;
/** How long one answer about the platform is kept: however many visitors ask, the platform gets one request per window. */
export const GOV_PROBE_CACHE_MS = 15_000;

/**
 * Whether the platform's sign-in page answers: any HTTP answer below 500 counts (a redirect, a 405 to HEAD); a refused
 * connection, an unknown host, a timeout or a server error do not. The address is the configured one, never the
 * visitor's. The hall's server must reach the platform anyway to exchange the code, so when it cannot, sending a
 * citizen there would end on the browser's error page or in a sign-in that cannot complete.
 *
 * @example
 * await platformAnswers('http://127.0.0.1:9/') // false (nothing listens)
 */
export async function platformAnswers(url: string, timeoutMs = GOV_PROBE_TIMEOUT_MS): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.status < 500;
  } catch {
    return false;
  }
}

/**
 * The simulated platform: codes in `sso_auth_code` (hash only), 60 s, single use, bound to a client, a return address
 * and a PKCE challenge. Development only.
 */
export function simulatedGovPlatform(db: Db, clientId = process.env.GOV_CLIENT_ID || DEV_GOV_CLIENT_ID): GovPlatform {
  return {
    clientId,
    async loginUrl() {
      const [row] = await db.query<{ value: string }>('select value from app_meta where key = $1', [PLATFORM_URL_KEY]);
      return row?.value ?? process.env.GOV_PLATFORM_URL ?? DEV_GOV_PLATFORM_URL;
    },
    async exchange(use, at) {
      const hash = sha256(use.authCode);
      // Any use spends the code, a refused one too: a code that leaked is good for nothing after one try.
      const [spent] = await db.query<{ id_number: string; name: string; client_id: string; redirect_uri: string; code_challenge: string }>(
        `update sso_auth_code set used_at = $2 where code_hash = $1 and used_at is null and expires_at > $2
         returning id_number, name, client_id, redirect_uri, code_challenge`,
        [hash, at],
      );
      if (spent) {
        const bound =
          spent.client_id === use.clientId &&
          spent.redirect_uri === use.redirectUri &&
          spent.code_challenge !== '' &&
          spent.code_challenge === pkceChallenge(use.codeVerifier);
        return bound ? { idNumber: spent.id_number, name: spent.name } : 'mismatch';
      }
      const [known] = await db.query<{ used: boolean }>('select used_at is not null as used from sso_auth_code where code_hash = $1', [hash]);
      return !known ? 'unknown' : known.used ? 'used' : 'expired';
    },
  };
}

/** What an authCode is issued for: the client, its exact return address and the PKCE challenge (S256). */
export interface AuthCodeBinding {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
}

/** Issues an authCode bound to a citizen and a binding (the simulated platform's side); returns the code, kept only as a hash. */
export async function issueAuthCode(db: Queryable, citizen: VerifiedCitizen, binding: AuthCodeBinding, at: Date): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  // Expired codes are kept an hour, so that a late return still hears "expired" rather than "invalid".
  await db.query('delete from sso_auth_code where expires_at < $1', [new Date(at.getTime() - 60 * 60_000)]);
  await db.query(
    `insert into sso_auth_code (code_hash, id_number, name, expires_at, client_id, redirect_uri, code_challenge)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [sha256(code), citizen.idNumber, citizen.name, new Date(at.getTime() + SSO_CODE_TTL_MS), binding.clientId, binding.redirectUri, binding.codeChallenge],
  );
  return code;
}

/** The fields of an authCode's binding, as the simulated platform's calls take them (its page passes them on). */
const BINDING_PROPERTIES = {
  clientId: {
    type: 'string',
    pattern: '^[A-Za-z0-9._-]{1,64}$',
    description: '接入服务的客户端标识（client_id）',
    'x-msg': '客户端标识格式不正确',
    'x-required-msg': '缺少客户端标识（client_id）',
  },
  redirectUri: {
    type: 'string',
    pattern: '^https?://[^\\s]{1,500}$',
    description: '返回地址（redirect_uri），原样',
    'x-msg': '返回地址格式不正确',
    'x-required-msg': '缺少返回地址（redirect_uri）',
  },
  codeChallenge: {
    type: 'string',
    pattern: '^[A-Za-z0-9_-]{43}$',
    description: 'PKCE 校验值（code_challenge）：code_verifier 的 SHA-256，base64url',
    'x-msg': 'PKCE 校验值格式不正确',
    'x-required-msg': '缺少 PKCE 校验值（code_challenge）',
  },
  codeChallengeMethod: {
    type: 'string',
    enum: ['S256'],
    description: 'PKCE 校验方式，只能是 S256',
    'x-msg': 'PKCE 校验方式只能是 S256',
    'x-required-msg': '缺少 PKCE 校验方式（code_challenge_method）',
  },
} as const;
const BINDING_FIELDS = Object.keys(BINDING_PROPERTIES) as Array<keyof typeof BINDING_PROPERTIES>;
type BindingBody = { clientId: string; redirectUri: string; codeChallenge: string; codeChallengeMethod: 'S256' };

/** The binding of a body with all four fields, null with none; 400 with some. */
function bindingOf(body: Partial<BindingBody>): AuthCodeBinding | null {
  const given = BINDING_FIELDS.filter((f) => body[f] !== undefined);
  if (given.length === 0) return null;
  if (given.length < BINDING_FIELDS.length) throw new ApiError(400, '客户端标识、返回地址、PKCE 校验值及其方式须一并提供');
  return { clientId: body.clientId!, redirectUri: body.redirectUri!, codeChallenge: body.codeChallenge! };
}

/** The body of a code's use at the hall's server: the code, the PKCE verifier and the return address it came to. */
const CODE_USE_BODY = {
  type: 'object',
  required: ['authCode', 'codeVerifier', 'redirectUri'],
  properties: {
    authCode: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{16,128}$',
      description: '授权码',
      'x-msg': SSO_MESSAGES.codeUnknown,
      'x-required-msg': '缺少登录授权码，请重新从政务服务网登录',
    },
    codeVerifier: {
      type: 'string',
      pattern: '^[A-Za-z0-9._~-]{43,128}$',
      description: 'PKCE 原始值（code_verifier），大厅发起登录时生成并保存在本标签页',
      'x-msg': SSO_MESSAGES.codeMismatch,
      'x-required-msg': '缺少登录校验值，请重新从政务服务网登录',
    },
    redirectUri: {
      type: 'string',
      pattern: '^https?://[^\\s]{1,500}$',
      description: '返回地址（redirect_uri），与发起登录时的完全一致',
      'x-msg': SSO_MESSAGES.codeMismatch,
      'x-required-msg': '缺少返回地址，请重新从政务服务网登录',
    },
  },
} as const;
type CodeUseBody = { authCode: string; codeVerifier: string; redirectUri: string };

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
  /** The platform's origin; at once (no promise) while it is kept in memory. */
  platformOrigin(): string | null | Promise<string | null>;
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
  // Every page of the hall names the platform in its CSP (frame-ancestors): its address is kept for a few seconds
  // rather than read from the database for each page (issue 23); setting it here (development) renews it at once.
  let known: { origin: string | null; until: number } | null = null;
  const routes: SsoRoutes = {
    platformOrigin: () => {
      if (!platform) return webOrigin(process.env.GOV_PLATFORM_URL);
      if (known && known.until > Date.now()) return known.origin;
      return platform.loginUrl().then((url) => {
        const origin = webOrigin(url);
        known = { origin, until: Date.now() + PLATFORM_ORIGIN_TTL_MS };
        return origin;
      });
    },
  };
  const { loginLimiter } = options;
  const limit = (limiter: RateLimiter) => limitByAddress(limiter, now);

  app.get(
    `${AUTH_PREFIX}/zw/config`,
    {
      schema: {
        summary: '政务服务网登录页地址和本大厅的客户端标识（未开通时均为 null）',
        tags,
        response: envelope({ type: 'object', properties: { platformUrl: { type: ['string', 'null'] }, clientId: { type: ['string', 'null'] } } }),
      },
    },
    async () => ok({ platformUrl: platform ? await platform.loginUrl() : null, clientId: platform?.clientId ?? null }),
  );

  // One probe per address and window, shared by everyone asking meanwhile (a slow platform is not asked twice).
  const probes = new Map<string, { at: number; reachable: Promise<boolean> }>();
  app.get(
    `${AUTH_PREFIX}/zw/status`,
    {
      schema: {
        summary: '政务服务网登录页此刻能否访问（大厅前往政务服务网之前询问；未开通时为 null）',
        tags,
        response: envelope({ type: 'object', properties: { reachable: { type: ['boolean', 'null'] } } }),
      },
    },
    async () => {
      if (!platform) return ok({ reachable: null });
      const url = await platform.loginUrl();
      const at = now().getTime();
      let probe = probes.get(url);
      if (!probe || at - probe.at > GOV_PROBE_CACHE_MS || at < probe.at) {
        probe = { at, reachable: platformAnswers(url) };
        probes.clear();
        probes.set(url, probe);
      }
      return ok({ reachable: await probe.reachable });
    },
  );

  /**
   * The citizen a code is bound to, for this hall only (its client id, the return address, the PKCE verifier); any
   * refusal as 428 with what to do. Then the platform's verified identity takes the ID number over: every
   * unverified login of that number is closed (issue 18).
   */
  const verifiedCitizen = async (request: FastifyRequest<{ Body: CodeUseBody }>, at: Date): Promise<VerifiedCitizen> => {
    if (!platform) throw new ApiError(404, SSO_MESSAGES.notConfigured);
    const { authCode, codeVerifier, redirectUri } = request.body;
    const citizen = await platform.exchange({ authCode, codeVerifier, redirectUri, clientId: platform.clientId }, at);
    if (citizen === 'unknown') throw new ApiError(428, SSO_MESSAGES.codeUnknown);
    if (citizen === 'used') throw new ApiError(428, SSO_MESSAGES.codeUsed);
    if (citizen === 'expired') throw new ApiError(428, SSO_MESSAGES.codeExpired);
    if (citizen === 'mismatch') throw new ApiError(428, SSO_MESSAGES.codeMismatch);
    await takeOverIdNumber(db, app.sms, citizen.idNumber, at, request.log);
    return citizen;
  };

  app.post<{ Body: CodeUseBody }>(
    `${AUTH_PREFIX}/zw/login`,
    {
      onRequest: limit(loginLimiter),
      config: { signsIn: true },
      schema: {
        summary: '以政务服务网的一次性授权码登录（须带 PKCE 原始值和返回地址）',
        tags,
        body: CODE_USE_BODY,
        response: envelope({ type: 'object', properties: { token: { type: 'string' }, loginType: { type: 'integer' } } }),
      },
    },
    async (request, reply) => {
      const at = now();
      const citizen = await verifiedCitizen(request, at);
      // Individuals only: the platform vouches for a citizen, known to the centre by ID number. Never an unverified
      // login (there is none left: verifiedCitizen closed them).
      const [user] = await db.query<{ id: string }>(
        'select id::text as id from app_user where account = $1 and login_type = 1 and identity_verified and closed_at is null',
        [citizen.idNumber],
      );
      const [first] = user
        ? await db.query<{ id: string }>('select id::text as id from user_account where user_id = $1 order by is_primary desc, sort, id limit 1', [
            user.id,
          ])
        : [];
      if (!user || !first) throw new ApiError(417, SSO_MESSAGES.noAccount);
      const token = await signInSession(reply, db, user.id, first.id, at, SSO_LOGIN_METHOD);
      return ok({ token, loginType: 1 }, '登录成功');
    },
  );

  app.post<{ Body: CodeUseBody }>(
    `${AUTH_PREFIX}/zw/identity`,
    {
      onRequest: limit(loginLimiter),
      schema: {
        summary: '以政务服务网的一次性授权码核验身份，取得注册用的身份核验凭证（15 分钟，一次有效）',
        tags,
        body: CODE_USE_BODY,
        response: envelope({
          type: 'object',
          properties: { ticket: { type: 'string' }, xingming: { type: 'string' }, zjhm: { type: 'string' }, expiresIn: { type: 'integer' } },
        }),
      },
    },
    async (request) => {
      const at = now();
      const citizen = await verifiedCitizen(request, at);
      const [registered] = await db.query('select 1 from app_user where account = $1 and closed_at is null', [citizen.idNumber]);
      if (registered) throw new ApiError(409, ALREADY_REGISTERED_MESSAGE);
      const [onFile] = await db.query('select 1 from depositor_record where zjhm = $1', [citizen.idNumber]);
      if (onFile) throw new ApiError(409, HAS_LOCAL_ACCOUNT_MESSAGE);
      const ticket = await issueIdentityTicket(db, citizen, at);
      // The citizen's own name and number, to fill the form they are about to submit as themselves.
      return ok({ ticket, xingming: citizen.name, zjhm: citizen.idNumber, expiresIn: IDENTITY_TICKET_TTL_MS / 1000 }, '身份核验成功');
    },
  );

  if (production) return routes;

  // ---- Development only: the simulated government platform's back end, a stand-in for the real one. ----
  const citizenLimiter = createRateLimiter(db, 'sso-citizen', options.loginRateLimit ?? 20, 60_000);
  let dummyHash: Promise<string> | undefined;
  app.post<{ Body: { idNumber: string; password: string } & Partial<BindingBody> }>(
    '/sim/gov/login',
    {
      onRequest: limit(citizenLimiter),
      schema: {
        summary:
          '模拟政务服务网：市民登录，开启平台会话；带上接入服务的客户端标识、返回地址和 PKCE 校验值时，另签发绑定于它们的一次性授权码（开发专用，生产环境不存在）',
        tags,
        body: {
          type: 'object',
          required: ['idNumber', 'password'],
          properties: {
            idNumber: { type: 'string', pattern: '^\\d{17}[\\dX]$', description: '身份证号', 'x-msg': '请输入正确的身份证号', 'x-required-msg': '请输入身份证号' },
            password: { type: 'string', minLength: 1, maxLength: 64, description: '密码', 'x-msg': '请输入密码', 'x-required-msg': '请输入密码' },
            ...BINDING_PROPERTIES,
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
      // A code only for a named client, return address and challenge, all four together; none: a platform session only.
      const binding = bindingOf(request.body);
      const [citizen] = await db.query<{ id_number: string; name: string; password_hash: string }>(
        'select id_number, name, password_hash from sim_gov_citizen where id_number = $1',
        [request.body.idNumber],
      );
      dummyHash ??= hashPassword('no such citizen');
      const passwordOk = await verifyPassword(request.body.password, citizen?.password_hash ?? (await dummyHash));
      if (!citizen || !passwordOk) throw new ApiError(426, SSO_MESSAGES.citizenFailed);
      const at = now();
      const sessionToken = await openSimGovSession(db, citizen.id_number, at);
      const session = { name: citizen.name, sessionToken, sessionExpiresIn: SIM_GOV_SESSION_TTL_MS / 1000 };
      if (!binding) return ok(session);
      const authCode = await issueAuthCode(db, { idNumber: citizen.id_number, name: citizen.name }, binding, at);
      return ok({ ...session, authCode, expiresIn: SSO_CODE_TTL_MS / 1000 });
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
      // The platform's session token is the credential: an ended one answers 401.
      config: { errors: [401] },
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

  app.post<{ Body: { sessionToken: string } & BindingBody }>(
    '/sim/gov/code',
    {
      onRequest: limit(sessionLimiter),
      // The platform's session token is the credential: an ended one answers 401.
      config: { errors: [401] },
      schema: {
        summary: '模拟政务服务网：为已登录的市民签发绑定于接入服务、返回地址和 PKCE 校验值的一次性授权码（开发专用，生产环境不存在）',
        tags,
        body: {
          type: 'object',
          required: ['sessionToken', ...BINDING_FIELDS],
          properties: { ...sessionBody.properties, ...BINDING_PROPERTIES },
        },
        response: envelope({ type: 'object', properties: { authCode: { type: 'string' }, name: { type: 'string' }, expiresIn: { type: 'integer' } } }),
      },
    },
    async (request) => {
      const at = now();
      const citizen = await sessionCitizen(request.body.sessionToken, at);
      const authCode = await issueAuthCode(db, citizen, bindingOf(request.body)!, at);
      return ok({ authCode, name: citizen.name, expiresIn: SSO_CODE_TTL_MS / 1000 });
    },
  );

  app.post<{ Body: { sessionToken: string } }>(
    '/sim/gov/logout',
    {
      onRequest: limit(sessionLimiter),
      schema: { summary: '模拟政务服务网：退出（开发专用，生产环境不存在）', tags, body: sessionBody, response: okAnswer({ type: 'null' }) },
    },
    async (request) => {
      // Ending a session that is already gone is no error: the citizen is signed out either way.
      await db.query('delete from sim_gov_session where token_hash = $1', [sha256(request.body.sessionToken)]);
      return ok(null, '已退出');
    },
  );

  if (!options.devRoutes) return routes;
  app.post<{ Body: { url: string } }>(
    '/dev/gov-platform',
    {
      schema: {
        summary: '设置模拟政务服务网登录页地址（开发专用，测试用）',
        response: okAnswer(object({ platformUrl: STRING })),
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
      known = null;
      return ok({ platformUrl: request.body.url });
    },
  );
  return routes;
}
