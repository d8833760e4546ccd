import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { DbTarget } from '../../db/db';
import { prepareDatabase } from '../../start';
import { fenToYuan } from '../../records';
import { payStandingOrders } from './standing';

const USAGE =
  '用法：npm run standing -w @gjj-hall/server -- --date 2026-12-10（支付该日期所在一期的按月/按季租房提取；同一期重复执行不重复支付；短信由服务器的中心接口 standing/pay 或下次运行后发送）';

/**
 * `npm run standing -w @gjj-hall/server -- --date YYYY-MM-DD`: pays the period the date falls in for every active
 * agreement (rent by standing order, docs/api-withdrawals.md) on the database of DATABASE_URL, else the PGlite
 * directory DATA_DIR (default `.data`, from where npm was started). Idempotent: a second run of the period pays
 * nothing. The notices it queues are sent by the server (the centre call `standing/pay` sends what is queued).
 * Returns the exit code.
 * @example process.exitCode = await runStandingCommand(['--date', '2026-12-10'], process.env)
 */
export async function runStandingCommand(argv: string[], env: NodeJS.ProcessEnv, log: (line: string) => void = console.log, now: () => Date = () => new Date()): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { date: { type: 'string' } } }));
  } catch (error) {
    log(`参数不正确：${(error as Error).message}。${USAGE}`);
    return 2;
  }
  const date = values.date ?? '';
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    log(USAGE);
    return 2;
  }
  const target: DbTarget = env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? '.data') };
  const db = await prepareDatabase(target, false);
  try {
    const started = performance.now();
    const report = await payStandingOrders(db, date, now());
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`${date.slice(0, 7)} 期按月/按季租房提取：支付 ${report.paid} 笔，合计 ${fenToYuan(report.paidFen)} 元，自动终止协议 ${report.stopped} 份，用时 ${seconds} 秒`);
    return 0;
  } finally {
    await db.close();
  }
}
