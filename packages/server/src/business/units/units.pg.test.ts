import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../../test/support/postgres';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { grantSecondCheck } from '../../test-support/two-check';
import { checkLedger, listUnitEmployees } from '../../records';
import { remittanceSummary } from './remittance';
import { TIMED } from '../../test-support/timing';

// The unit business on a real PostgreSQL, at size (issue 34's benchmark): a unit of 5,000 employees pays three months
// (list, submission, payment), and the employee query reads one page of a unit of 50,000 through the index. The
// issue's targets (10 s a step, 20 ms p95 for the page) are asserted by `npm run bench:timing` only (TIMED); `npm test`
// checks what the steps do at this size and the page's plan.
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过单位业务的 PostgreSQL 测试：${unavailable}`);

const ZHFW = '/api/izfgjj-zhfw/v1';
const clock = new Date('2026-12-07T02:00:00Z');
const BENCH_UNIT = '100200300103'; // 示范市恒通物流有限公司: a login of its own, no employees in the seed
const BIG_UNIT = '100200300102'; // 示范市明德教育咨询有限公司: 50,000 employees for the query

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;

/** `n` employee accounts of `dwzh`, numbered from `first`, set-based. */
async function addEmployees(db: Db, dwzh: string, first: number, n: number) {
  await db.query(
    `insert into personal_account (grzh, zjhm, xingming, dwzh, dwmc, kind, khrq, jcjs_fen, dwjcbl, grjcbl, yjce_fen, interest_settled_to)
     select (${first} + i)::text, 'B' || lpad(i::text, 17, '0'), '职工' || i, $1, '', 'gr', date '2026-07-01',
            300000 + (i * 7919) % 2700000, 12, 12, 0, date '2026-07-01'
       from generate_series(1, $2::int) as i`,
    [dwzh, n],
  );
  await db.query(
    `update personal_account set yjce_fen = (round(jcjs_fen::numeric * 12 / 10000) * 200)::bigint where dwzh = $1`,
    [dwzh],
  );
}

describe.skipIf(!!unavailable)('the unit business on PostgreSQL, at size', () => {
  let pg: TestPostgres;
  let db: Db;
  let app: FastifyInstance;
  let clerk = '';

  beforeAll(async () => {
    pg = await startPostgres();
    db = await prepareDatabase({ databaseUrl: pg.url }, true);
    app = await buildApp({ db, now: () => clock });
    clerk = await signIn(app, BENCH_UNIT, 2);
    // GJ0201 is filed from an enable-10 page (单位汇缴): the clerk takes the second-check grant as a person does.
    await grantSecondCheck(app, db, clerk, BENCH_UNIT, '/dwwt/jcyw/dw_huij', 2);
    await db.query(
      `insert into unit_statement_confirm (account_id, year, confirmed_at) select a.id, 2026, now() from user_account a join app_user u on u.id = a.user_id where u.account = $1`,
      [BENCH_UNIT],
    );
    await addEmployees(db, BENCH_UNIT, 301_000_000_000, 5_000);
    await addEmployees(db, BIG_UNIT, 302_000_000_000, 50_000);
    await db.query(`update unit_account set jzny = '202608' where dwzh = $1`, [BENCH_UNIT]);
    await db.query('analyze personal_account');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
  });

  it('5,000 employees: building the list, submitting and paying three months (each under 10 s when timed)', async () => {
    const list: number[] = [];
    const submit: number[] = [];
    const pay: number[] = [];
    for (const month of ['202609', '202610', '202611']) {
      let t = performance.now();
      const s = await remittanceSummary(db, BENCH_UNIT);
      list.push(performance.now() - t);
      expect(s.persons).toBe(5_000);
      t = performance.now();
      const res = await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers: { token: clerk }, payload: { ywlx: 'GJ0201', payload: { hjny: month, rs: s.persons, hjje: `${s.totalFen / 100n}.${String(s.totalFen % 100n).padStart(2, '0')}` } } });
      submit.push(performance.now() - t);
      const { ywbh, zt } = res.json<{ data: { ywbh: string; zt: string } }>().data;
      expect(zt).toBe('02');
      t = performance.now();
      const paid = await app.inject({ method: 'POST', url: `/dev/unit-remittance/${ywbh}/pay` });
      pay.push(performance.now() - t);
      expect(paid.json<{ data: { zt: string } }>().data.zt).toBe('03');
      const [sum] = await db.query<{ n: string; total: string }>('select count(*)::text as n, sum(amount_fen)::text as total from journal_entry where ywbh = $1', [ywbh]);
      expect({ n: Number(sum!.n), total: BigInt(sum!.total) }).toEqual({ n: 5_000, total: s.totalFen });
    }
    const figures = { list: [median(list), p95(list)], submit: [median(submit), p95(submit)], pay: [median(pay), p95(pay)] };
    console.info('单位汇缴 5,000 人（毫秒，中位数 / p95）：', JSON.stringify(figures, (_, v: unknown) => (typeof v === 'number' ? Math.round(v) : v)));
    if (TIMED) for (const [m, p] of Object.values(figures)) expect(Math.max(m!, p!)).toBeLessThan(10_000);
    const accounts = (await db.query<{ grzh: string }>('select grzh from personal_account where dwzh = $1', [BENCH_UNIT])).map((r) => r.grzh);
    expect((await checkLedger(db, accounts)).ok).toBe(true);
  }, 300_000);

  it('the employee query of a unit of 50,000: one page through the index (p95 of 40 pages under 20 ms when timed)', async () => {
    const times: number[] = [];
    let after: string | undefined;
    await listUnitEmployees(db, BIG_UNIT, { limit: 20 }); // the plan cached, as in a running server
    for (let i = 0; i < 40; i++) {
      const t = performance.now();
      const page = await listUnitEmployees(db, BIG_UNIT, { limit: 20, ...(after ? { after } : {}) });
      times.push(performance.now() - t);
      expect(page.rows).toHaveLength(20);
      // Every tenth page jumps ahead (a clerk typing a number), the others follow on.
      after = i % 10 === 9 ? String(302_000_000_000 + ((i + 1) * 11_170) % 49_000) : page.next;
    }
    console.info('职工查询 50,000 人一页（毫秒）：中位数', median(times).toFixed(2), 'p95', p95(times).toFixed(2));
    if (TIMED) expect(p95(times)).toBeLessThan(20);
    // The page is read through the index on (dwzh, grzh), never by scanning the unit's accounts: the query of
    // listUnitEmployees, explained with the unit and a cursor in the middle.
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain select grzh, xingming from personal_account where dwzh = $1 and grzh > $2 and ($3::text is null or grzhzt = $3) order by grzh limit 21`,
      [BIG_UNIT, '302000025000', null],
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index (Only )?Scan using \w+ on personal_account/);
    expect(text).not.toMatch(/Seq Scan|Sort/);
  }, 120_000);
});
