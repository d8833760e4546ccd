// The centre's records at scale (issue 20, docs/api-records.md#scale), on PostgreSQL: DATABASE_URL (an empty database
// you may fill), else a throwaway cluster from the local install (/usr/lib/postgresql/<version>/bin, as the *.pg.test.ts
// do). Generates N accounts (default 100,000) with ten years of monthly remittances (N × 120 journal rows) set-based,
// month by month as a centre's journal grows, then prints: the generation time, the database size, the detail page's
// query p50 / p95 over 1,000 random accounts, a balance-equals-journal check over 1,000 random accounts, the withdrawal
// eligibility check's p50 / p95 over the same accounts (issue 33), and the interest
// settlement of the year ending 2026-06-30 for all of them.
//   npm run bench:records [-- --accounts 100000 --batch-size 5000 --keep]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PACKAGES, buildPackages, isStale } from '../../../scripts/lib/packages.mjs';
import { startPostgres } from './lib/postgres.mjs';

const { values } = parseArgs({
  options: { accounts: { type: 'string', default: '100000' }, 'batch-size': { type: 'string', default: '5000' }, samples: { type: 'string', default: '1000' }, keep: { type: 'boolean', default: false } },
});
const N = Number(values.accounts);
const BATCH = Number(values['batch-size']);
const SAMPLES = Number(values.samples);
const MONTHS = 120;
const PER_UNIT = 50;

const root = resolve(import.meta.dirname, '..', '..', '..');
process.chdir(root);
const server = PACKAGES.filter((p) => p.name === '@gjj-hall/server' || p.name === '@gjj-hall/sdk');
if (server.some(isStale) && !buildPackages(server.filter(isStale))) process.exit(1);
const { openDatabase, migrate, listJournal, checkLedger, settleInterest, checkRestrictions, businessOf, withdrawalOf } = await import('../dist/index.js');

/** Deterministic sampling (mulberry32). */
function prng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const grzhOf = (i) => `3${String(i).padStart(11, '0')}`;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (t) => `${t.toFixed(2)} ms`;
const seconds = (from) => (performance.now() - from) / 1000;

const pg = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, version: 'DATABASE_URL', stop() {} } : await startPostgres(values.keep);
const db = await openDatabase({ databaseUrl: pg.url });
try {
  await migrate(db);
  const [{ server_version: version }] = await db.query('show server_version');
  console.log(`数据库：${pg.version}，server_version ${version}；${N.toLocaleString()} 个账户 × ${MONTHS} 个月`);

  // 1. Accounts, then the journal month by month (each month one statement, one commit), as a centre's journal grows:
  //    an account's rows lie on 120 different pages, not side by side.
  let t = performance.now();
  await db.query(
    `insert into personal_account (grzh, zjhm, xingming, dwzh, dwmc, kind, khrq, jcjs_fen, dwjcbl, grjcbl, yjce_fen, interest_settled_to)
     select '3' || lpad(i::text, 11, '0'), '37010219900101' || lpad((i % 10000)::text, 4, '0'), '职工' || i,
            '9' || lpad((i / ${PER_UNIT})::text, 11, '0'), '压测单位' || (i / ${PER_UNIT}), 'gr', date '2016-07-01',
            (300000 + (i * 7919) % 2700000), 12, 12, 2 * 100 * round((300000 + (i * 7919) % 2700000) * 0.12 / 100), date '2016-07-01'
       from generate_series(1, $1::int) as i`,
    [N],
  );
  const accountsSeconds = seconds(t);
  for (let n = 1; n <= MONTHS; n++) {
    await db.transaction(async (tx) => {
      const [{ total }] = await tx.query(
        `with ins as (
           insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, period, balance_after_fen, note)
           select p.grzh, 'C100', p.yjce_fen, '01', 'HJ' || p.dwzh || to_char(m, 'YYYYMM'), (right(p.grzh, 11)::int % ${PER_UNIT}) + 1,
                  (m + interval '9 days')::date, to_char(m, 'YYYYMM'), p.yjce_fen * $1, '汇缴'
             from personal_account p, (select date '2016-07-01' + make_interval(months => $1 - 1) as m) mm
            where p.grzh like '3%'
           returning amount_fen
         ) select coalesce(sum(amount_fen), 0)::text as total from ins`,
        [n],
      );
      await tx.query(`update centre_account set balance_fen = balance_fen - $1 where code = 'C100'`, [total]);
    });
    if (n % 12 === 0) process.stdout.write(`  已生成 ${n / 12} 年（${seconds(t).toFixed(0)} 秒）\n`);
  }
  await db.query(
    `update personal_account set balance_fen = yjce_fen * ${MONTHS}, last_value_date = date '2016-07-10' + make_interval(months => ${MONTHS - 1}),
            interest_settled_to = date '2025-06-30' where grzh like '3%'`,
  );
  await db.query('analyze');
  const generation = seconds(t);
  const [{ rows }] = await db.query(`select count(*)::text as rows from journal_entry`);
  const [sizes] = await db.query(
    `select pg_size_pretty(pg_database_size(current_database())) as db, pg_size_pretty(pg_relation_size('journal_entry')) as heap,
            pg_size_pretty(pg_indexes_size('journal_entry')) as indexes, pg_database_size(current_database())::text as bytes`,
  );
  console.log(`生成：${N.toLocaleString()} 户（${accountsSeconds.toFixed(1)} 秒）、${Number(rows).toLocaleString()} 行流水，共 ${generation.toFixed(1)} 秒（${Math.round(Number(rows) / generation).toLocaleString()} 行/秒）`);
  console.log(`数据库大小：${sizes.db}（流水表 ${sizes.heap}，其索引 ${sizes.indexes}）`);

  // 2. The detail page: the newest 20 entries, then the next page by keyset, for 1,000 random accounts.
  const random = prng(20);
  const sample = Array.from({ length: SAMPLES }, () => grzhOf(1 + Math.floor(random() * N)));
  const first = [];
  const second = [];
  for (const grzh of sample) {
    let s = performance.now();
    const page = await listJournal(db, grzh, { limit: 20 });
    first.push(performance.now() - s);
    s = performance.now();
    await listJournal(db, grzh, { limit: 20, after: page.next });
    second.push(performance.now() - s);
  }
  first.sort((a, b) => a - b);
  second.sort((a, b) => a - b);
  console.log(`明细查询（每页 20 条，${SAMPLES} 个随机账户）：首页 p50 ${ms(pct(first, 50))}、p95 ${ms(pct(first, 95))}；下一页（键集）p50 ${ms(pct(second, 50))}、p95 ${ms(pct(second, 95))}`);
  const [plan] = await db.query(`explain (analyze, buffers, format json) select * from journal_entry where account_no = $1 order by value_date desc, id desc limit 21`, [sample[0]]);
  const top = plan['QUERY PLAN'][0];
  console.log(`  执行计划：${top.Plan.Plans?.[0]?.['Node Type'] ?? top.Plan['Node Type']} on ${top.Plan.Plans?.[0]?.['Index Name'] ?? ''}，读 ${top.Plan['Shared Hit Blocks'] + top.Plan['Shared Read Blocks']} 个页面`);

  // 3. Balance equals journal, for 1,000 random accounts.
  t = performance.now();
  const check = await checkLedger(db, sample);
  console.log(`余额与流水核对（${SAMPLES} 个随机账户）：${check.ok ? '全部一致' : `不一致 ${check.accounts.length} 户`}，用时 ${ms(performance.now() - t)}`);

  // 3b. The withdrawal eligibility check (ywblxz/check of 租赁住房提取 and 购买自住住房提取, then tq/ktqje's limit) for
  //     the same 1,000 accounts, each given a hall login (set-based) as a depositor who signs in would have; the
  //     centre's clock on 2026-07-15, the history paid to June 2026.
  const logins = [...new Set(sample)];
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into app_user (login_type, account, phone, display_name, password_hash)
       select 1, p.zjhm || '-' || p.grzh, '139' || right(p.grzh, 8), p.xingming, 'bench' from personal_account p where p.grzh = any($1::text[])`,
      [logins],
    );
    await tx.query(
      `insert into user_account (user_id, account, is_primary) select u.id, u.account, true from app_user u where u.password_hash = 'bench'`,
    );
    await tx.query(
      `insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, sjhm)
       select a.id, p.xingming, p.zjhm, p.grzh, p.grzhzt, u.phone from user_account a join app_user u on u.id = a.user_id
         join personal_account p on u.account = p.zjhm || '-' || p.grzh where u.password_hash = 'bench'`,
    );
  });
  await db.query('analyze app_user, user_account, person_info');
  const applicants = await db.query(
    `select a.user_id::text as "userId", a.id::text as "accountId", 1 as "loginType", u.account as login, p.grzh as zh
       from user_account a join app_user u on u.id = a.user_id join person_info p on p.account_id = a.id where u.password_hash = 'bench'`,
  );
  const at = new Date('2026-07-15T02:00:00Z');
  const checks = [];
  const limits = [];
  let passed = 0;
  for (const applicant of applicants) {
    for (const ywlx of ['TQ0107', 'TQ0101']) {
      const s = performance.now();
      const messages = await checkRestrictions({ q: db, applicant, business: businessOf(ywlx), now: at });
      checks.push(performance.now() - s);
      if (messages.length === 0) passed += 1;
    }
    const s = performance.now();
    await withdrawalOf('TQ0107').limitFor(db, applicant, {}, at);
    limits.push(performance.now() - s);
  }
  checks.sort((a, b) => a - b);
  limits.sort((a, b) => a - b);
  console.log(
    `提取资格检查（ywblxz/check，租房与购房，${applicants.length} 个账户 × 2，通过 ${passed} 次）：p50 ${ms(pct(checks, 50))}、p95 ${ms(pct(checks, 95))}；` +
      `可提取金额（tq/ktqje，租房）p50 ${ms(pct(limits, 50))}、p95 ${ms(pct(limits, 95))}（目标 p95 20 ms）`,
  );

  // 4. The settlement of the year ending 2026-06-30 for every account, in batches; then once more (nothing to do).
  t = performance.now();
  const run = await settleInterest(db, 2026, { batchSize: BATCH, now: new Date('2026-07-01T01:00:00Z') });
  const settle = seconds(t);
  t = performance.now();
  const again = await settleInterest(db, 2026, { batchSize: BATCH, now: new Date('2026-07-01T01:00:00Z') });
  const [{ avg }] = await db.query(`select round(avg(amount_fen) / 100, 2)::text as avg from journal_entry where kind = '09'`);
  console.log(
    `2026 年度结息：${run.accounts.toLocaleString()} 户、${run.batches} 批（每批 ${BATCH}），利息合计 ${(Number(run.interestFen) / 100).toLocaleString()} 元（户均 ${avg} 元），用时 ${settle.toFixed(1)} 秒（${Math.round(run.accounts / settle).toLocaleString()} 户/秒）；再次运行：${again.accounts} 户，${ms(performance.now() - t)}`,
  );
  const after = await checkLedger(db, sample);
  console.log(`结息后余额与流水核对（同一 ${SAMPLES} 户）：${after.ok ? '全部一致' : '不一致'}`);

  const scale = 5_000_000 / N;
  console.log(
    `按 500 万户线性外推：生成约 ${((generation * scale) / 3600).toFixed(1)} 小时，数据库约 ${((Number(sizes.bytes) * scale) / 1024 ** 3).toFixed(0)} GB，` +
      `结息约 ${((settle * scale) / 60).toFixed(0)} 分钟；明细查询走索引，与账户数近乎无关（B 树多一层）`,
  );
} finally {
  await db.close();
  pg.stop();
}
