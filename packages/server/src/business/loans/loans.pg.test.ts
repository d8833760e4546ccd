import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../../test/support/postgres';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { checkLedger, openAccount, postMovement } from '../../records';
import { collectInstalments } from './collect';
import { createLoan } from './ledger';

// The monthly collection on a real PostgreSQL, at scale: LOANS loans (default 5,000; LOAN_BENCH=100000 for the
// issue's benchmark) made set-based from one engine-made loan, 1 % of them with an offset agreement on an account of
// their own; one run collects every instalment due (offsets through postMovement first), a second run collects
// nothing, and every account equals its journal. The time of each run is printed (a figure, not a limit).
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过贷款的 PostgreSQL 测试：${unavailable}`);

const LOANS = Number(process.env.LOAN_BENCH ?? 5_000);
const OFFSET_EVERY = 100;
const AT = new Date('2026-11-26T03:00:00Z');

describe.skipIf(!!unavailable)('the monthly collection on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Db;

  beforeAll(async () => {
    pg = await startPostgres();
    db = await prepareDatabase({ databaseUrl: pg.url }, true);
    // One loan made by the engine (issued 2026-09-26: periods 1 and 2 due by 2026-11-26), its account with a balance.
    const template = await db.transaction(async (tx) => {
      await openAccount(tx, { grzh: '208000000000', zjhm: '110101198001010000', xingming: '模板', dwzh: null, kind: 'gr', khrq: '2026-07-01' });
      return createLoan(tx, {
        ywbh: 'BENCH-TEMPLATE', zjhm: '110101198001010000', xingming: '模板', grzh: '208000000000', amountFen: 40_000_000n, months: 240,
        annualRate: '2.6', rateCode: '02', method: '01', issueDate: '2026-09-26', fwlx: '02', fwdz: '压测路 1 号', fwmj: '90',
        fwzjFen: 80_000_000n, secondHome: false, dbfs: '01', hkyh: '压测银行', hkzh: '6200000000000000', at: AT,
      });
    });
    // LOANS copies, set-based: accounts for the 1 % with an agreement, the loans, their schedules.
    await db.query(
      `insert into personal_account (grzh, zjhm, xingming, kind, khrq, interest_settled_to)
       select '208' || lpad(i::text, 9, '0'), '1101011980' || lpad(i::text, 8, '0'), '压测' || i, 'gr', date '2026-07-01', date '2026-07-01'
         from generate_series(1, $1::int) i where i % $2 = 0`,
      [LOANS, OFFSET_EVERY],
    );
    await db.query(
      `insert into loan (dkzh, jkhtbh, ywbh, zjhm, xingming, grzh, amount_fen, months, annual_rate, rate_code, method, issue_date, status,
                         balance_fen, fwlx, fwdz, fwmj, fwzj_fen, dbfs, hkyh, hkzh, created_at)
       select '81' || lpad(i::text, 11, '0'), '91' || lpad(i::text, 11, '0'), 'BENCH-' || i, '1101011980' || lpad(i::text, 8, '0'), '压测' || i,
              '208000000000', l.amount_fen, l.months, l.annual_rate, l.rate_code, l.method, l.issue_date, '1', l.balance_fen, l.fwlx, l.fwdz,
              l.fwmj, l.fwzj_fen, l.dbfs, l.hkyh, l.hkzh, l.created_at
         from generate_series(1, $1::int) i, loan l where l.dkzh = $2`,
      [LOANS, template.dkzh],
    );
    await db.query(
      `insert into loan_schedule (dkzh, period, due_date, principal_fen, interest_fen, payment_fen, balance_fen)
       select '81' || lpad(i::text, 11, '0'), s.period, s.due_date, s.principal_fen, s.interest_fen, s.payment_fen, s.balance_fen
         from generate_series(1, $1::int) i, loan_schedule s where s.dkzh = $2`,
      [LOANS, template.dkzh],
    );
    await db.query(
      `insert into loan_offset (dkzh, grzh, seq, ywbh, started_on)
       select '81' || lpad(i::text, 11, '0'), '208' || lpad(i::text, 9, '0'), 1, 'BENCH-QY-' || i, date '2026-09-26'
         from generate_series(1, $1::int) i where i % $2 = 0`,
      [LOANS, OFFSET_EVERY],
    );
    // Each signed account holds 1,000.00 yuan: less than two instalments (about 2,000), so the card pays the rest.
    await db.transaction(async (tx) => {
      const accounts = await tx.query<{ grzh: string }>(`select grzh from personal_account where grzh like '208%' and grzh <> '208000000000'`);
      for (const a of accounts) {
        await postMovement(tx, { accountNo: a.grzh, amountFen: 100_000n, kind: '02', ywbh: `BENCH-BJ-${a.grzh}`, line: 1, valueDate: '2026-07-01', period: '202606' });
      }
    });
    await db.query('analyze');
  }, 600_000);
  afterAll(async () => {
    await db?.close?.();
    await pg?.stop();
  });

  it(`collects ${LOANS.toLocaleString()} loans' instalments once, offsets first, every account equal to its journal`, async () => {
    let t = performance.now();
    const first = await collectInstalments(db, '2026-11-26', AT);
    const firstMs = performance.now() - t;
    t = performance.now();
    const second = await collectInstalments(db, '2026-11-26', AT);
    const secondMs = performance.now() - t;
    console.log(`按月扣款：${LOANS} 笔贷款，首次 ${(firstMs / 1000).toFixed(2)} s（冲还贷 ${first.offsets} 笔，银行卡 ${first.cardPayments} 笔），重复执行 ${(secondMs / 1000).toFixed(2)} s`);
    const signed = Math.floor(LOANS / OFFSET_EVERY);
    // Two periods each (template included): the signed accounts offset 1,000.00 each, the card pays every period but
    // those the offset covered whole (none: 1,000.00 is less than one instalment of about 1,700).
    expect(first.offsets).toBe(signed);
    expect(first.offsetFen).toBe(BigInt(signed) * 100_000n);
    expect(first.cardPayments).toBe((LOANS + 1) * 2);
    expect([second.offsets, second.cardPayments]).toEqual([0, 0]);
    expect((await checkLedger(db)).ok).toBe(true);
    const [paid] = await db.query<{ n: string }>(`select count(*)::text as n from loan_schedule s join loan l on l.dkzh = s.dkzh where s.status = '1' and l.ywbh like 'BENCH-%'`);
    expect(Number(paid!.n)).toBe((LOANS + 1) * 2);
  }, 600_000);
});
