import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { DbTarget } from '../db/db';
import { prepareDatabase } from '../start';
import { settleInterest } from './interest';
import { fenToYuan, RecordsError } from './money';

const USAGE =
  '用法：npm run interest -w @gjj-hall/server -- --year 2026 [--batch-size 5000] [--divisor 360|365] [--max-batches N]' +
  '（结算截至该年 6 月 30 日的年度利息；--divisor 缺省取中心参数 interestDivisor，--max-batches 缺省不限）';

/**
 * `npm run interest -w @gjj-hall/server -- --year 2026 [--batch-size 5000] [--divisor 360|365] [--max-batches N]`:
 * settles the year ending 30 June on the database of DATABASE_URL, else the PGlite directory DATA_DIR (default `.data`,
 * from where npm was started). Every parameter `settleInterest` takes is an option: the batch size, the day-count
 * divisor (default: the centre's parameter row interestDivisor) and a cap on batches for this run (the rest on the
 * next run). Idempotent and resumable: run it again after a crash, or twice, and nothing is paid twice. Returns the
 * exit code.
 * @example process.exitCode = await runInterestCommand(process.argv.slice(2), process.env)
 */
export async function runInterestCommand(argv: string[], env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { year: { type: 'string' }, 'batch-size': { type: 'string' }, divisor: { type: 'string' }, 'max-batches': { type: 'string' } },
    }));
  } catch (error) {
    log(`参数不正确：${(error as Error).message}。${USAGE}`);
    return 2;
  }
  const year = Number(values.year);
  const batchSize = Number(values['batch-size'] ?? 5000);
  const divisor = values.divisor === undefined ? undefined : Number(values.divisor);
  const maxBatches = values['max-batches'] === undefined ? undefined : Number(values['max-batches']);
  if (
    !values.year ||
    !Number.isInteger(year) ||
    !Number.isInteger(batchSize) ||
    batchSize < 1 ||
    (divisor !== undefined && divisor !== 360 && divisor !== 365) ||
    (maxBatches !== undefined && (!Number.isInteger(maxBatches) || maxBatches < 1))
  ) {
    log(USAGE);
    return 2;
  }
  const target: DbTarget = env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { dataDir: resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? '.data') };
  const db = await prepareDatabase(target, false);
  try {
    const started = performance.now();
    const report = await settleInterest(db, year, { batchSize, ...(divisor ? { divisor } : {}), ...(maxBatches ? { maxBatches } : {}) });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(
      `${year} 年度结息（截至 ${year}-06-30）：本次结息 ${report.accounts} 户、${report.batches} 批，利息 ${fenToYuan(report.interestFen)} 元，用时 ${seconds} 秒；` +
        `本年度累计 ${report.total.accounts} 户、利息 ${fenToYuan(report.total.interestFen)} 元，状态 ${report.total.status === 'done' ? '已完成' : '进行中'}` +
        (report.behind > 0 ? `；另有 ${report.behind} 户上一年度尚未结息，请先结算上一年度` : ''),
    );
    return 0;
  } catch (error) {
    if (error instanceof RecordsError) {
      log(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}
