// 个人明细查询 under load (issue 24, docs/api-personal.md#个人明细查询): the server's answer over HTTP, as the hall asks
// it, for (a) 张三's seeded ten years of monthly history (about 150 rows) and (b) a synthetic 5,000-row journal of one
// account of the same login, generated set-based (generate_series, one statement). For each: the first page (20 rows
// with the range's summary), a later page by keyset (no summary), and the whole range as xlsx (and CSV), to the last
// byte; median and p95 over --runs runs (the exports over --export-runs).
//   npm run bench:detail [-- --pglite] [-- --runs 200 --export-runs 30]
// On DATABASE_URL, else a throwaway cluster of the local PostgreSQL (bench/lib/postgres.mjs); --pglite: PGlite in
// memory, what `npm start` runs by default.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PACKAGES, buildPackages, isStale } from '../../../scripts/lib/packages.mjs';
import { startPostgres } from './lib/postgres.mjs';

const { values } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    runs: { type: 'string', default: '200' },
    'export-runs': { type: 'string', default: '30' },
    rows: { type: 'string', default: '5000' },
    others: { type: 'string', default: '400' },
  },
});
const RUNS = Number(values.runs);
const EXPORT_RUNS = Number(values['export-runs']);
const SYNTHETIC_ROWS = Number(values.rows);
/** Other accounts with 1,000 rows each around them, so the measured accounts are a small part of the journal as in a centre. */
const OTHERS = Number(values.others);

const root = resolve(import.meta.dirname, '..', '..', '..');
process.chdir(root);
const wanted = PACKAGES.filter((p) => p.name === '@gjj-hall/server' || p.name === '@gjj-hall/sdk');
if (wanted.some(isStale) && !buildPackages(wanted.filter(isStale))) process.exit(1);
const { buildApp, prepareDatabase, openAccount, checkLedger } = await import('../dist/index.js');
const { sm2Encrypt } = await import('../../sdk/dist/crypto.js');

const ZHANG = '110101199003072316';
const PASSWORD = 'Gjj@2026';
const SEEDED = '201000000101';
const SYNTHETIC = '209900005000';
const BASE = '/api/izfgjj-zhfw/v1/grmx';
const TODAY = '2026-11-26';

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (t) => `${t.toFixed(1)} ms`;
const stats = (times) => {
  const s = [...times].sort((a, b) => a - b);
  return `p50 ${ms(pct(s, 50))}、p95 ${ms(pct(s, 95))}`;
};

/** PostgreSQL unless --pglite; without a local PostgreSQL (and no DATABASE_URL) the bench says so and runs on PGlite. */
async function database() {
  if (values.pglite) return null;
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, version: 'DATABASE_URL', stop() {} };
  try {
    return await startPostgres();
  } catch (error) {
    console.warn(`${error.message}：改用 PGlite（内存）`);
    return null;
  }
}
const pg = await database();
const target = pg ? { databaseUrl: pg.url } : { memory: true };
let t = performance.now();
const db = await prepareDatabase(target, true);
let dbOpen = true;
console.log(`数据库：${pg ? pg.version : 'PGlite（内存）'}；演示数据 ${((performance.now() - t) / 1000).toFixed(1)} 秒`);

try {
  // (b) A synthetic account of 张三's login with one statement for its 5,000 rows: a movement a day from 2013-01-01,
  //     every tenth a withdrawal; balances by a window over the series, the centre's bank account moved alike.
  t = performance.now();
  await db.transaction(async (tx) => {
    await openAccount(tx, { grzh: SYNTHETIC, zjhm: ZHANG, xingming: '张三', kind: 'gr', khrq: '2012-12-31' });
    await tx.query(
      `with login as (select u.user_id from user_account u join person_info p on p.account_id = u.id where p.grzh = $1 limit 1),
            acc as (insert into user_account (user_id, account, account_type, nik_name, roles, group_bh, sort)
                    select user_id, $2, '压测账户', '张三', '{}', '0', 9 from login returning id)
       insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, dwmc, sjhm)
       select id, '张三', $2, $3, '01', '', '13800138000' from acc`,
      [SEEDED, ZHANG, SYNTHETIC],
    );
    await tx.query(
      `with g as (
         select i, date '2013-01-01' + (i - 1) as d,
                case when i % 10 = 0 then -200000 else 100000 + (i * 7919) % 50000 end as amount
           from generate_series(1, $2::int) as i
       ),
       ins as (
         insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, period, balance_after_fen, note)
         select $1, 'C100', amount, case when amount < 0 then '11' else '01' end, 'BENCH' || $1 || lpad(i::text, 6, '0'), 1, d,
                case when amount > 0 then to_char(d, 'YYYYMM') end, sum(amount) over (order by i),
                case when amount < 0 then '部分提取（压测）' else '汇缴' end
           from g
         returning amount_fen, value_date
       ),
       total as (select sum(amount_fen) as fen, max(value_date) as last from ins),
       moved as (update personal_account set balance_fen = (select fen from total), last_value_date = (select last from total) where grzh = $1 returning 1)
       update centre_account set balance_fen = balance_fen - (select fen from total) where code = 'C100'`,
      [SYNTHETIC, SYNTHETIC_ROWS],
    );
  });
  // The rest of a centre around them (set-based, one statement each): OTHERS accounts of 1,000 movements each.
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into personal_account (grzh, zjhm, xingming, kind, khrq, interest_settled_to)
       select '3' || lpad(i::text, 11, '0'), '37010219900101' || lpad((i % 10000)::text, 4, '0'), '职工' || i, 'gr', date '2012-12-31', date '2012-12-31'
         from generate_series(1, $1::int) as i`,
      [OTHERS],
    );
    await tx.query(
      `with ins as (
         insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, period, balance_after_fen, note)
         select '3' || lpad(a::text, 11, '0'), 'C100', 100000 + a, '01', 'BENCHO' || lpad(a::text, 6, '0') || lpad(n::text, 5, '0'), 1,
                date '2013-01-01' + n * 5, to_char(date '2013-01-01' + n * 5, 'YYYYMM'), (100000 + a) * n, '汇缴'
           from generate_series(1, $1::int) as a cross join generate_series(1, 1000) as n
         returning account_no, amount_fen
       ),
       per as (select account_no, sum(amount_fen) as fen from ins group by account_no),
       moved as (update personal_account p set balance_fen = per.fen, last_value_date = date '2013-01-01' + 5000 from per where p.grzh = per.account_no returning 1)
       update centre_account set balance_fen = balance_fen - (select sum(fen) from per) where code = 'C100'`,
      [OTHERS],
    );
  });
  const [{ n: journalRows }] = await db.query('select count(*)::int as n from journal_entry');
  const ledger = await checkLedger(db);
  console.log(
    `合成流水：${SYNTHETIC_ROWS.toLocaleString()} 行，及其余 ${OTHERS} 户各 1,000 行，流水表共 ${journalRows.toLocaleString()} 行，用时 ${ms(performance.now() - t)}；余额与流水核对：${ledger.ok ? '一致' : '不一致'}`,
  );
  if (pg) await db.query('analyze journal_entry');

  const app = await buildApp({ db, devRoutes: true, now: () => new Date(`${TODAY}T02:00:00Z`) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    // Sign in as the hall does (SM2, the captcha's answer from the dev outbox).
    const json = async (path, init) => (await fetch(`${url}${path}`, init)).json();
    const key = (await json('/api/auth/v1/getPubleKey')).data;
    const { uuid } = (await json('/api/auth/v1/getImgCode')).data;
    const code = (await json(`/dev/outbox?kind=captcha&to=${uuid}`)).data[0].code;
    const login = await fetch(`${url}/api/auth/v1/otherAuth/accountLogin?grant_type=password&scope=server`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginType: 1, username: sm2Encrypt(ZHANG, key), password: sm2Encrypt(PASSWORD, key), code, uuid }),
    });
    const token = login.headers.get('token');
    if (!token) throw new Error(`登录失败：${login.status} ${await login.text()}`);
    const headers = { token, client: 'pc', 'accept-encoding': 'gzip, br' };

    /** One call, timed to its last byte. */
    const call = async (path) => {
      const s = performance.now();
      const res = await fetch(`${url}${BASE}/${path}`, { headers });
      const body = new Uint8Array(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${path}：${res.status} ${new TextDecoder().decode(body)}`);
      return { time: performance.now() - s, bytes: body.length, body };
    };
    const timeIt = async (runs, path) => {
      for (let i = 0; i < Math.min(5, runs); i++) await call(path); // warm
      const times = [];
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const r = await call(path);
        times.push(r.time);
        bytes = r.bytes;
      }
      return { times, bytes };
    };

    for (const [name, grzh, startTime] of [
      ['(a) 十年按月缴存', SEEDED, '2015-01-01'],
      [`(b) 合成流水 ${SYNTHETIC_ROWS.toLocaleString()} 行`, SYNTHETIC, '2013-01-01'],
    ]) {
      const range = `grzh=${grzh}&startTime=${startTime}&endTime=${TODAY}`;
      const first = JSON.parse(new TextDecoder().decode((await call(`list?${range}&pageSize=20`)).body)).data;
      // The cursor of a page about the middle of the range (page 5 of (a), page 125 of (b)): walked to once.
      const target = Math.max(2, Math.floor(first.summary.count / 40));
      let after = first.next;
      for (let p = 2; p < target; p++) after = JSON.parse(new TextDecoder().decode((await call(`list?${range}&pageSize=20&after=${after}`)).body)).data.next;
      const page1 = await timeIt(RUNS, `list?${range}&pageSize=20`);
      const later = await timeIt(RUNS, `list?${range}&pageSize=20&after=${after}`);
      const xlsx = await timeIt(EXPORT_RUNS, `export?${range}&format=xlsx`);
      const csv = await timeIt(EXPORT_RUNS, `export?${range}&format=csv`);
      console.log(`${name}（${grzh}，${startTime} 至 ${TODAY}，${first.summary.count} 行）`);
      console.log(`  首页 20 行及合计（${RUNS} 次）：${stats(page1.times)}（${page1.bytes.toLocaleString()} 字节，已压缩）`);
      console.log(`  第 ${target} 页（键集，${RUNS} 次）：${stats(later.times)}`);
      console.log(`  导出 xlsx 全部（${EXPORT_RUNS} 次）：${stats(xlsx.times)}（${(xlsx.bytes / 1024).toFixed(0)} KB）`);
      console.log(`  导出 CSV 全部（${EXPORT_RUNS} 次）：${stats(csv.times)}（${(csv.bytes / 1024).toFixed(0)} KB）`);
    }

    if (pg) {
      // What the statements read: the first page and a page in the middle through the index, the summary over the
      // range's rows.
      const plan = async (sql, params) => (await db.query(`explain (analyze, buffers, format json) ${sql}`, params))[0]['QUERY PLAN'][0];
      const scan = (p) => {
        const leaf = (n) => (n.Plans?.length ? leaf(n.Plans[0]) : n);
        const l = leaf(p.Plan);
        return `${l['Node Type']}${l['Index Name'] ? ` on ${l['Index Name']}` : ''}，读 ${p.Plan['Shared Hit Blocks'] + p.Plan['Shared Read Blocks']} 个页面，${p['Execution Time'].toFixed(2)} ms`;
      };
      const pageSql = `select * from journal_entry where account_no = $1 and value_date >= $2::date and value_date <= $3::date order by value_date desc, id desc limit 21`;
      const laterSql = `select * from journal_entry where account_no = $1 and value_date >= $2::date and value_date <= $3::date and (value_date, id) < ($4::date, $5::bigint) order by value_date desc, id desc limit 21`;
      const sumSql = `select count(*), sum(amount_fen) filter (where amount_fen > 0), sum(amount_fen) filter (where amount_fen < 0)
           from journal_entry where account_no = $1 and value_date >= $2::date and value_date <= $3::date`;
      for (const [grzh, from] of [[SEEDED, '2015-01-01'], [SYNTHETIC, '2013-01-01']]) {
        const [mid] = await db.query(
          `select value_date::text as d, id::text as id from journal_entry where account_no = $1 order by value_date desc, id desc offset (select count(*) / 2 from journal_entry where account_no = $1) limit 1`,
          [grzh],
        );
        const page = await plan(pageSql, [grzh, from, TODAY]);
        const later = await plan(laterSql, [grzh, from, TODAY, mid.d, mid.id]);
        const sum = await plan(sumSql, [grzh, from, TODAY]);
        console.log(`执行计划（${grzh}）：首页 ${scan(page)}；中间一页 ${scan(later)}；合计 ${scan(sum)}`);
      }
    }
  } finally {
    // Closing the app closes its database.
    await app.close();
    dbOpen = false;
  }
} finally {
  if (dbOpen) await db.close();
  pg?.stop();
}
