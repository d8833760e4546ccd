// Rent by standing order at scale (issue 33, docs/api-withdrawals.md › 按月/按季租房提取), on PostgreSQL: DATABASE_URL
// (an empty database you may fill), else a throwaway cluster from the local install. Makes N accounts (default
// 100,000) with a balance each (one 汇缴 line, set-based) and an active monthly agreement each, then times the command
// paying one period for all of them, three periods (median of three), checks a second run of the last period pays
// nothing, and that every sampled account's balance equals its journal. One ID number per account: the command counts
// the year's rent by the holder's ID number as TQ0107 does (ten accounts on one number would share one quota).
//   node packages/server/bench/standing.bench.mjs [-- --accounts 100000 --keep]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PACKAGES, buildPackages, isStale } from '../../../scripts/lib/packages.mjs';
import { startPostgres } from './lib/postgres.mjs';

const { values } = parseArgs({ options: { accounts: { type: 'string', default: '100000' }, keep: { type: 'boolean', default: false } } });
const N = Number(values.accounts);
const root = resolve(import.meta.dirname, '..', '..', '..');
process.chdir(root);
const server = PACKAGES.filter((p) => p.name === '@gjj-hall/server' || p.name === '@gjj-hall/sdk');
if (server.some(isStale) && !buildPackages(server.filter(isStale))) process.exit(1);
const { openDatabase, migrate, payStandingOrders, checkLedger } = await import('../dist/index.js');

const seconds = (from) => (performance.now() - from) / 1000;
const pg = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, version: 'DATABASE_URL', stop() {} } : await startPostgres(values.keep);
const db = await openDatabase({ databaseUrl: pg.url });
try {
  await migrate(db);
  const [{ server_version: version }] = await db.query('show server_version');
  console.log(`数据库：${pg.version}，server_version ${version}；${N.toLocaleString()} 份按月租房提取协议`);
  let t = performance.now();
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into personal_account (grzh, zjhm, xingming, kind, khrq, balance_fen, last_value_date, interest_settled_to)
       select '4' || lpad(i::text, 11, '0'), '3701021990' || lpad(i::text, 8, '0'), '职工' || i, 'gr', date '2020-07-01',
              5000000, date '2026-07-10', date '2026-06-30'
         from generate_series(1, $1::int) as i`,
      [N],
    );
    await tx.query(
      `insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, period, balance_after_fen, note)
       select grzh, 'C100', 5000000, '01', 'HJBENCH' || grzh, 1, date '2026-07-10', '202607', 5000000, '汇缴' from personal_account where grzh like '4%'`,
    );
    await tx.query(`update centre_account set balance_fen = balance_fen - $1::bigint * 5000000 where code = 'C100'`, [N]);
    await tx.query(
      `insert into rent_standing_order (grzh, zlht, zlzzrq, pl, amount_fen, skyh, skzh, skrxm, created_at)
       select grzh, 'ZL-' || grzh, date '2027-12-31', 'M', 150000, '102', '6222021234567890128', xingming, now() from personal_account where grzh like '4%'`,
    );
  });
  await db.query('analyze');
  console.log(`准备：${seconds(t).toFixed(1)} s`);

  const runs = [];
  for (const date of ['2026-08-10', '2026-09-10', '2026-10-10']) {
    t = performance.now();
    const report = await payStandingOrders(db, date, new Date(`${date}T02:00:00Z`));
    const s = seconds(t);
    runs.push(s);
    console.log(`${date}：支付 ${report.paid.toLocaleString()} 笔，合计 ${(Number(report.paidFen) / 100).toLocaleString()} 元，终止 ${report.stopped}，用时 ${s.toFixed(1)} s`);
    if (report.paid !== N) throw new Error(`应支付 ${N} 笔，实付 ${report.paid} 笔`);
  }
  t = performance.now();
  const again = await payStandingOrders(db, '2026-10-20', new Date('2026-10-20T02:00:00Z'));
  console.log(`同一期再运行：支付 ${again.paid} 笔（应为 0），用时 ${seconds(t).toFixed(1)} s`);
  if (again.paid !== 0) throw new Error('再次运行不应再支付');
  const sample = (await db.query(`select grzh from personal_account where grzh like '4%' order by random() limit 1000`)).map((r) => r.grzh);
  const ledger = await checkLedger(db, sample);
  console.log(`抽查 1,000 个账户余额等于流水：${ledger.ok ? '是' : '否'}`);
  runs.sort((a, b) => a - b);
  console.log(`中位数：${runs[1].toFixed(1)} s（目标 60 s 以内）`);
} finally {
  await db.close();
  pg.stop();
}
