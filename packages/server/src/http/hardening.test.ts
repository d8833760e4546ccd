import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { PUBLIC_CACHE_CONTROL } from './public-cache';

// Issue 18, items 12 (security and cache headers), 13 (no source maps in production) and 14 (slow requests cut off,
// Node's own refusals in Chinese). Only the API of before the issue is imported, so the file runs on the old code too.

let db: Db;
let app: FastifyInstance;
let hallDir: string;

const P = '/api/izfgjj-zhfw/v1';
// A public API answer without a cache rule of its own (the rates have one since issue 35: see below).
const API = `${P}/tsjy/getTypes`;
const RATES = `${P}/hkjh/getGjjDkzxll`;
const NONE_CSP = "default-src 'none'; frame-ancestors 'none'";
/** The key that sealed this database's SM2 key (development's); absent before the issue, when nothing was sealed. */
let devKey: Uint8Array | undefined;
/** A production app on the same database, with what production requires (AppOptions secretKey, publicUrl). */
const production = () =>
  buildApp({
    db: { ...db, close: async () => {} },
    hallDir,
    production: true,
    publicUrl: 'https://gjj.example.gov.cn',
    secretKey: devKey,
  } as Parameters<typeof buildApp>[0]);

beforeAll(async () => {
  hallDir = mkdtempSync(join(tmpdir(), 'gjj-hard-'));
  mkdirSync(join(hallDir, 'assets'));
  writeFileSync(join(hallDir, 'home.html'), '<!doctype html><title>hall</title>');
  writeFileSync(join(hallDir, 'assets', 'index-abc.js'), 'export {};\n//# sourceMappingURL=index-abc.js.map\n');
  writeFileSync(join(hallDir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["../src/main.tsx"],"sourcesContent":["secret"]}');
  devKey = await import('../auth/secrets').then(
    (m: { DEVELOPMENT_SECRET_KEY: Uint8Array }) => m.DEVELOPMENT_SECRET_KEY,
    () => undefined,
  );
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, hallDir });
});

afterAll(async () => {
  await app.close();
  rmSync(hallDir, { recursive: true, force: true });
});

describe('security headers on every answer (item 12)', () => {
  const common = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  };

  it('an API answer: no-store, a policy that runs and frames nothing, X-Frame-Options DENY', async () => {
    for (const res of [
      await app.inject({ url: API }),
      await app.inject({ url: `${P}/nothing` }),
      await app.inject({ url: `${P}/llgl/getDkllList` }),
    ]) {
      common(res.headers);
      expect(res.headers['cache-control'], res.body).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe(NONE_CSP);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('a public answer the centre publishes for everyone (issue 35): its own cache rule, with the API policy and DENY', async () => {
    const res = await app.inject({ url: RATES });
    common(res.headers);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.headers['content-security-policy']).toBe(NONE_CSP);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect((await app.inject({ url: RATES, headers: { token: 'f'.repeat(64) } })).headers['cache-control']).toBe('no-store');
  });

  it('personal data: every answer to a request with a session is no-store, whatever the route says', async () => {
    const token = await signIn(app, '110101199003072316');
    const info = await app.inject({ url: '/api/auth/v1/getUserInfo', headers: { token } });
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    // A public poster may be cached, but not when asked for with a session.
    const [video] = await db.query<{ id: string }>('select id::text as id from guide_video order by id limit 1');
    const url = `${P}/czsp/poster?id=${video?.id}`;
    expect((await app.inject({ url })).headers['cache-control']).toBe('public, max-age=3600');
    expect((await app.inject({ url, headers: { token } })).headers['cache-control']).toBe('no-store');
    // A sign-in answer carries a token: never cached.
    expect((await app.inject({ method: 'POST', url: '/api/auth/v1/auth/token/logout', headers: { token } })).headers['cache-control']).toBe('no-store');
  });

  it('the hall page: its own CSP, Cross-Origin-Opener-Policy, and revalidated rather than stored', async () => {
    const page = await app.inject({ url: '/home.html' });
    common(page.headers);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain('frame-ancestors');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['cache-control']).toBe('no-cache');
    // Development lets the simulated government platform frame the hall: no X-Frame-Options to contradict it.
    expect(page.headers['x-frame-options']).toBeUndefined();
    const asset = await app.inject({ url: '/assets/index-abc.js' });
    common(asset.headers);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('a 304 of the hall page adds nothing that would replace the policy or cache rule of the page the browser keeps', async () => {
    const page = await app.inject({ url: '/home.html' });
    const again = await app.inject({ url: '/home.html', headers: { 'if-none-match': String(page.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers['x-frame-options']).toBeUndefined();
    expect(again.headers['cache-control']).not.toBe('no-store');
  });

  it('in production over https: Strict-Transport-Security, and X-Frame-Options where no other site may frame', async () => {
    const before = process.env.GOV_PLATFORM_URL;
    delete process.env.GOV_PLATFORM_URL;
    const prod = await production();
    try {
      const page = await prod.inject({ url: '/home.html' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
      const api = await prod.inject({ url: API });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(api.headers['cache-control']).toBe('no-store');
    } finally {
      if (before !== undefined) process.env.GOV_PLATFORM_URL = before;
      await prod.close();
    }
  });
});

describe('source maps (item 13)', () => {
  it('are served in development, and not in production', async () => {
    expect((await app.inject({ url: '/assets/index-abc.js.map' })).statusCode).toBe(200);
    const server = await production();
    try {
      expect((await server.inject({ url: '/assets/index-abc.js' })).statusCode).toBe(200);
      for (const url of ['/assets/index-abc.js.map', '/assets/INDEX-ABC.JS.MAP', '/assets/index-abc.js.map?x=1']) {
        const res = await server.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('sourcesContent');
      }
    } finally {
      await server.close();
    }
  });
});

/** Writes `head` on a raw connection, then calls `more(socket)`; resolves with all that came back and when it closed. */
function rawExchange(port: number, head: string, more: (write: (text: string) => boolean) => void = () => {}) {
  return new Promise<{ text: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('connect', () => {
      socket.write(head);
      more((chunk) => !socket.destroyed && socket.write(chunk));
    });
  });
}

const parse = (text: string) => {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: JSON.parse(body) as unknown };
};

describe('slow and oversized requests (item 14)', () => {
  let slow: FastifyInstance;
  let port = 0;
  const REQUEST_MS = 1500;

  beforeAll(async () => {
    slow = await buildApp({
      db: { ...db, close: async () => {} },
      timeouts: { requestMs: REQUEST_MS, headersMs: 1000, checkIntervalMs: 100 },
    } as Parameters<typeof buildApp>[0]);
    slow.post(
      '/echo',
      // Described like every route (the answer check of contract.ts reads the document under test).
      { schema: { summary: '回显（测试用）', response: { 200: { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: {} } } } } },
      async (request) => ({ code: 0, msg: 'ok', data: request.body }),
    );
    await slow.listen({ port: 0, host: '127.0.0.1' });
    const address = slow.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(() => slow.close());

  it('a body that trickles in is cut off with 408 and a Chinese body once the request time is up', async () => {
    const length = 400;
    let timer: NodeJS.Timeout | undefined;
    const { text, ms } = await rawExchange(
      port,
      `POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{"a":"`,
      (write) => {
        // One byte every 100 ms: the whole body would take 40 s.
        timer = setInterval(() => write('x') || clearInterval(timer), 100);
      },
    );
    clearInterval(timer);
    const answer = parse(text);
    expect(answer.status, text).toBe(408);
    expect(answer.head).toContain('content-type: application/json; charset=utf-8');
    expect(answer.body).toEqual({ code: 408, msg: '请求超时：请求内容未能及时发送完毕，请检查网络后重试', data: null });
    // Cut off after the limit, far sooner than the trickle would end (generous: the machine may be busy).
    expect(ms).toBeGreaterThanOrEqual(REQUEST_MS - 200);
    expect(ms).toBeLessThan(15_000);
  });

  it('headers that trickle in are cut off too', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { text, ms } = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', (write) => {
      timer = setInterval(() => write('X-A: b\r\n') || clearInterval(timer), 100);
    });
    clearInterval(timer);
    expect(parse(text)).toMatchObject({ status: 408, body: { code: 408 } });
    expect(ms).toBeLessThan(15_000);
  });

  it('an oversized header gets 431 with a Chinese body, like every other error', async () => {
    const { text } = await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a=${'x'.repeat(20_000)}\r\n\r\n`);
    const answer = parse(text);
    expect(answer.status, text.slice(0, 200)).toBe(431);
    expect(answer.body).toEqual({ code: 431, msg: '请求头过大：请清除本站的 Cookie 后重试', data: null });
  });

  it('a kept-alive connection idle between requests is not cut off by the request limit', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { text } = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', (write) => {
      // Longer than the 1.5 s request limit, far shorter than the keep-alive time (72 s).
      timer = setTimeout(() => write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'), REQUEST_MS + 1000);
    });
    clearTimeout(timer);
    expect(text.match(/HTTP\/1\.1 200 OK/g), text).toHaveLength(2);
  });

  it('a request in time is answered as usual', async () => {
    const body = JSON.stringify({ a: '公积金' });
    const { text } = await rawExchange(
      port,
      `POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(parse(text)).toMatchObject({ status: 200, body: { code: 0, data: { a: '公积金' } } });
  });
});
