import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { BUILD_PRODUCTION_MESSAGES, buildApp } from './app';
import { DEVELOPMENT_SECRET_KEY } from './auth/secrets';
import type { Db } from './db/db';
import { createDevOutbox, createDevSmsGateway } from './outbox/outbox';
import { DEMO_CERTIFICATES } from './seed/ca';
import { DEMO_LOGINS } from './seed/demo';
import {
  checkProductionDatabase,
  prepareDatabase,
  PRODUCTION_MESSAGES,
  settingsFromEnv,
  startServer,
  startupWarnings,
  type ServerSettings,
} from './start';
import { PRODUCTION } from './test-support/production';

// Issue 18, item 5: production mode does not seed the demo, trusts no demo key, uses no default secret, builds its
// links from HALL_PUBLIC_URL and sends no SMS through the development outbox.

const KEY = randomBytes(32).toString('hex');
const PROD_ENV = { NODE_ENV: 'production', HALL_PUBLIC_URL: 'https://gjj.example.gov.cn/', GJJ_SECRET_KEY: KEY } as const;

let dir: string;
// A development database with the demo (seeded once for the file).
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gjj-prod-'));
  writeFileSync(join(dir, 'home.html'), '<!doctype html><title>hall</title>');
  db = await prepareDatabase({ memory: true }, true);
});

afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('settingsFromEnv in production', () => {
  it('starts with a public https address and a secret key, without the demo data unless SEED_DEMO=1', () => {
    const settings = settingsFromEnv(PROD_ENV);
    expect(settings).toMatchObject({ production: true, seed: false, devRoutes: false, publicUrl: 'https://gjj.example.gov.cn' });
    expect(settings.secretKey?.toString('hex')).toBe(KEY);
    expect(startupWarnings(settings)).toEqual([]);
    // Outside production the demo stays on by default, the development calls off unless switched on.
    expect(settingsFromEnv({})).toMatchObject({ production: false, seed: true, devRoutes: false, publicUrl: undefined });
    expect(settingsFromEnv({ SEED_DEMO: '0', GJJ_DEV_ROUTES: '1' })).toMatchObject({ seed: false, devRoutes: true });
  });

  it('with SEED_DEMO=1 seeds the demo, and warns loudly at every start', () => {
    const settings = settingsFromEnv({ ...PROD_ENV, SEED_DEMO: '1' });
    expect(settings.seed).toBe(true);
    expect(startupWarnings(settings).join('\n')).toContain('警告：生产环境载入了演示数据（SEED_DEMO=1）');
  });

  it('refuses to start without HALL_PUBLIC_URL, or with one that is not https', () => {
    expect(() => settingsFromEnv({ ...PROD_ENV, HALL_PUBLIC_URL: undefined })).toThrow(PRODUCTION_MESSAGES.publicUrl);
    expect(() => settingsFromEnv({ ...PROD_ENV, HALL_PUBLIC_URL: 'http://gjj.example.gov.cn' })).toThrow(PRODUCTION_MESSAGES.publicUrlHttps);
    expect(() => settingsFromEnv({ ...PROD_ENV, HALL_PUBLIC_URL: 'https://gjj.example.gov.cn/?a=1' })).toThrow('HALL_PUBLIC_URL 必须是 http(s) 地址');
  });

  it('refuses to start without a secret key, or with the published development key', () => {
    expect(() => settingsFromEnv({ ...PROD_ENV, GJJ_SECRET_KEY: undefined })).toThrow(PRODUCTION_MESSAGES.secretKey);
    expect(() => settingsFromEnv({ ...PROD_ENV, GJJ_SECRET_KEY: DEVELOPMENT_SECRET_KEY.toString('hex') })).toThrow(
      PRODUCTION_MESSAGES.defaultSecret('GJJ_SECRET_KEY'),
    );
    expect(() => settingsFromEnv({ ...PROD_ENV, GJJ_SECRET_KEY: DEVELOPMENT_SECRET_KEY.toString('base64') })).toThrow('公开的默认值');
    const file = join(dir, 'dev.key');
    writeFileSync(file, DEVELOPMENT_SECRET_KEY.toString('hex'));
    expect(() => settingsFromEnv({ ...PROD_ENV, GJJ_SECRET_KEY: undefined, GJJ_SECRET_KEY_FILE: file })).toThrow(
      PRODUCTION_MESSAGES.defaultSecret('GJJ_SECRET_KEY_FILE'),
    );
    expect(() => settingsFromEnv({ ...PROD_ENV, GJJ_SECRET_KEY: 'secret' })).toThrow('GJJ_SECRET_KEY 必须是 32 字节的密钥');
  });

  it('refuses to start with the development calls or without fsync', () => {
    expect(() => settingsFromEnv({ ...PROD_ENV, GJJ_DEV_ROUTES: '1' })).toThrow(PRODUCTION_MESSAGES.devRoutes);
    expect(() => settingsFromEnv({ ...PROD_ENV, DB_UNSAFE_NO_FSYNC: '1' })).toThrow(PRODUCTION_MESSAGES.unsafeNoFsync);
    expect(() => settingsFromEnv({ SEED_DEMO: 'yes' })).toThrow('SEED_DEMO 只能是 0 或 1');
  });
});

describe('buildApp in production', () => {
  const shared = () => ({ db: { ...db, close: async () => {} } });

  it('refuses the development calls, a missing key or public address, and the development SMS sink', async () => {
    await expect(buildApp({ ...shared(), ...PRODUCTION, devRoutes: true })).rejects.toThrow(BUILD_PRODUCTION_MESSAGES.devRoutes);
    await expect(buildApp({ ...shared(), ...PRODUCTION, secretKey: undefined })).rejects.toThrow(BUILD_PRODUCTION_MESSAGES.secretKey);
    const before = process.env.HALL_PUBLIC_URL;
    delete process.env.HALL_PUBLIC_URL;
    try {
      await expect(buildApp({ ...shared(), ...PRODUCTION, publicUrl: undefined })).rejects.toThrow(BUILD_PRODUCTION_MESSAGES.publicUrl);
    } finally {
      if (before !== undefined) process.env.HALL_PUBLIC_URL = before;
    }
    const sink = createDevSmsGateway(createDevOutbox(db, () => new Date()), () => {});
    await expect(buildApp({ ...shared(), ...PRODUCTION, sms: sink })).rejects.toThrow(BUILD_PRODUCTION_MESSAGES.devSms);
  });

  it('sends no SMS without a gateway: 503, and nothing in the development outbox', async () => {
    const prod = await buildApp({ ...shared(), ...PRODUCTION });
    try {
      const [before] = await db.query<{ n: number }>('select count(*)::int as n from dev_outbox');
      await expect(prod.sms.send('13800138000', '123456')).rejects.toMatchObject({ statusCode: 503, message: '短信服务未配置，请联系管理员' });
      const [after] = await db.query<{ n: number }>('select count(*)::int as n from dev_outbox');
      expect(after?.n).toBe(before?.n);
      expect((await prod.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('the database a production start accepts', () => {
  it('refuses demo data it was not asked for, and the demo certificates whatever it was asked', async () => {
    await expect(checkProductionDatabase(db, false)).rejects.toThrow(PRODUCTION_MESSAGES.demoData);
    const serials = DEMO_CERTIFICATES.map((c) => c.serial).sort();
    await expect(checkProductionDatabase(db, true)).rejects.toThrow(PRODUCTION_MESSAGES.demoKeys(serials));
    // Revoked, they trust no one: then only SEED_DEMO decides.
    await db.query('update ca_certificate set revoked_at = now() where serial = any($1)', [serials]);
    try {
      await expect(checkProductionDatabase(db, true)).resolves.toBeUndefined();
    } finally {
      await db.query('update ca_certificate set revoked_at = null where serial = any($1)', [serials]);
    }
  });

  it('seeds, in production with SEED_DEMO=1, the demo logins but no certificate whose private key is published', async () => {
    const demo = await prepareDatabase({ memory: true }, true, { production: true });
    try {
      const [logins] = await demo.query<{ n: number }>('select count(*)::int as n from app_user where account = any($1)', [DEMO_LOGINS.map((u) => u.account)]);
      expect(logins?.n).toBe(DEMO_LOGINS.length);
      expect(await demo.query('select serial from ca_certificate')).toEqual([]);
      await expect(checkProductionDatabase(demo, true)).resolves.toBeUndefined();
      await expect(checkProductionDatabase(demo, false)).rejects.toThrow(PRODUCTION_MESSAGES.demoData);
    } finally {
      await demo.close();
    }
  });

  it('startServer: starts in production on a database without the demo, and refuses without a key', async () => {
    const settings: ServerSettings = { ...settingsFromEnv({ ...PROD_ENV, PORT: '0' }), target: { memory: true }, hallDir: dir };
    await expect(startServer({ ...settings, secretKey: undefined })).rejects.toThrow(PRODUCTION_MESSAGES.secretKey);
    const server = await startServer(settings);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await server.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect(server.app.publicUrl()).toBe('https://gjj.example.gov.cn');
    } finally {
      await server.app.close();
    }
  });
});

/** GET over a real connection with the given Host header; resolves with the body. */
function rawGet(port: number, path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
    });
    request.on('error', reject);
  });
}

function readQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data;
}

describe('links are built from the public address, never from the Host header', () => {
  const qrLink = async (app: FastifyInstance, request: (query: Record<string, string>) => Promise<string>) => {
    // The state (login type - 1) SM2-encrypted, as the hall sends it.
    const key = (await app.inject({ url: '/api/auth/v1/getPubleKey' })).json<{ data: string }>().data;
    const body = JSON.parse(await request({ state: sm2Encrypt('0', key) })) as { data: { codeImgBase64: string; codeId: string } };
    return { link: readQr(body.data.codeImgBase64), codeId: body.data.codeId };
  };

  it('in production: HALL_PUBLIC_URL, whatever Host the request names', async () => {
    const prod = await buildApp({ db: { ...db, close: async () => {} }, ...PRODUCTION });
    try {
      const { link, codeId } = await qrLink(prod, async (query) =>
        (await prod.inject({ url: '/api/auth/v1/qrcode/getQrCode', query, headers: { host: 'evil.example' } })).body,
      );
      expect(link).toBe(`https://gjj.example.gov.cn/home.html#/qrConfirm?codeId=${codeId}`);
    } finally {
      await prod.close();
    }
  });

  it('in development: the listening address, whatever Host the request names', async () => {
    const before = process.env.HALL_PUBLIC_URL;
    delete process.env.HALL_PUBLIC_URL;
    const dev = await buildApp({ db: { ...db, close: async () => {} } });
    try {
      await dev.listen({ port: 0, host: '127.0.0.1' });
      const address = dev.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      // A raw request, so that the Host header can name another site (DNS rebinding, a forgotten proxy setting).
      const { link, codeId } = await qrLink(dev, (query) => rawGet(port, `/api/auth/v1/qrcode/getQrCode?${new URLSearchParams(query)}`, 'evil.example'));
      expect(link).toBe(`http://127.0.0.1:${port}/home.html#/qrConfirm?codeId=${codeId}`);
      expect(dev.publicUrl()).toBe(`http://127.0.0.1:${port}`);
    } finally {
      if (before !== undefined) process.env.HALL_PUBLIC_URL = before;
      await dev.close();
    }
  });
});
