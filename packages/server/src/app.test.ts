import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, hallCsp, parseFrameAncestors } from './app';
import type { Db } from './db/db';
import { DEV_GOV_PLATFORM_URL } from './routes/sso';
import { prepareDatabase, settingsFromEnv } from './start';
import { PRODUCTION } from './test-support/production';

// One in-memory PGlite for the whole file (it takes seconds and hundreds of MB to create).
let db: Db;
let app: FastifyInstance;
let hallDir: string;
let today = '2026-11-22';

const RATES = '/api/izfgjj-zhfw/v1/llgl/getDkllList';
const GJJ_RATES = '/api/izfgjj-zhfw/v1/hkjh/getGjjDkzxll';

beforeAll(async () => {
  hallDir = mkdtempSync(join(tmpdir(), 'gjj-hall-'));
  mkdirSync(join(hallDir, 'assets'));
  writeFileSync(join(hallDir, 'home.html'), '<!doctype html><title>hall</title>');
  writeFileSync(join(hallDir, 'assets', 'a-123.js'), 'export {}');
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, hallDir, now: () => new Date(`${today}T08:00:00+08:00`) });
});

afterAll(async () => {
  await app.close();
  rmSync(hallDir, { recursive: true, force: true });
});

describe('rate lists (spec 7.1)', () => {
  it('answers the commercial rates in force, codes 21-24, with their effective date', async () => {
    const res = await app.inject({ url: `${RATES}?lllx=03` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      msg: '操作成功',
      data: [
        { llmc: '21', zxll: 3, sxrq: '2025-05-20', llsm: '首套住房，贷款期限五年以下（含五年）' },
        { llmc: '22', zxll: 3.5, sxrq: '2025-05-20', llsm: '首套住房，贷款期限五年以上' },
        { llmc: '23', zxll: 3, sxrq: '2025-05-20', llsm: '第二套住房，贷款期限五年以下（含五年）' },
        { llmc: '24', zxll: 3.5, sxrq: '2025-05-20', llsm: '第二套住房，贷款期限五年以上' },
      ],
    });
  });

  it('answers the provident fund rates in force from 2025-05-08', async () => {
    const res = await app.inject({ url: GJJ_RATES });
    const body = res.json<{ code: number; data: Array<{ llmc: string; zxll: number; sxrq: string }> }>();
    expect(body.code).toBe(0);
    expect(body.data.map((r) => [r.llmc, r.zxll, r.sxrq])).toEqual([
      ['01', 2.1, '2025-05-08'],
      ['02', 2.6, '2025-05-08'],
      ['71', 2.525, '2025-05-08'],
      ['72', 3.075, '2025-05-08'],
    ]);
  });

  it('takes the rate in force on the centre date, not the newest row', async () => {
    today = '2025-05-07';
    try {
      const body = (await app.inject({ url: GJJ_RATES })).json<{ data: Array<{ llmc: string; zxll: number }> }>();
      expect(body.data.find((r) => r.llmc === '02')?.zxll).toBe(2.85);
    } finally {
      today = '2026-11-22';
    }
  });

  it('answers a missing or wrong lllx with 400 and a Chinese message', async () => {
    const missing = await app.inject({ url: RATES });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 400, msg: '请选择利率类型', data: null });

    const wrong = await app.inject({ url: `${RATES}?lllx=99` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 400, msg: '利率类型不正确：商业贷款利率的类型为 03' });
  });
});

describe('envelope and errors', () => {
  it('answers an unknown API path with 404 and the catalogue message', async () => {
    const res = await app.inject({ url: '/api/izfgjj-zhfw/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '该服务暂不可用，请稍后再试或拨打 12329 咨询', data: null });
  });

  it('sends a browser asking for an unknown page to the hall 404', async () => {
    const res = await app.inject({ url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/home.html#/404');
  });

  it('reports health with the database kind', async () => {
    expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ code: 0, data: { status: 'up', db: 'pglite' } });
  });
});

describe('the hall', () => {
  it('redirects / to /home.html', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/home.html');
  });

  it('serves home.html uncached under a strict CSP, and hashed assets as immutable', async () => {
    const page = await app.inject({ url: '/home.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/a-123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});

describe('who may frame the hall (CSP frame-ancestors)', () => {
  const ancestors = async (target = app) => {
    const csp = String((await target.inject({ url: '/home.html' })).headers['content-security-policy']);
    return csp.match(/frame-ancestors ([^;]*)$/)?.[1]?.split(' ');
  };

  it('lets the hall itself and the configured government platform frame it, and no other site', async () => {
    expect(await ancestors()).toEqual(["'self'", new URL(DEV_GOV_PLATFORM_URL).origin]);
    expect(await ancestors()).not.toContain('https://evil.example');
    expect(String((await app.inject({ url: '/home.html' })).headers['content-security-policy'])).not.toContain('*');
  });

  it('follows the platform development points the hall to', async () => {
    const set = (url: string) => app.inject({ method: 'POST', url: '/dev/gov-platform', payload: { url } });
    try {
      expect((await set('http://127.0.0.1:9555/sso/login?x=1')).statusCode).toBe(200);
      expect(await ancestors()).toEqual(["'self'", 'http://127.0.0.1:9555']);
    } finally {
      await set(DEV_GOV_PLATFORM_URL);
    }
  });

  it('adds the origins of HALL_FRAME_ANCESTORS, and only HTML pages carry the hall\'s policy', async () => {
    const portal = await buildApp({ db: { ...db, close: async () => {} }, hallDir, frameAncestors: ['https://portal.example.gov.cn'] });
    try {
      expect(await ancestors(portal)).toEqual(["'self'", 'http://127.0.0.1:8091', 'https://portal.example.gov.cn']);
      // An API answer carries its own policy (issue 18, item 12): nothing runs in it and nothing frames it.
      expect((await portal.inject({ url: GJJ_RATES })).headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    } finally {
      await portal.close();
    }
    await expect(buildApp({ db: { ...db, close: async () => {} }, frameAncestors: ['*'] })).rejects.toThrow('HALL_FRAME_ANCESTORS');
  });

  it('in production without a platform, only GOV_PLATFORM_URL and HALL_FRAME_ANCESTORS', async () => {
    const before = process.env.GOV_PLATFORM_URL;
    const prod = await buildApp({ db: { ...db, close: async () => {} }, hallDir, ...PRODUCTION });
    try {
      delete process.env.GOV_PLATFORM_URL;
      expect(await ancestors(prod)).toEqual(["'self'"]);
      process.env.GOV_PLATFORM_URL = 'https://zwfw.example.gov.cn/sso/login';
      expect(await ancestors(prod)).toEqual(["'self'", 'https://zwfw.example.gov.cn']);
      process.env.GOV_PLATFORM_URL = 'not a url';
      expect(await ancestors(prod)).toEqual(["'self'"]);
    } finally {
      if (before === undefined) delete process.env.GOV_PLATFORM_URL;
      else process.env.GOV_PLATFORM_URL = before;
      await prod.close();
    }
  });

  it('reads HALL_FRAME_ANCESTORS as space-separated origins and stops the start on anything else', () => {
    expect(parseFrameAncestors(' https://a.example.gov.cn  http://127.0.0.1:9000 ')).toEqual(['https://a.example.gov.cn', 'http://127.0.0.1:9000']);
    expect(parseFrameAncestors(undefined)).toEqual([]);
    for (const bad of ['*', "'self'", 'https://*.example.gov.cn', 'https://a.example/path', 'https://a.example/', 'HTTPS://A.EXAMPLE', 'javascript:alert(1)', 'a.example', 'https://a.example;script-src']) {
      expect(() => parseFrameAncestors(bad), bad).toThrow(`不能是 ${bad}`);
    }
    expect(settingsFromEnv({ HALL_FRAME_ANCESTORS: 'https://portal.example.gov.cn' }).frameAncestors).toEqual(['https://portal.example.gov.cn']);
    expect(() => settingsFromEnv({ HALL_FRAME_ANCESTORS: 'https://portal.example.gov.cn/' })).toThrow('HALL_FRAME_ANCESTORS');
    expect(hallCsp(['https://b.example', 'https://b.example'])).toMatch(/; frame-ancestors 'self' https:\/\/b\.example$/);
  });
});

describe('CORS', () => {
  it('allows loopback origins outside production and refuses others', async () => {
    const local = await app.inject({ url: GJJ_RATES, headers: { origin: 'http://localhost:5173' } });
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const foreign = await app.inject({ url: GJJ_RATES, headers: { origin: 'https://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the configured origins', async () => {
    const bankApp = await buildApp({ db: await prepareDatabase({ memory: true }, false), corsOrigins: ['https://bank.example'] });
    try {
      const ok = await bankApp.inject({ url: GJJ_RATES, headers: { origin: 'https://bank.example' } });
      expect(ok.headers['access-control-allow-origin']).toBe('https://bank.example');
      const near = await bankApp.inject({ url: GJJ_RATES, headers: { origin: 'https://bank.example.evil.test' } });
      expect(near.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await bankApp.close();
    }
  });
});
