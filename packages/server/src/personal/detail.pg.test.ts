import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../test/support/postgres';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { grantSecondCheck } from '../test-support/two-check';
import { yuanToFen } from '../records';

// 个人明细查询 on a real PostgreSQL (docs/api-personal.md): the keyset pages and the summary as on PGlite, and the
// page read through the journal's index, not by sorting the account's rows.
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过 PostgreSQL 上的个人明细测试：${unavailable}`);

describe.skipIf(!!unavailable)('个人明细 on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Db;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    pg = await startPostgres();
    db = await prepareDatabase({ databaseUrl: pg.url }, true);
    app = await buildApp({ db, now: () => new Date('2026-11-26T02:00:00Z') });
    token = await signIn(app, '110101199003072316');
    await grantSecondCheck(app, db, token, '110101199003072316', '/grwt/zhxx/zhcx/grmxcx');
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await pg?.stop();
  });

  it('pages by keyset through every row once, the summary equal to the rows, each page an index range scan', async () => {
    const range = 'grzh=201000000101&startTime=2015-01-01&endTime=2026-11-26&pageSize=20';
    const ids: string[] = [];
    let income = 0n;
    let outgo = 0n;
    type Summary = { count: number; income: string; outgo: string; opening: string; closing: string };
    type Page = { list: Array<{ id: string; srje: string; zcje: string }>; next: string | null; summary: Summary | null };
    let summary: Summary | null = null;
    let after = '';
    for (;;) {
      const res = await app.inject({ url: `/api/izfgjj-zhfw/v1/grmx/list?${range}${after ? `&after=${after}` : ''}`, headers: { token } });
      expect(res.statusCode).toBe(200);
      const data: Page = res.json<{ data: Page }>().data;
      summary ??= data.summary;
      for (const r of data.list) {
        ids.push(r.id);
        income += r.srje ? yuanToFen(r.srje) : 0n;
        outgo += r.zcje ? yuanToFen(r.zcje) : 0n;
      }
      if (!data.next) break;
      after = data.next;
    }
    const [{ n }] = (await db.query<{ n: number }>("select count(*)::int as n from journal_entry where account_no = '201000000101'")) as [{ n: number }];
    expect(new Set(ids).size).toBe(n);
    expect(summary).toMatchObject({ count: n, opening: '0.00', closing: '86542.35' });
    expect(yuanToFen(summary!.income)).toBe(income);
    expect(yuanToFen(summary!.outgo)).toBe(outgo);
    expect(income + outgo).toBe(yuanToFen('86542.35'));

    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain select * from journal_entry where account_no = '201000000101' and value_date >= '2015-01-01' and value_date <= '2026-11-26'
         and (value_date, id) < ('2020-01-10'::date, 999999) order by value_date desc, id desc limit 21`,
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Scan.* using journal_entry_account/);
    expect(text).not.toMatch(/Sort|Seq Scan/);
  });
});
