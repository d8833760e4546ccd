import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../test/support/postgres';
import { buildApp } from '../app';
import { openDatabase } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';

// Two server instances on one PostgreSQL (real connections, real concurrency): business numbers never repeat, and
// the restrictions hold when one applicant submits the same business many times at once through both.
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过办件的 PostgreSQL 测试：${unavailable}`);

const ZHZH = '/api/izfgjj-zhfw/v1';

describe.skipIf(!!unavailable)('applications on PostgreSQL, two instances', () => {
  let pg: TestPostgres;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let token = '';

  beforeAll(async () => {
    pg = await startPostgres();
    const db1 = await prepareDatabase({ databaseUrl: pg.url }, true);
    const db2 = await openDatabase({ databaseUrl: pg.url });
    one = await buildApp({ db: db1 });
    two = await buildApp({ db: db2 });
    token = await signIn(one, '110101199003072316');
  }, 120_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await pg?.stop();
  });

  it('hand out different business numbers to a hundred requests at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? one : two).inject({ url: `${ZHZH}/id/getYthptYwbh?ywlx=TQ0101`, headers: { token } })),
    );
    const numbers = answers.map((r) => r.json<{ data: string }>().data);
    expect(numbers.every((n) => /^TQ0101\d{16}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(100);
  });

  it('let one of twelve simultaneous withdrawal submissions through, and refuse the others with the restriction', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? one : two).inject({ method: 'POST', url: `${ZHZH}/ywsq/submit`, headers: { token }, payload: { ywlx: i % 3 ? 'TQ0102' : 'TQ0199', payload: { i } } }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(11).fill(409)]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json<{ msg: string }>().msg).toMatch(/^您已有一笔提取业务正在办理/);
  });
});
