import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { accountFigures, openAccount, postMovement, settleInterest, type MovementKind } from './index';

// accountFigures (records/figures.ts), each figure on accounts built for it through the records' own API.
let db: Db;

beforeAll(async () => {
  db = await openDatabase({ memory: true });
  await migrate(db);
}, 120_000);
afterAll(async () => db?.close());

const open = (grzh: string, khrq = '2025-07-01') => db.transaction((tx) => openAccount(tx, { grzh, zjhm: '110101199003072316', xingming: '张三', kind: 'gr', khrq }));
let line = 0;
const post = (grzh: string, kind: MovementKind, fen: number, valueDate: string, period?: string) =>
  db.transaction((tx) => postMovement(tx, {
      accountNo: grzh,
      amountFen: BigInt(fen),
      kind,
      ywbh: `FIG${grzh}`,
      line: ++line,
      valueDate,
      ...(period ? { period } : {}),
      ...(kind === '11' || kind === '12' ? { reason: '99' as const } : {}),
    }));

describe('accountFigures', () => {
  it('answers nothing for no accounts, and zeros and nulls for an account without entries', async () => {
    expect(await accountFigures(db, [], 2026)).toEqual([]);
    await open('209800000001');
    expect(await accountFigures(db, ['209800000001'], 2026)).toEqual([
      { grzh: '209800000001', lastPeriod: null, yearDepositsFen: 0n, yearInterestFen: 0n, lastMovement: null },
    ]);
  });

  it('sums this calendar year’s 汇缴 and 补缴 only (not last year’s, not withdrawals or transfers in), and takes the newest entry as the last movement', async () => {
    await open('209800000002');
    await post('209800000002', '01', 100_000, '2025-12-10', '202512');
    await post('209800000002', '01', 110_000, '2026-01-10', '202601');
    await post('209800000002', '02', 30_000, '2026-02-15', '202505');
    await post('209800000002', '21', 500_000, '2026-03-01');
    await post('209800000002', '11', -200_000, '2026-03-20');
    const [f] = await accountFigures(db, ['209800000002'], 2026);
    expect(f!.yearDepositsFen).toBe(140_000n);
    expect(f!.lastMovement).toEqual({ valueDate: '2026-03-20', kind: '11', amountFen: -200_000n });
    // The 补缴 for May 2025 came after January's 汇缴: the month paid up to is still January 2026.
    expect(f!.lastPeriod).toBe('202601');
    expect((await accountFigures(db, ['209800000002'], 2025))[0]!.yearDepositsFen).toBe(100_000n);
  });

  it('a 补缴 for a later month than the newest 汇缴 moves the month paid up to', async () => {
    await open('209800000003');
    await post('209800000003', '01', 100_000, '2026-01-10', '202601');
    await post('209800000003', '02', 100_000, '2026-01-20', '202602');
    expect((await accountFigures(db, ['209800000003'], 2026))[0]!.lastPeriod).toBe('202602');
  });

  it('this year’s interest is the 30 June settlement of the year, not the year before', async () => {
    await open('209800000004', '2025-01-01');
    await post('209800000004', '01', 1_000_000, '2025-01-10', '202501');
    await settleInterest(db, 2025, { now: new Date('2025-07-01T02:00:00Z') });
    await settleInterest(db, 2026, { now: new Date('2026-07-01T02:00:00Z') });
    const [settled] = await db.query<{ d: string; a: string }>(
      `select value_date::text as d, amount_fen::text as a from journal_entry where account_no = '209800000004' and kind = '09' order by value_date desc limit 1`,
    );
    expect(settled!.d).toBe('2026-06-30');
    const [f] = await accountFigures(db, ['209800000004'], 2026);
    // 10,000.00 for the whole year at 1.50 % plus last year's interest: above 150.00 and not summed with 2025's.
    expect(f!.yearInterestFen).toBe(BigInt(settled!.a));
    expect(f!.yearInterestFen).toBeGreaterThan(15_000n);
    expect(f!.lastMovement).toMatchObject({ valueDate: '2026-06-30', kind: '09' });
  });

  it('keeps the order asked for, an unknown number included', async () => {
    const figures = await accountFigures(db, ['209800000003', '209899999999', '209800000002'], 2026);
    expect(figures.map((f) => [f.grzh, f.yearDepositsFen])).toEqual([
      ['209800000003', 200_000n],
      ['209899999999', 0n],
      ['209800000002', 140_000n],
    ]);
  });
});
