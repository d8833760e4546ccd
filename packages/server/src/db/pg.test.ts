import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../test/support/postgres';
import { buildApp } from '../app';
import { prepareDatabase } from '../start';
import { openDatabase } from './db';
import { migrate } from './migrate';
import { DEMO_LOGINS } from '../seed/demo';

// The DATABASE_URL path on a real PostgreSQL server, through the real `pg` driver.
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过 PostgreSQL 测试：${unavailable}`);

describe.skipIf(!!unavailable)('on PostgreSQL (DATABASE_URL)', () => {
  let pg: TestPostgres;
  let app: FastifyInstance;

  beforeAll(async () => {
    pg = await startPostgres();
    app = await buildApp({ db: await prepareDatabase({ databaseUrl: pg.url }, true) });
  });

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
  });

  it('migrates, seeds and answers the rate lists exactly as on PGlite', async () => {
    const res = await app.inject({ url: '/api/izfgjj-zhfw/v1/hkjh/getGjjDkzxll' });
    expect(res.json<{ data: Array<{ llmc: string; zxll: number; sxrq: string }> }>().data.map((r) => [r.llmc, r.zxll, r.sxrq])).toEqual([
      ['01', 2.1, '2025-05-08'],
      ['02', 2.6, '2025-05-08'],
      ['71', 2.525, '2025-05-08'],
      ['72', 3.075, '2025-05-08'],
    ]);
    expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ data: { db: 'pg' } });
  });

  it('a second instance starting on the same database applies nothing twice', async () => {
    const db = await openDatabase({ databaseUrl: pg.url });
    try {
      expect(await migrate(db)).toEqual([]);
      // The demo logins once each (other seed steps add logins of their own).
      const [row] = await db.query<{ n: number }>('select count(*)::int as n from app_user where account = any($1)', [DEMO_LOGINS.map((u) => u.account)]);
      expect(row?.n).toBe(5);
    } finally {
      await db.close();
    }
  });

  it('rolls a failed transaction back', async () => {
    const db = await openDatabase({ databaseUrl: pg.url });
    try {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`update app_user set display_name = 'x' where account = $1`, ['100200300001']);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const [row] = await db.query<{ display_name: string }>('select display_name from app_user where account = $1', ['100200300001']);
      expect(row?.display_name).toBe('示例科技有限公司');
    } finally {
      await db.close();
    }
  });
});

describe('opening a PostgreSQL that is not there', () => {
  it('fails at start-up with the driver reason', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://gjj@127.0.0.1:9/none' })).rejects.toThrow(/ECONNREFUSED/);
  });
});
