import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, parseFrameAncestors } from './app';
import { openDatabase, type Db, type DbTarget } from './db/db';
import { migrate } from './db/migrate';
import { seedDemo } from './seed/demo';
import { defaultHallDir } from './paths';
import { parseTrustedProxies } from './http/client-address';
import { floodSettingsFromEnv } from './http/flood';
import { isDevelopmentSecretKey, loadOrCreateKeyFile, parseSecretKey } from './auth/secrets';
import { HTTP_TIMEOUTS, parsePublicUrl, type HttpTimeouts } from './http/hardening';
import { DEV_ROUTES_ENV } from './dev/dev-routes';
import { DEMO_CERTIFICATES } from './seed/ca';
import { demoKeyDir } from './routes/ca';
import { PICTURE_AFTER_FAILURES } from './auth/human-check';

/** Settings read from the environment, each with its default. */
export interface ServerSettings extends ReturnType<typeof floodSettingsFromEnv> {
  port: number;
  host: string;
  target: DbTarget;
  hallDir: string;
  seed: boolean;
  production: boolean;
  logLevel: string;
  /** Sign-in attempts per client address and minute (per instance). */
  loginRateLimit: number;
  submitRateLimit: number;
  /** SMS a client address may ask for an hour and a day (SMS_CLIENT_HOURLY_LIMIT, SMS_CLIENT_DAILY_LIMIT; 10 and 30). */
  smsClientLimits: { clientPerHour: number; clientPerDay: number };
  /** How long an access token opens its session (ACCESS_TOKEN_TTL_SECONDS; 1800 s). */
  accessTokenTtlMs: number;
  /** Token refreshes a client address may ask for a minute (REFRESH_RATE_LIMIT; 30). */
  refreshRateLimit: number;
  /** Picture captchas a client address may fetch a minute (CAPTCHA_RATE_LIMIT; 60). */
  captchaRateLimit: number;
  /** Refused sign-ins and checks of a client address (15 minutes) after which it must solve the picture (PICTURE_AFTER_FAILURES; 3; 0: always the picture). */
  pictureAfterFailures: number;
  /** Origins besides the hall and the government platform that may frame the hall (HALL_FRAME_ANCESTORS). */
  frameAncestors: string[];
  /** Reverse proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES); none by default. */
  trustedProxies: string[];
  /** Where the hall is published (HALL_PUBLIC_URL); required in production, else the listening address. */
  publicUrl: string | undefined;
  /** The server's secret key (GJJ_SECRET_KEY or GJJ_SECRET_KEY_FILE); required in production. */
  secretKey: Buffer | undefined;
  /** Outside production without a key: where the generated one is kept (DATA_DIR/secret.key, mode 0600). */
  secretKeyFile: string;
  /** The development calls (/dev/...): GJJ_DEV_ROUTES=1, never in production. */
  devRoutes: boolean;
  /** How long a client may take to send its request, and keep an idle connection (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS). */
  timeouts: HttpTimeouts;
  /** The centre API's key (CENTRE_API_KEY): /api/centre/v1 exists only when it is set. */
  centreApiKey: string | undefined;
}

/**
 * Settings that hold secrets, and the values of them that are published (in this repository or its documentation):
 * production refuses to start with any of them. A setting added with a development default belongs here.
 */
export const DEFAULT_SECRETS: ReadonlyArray<{ name: string; isDefault(value: string): boolean }> = [
  {
    name: 'GJJ_SECRET_KEY',
    isDefault: (value) => {
      try {
        return isDevelopmentSecretKey(parseSecretKey(value, 'GJJ_SECRET_KEY'));
      } catch {
        return false;
      }
    },
  },
];

/** Why production does not start, each with what to do. */
export const PRODUCTION_MESSAGES = {
  publicUrl: '生产环境必须设置 HALL_PUBLIC_URL（大厅对外发布的 https 地址，如 https://gjj.example.gov.cn）：扫码登录等链接由它生成，不取自请求的 Host 头',
  publicUrlHttps: 'HALL_PUBLIC_URL 在生产环境必须是 https 地址',
  secretKey: '生产环境必须设置 GJJ_SECRET_KEY（32 字节随机密钥，openssl rand -hex 32 生成）或 GJJ_SECRET_KEY_FILE（存放该密钥的文件）：数据库中的私钥等秘密用它加密保存',
  devRoutes: `生产环境不能开启开发接口：请去掉 ${DEV_ROUTES_ENV}=1`,
  unsafeNoFsync: '生产环境不能关闭数据库落盘（DB_UNSAFE_NO_FSYNC=1）：断电会丢失已确认的数据',
  defaultSecret: (name: string) => `${name} 是公开的默认值，生产环境不能使用：请换成新生成的随机值`,
  demoData: '数据库中有演示数据（含公开密码的演示账号）：生产环境请使用没有演示数据的数据库；确需演示时明确设置 SEED_DEMO=1',
  demoKeys: (serials: string[]) =>
    `数据库信任演示证书（${serials.join('、')}）：其私钥公开在 packages/server/demo-ca/，任何人都能以它登录。生产环境启动前请吊销（update ca_certificate set revoked_at = now() where serial in (…)）`,
} as const;

/** Reads a 0/1 switch; anything else stops the start. */
function flag(env: NodeJS.ProcessEnv, name: string, meaning: string): boolean | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (value !== '0' && value !== '1') throw new Error(`${name} 只能是 0 或 1（${meaning}），当前为 ${value}`);
  return value === '1';
}

/** A positive whole number of milliseconds, or the default. */
function millis(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} 必须是正整数（毫秒），当前为 ${env[name]}`);
  return value;
}

/** GJJ_SECRET_KEY or the file GJJ_SECRET_KEY_FILE names; undefined when neither is set. */
function secretKeyFromEnv(env: NodeJS.ProcessEnv): Buffer | undefined {
  if (env.GJJ_SECRET_KEY && env.GJJ_SECRET_KEY_FILE) throw new Error('GJJ_SECRET_KEY 和 GJJ_SECRET_KEY_FILE 只能设置一个');
  if (env.GJJ_SECRET_KEY) return parseSecretKey(env.GJJ_SECRET_KEY, 'GJJ_SECRET_KEY');
  if (env.GJJ_SECRET_KEY_FILE) {
    let text: string;
    try {
      text = readFileSync(env.GJJ_SECRET_KEY_FILE, 'utf8');
    } catch (error) {
      throw new Error(`无法读取 GJJ_SECRET_KEY_FILE（${env.GJJ_SECRET_KEY_FILE}）：${(error as Error).message}`);
    }
    return parseSecretKey(text, `GJJ_SECRET_KEY_FILE（${env.GJJ_SECRET_KEY_FILE}）`);
  }
  return undefined;
}

/**
 * Reads PORT, HOST, DATABASE_URL, DATA_DIR, DB_UNSAFE_NO_FSYNC, HALL_DIR, SEED_DEMO, NODE_ENV, LOG_LEVEL,
 * LOGIN_RATE_LIMIT, SUBMIT_RATE_LIMIT, SMS_CLIENT_HOURLY_LIMIT, SMS_CLIENT_DAILY_LIMIT, CAPTCHA_RATE_LIMIT, PICTURE_AFTER_FAILURES,
 * ACCESS_TOKEN_TTL_SECONDS, REFRESH_RATE_LIMIT, HALL_FRAME_ANCESTORS, TRUSTED_PROXIES, HALL_PUBLIC_URL, GJJ_SECRET_KEY, GJJ_SECRET_KEY_FILE, GJJ_DEV_ROUTES, CENTRE_API_KEY,
 * REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS and KEEP_ALIVE_TIMEOUT_MS; CALC_RATE_LIMIT and MAX_EVENT_LOOP_DELAY through
 * floodSettingsFromEnv. With NODE_ENV=production it throws, saying what to do,
 * when HALL_PUBLIC_URL or the secret key is missing, a published default secret is set, or the development calls or
 * DB_UNSAFE_NO_FSYNC are switched on.
 */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT 必须是 0 到 65535 之间的整数，当前为 ${env.PORT}`);
  const loginRateLimit = Number(env.LOGIN_RATE_LIMIT ?? 20);
  if (!Number.isInteger(loginRateLimit) || loginRateLimit < 1) {
    throw new Error(`LOGIN_RATE_LIMIT 必须是正整数（每个客户端地址每分钟的登录次数），当前为 ${env.LOGIN_RATE_LIMIT}`);
  }
  const submitRateLimit = Number(env.SUBMIT_RATE_LIMIT ?? 30);
  if (!Number.isInteger(submitRateLimit) || submitRateLimit < 1) {
    throw new Error(`SUBMIT_RATE_LIMIT 必须是正整数（每个客户端地址每分钟可提交的投诉建议和评价数），当前为 ${env.SUBMIT_RATE_LIMIT}`);
  }
  const positive = (name: 'SMS_CLIENT_HOURLY_LIMIT' | 'SMS_CLIENT_DAILY_LIMIT' | 'CAPTCHA_RATE_LIMIT' | 'ACCESS_TOKEN_TTL_SECONDS' | 'REFRESH_RATE_LIMIT', fallback: number, what: string) => {
    const n = Number(env[name] ?? fallback);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} 必须是正整数（${what}），当前为 ${env[name]}`);
    return n;
  };
  const smsClientLimits = {
    clientPerHour: positive('SMS_CLIENT_HOURLY_LIMIT', 10, '每个客户端地址每小时可请求的短信数'),
    clientPerDay: positive('SMS_CLIENT_DAILY_LIMIT', 30, '每个客户端地址每天可请求的短信数'),
  };
  const captchaRateLimit = positive('CAPTCHA_RATE_LIMIT', 60, '每个客户端地址每分钟可获取的图形验证码数');
  const pictureAfterFailures = Number(env.PICTURE_AFTER_FAILURES ?? PICTURE_AFTER_FAILURES);
  if (!Number.isInteger(pictureAfterFailures) || pictureAfterFailures < 0) {
    throw new Error(`PICTURE_AFTER_FAILURES 必须是非负整数（同一客户端地址 15 分钟内登录或验证失败几次后改用图形验证码，0 为始终使用），当前为 ${env.PICTURE_AFTER_FAILURES}`);
  }
  const accessTokenTtlMs = positive('ACCESS_TOKEN_TTL_SECONDS', 1800, '访问令牌的有效秒数') * 1000;
  const refreshRateLimit = positive('REFRESH_RATE_LIMIT', 30, '每个客户端地址每分钟可续期令牌的次数');
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const unsafeNoFsync = flag(env, 'DB_UNSAFE_NO_FSYNC', '1 关闭数据库落盘，断电可能丢失已确认的数据') ?? false;
  const devRoutes = flag(env, DEV_ROUTES_ENV, '1 开启开发接口 /dev/…') ?? false;
  const seedDemo = flag(env, 'SEED_DEMO', '1 载入演示数据，0 不载入');
  const publicUrl = env.HALL_PUBLIC_URL ? parsePublicUrl(env.HALL_PUBLIC_URL) : undefined;
  const secretKey = secretKeyFromEnv(env);
  const requestMs = millis(env, 'REQUEST_TIMEOUT_MS', HTTP_TIMEOUTS.requestMs);
  const headersMs = millis(env, 'HEADERS_TIMEOUT_MS', Math.min(HTTP_TIMEOUTS.headersMs, requestMs));
  if (headersMs > requestMs) throw new Error(`HEADERS_TIMEOUT_MS（${headersMs}）不能大于 REQUEST_TIMEOUT_MS（${requestMs}）`);
  const keepAliveMs = millis(env, 'KEEP_ALIVE_TIMEOUT_MS', HTTP_TIMEOUTS.keepAliveMs);
  if (production) {
    if (!publicUrl) throw new Error(PRODUCTION_MESSAGES.publicUrl);
    if (!publicUrl.startsWith('https://')) throw new Error(PRODUCTION_MESSAGES.publicUrlHttps);
    for (const secret of DEFAULT_SECRETS) {
      const value = env[secret.name];
      if (value !== undefined && secret.isDefault(value)) throw new Error(PRODUCTION_MESSAGES.defaultSecret(secret.name));
    }
    if (!secretKey) throw new Error(PRODUCTION_MESSAGES.secretKey);
    if (isDevelopmentSecretKey(secretKey)) throw new Error(PRODUCTION_MESSAGES.defaultSecret(env.GJJ_SECRET_KEY ? 'GJJ_SECRET_KEY' : 'GJJ_SECRET_KEY_FILE'));
    if (devRoutes) throw new Error(PRODUCTION_MESSAGES.devRoutes);
    if (unsafeNoFsync) throw new Error(PRODUCTION_MESSAGES.unsafeNoFsync);
  }
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    target: env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir, ...(unsafeNoFsync ? { unsafeNoFsync } : {}) },
    hallDir: resolve(env.HALL_DIR ?? defaultHallDir()),
    // Production seeds the demo only when told to, development unless told not to.
    seed: seedDemo ?? !production,
    production,
    logLevel: env.LOG_LEVEL ?? 'warn',
    loginRateLimit,
    submitRateLimit,
    smsClientLimits,
    captchaRateLimit,
    pictureAfterFailures,
    accessTokenTtlMs,
    refreshRateLimit,
    frameAncestors: parseFrameAncestors(env.HALL_FRAME_ANCESTORS),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    ...floodSettingsFromEnv(env),
    publicUrl,
    secretKey,
    secretKeyFile: join(dataDir, 'secret.key'),
    devRoutes,
    timeouts: { ...HTTP_TIMEOUTS, requestMs, headersMs, keepAliveMs },
    centreApiKey: env.CENTRE_API_KEY || undefined,
  };
}

/**
 * What the start must say loudly every time: production with the demo data (SEED_DEMO=1), and a database that may
 * lose acknowledged writes (DB_UNSAFE_NO_FSYNC=1).
 */
export function startupWarnings(settings: Pick<ServerSettings, 'production' | 'seed' | 'target'>): string[] {
  const warnings: string[] = [];
  if (settings.production && settings.seed) {
    warnings.push(
      '警告：生产环境载入了演示数据（SEED_DEMO=1）。演示账号的密码是公开的，任何人都能登录。只可用于演示站点，正式上线前请换用没有演示数据的数据库。',
    );
  }
  if ('dataDir' in settings.target && settings.target.unsafeNoFsync) {
    warnings.push('警告：数据库落盘已关闭（DB_UNSAFE_NO_FSYNC=1）。断电或系统崩溃会丢失已确认的数据，甚至损坏数据目录。');
  }
  return warnings;
}

/** Opens the database, brings its schema up to date and seeds the demo data where asked (production: no demo keys). */
export async function prepareDatabase(target: DbTarget, seed: boolean, options: { production?: boolean } = {}): Promise<Db> {
  // The server's tests start a seeded in-memory database per file: from the template their global setup made
  // (test/support/db-template.ts) instead of initdb, migrations and the seed each time. The migrations and seed steps
  // still run below, and find nothing left to do.
  const template = process.env.GJJ_TEST_DB_TEMPLATE;
  const db = await openDatabase('memory' in target && seed && !options.production && template && !target.from ? { memory: true, from: template } : target);
  try {
    await migrate(db);
    // The server's tests seed as of one day (GJJ_TEST_SEED_DAY, vitest.config.ts; docs/decisions.md › The demo
    // calendar) whatever today is; a server seeds as of today.
    const seedDay = 'memory' in target ? process.env.GJJ_TEST_SEED_DAY : undefined;
    if (seed) await seedDemo(db, { ...options, ...(seedDay ? { now: new Date(`${seedDay}T10:00:00+08:00`) } : {}) });
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** The public keys of the demo key files (demo-ca/*.gjjkey.json, private keys published) and of the seeded certificates. */
export function demoPublicKeys(): string[] {
  const fromFiles = readdirSync(demoKeyDir())
    .filter((f) => f.endsWith('.gjjkey.json'))
    .map((f) => (JSON.parse(readFileSync(join(demoKeyDir(), f), 'utf8')) as { publicKey?: string }).publicKey)
    .filter((k): k is string => typeof k === 'string');
  return [...new Set([...fromFiles, ...DEMO_CERTIFICATES.map((c) => c.publicKey)])].map((k) => k.toLowerCase());
}

/**
 * Production's checks of the database: no demo data unless SEED_DEMO=1, and no demo certificate trusted (their
 * private keys are in this repository). Throws with what to do.
 */
export async function checkProductionDatabase(db: Db, seed: boolean): Promise<void> {
  if (!seed) {
    const [demo] = await db.query<{ value: string }>(`select value from app_meta where key = 'demo_seed_version'`);
    if (demo) throw new Error(PRODUCTION_MESSAGES.demoData);
  }
  const trusted = await db.query<{ serial: string }>(
    'select serial from ca_certificate where lower(public_key) = any($1) and revoked_at is null order by serial',
    [demoPublicKeys()],
  );
  if (trusted.length) throw new Error(PRODUCTION_MESSAGES.demoKeys(trusted.map((c) => c.serial)));
}

/** Starts a listening server; resolves with it and the URL it listens on. */
export async function startServer(settings: ServerSettings): Promise<{ app: FastifyInstance; url: string }> {
  // Outside production without a key, one made for this data directory (never the published development key).
  const secretKey = settings.secretKey ?? (settings.production ? undefined : loadOrCreateKeyFile(settings.secretKeyFile));
  if (!secretKey) throw new Error(PRODUCTION_MESSAGES.secretKey);
  const db = await prepareDatabase(settings.target, settings.seed, { production: settings.production });
  let app: FastifyInstance;
  try {
    if (settings.production) await checkProductionDatabase(db, settings.seed);
    app = await buildApp({
      db,
      hallDir: settings.hallDir,
      production: settings.production,
      logger: { level: settings.logLevel },
      loginRateLimit: settings.loginRateLimit,
      submitRateLimit: settings.submitRateLimit,
      smsLimits: settings.smsClientLimits,
      captchaRateLimit: settings.captchaRateLimit,
      pictureAfterFailures: settings.pictureAfterFailures,
      accessTokenTtlMs: settings.accessTokenTtlMs,
      refreshRateLimit: settings.refreshRateLimit,
      frameAncestors: settings.frameAncestors,
      trustedProxies: settings.trustedProxies,
      calcRateLimit: settings.calcRateLimit,
      maxEventLoopDelay: settings.maxEventLoopDelay,
      publicUrl: settings.publicUrl,
      secretKey,
      devRoutes: settings.devRoutes,
      timeouts: settings.timeouts,
      centreApiKey: settings.centreApiKey,
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  try {
    await app.listen({ port: settings.port, host: settings.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return { app, url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}` };
}
