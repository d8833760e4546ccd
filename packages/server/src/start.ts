import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, parseFrameAncestors } from './app';
import { openDatabase, type Db, type DbTarget } from './db/db';
import { migrate } from './db/migrate';
import { seedDemo } from './seed/demo';
import { defaultHallDir } from './paths';
import { parseTrustedProxies } from './http/client-address';
import { floodSettingsFromEnv } from './http/flood';

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
  /** Picture captchas a client address may fetch a minute (CAPTCHA_RATE_LIMIT; 60). */
  captchaRateLimit: number;
  /** Origins besides the hall and the government platform that may frame the hall (HALL_FRAME_ANCESTORS). */
  frameAncestors: string[];
  /** Reverse proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES); none by default. */
  trustedProxies: string[];
}

/**
 * Reads PORT, HOST, DATABASE_URL, DATA_DIR, HALL_DIR, SEED_DEMO, NODE_ENV, LOG_LEVEL, LOGIN_RATE_LIMIT,
 * SUBMIT_RATE_LIMIT, SMS_CLIENT_HOURLY_LIMIT, SMS_CLIENT_DAILY_LIMIT, CAPTCHA_RATE_LIMIT, HALL_FRAME_ANCESTORS and
 * TRUSTED_PROXIES; CALC_RATE_LIMIT and MAX_EVENT_LOOP_DELAY through floodSettingsFromEnv.
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
  const positive = (name: 'SMS_CLIENT_HOURLY_LIMIT' | 'SMS_CLIENT_DAILY_LIMIT' | 'CAPTCHA_RATE_LIMIT', fallback: number, what: string) => {
    const n = Number(env[name] ?? fallback);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} 必须是正整数（${what}），当前为 ${env[name]}`);
    return n;
  };
  const smsClientLimits = {
    clientPerHour: positive('SMS_CLIENT_HOURLY_LIMIT', 10, '每个客户端地址每小时可请求的短信数'),
    clientPerDay: positive('SMS_CLIENT_DAILY_LIMIT', 30, '每个客户端地址每天可请求的短信数'),
  };
  const captchaRateLimit = positive('CAPTCHA_RATE_LIMIT', 60, '每个客户端地址每分钟可获取的图形验证码数');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    target: env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: resolve(env.DATA_DIR ?? '.data') },
    hallDir: resolve(env.HALL_DIR ?? defaultHallDir()),
    seed: env.SEED_DEMO !== '0',
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'warn',
    loginRateLimit,
    submitRateLimit,
    smsClientLimits,
    captchaRateLimit,
    frameAncestors: parseFrameAncestors(env.HALL_FRAME_ANCESTORS),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    ...floodSettingsFromEnv(env),
  };
}

/** Opens the database, brings its schema up to date and seeds the demo data where asked. */
export async function prepareDatabase(target: DbTarget, seed: boolean): Promise<Db> {
  const db = await openDatabase(target);
  try {
    await migrate(db);
    if (seed) await seedDemo(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Starts a listening server; resolves with it and the URL it listens on. */
export async function startServer(settings: ServerSettings): Promise<{ app: FastifyInstance; url: string }> {
  const db = await prepareDatabase(settings.target, settings.seed);
  const app = await buildApp({
    db,
    hallDir: settings.hallDir,
    production: settings.production,
    logger: { level: settings.logLevel },
    loginRateLimit: settings.loginRateLimit,
    submitRateLimit: settings.submitRateLimit,
    smsLimits: settings.smsClientLimits,
    captchaRateLimit: settings.captchaRateLimit,
    frameAncestors: settings.frameAncestors,
    trustedProxies: settings.trustedProxies,
    calcRateLimit: settings.calcRateLimit,
    maxEventLoopDelay: settings.maxEventLoopDelay,
  });
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
