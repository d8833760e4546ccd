import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db, Queryable } from '../db/db';
import { prepareDatabase } from '../start';
import { PUBLIC_CACHE_CONTROL } from './public-cache';

// Issue 35 item 2: public reads answered from memory with an ETag, until the centre changes the data.

let inner: Db;
let app: FastifyInstance;
let queries = 0;
const RATES = '/api/izfgjj-zhfw/v1/llgl/getDkllList?lllx=03';
const PROVIDENT = '/api/izfgjj-zhfw/v1/hkjh/getGjjDkzxll';
const POLICIES = '/api/izfgjj-zhfw/v1/zcxx/getList?pageNum=1&pageSize=10';

beforeAll(async () => {
  inner = await prepareDatabase({ memory: true }, true);
  // The database, counting the statements the server sends (it still hears the changes, through listen).
  const wrap = (q: Queryable): Queryable => ({ query: (sql, p) => ((queries += 1), q.query(sql, p)), exec: (sql) => q.exec(sql) });
  const db: Db = { kind: inner.kind, ...wrap(inner), transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))), listen: inner.listen!, close: () => inner.close() };
  app = await buildApp({ db, now: () => new Date('2026-11-26T09:00:00+08:00') });
});
afterAll(() => app.close());

describe('a public read', () => {
  it('is answered from memory the second time, with an ETag and a Cache-Control a CDN can use', async () => {
    const first = await app.inject({ url: RATES });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    queries = 0;
    const again = await app.inject({ url: RATES });
    expect(queries).toBe(0);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.json().data.length).toBeGreaterThan(0);
  });

  it('answers 304 without a body to the ETag it gave', async () => {
    const first = await app.inject({ url: POLICIES });
    const etag = String(first.headers.etag);
    const same = await app.inject({ url: POLICIES, headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect((await app.inject({ url: POLICIES, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  it('is compressed once and answered compressed to a client that accepts it', async () => {
    const res = await app.inject({ url: '/api/izfgjj-zhfw/v1/zcxx/getSummary', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    if (res.rawPayload.length >= 1024) expect(res.headers['content-encoding']).toBe('br');
  });

  it('changes at the next request after the centre changes the data, whatever program changed it', async () => {
    const before = await app.inject({ url: PROVIDENT });
    const policiesBefore = await app.inject({ url: POLICIES });
    await inner.query(
      `insert into loan_rate (category, code, description, rate, effective_date) values ('provident', '01', '五年以下（含五年）', 2.5, '2026-11-20')`,
    );
    const after = await app.inject({ url: PROVIDENT });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data.find((r: { llmc: string }) => r.llmc === '01')).toMatchObject({ zxll: 2.5, sxrq: '2026-11-20' });
    // Another topic's answers stay.
    queries = 0;
    expect((await app.inject({ url: POLICIES })).headers.etag).toBe(policiesBefore.headers.etag);
    expect(queries).toBe(0);
    await inner.query(`update policy set title = title || '（修订）' where id = (select min(id) from policy where status = 'published')`);
    expect((await app.inject({ url: POLICIES })).headers.etag).not.toBe(policiesBefore.headers.etag);
  });

  it('is never kept by a cache when asked with a session', async () => {
    const res = await app.inject({ url: RATES, headers: { token: 'f'.repeat(64) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the calculator', () => {
  const CALC = '/api/izfgjj-zhfw/v1/hkjh/gjjsdcs?htdkje=500000&dkqs=360&dkffrq=2026-12-01&dkhkfs=01&sdll=3.05&gjjll=2.85&sfstf=0';

  it('answers identical inputs with the same bytes, compressed once, as the client accepts', async () => {
    const plain = await app.inject({ url: CALC, remoteAddress: '10.35.0.1' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.gjjHkjhList).toHaveLength(360);
    const br = await app.inject({ url: CALC, remoteAddress: '10.35.0.1', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const again = await app.inject({ url: CALC, remoteAddress: '10.35.0.1', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await app.inject({ url: CALC, remoteAddress: '10.35.0.1', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const other = await app.inject({ url: CALC.replace('500000', '600000'), remoteAddress: '10.35.0.1' });
    expect(other.json().data.gjjYhke).not.toBe(plain.json().data.gjjYhke);
  });
});
