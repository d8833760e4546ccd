import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../test/support/postgres';
import { buildApp } from '../app';
import type { Db, Queryable } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { accountFigures } from '../records';

// 个人账户信息 on a real PostgreSQL: the demo data answered as on PGlite, and the journal figures read through the
// journal's (account_no, value_date, id) index when the journal is large (2,000 accounts × 120 months), never a scan.
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过 PostgreSQL 上的个人账户信息测试：${unavailable}`);

describe.skipIf(!!unavailable)('个人账户信息 on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    pg = await startPostgres();
    db = await prepareDatabase({ databaseUrl: pg.url }, true);
    app = await buildApp({ db, now: () => new Date('2026-11-26T02:00:00Z') });
    // A large journal beside the demo's: 2,000 accounts with ten years of monthly remittances each, set-based.
    await db.exec(`
      insert into personal_account (grzh, zjhm, xingming, kind, khrq, interest_settled_to, balance_fen, last_value_date)
      select '2099' || lpad(n::text, 8, '0'), '1101011990' || lpad(n::text, 8, '0'), '测试' || n, 'gr', date '2016-01-01', date '2016-01-01', 120 * 100000, date '2026-12-10'
        from generate_series(1, 2000) as n;
      insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, period, balance_after_fen)
      select '2099' || lpad(n::text, 8, '0'), 'C100', 100000, '01', 'PGHJ' || to_char(m, 'YYYYMM'), n, (m + interval '9 days')::date, to_char(m, 'YYYYMM'),
             100000 * (1 + extract(month from age(m, date '2017-01-01'))::int + 12 * extract(year from age(m, date '2017-01-01'))::int)
        from generate_series(1, 2000) as n cross join generate_series(date '2017-01-01', date '2026-12-01', interval '1 month') as m;
      analyze personal_account;
      analyze journal_entry;`);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await pg?.stop();
  });

  it('张三’s two accounts answer as on PGlite', async () => {
    const token = await signIn(app, '110101199003072316');
    const res = await app.inject({ url: '/api/izfgjj-zhfw/v1/grzhxx/list', headers: { token } });
    const { accounts } = res.json<{ data: { accounts: Array<Record<string, unknown>> } }>().data;
    expect(accounts.map((a) => [a.grzh, a.grzhye, a.yjce, a.hjny])).toEqual([
      ['201000000101', '86542.35', '3694.00', '202610'],
      ['201000000188', '12800.00', '1158.00', '202610'],
    ]);
  });

  it('the figures of a synthetic account: twelve remittances this year, the last month, no interest', async () => {
    const [f] = await accountFigures(db, ['209900000777'], 2026);
    expect(f).toEqual({
      grzh: '209900000777',
      lastPeriod: '202612',
      yearDepositsFen: 1_200_000n,
      yearInterestFen: 0n,
      lastMovement: { valueDate: '2026-12-10', kind: '01', amountFen: 100_000n },
    });
  });

  it('reads the journal through its index, not by scanning it', async () => {
    let plan = '';
    const explaining: Queryable = {
      query: async <T>(sql: string, params?: unknown[]) => {
        const rows = await db.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, buffers, format json) ${sql}`, params);
        plan = JSON.stringify(rows[0]!['QUERY PLAN']);
        return [] as T[];
      },
      exec: (sql: string) => db.exec(sql),
    };
    await accountFigures(explaining, ['209900000777', '209900001500', '201000000101'], 2026);
    expect(plan).toContain('journal_entry_account');
    expect(plan).not.toMatch(/Seq Scan[^}]*"Relation Name":"journal_entry"/);
    // Pages read: a few per account (the year's twelve rows and the index levels), nowhere near the journal's size.
    const buffers = [...plan.matchAll(/"Shared Hit Blocks":(\d+)/g)].map((m) => Number(m[1]));
    const [size] = await db.query<{ pages: string }>(`select relpages::text as pages from pg_class where relname = 'journal_entry'`);
    expect(Math.max(...buffers)).toBeLessThan(Number(size!.pages) / 10);
  });
});
