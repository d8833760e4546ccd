import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, loadStaticFiles, pickEncoding, REVALIDATE, serveStaticFiles } from './static-files';

const SCRIPT = `export const words = ${JSON.stringify('住房公积金网上业务大厅'.repeat(200))};\n`;
let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gjj-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'home.html'), '<!doctype html><title>大厅</title>');
  writeFileSync(join(root, 'assets', 'home-abc.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'home-abc.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(root, 'assets', 'home-abc.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(root, 'assets', 'home-abc.js.map'), '{"version":3}');
  app = Fastify();
  serveStaticFiles(app, loadStaticFiles(root, (path) => path.endsWith('.map')));
  app.get('/api/ping', async () => ({ ok: true }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('pickEncoding', () => {
  it('takes brotli where the browser accepts it, gzip otherwise, the file as it is when neither', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('gzip, deflate', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('deflate', ['br', 'gzip'])).toBeNull();
    expect(pickEncoding(undefined, ['br', 'gzip'])).toBeNull();
    expect(pickEncoding('br', ['gzip'])).toBeNull();
  });

  it('follows q-values: q=0 refuses, a higher q wins, * stands for both', () => {
    expect(pickEncoding('br;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('*;q=0, identity', ['br', 'gzip'])).toBeNull();
  });
});

describe('the hall files from memory', () => {
  it('answers brotli, gzip or plain bytes by Accept-Encoding, with Vary and an ETag per encoding', async () => {
    const br = await app.inject({ url: '/assets/home-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await app.inject({ url: '/assets/home-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ url: '/assets/home-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('keeps hashed files for a year and has home.html revalidated; a matching ETag answers 304 without a body', async () => {
    const asset = await app.inject({ url: '/assets/home-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    const page = await app.inject({ url: '/home.html' });
    expect(page.headers['cache-control']).toBe(REVALIDATE);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const again = await app.inject({ url: '/home.html', headers: { 'if-none-match': String(page.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The brotli ETag does not validate the plain file.
    const other = await app.inject({ url: '/assets/home-abc.js', headers: { 'if-none-match': String(asset.headers.etag) } });
    expect(other.statusCode).toBe(200);
  });

  it('ignores the query, answers HEAD, and leaves unknown and left-out paths to the not-found handler', async () => {
    expect((await app.inject({ url: '/home.html?v=1' })).statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: '/home.html' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const url of ['/assets/home-abc.js.map', '/assets/nothing.js', '/assets/home-abc.js.br', '/HOME.HTML']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await app.inject({ method: 'POST', url: '/home.html' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/ping' })).json()).toEqual({ ok: true });
  });
});
