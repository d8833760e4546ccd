import { breakForConformance, CONFORMANCE_BREAK_ENV } from './http/conformance-break';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import { createPublicCache } from './http/public-cache';
import { DEFAULT_ERROR_MESSAGE, httpStatusMessage } from '@gjj-hall/sdk';
import type { Db } from './db/db';
import { ok } from './http/envelope';
import './http/schema';
import { MESSAGE_KEYWORDS, registerInputGuards, validationMessage, type SchemaError } from './http/validation';
import type { LoanLimits } from '@gjj-hall/sdk/loan';
import { calculatorRoutes } from './routes/calculator';
import { registerFloodGuards, type FloodGuardOptions } from './http/flood';
import { rateRoutes } from './routes/rates';
import { centreDate } from './clock';
import { loadSm2KeyPair } from './auth/keys';
import { ACCESS_TOKEN_TTL_MS, SESSION_HEADERS, sessionHooks } from './auth/session';
import { tokenRoutes } from './routes/token';
import { identityHooks } from './auth/identity';
import { verifiedGroups } from './auth/verified-groups';
import { createDevOutbox, createDevSmsGateway, isDevSmsGateway, unconfiguredSmsGateway, type SmsGateway } from './outbox/outbox';
import { authRoutes } from './routes/auth';
import { qrLoginRoutes } from './routes/qr-login';
import { twoCheckRoutes } from './routes/two-check';
import { twoCheckSmsRoutes } from './routes/two-check-sms';
import { shellRoutes } from './routes/shell';
import { accountRoutes } from './routes/account';
import { DEV_ROUTES_ENV, devRoutes, guardDevRoutes } from './dev/dev-routes';
import { DEVELOPMENT_SECRET_KEY, secretBox } from './auth/secrets';
import { HTTP_TIMEOUTS, listeningUrl, parsePublicUrl, securityHeaders, serverOptions, type HttpTimeouts } from './http/hardening';
import { createRateLimiter } from './auth/rate-limit';
import { SMS_LIMITS, smsSettled, type SmsLimits } from './auth/sms-code';
import { smsAuthRoutes } from './routes/sms-auth';
import { humanCheckRoutes } from './routes/human-check';
import { caRoutes } from './routes/ca';
import { ssoRoutes } from './routes/sso';
import { registerPersonRoutes } from './routes/register-person';
import { switchUserRoutes } from './routes/switch-user';
import { unitRegisterRoutes } from './routes/unit-register';
import { publicRoutes } from './routes/public';
import { messageRoutes } from './messages/messages';
import { parseTrustedProxies } from './http/client-address';
import { createApplications } from './applications/model';
import { applicationRoutes } from './applications/routes';
import { accountInfoRoutes } from './personal/account-info';
import { applicationExportRoutes } from './applications/export';
import { columnRoutes } from './table/columns';
import { wizardRoutes } from './applications/wizard';
import { flexibleRoutes } from './business/flexible/routes';
import { withdrawalRoutes } from './business/withdrawals/routes';
import { standingCentreRoutes, standingRoutes } from './business/withdrawals/standing-routes';
import { unitRoutes } from './business/units/routes';
import { loanRoutes } from './business/loans/routes';
import { loanCentreRoutes } from './business/loans/centre';
import { developerRoutes } from './business/developer/routes';
import { depositCentreRoutes } from './business/developer/deposits';
import { CENTRE_KEY_MIN_LENGTH, centreRoutes } from './applications/centre';
import { archiveRoutes, type ArchiveOptions } from './archive/routes';
import { createHeavyPool } from './archive/heavy';
import { personalChangeRoutes } from './business/personal/routes';
import { loadStaticFiles, serveStaticFiles } from './http/static-files';
import { openApiRoutes, REDIRECT_ANSWER, registerOpenApi } from './http/openapi';
import { object, okAnswer, STRING } from './http/answers';
import { transferRoutes } from './routes/transfer';
import { certificateRoutes } from './certificate/routes';
import { unitCertificateRoutes } from './business/units/unit-certificate-routes';
import type { CertificateParameters } from './certificate/parameters';
import { personalDetailRoutes } from './personal/detail';

export interface AppOptions extends FloodGuardOptions {
  db: Db;
  /** Bounds on a loan the calculator computes, fixed; by default the parameter table's rows (routes/loan-limits.ts). */
  loanLimits?: LoanLimits | undefined;
  /** Folder of the built hall to serve at /home.html; nothing is served when absent. */
  hallDir?: string | undefined;
  /**
   * Origins allowed to call the API from a browser (exact strings, or patterns).
   * A partner bank embedding a widget that talks to this server is listed here.
   * @default [] in production, loopback origins otherwise
   */
  corsOrigins?: ReadonlyArray<string | RegExp>;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /**
   * Production: no outbox, no development calls, no simulated government platform; `secretKey` and `publicUrl`
   * are required. @default NODE_ENV === 'production'
   */
  production?: boolean;
  /**
   * The development calls (/dev/...: outbox, state, demo key files, platform address), answering only this machine.
   * Refused in production. @default GJJ_DEV_ROUTES === '1' outside production
   */
  devRoutes?: boolean;
  /**
   * The server's 32-byte secret key: seals the secrets kept in the database (the SM2 private key), `app.secrets`.
   * @default required in production; elsewhere the published development key (npm start makes one in .data/secret.key)
   */
  secretKey?: Uint8Array;
  /**
   * Where the hall is published, e.g. `https://gjj.example.gov.cn`: the links the server makes start with it, never
   * with the request's Host header. @default HALL_PUBLIC_URL; required in production; elsewhere the listening address
   */
  publicUrl?: string | undefined;
  /** How long clients may take to send a request, and keep a connection (item 14). @default HTTP_TIMEOUTS */
  timeouts?: Partial<HttpTimeouts>;
  /**
   * Sends SMS codes. @default the development sink (console and outbox) outside production; in production none,
   * and sending answers 503 (the development sink is refused there)
   */
  sms?: SmsGateway;
  /** Sign-in attempts allowed per client address and minute, counted in this process. @default 20 */
  loginRateLimit?: number;
  /**
   * How long an access token opens its session before the hall must renew it (docs/api-shell.md, 令牌续期).
   * @default ACCESS_TOKEN_TTL_SECONDS × 1000, else 30 minutes
   */
  accessTokenTtlMs?: number;
  /** Token refreshes a client address may ask for a minute. @default 30 */
  refreshRateLimit?: number;
  /** Complaints and evaluations a client address may submit a minute (30 by default). */
  submitRateLimit?: number;
  /** The limits on sending SMS, over the defaults of `SMS_LIMITS` (docs/security/enumeration-sms.md). */
  smsLimits?: Partial<SmsLimits>;
  /** Picture captchas a client address may fetch a minute. @default 60 */
  captchaRateLimit?: number;
  /** Refused sign-ins and checks of a client address after which it must solve the picture captcha (issue 37). @default 3; 0: always */
  pictureAfterFailures?: number;
  /**
   * Origins besides the hall itself and the configured government platform that may show the hall's pages in a
   * frame (CSP frame-ancestors), e.g. `['https://portal.example.gov.cn']`; checked with `parseFrameAncestors`.
   * @default []
   */
  frameAncestors?: readonly string[];
  /**
   * Reverse proxies whose `X-Forwarded-For` (and `-Proto`, `-Host`) the server believes: addresses, CIDR blocks or
   * `loopback` / `linklocal` / `uniquelocal`, checked with `parseTrustedProxies` (TRUSTED_PROXIES). `request.ip`, which
   * every per-address limit and the QR confirmation page use, is then the client's address as they report it.
   * @default [] (none: the connection's own address)
   */
  trustedProxies?: readonly string[];
  /**
   * The key of the centre's API (`/api/centre/v1`, docs/api-applications.md): the calls exist only when it is set,
   * and answer 401 without it. At least 16 characters. @default CENTRE_API_KEY (npm start makes one in .data/)
   */
  centreApiKey?: string | undefined;
  /**
   * The electronic archive (docs/api-archive.md): largest file (ARCHIVE_MAX_FILE_BYTES, 10 MB), signing link lifetime
   * (600 s) and where file content is kept (the database).
   */
  archive?: ArchiveOptions;
  /** The deposit certificate's parameters (缴存证明, certificate/parameters.ts), over `CERTIFICATE_PARAMETERS`. */
  certificate?: Partial<CertificateParameters>;
  /**
   * A deliberate breakage of the contract, for proving the conformance kit only (http/conformance-break.ts,
   * docs/conformance.md); refused in production. @default GJJ_CONFORMANCE_BREAK outside production
   */
  conformanceBreak?: string | undefined;
}

const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Fastify's own 4xx errors, in words a citizen understands. */
function clientErrorMessage(status: number, code: string | undefined): string {
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return '请求内容不能为空';
  if (status === 400) return '请求格式不正确';
  if (status === 413) return '请求内容过大';
  if (status === 415) return '不支持的请求内容类型';
  return httpStatusMessage(status);
}

/** Why buildApp refuses a production configuration. */
export const BUILD_PRODUCTION_MESSAGES = {
  devRoutes: `生产环境不能开启开发接口（devRoutes / ${DEV_ROUTES_ENV}=1）`,
  secretKey: '生产环境必须提供服务端密钥（secretKey；npm start 读取 GJJ_SECRET_KEY 或 GJJ_SECRET_KEY_FILE）',
  publicUrl: '生产环境必须提供大厅的对外地址（publicUrl；npm start 读取 HALL_PUBLIC_URL）',
  devSms: '生产环境不能通过开发短信通道（开发发件箱）发送短信：请配置短信网关',
  centreKey: `中心接口密钥（CENTRE_API_KEY）至少 ${CENTRE_KEY_MIN_LENGTH} 个字符：请用 openssl rand -hex 32 生成`,
} as const;

/** The content security policy of the hall's pages: nothing inline, nothing from elsewhere. */
export const HALL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // The document preview (/ylOfd) shows a PDF in a frame of a blob: URL the page itself made, typed
  // application/pdf after checking the bytes start with %PDF- (never HTML); no other frame source is allowed.
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * The hall's CSP with who may frame its pages: the hall itself, and the `trusted` origins (the configured government
 * platform, HALL_FRAME_ANCESTORS). Any other site framing the hall (clickjacking its login page) sees nothing.
 *
 * @example
 * hallCsp(['https://zwfw.example.gov.cn']) // "default-src 'self'; …; frame-ancestors 'self' https://zwfw.example.gov.cn"
 */
export function hallCsp(trusted: readonly string[] = []): string {
  return `${HALL_CSP}; frame-ancestors ${["'self'", ...new Set(trusted)].join(' ')}`;
}

const ORIGIN = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/**
 * Reads HALL_FRAME_ANCESTORS: origins (`https://host[:port]`, lower case, no path) separated by spaces. Throws, naming
 * the offending entry, on anything else (a path, a wildcard, a keyword), so a typo stops the start.
 *
 * @example
 * parseFrameAncestors('https://a.example.gov.cn  http://127.0.0.1:9000') // ['https://a.example.gov.cn', 'http://127.0.0.1:9000']
 */
export function parseFrameAncestors(text: string | undefined): string[] {
  const origins = (text ?? '').split(/\s+/).filter(Boolean);
  for (const origin of origins) {
    if (!ORIGIN.test(origin)) {
      throw new Error(`HALL_FRAME_ANCESTORS 只能是以空格分隔的来源（如 https://zwfw.example.gov.cn，小写，不带路径），不能是 ${origin}`);
    }
  }
  return origins;
}

/** Builds the server without listening; `app.close()` closes the database too. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const now = options.now ?? (() => new Date());
  const withDevRoutes = options.devRoutes ?? (!production && process.env[DEV_ROUTES_ENV] === '1');
  const envPublicUrl = process.env.HALL_PUBLIC_URL;
  const publicUrl = options.publicUrl ? parsePublicUrl(options.publicUrl) : envPublicUrl ? parsePublicUrl(envPublicUrl) : undefined;
  if (production) {
    if (withDevRoutes) throw new Error(BUILD_PRODUCTION_MESSAGES.devRoutes);
    if (!options.secretKey) throw new Error(BUILD_PRODUCTION_MESSAGES.secretKey);
    if (!publicUrl) throw new Error(BUILD_PRODUCTION_MESSAGES.publicUrl);
    if (options.sms && isDevSmsGateway(options.sms)) throw new Error(BUILD_PRODUCTION_MESSAGES.devSms);
  }
  const centreApiKey = 'centreApiKey' in options ? options.centreApiKey : process.env.CENTRE_API_KEY;
  if (centreApiKey !== undefined && centreApiKey !== '' && centreApiKey.length < CENTRE_KEY_MIN_LENGTH) throw new Error(BUILD_PRODUCTION_MESSAGES.centreKey);
  const secrets = secretBox(options.secretKey ?? DEVELOPMENT_SECRET_KEY);
  // Made on the first start and kept in the database, sealed; read before anything listens.
  const frameAncestors = parseFrameAncestors((options.frameAncestors ?? []).join(' '));
  const keys = await loadSm2KeyPair(options.db, options.secretKey ?? DEVELOPMENT_SECRET_KEY);
  const trustedProxies = parseTrustedProxies((options.trustedProxies ?? []).join(' '));
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustedProxies.length > 0 ? trustedProxies : false,
    ajv: { customOptions: { keywords: [...MESSAGE_KEYWORDS], verbose: true, allErrors: false } },
    ...serverOptions({ ...HTTP_TIMEOUTS, ...options.timeouts }),
  });
  // Before any route: the OpenAPI document is made from every route registered after it (docs/api-openapi.md).
  await registerOpenApi(app);
  // Only to prove the conformance kit fails against a broken back end; refused in production, announced loudly.
  const conformanceBreak = 'conformanceBreak' in options ? options.conformanceBreak : process.env[CONFORMANCE_BREAK_ENV];
  if (conformanceBreak) breakForConformance(app, options.db, conformanceBreak, production);
  app.decorate('secrets', secrets);
  app.decorate('publicUrl', () => publicUrl ?? listeningUrl(app));
  // The hall's files first, before any other hook (issue 23; docs/decisions.md): read once, answered from memory
  // with the brotli or gzip file the build made. Source maps (the hall's build writes them beside its scripts) show
  // the code as written: not in production.
  const hallDir = options.hallDir;
  if (hallDir && existsSync(join(hallDir, 'home.html'))) {
    serveStaticFiles(app, loadStaticFiles(hallDir, (path) => production && /\.map$/i.test(path)));
  } else {
    app.log.warn({ hallDir }, '大厅尚未构建：/home.html 不可用，请先运行 npm run build');
  }
  // Before any route: every /dev/ route answers only this machine, and only when switched on.
  guardDevRoutes(app, withDevRoutes);

  app.addHook('onClose', async () => {
    await options.db.close();
  });

  const allowed = options.corsOrigins ?? (production ? [] : [LOOPBACK_ORIGIN]);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !!origin && allowed.some((o) => (typeof o === 'string' ? o === origin : o.test(origin)))),
    allowedHeaders: ['content-type', 'client', 'jproject', 'token', 'qrkey', 'idempotency-key'],
    exposedHeaders: ['token', SESSION_HEADERS.refreshToken, SESSION_HEADERS.expiresIn],
    maxAge: 600,
    // Listed in the OpenAPI document like every other route (docs/api-openapi.md).
    hideOptionsRoute: false,
  });

  // API answers above 1 KiB go brotli or gzip compressed as the client accepts (issue 23); the hall's files come
  // precompressed from the build and skip this (their route says compress: false).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  // Set once the single sign-on routes exist (below); the platform's origin may change in development.
  let platformOrigin: () => string | null | Promise<string | null> = () => null;
  const withPlatform = (platform: string | null) => (platform ? [platform, ...frameAncestors] : frameAncestors);
  securityHeaders(app, {
    // At once while the platform's address is in memory (every page of the hall asks; issue 23), else when read.
    framers() {
      const platform = platformOrigin();
      return platform instanceof Promise ? platform.then(withPlatform, () => frameAncestors) : withPlatform(platform);
    },
    hallCsp,
    hsts: !!publicUrl?.startsWith('https://'),
  });

  app.setErrorHandler((error: Error & { validation?: SchemaError[]; validationContext?: string; statusCode?: number; code?: string }, request, reply) => {
    if (error.validation) {
      return reply.status(400).send({ code: 400, msg: validationMessage(error.validation, error.validationContext), data: null });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    // A route's own 5xx (503 短信服务暂时不可用，请稍后再试) says what is wrong and what to do; any other is not shown.
    if (status >= 500 && error.name === 'ApiError') return reply.status(status).send({ code: status, msg: error.message, data: null });
    if (status >= 500) {
      request.log.error(error);
      return reply.status(status).send({ code: status, msg: DEFAULT_ERROR_MESSAGE, data: null });
    }
    const msg = error.name === 'ApiError' ? error.message : clientErrorMessage(status, error.code);
    return reply.status(status).send({ code: status, msg, data: null });
  });

  // Per-client limits in the database and shedding of costly calls (issue 18 item 7), and the rules every input meets
  // (no control characters, finite numbers: item 9); before any route is added.
  await registerFloodGuards(app, { ...options, now });
  registerInputGuards(app);

  app.setNotFoundHandler((request, reply) => {
    if (!request.url.startsWith('/api/') && request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html')) {
      return reply.redirect('/home.html#/404');
    }
    return reply.status(404).send({ code: 404, msg: httpStatusMessage(404), data: null });
  });

  app.get('/api/health', { schema: { summary: '健康检查（数据库可用时应答 up）', tags: ['运行'], response: okAnswer(object({ status: { type: 'string', enum: ['up'] }, db: STRING })) } }, async () => {
    await options.db.query('select 1');
    return ok({ status: 'up', db: options.db.kind });
  });

  sessionHooks(app, options.db, now, options.accessTokenTtlMs ?? ACCESS_TOKEN_TTL_MS);
  identityHooks(app);
  // Before the routes: every business call requires a verified identity (auth/verified-groups.ts).
  verifiedGroups(app);
  const outbox = production ? null : createDevOutbox(options.db, now);
  app.decorate('sms', options.sms ?? (outbox ? createDevSmsGateway(outbox, (line) => app.log.info(line)) : unconfiguredSmsGateway));
  app.decorate('smsLimits', { ...SMS_LIMITS, ...options.smsLimits });
  // SMS sent after their reply finish before the database closes.
  app.addHook('onClose', () => smsSettled());

  // Public answers kept in memory with an ETag until the centre changes their tables (issue 35).
  app.decorate('publicCache', createPublicCache(app, options.db));
  rateRoutes(app, options.db, () => centreDate(now()));
  calculatorRoutes(app, { rateLimit: options.calcRateLimit, queueLimit: options.calcQueueLimit, limits: options.loanLimits, db: options.db });
  // One sign-in counter per address for every sign-in method.
  const loginLimiter = createRateLimiter(options.db, 'login', options.loginRateLimit ?? 20, 60_000);
  authRoutes(app, { db: options.db, now, keys, outbox, loginLimiter, captchaRateLimit: options.captchaRateLimit });
  smsAuthRoutes(app, { db: options.db, now, keys, loginLimiter, sendRateLimit: options.loginRateLimit });
  humanCheckRoutes(app, { db: options.db, now, challengeRateLimit: options.captchaRateLimit, pictureAfterFailures: options.pictureAfterFailures });
  qrLoginRoutes(app, { db: options.db, now, keys, loginLimiter });
  twoCheckRoutes(app, { db: options.db, now });
  twoCheckSmsRoutes(app, { db: options.db, now });
  tokenRoutes(app, { db: options.db, now, rateLimit: options.refreshRateLimit });
  shellRoutes(app, options.db);
  accountRoutes(app, options.db, now);
  caRoutes(app, { db: options.db, now, loginLimiter, devRoutes: withDevRoutes });
  platformOrigin = ssoRoutes(app, {
    db: options.db,
    now,
    loginLimiter,
    loginRateLimit: options.loginRateLimit,
    production,
    devRoutes: withDevRoutes,
  }).platformOrigin;
  registerPersonRoutes(app, { db: options.db, now, keys });
  switchUserRoutes(app, options.db);
  unitRegisterRoutes(app, { db: options.db, now, keys });
  publicRoutes(app, { db: options.db, now, submitRateLimit: options.submitRateLimit });
  messageRoutes(app, options.db, now);
  const applications = createApplications({ db: options.db, sms: app.sms, now, log: app.log });
  applicationRoutes(app, options.db, applications, now);
  applicationExportRoutes(app, options.db, now);
  columnRoutes(app, options.db, now);
  wizardRoutes(app, options.db, now);
  transferRoutes(app, options.db, now);
  accountInfoRoutes(app, options.db, now);
  flexibleRoutes(app, options.db, now);
  withdrawalRoutes(app, options.db, now);
  standingRoutes(app, options.db, now);
  unitRoutes(app, options.db, applications, { devRoutes: withDevRoutes, now });
  loanRoutes(app, options.db, now);
  developerRoutes(app, options.db, now);
  personalDetailRoutes(app, options.db, now);
  personalChangeRoutes(app, { db: options.db, now, keys });
  if (centreApiKey) await centreRoutes(app, options.db, applications, centreApiKey);
  if (centreApiKey) await loanCentreRoutes(app, options.db, centreApiKey, now);
  if (centreApiKey) await depositCentreRoutes(app, options.db, centreApiKey, now);
  if (centreApiKey) await standingCentreRoutes(app, options.db, centreApiKey, now);
  // Decoding and drawing documents runs in worker threads, never on this event loop (docs/security.md › Archive bombs).
  const heavy = createHeavyPool(options.archive?.pool);
  app.addHook('onClose', () => heavy.close());
  await archiveRoutes(app, { db: options.db, now, centreApiKey, heavy, options: options.archive });
  certificateRoutes(app, { db: options.db, now, heavy, parameters: options.certificate, devRoutes: withDevRoutes });
  unitCertificateRoutes(app, { db: options.db, now, heavy, parameters: options.certificate });
  if (withDevRoutes) devRoutes(app, options.db, now);
  openApiRoutes(app);

  app.get('/', { schema: { summary: '转到大厅首页 /home.html', tags: ['大厅页面'], response: REDIRECT_ANSWER } }, async (_request, reply) => reply.redirect('/home.html'));

  return app;
}
