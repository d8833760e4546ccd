import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../test/support/postgres';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { checkLedger, getAccount, openAccount, postMovement, RecordsError, settleInterest } from './index';

// The records on a real PostgreSQL with concurrent connections (the pool of 10): the row lock on the account makes
// movements of one account take turns, so no update is lost and a replay racing its original posts once.
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过 PostgreSQL 上的账务测试：${unavailable}`);

describe.skipIf(!!unavailable)('records on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Db;

  beforeAll(async () => {
    pg = await startPostgres();
    db = await prepareDatabase({ databaseUrl: pg.url }, false);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await pg?.stop();
  });

  it('forty concurrent movements on one account, half of them replays of the other half: each posts once, nothing lost', async () => {
    await db.transaction((tx) => openAccount(tx, { grzh: '209900000001', zjhm: '110101199003072316', xingming: '张三', kind: 'gr', khrq: '2025-07-01' }));
    const move = (line: number) =>
      db.transaction((tx) => postMovement(tx, { accountNo: '209900000001', amountFen: 10_000n + BigInt(line), kind: '01', ywbh: 'HJ-PG', line, valueDate: '2025-08-10' }));
    const results = await Promise.all([...Array.from({ length: 20 }, (_, i) => move(i + 1)), ...Array.from({ length: 20 }, (_, i) => move(i + 1))]);
    expect(results.filter((r) => !r.replayed)).toHaveLength(20);
    const expected = Array.from({ length: 20 }, (_, i) => 10_000n + BigInt(i + 1)).reduce((a, b) => a + b, 0n);
    expect((await getAccount(db, '209900000001'))!.balanceFen).toBe(expected);
    expect(await checkLedger(db)).toMatchObject({ ok: true, totalFen: 0n });
  });

  it('concurrent withdrawals never overdraw: of ten taking 30 % each, three succeed', async () => {
    await db.transaction(async (tx) => {
      await openAccount(tx, { grzh: '209900000002', zjhm: '110101199003072316', xingming: '张三', kind: 'gr', khrq: '2025-07-01' });
      await postMovement(tx, { accountNo: '209900000002', amountFen: 100_000n, kind: '01', ywbh: 'HJ-PG2', line: 1, valueDate: '2025-08-10' });
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction((tx) => postMovement(tx, { accountNo: '209900000002', amountFen: -30_000n, kind: '11', reason: '07', ywbh: `TQ-PG-${i}`, line: 1, valueDate: '2025-09-01' })),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof RecordsError)).toBe(true);
    expect((await getAccount(db, '209900000002'))!.balanceFen).toBe(10_000n);
  });

  it('two settlement runs of one year at once pay each account once', async () => {
    const now = new Date('2026-07-01T01:00:00Z');
    const [a, b] = await Promise.all([settleInterest(db, 2026, { now, batchSize: 1 }), settleInterest(db, 2026, { now, batchSize: 1 })]);
    expect(a.accounts + b.accounts).toBe(2);
    const [count] = await db.query<{ n: string }>(`select count(*)::text as n from journal_entry where kind = '09'`);
    expect(count!.n).toBe('2');
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
