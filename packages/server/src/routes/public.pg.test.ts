import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../test/support/postgres';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { freshIp } from '../test-support/login';

// Idempotent submissions and reference numbers on a real PostgreSQL server, where requests really run at the same
// time on several connections (PGlite has one).
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过 PostgreSQL 测试：${unavailable}`);

const P = '/api/izfgjj-zhfw/v1';

describe.skipIf(!!unavailable)('public submissions on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    pg = await startPostgres();
    db = await prepareDatabase({ databaseUrl: pg.url }, true);
    app = await buildApp({ db, now: () => new Date('2026-11-24T10:00:00+08:00') });
  });

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
  });

  // A key belongs to one client (issue 18, item 17): keyed submissions come from one address, the others each from
  // an address of its own so that the per-address limit plays no part.
  const visitor = freshIp();
  const add = (nr: string, key?: string) =>
    app.inject({
      method: 'POST',
      url: `${P}/tsjy/add`,
      remoteAddress: key ? visitor : freshIp(),
      headers: key ? { 'idempotency-key': key } : {},
      payload: { tslx: '02', zrbm: '05', nr },
    });

  it('eight concurrent submissions with one key store one complaint and all answer its number', async () => {
    const nr = '同一键并发提交八次，只保存一条。';
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(nr, 'pg-concurrent-key-1')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const numbers = new Set(answers.map((a) => a.json<{ data: { sqbh: string } }>().data.sqbh));
    expect(numbers.size).toBe(1);
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from complaint where content = $1', [nr]);
    expect(row?.n).toBe(1);
  });

  it('eight concurrent submissions without a key get eight consecutive numbers', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => add(`不带键的并发提交第 ${i + 1} 条。`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const numbers = answers.map((a) => a.json<{ data: { sqbh: string } }>().data.sqbh).sort();
    // The keyed test above took 000001.
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `TS20261124${String(i + 2).padStart(6, '0')}`));
  });

  it('200 concurrent submissions on several connections get 200 distinct, consecutive numbers, and all are kept', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => add(`两百条并发提交之第 ${i + 1} 条。`)));
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    const numbers = answers.map((a) => a.json<{ data: { sqbh: string } }>().data.sqbh).sort();
    // The two tests above took 000001 to 000009.
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => `TS20261124${String(i + 10).padStart(6, '0')}`));
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from complaint where content like '两百条并发提交之第%'`);
    expect(row?.n).toBe(200);
  });
});
