import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db, type Queryable } from '../db/db';
import { migrate } from '../db/migrate';
import {
  checkLedger,
  closeAccount,
  getAccount,
  interestFor,
  listJournal,
  openAccount,
  postMovement,
  RecordsError,
  setAccountStatus,
  settleInterest,
  yuanToFen,
  fenToYuan,
} from './index';

let db: Db;
let serial = 0;
/** A fresh account number for each test, so tests share one database without meeting. */
const nextGrzh = () => `2099${String(++serial).padStart(8, '0')}`;
const AFTER = (year: number) => new Date(`${year}-07-01T02:00:00Z`);

beforeAll(async () => {
  db = await openDatabase({ memory: true });
  await migrate(db);
}, 120_000);
afterAll(async () => db?.close());

async function open(khrq: string, grzh = nextGrzh()): Promise<string> {
  await db.transaction((tx) => openAccount(tx, { grzh, zjhm: '110101199003072316', xingming: '张三', kind: 'gr', khrq }));
  return grzh;
}
const post = (accountNo: string, amountYuan: string, valueDate: string, kind: '01' | '11' | '21' = amountYuan.startsWith('-') ? '11' : '01', ywbh = `T${accountNo}${valueDate}`, line = 1) =>
  db.transaction((tx: Queryable) =>
    postMovement(tx, { accountNo, amountFen: yuanToFen(amountYuan), kind, ywbh, line, valueDate, ...(kind === '11' ? { reason: '07' as const } : {}) }),
  );

describe('积数计息: the hand-computed examples', () => {
  it('one rate (1.50 %): 2,000.00 on 10 July, 2,000.00 on 10 December, 1,500.00 out on 20 March; settled on 30 June is 40.04', async () => {
    // 积数 (yuan × days, each day's balance at its start, 1 July 2025 – 30 June 2026):
    //   0.00 × 10 (to 10 Jul) + 2000.00 × 153 (to 10 Dec) + 4000.00 × 100 (to 20 Mar) + 2500.00 × 102 (to 30 Jun)
    //   = 306,000 + 400,000 + 255,000 = 961,000
    // interest = 961,000 × 1.50 % ÷ 360 = 40.041666… → 40.04 (half-up to the fen)
    const a = await open('2025-07-01');
    await post(a, '2000.00', '2025-07-10');
    await post(a, '2000.00', '2025-12-10');
    await post(a, '-1500.00', '2026-03-20');
    expect(await interestFor(db, a, '2025-06-30', '2026-06-30')).toEqual({ interestFen: 4004n, jishuFen: 96_100_000n });
  });

  it('half a fen rounds up: 1.20 for the last 100 days is 120 × 100 × 1.5 % ÷ 360 = 0.5 fen → 0.01', async () => {
    const a = await open('2025-07-01');
    await post(a, '1.20', '2026-03-22');
    expect((await interestFor(db, a, '2025-06-30', '2026-06-30')).interestFen).toBe(1n);
    // Divisor 365 is a parameter: 12,000 × 1.5 % ÷ 365 = 0.49 fen → 0.
    expect((await interestFor(db, a, '2025-06-30', '2026-06-30', 365)).interestFen).toBe(0n);
  });

  it('two rates before 2016-02-21: carried-over 10,000.00 at 1.10 % then 1.50 %, this year\'s 1,000.00 at 0.35 % then 1.50 %: 132.55', async () => {
    // Days 1 Jul 2015 – 20 Feb 2016: 235 at the old rates; 21 Feb – 30 Jun 2016: 131 at 1.50 % (2016 is a leap year).
    // The 1,000.00 of 10 Dec counts from 11 Dec: 72 old days, 131 new.
    //   10,000 × 235 × 1.10 + 10,000 × 131 × 1.50 + 1,000 × 72 × 0.35 + 1,000 × 131 × 1.50
    //   = 2,585,000 + 1,965,000 + 25,200 + 196,500 = 4,771,700;  ÷ 100 ÷ 360 = 132.5472… → 132.55
    const a = await open('2015-06-30');
    await post(a, '10000.00', '2015-06-30', '21');
    await post(a, '1000.00', '2015-12-10');
    const run = await settleInterest(db, 2016, { now: AFTER(2016) });
    const mine = await listJournal(db, a, { limit: 1 });
    expect(mine.rows[0]).toMatchObject({ kind: '09', kindName: '年度结息', valueDate: '2016-06-30', amountFen: 13255n, balanceFen: 1_113_255n });
    expect(run.total.status).toBe('done');
  });

  it('closing pays interest to the day: 10,000.00 from 30 June to 20 October is 112 days, 46.67, then the whole balance', async () => {
    // 10,000 × 112 × 1.50 % ÷ 360 = 46.666… → 46.67
    const a = await open('2026-06-30');
    await post(a, '10000.00', '2026-06-30', '21');
    const closed = await db.transaction((tx) => closeAccount(tx, a, { date: '2026-10-20', ywbh: `XH${a}`, reason: 'withdrawal', withdrawalReason: '03' }));
    expect(closed).toEqual({ interestFen: 4667n, paidFen: 1_004_667n });
    const account = await getAccount(db, a);
    expect(account).toMatchObject({ grzhzt: '05', xhrq: '2026-10-20', balanceFen: 0n });
    expect((await listJournal(db, a, { limit: 1 })).rows[0]).toMatchObject({ kind: '12', tqyy: '03', amountFen: -1_004_667n });
    await expect(post(a, '1.00', '2026-10-21')).rejects.toThrow('个人账户已销户，不能入账');
  });
});

describe('postMovement', () => {
  it('a replay of the same business and line posts nothing; the same key for another amount is refused', async () => {
    const a = await open('2026-07-01');
    const first = await post(a, '100.00', '2026-07-10', '01', 'HJ-REPLAY', 1);
    const again = await post(a, '100.00', '2026-07-10', '01', 'HJ-REPLAY', 1);
    expect(again).toEqual({ ...first, replayed: true });
    expect((await getAccount(db, a))!.balanceFen).toBe(10000n);
    await expect(post(a, '200.00', '2026-07-10', '01', 'HJ-REPLAY', 1)).rejects.toThrow('已入账为另一笔资金变动');
  });

  it('refuses an overdraft, a wrong sign, a back-dated entry and money out of a frozen account, each with its reason', async () => {
    const a = await open('2026-07-01');
    await post(a, '100.00', '2026-07-10');
    await expect(post(a, '-100.01', '2026-07-11')).rejects.toThrow('账户余额不足');
    await expect(db.transaction((tx) => postMovement(tx, { accountNo: a, amountFen: 5n, kind: '11', ywbh: 'X', line: 1, valueDate: '2026-07-11', reason: '07' }))).rejects.toThrow(
      '部分提取的发生额方向不正确',
    );
    await expect(post(a, '1.00', '2026-07-09')).rejects.toThrow('早于该账户最近一笔记账日期');
    await expect(post(a, '1.00', '2027-07-01')).rejects.toThrow('2027 年度尚未结息');
    await db.transaction((tx) => setAccountStatus(tx, a, '06'));
    await expect(post(a, '-1.00', '2026-07-12')).rejects.toBeInstanceOf(RecordsError);
    await db.transaction((tx) => setAccountStatus(tx, a, '02'));
    await expect(post(a, '1.00', '2026-07-12')).rejects.toThrow('个人账户已封存，不能汇缴');
    expect((await getAccount(db, a))!.balanceFen).toBe(10000n);
  });

  it('rolls back with the caller: a movement in a transaction that fails leaves no entry and no balance', async () => {
    const a = await open('2026-07-01');
    await expect(
      db.transaction(async (tx) => {
        await postMovement(tx, { accountNo: a, amountFen: 500n, kind: '01', ywbh: `RB${a}`, line: 1, valueDate: '2026-07-10' });
        throw new Error('the application failed to complete');
      }),
    ).rejects.toThrow('the application failed');
    expect((await getAccount(db, a))!.balanceFen).toBe(0n);
    expect((await listJournal(db, a)).rows).toEqual([]);
  });
});

describe('listJournal', () => {
  it('pages newest first by keyset (value date, id), within a date range, without repeating or skipping a row', async () => {
    const a = await open('2026-07-01');
    for (let day = 1; day <= 25; day++) await post(a, `${day}.00`, `2026-08-${String(day).padStart(2, '0')}`);
    const seen: string[] = [];
    let page = await listJournal(db, a, { limit: 10 });
    seen.push(...page.rows.map((r) => r.valueDate));
    while (page.next) {
      page = await listJournal(db, a, { limit: 10, after: page.next });
      seen.push(...page.rows.map((r) => r.valueDate));
    }
    expect(seen).toHaveLength(25);
    expect(seen[0]).toBe('2026-08-25');
    expect(seen[24]).toBe('2026-08-01');
    const ranged = await listJournal(db, a, { from: '2026-08-10', to: '2026-08-12' });
    expect(ranged.rows.map((r) => [r.valueDate, fenToYuan(r.amountFen), fenToYuan(r.balanceFen)])).toEqual([
      ['2026-08-12', '12.00', '78.00'],
      ['2026-08-11', '11.00', '66.00'],
      ['2026-08-10', '10.00', '55.00'],
    ]);
  });

  it('reads one page through the index (account_no, value_date, id)', async () => {
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain select * from journal_entry where account_no = '209900000001' and value_date <= '2026-12-31' and (value_date, id) < ('2026-08-01', 99) order by value_date desc, id desc limit 21`,
    );
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Scan Backward using journal_entry_account/);
  });
});

/** Each day's opening balance × days, exactly (the JS model of the SQL): interest = round half-up (Σ × 1.5 % ÷ 360). */
function modelInterest(movements: Array<{ day: number; amount: bigint }>, periodDays: number): bigint {
  let balance = 0n;
  let jishu = 0n;
  let cursor = 0;
  for (const m of movements) {
    jishu += balance * BigInt(m.day - cursor);
    cursor = m.day;
    balance += m.amount;
  }
  jishu += balance * BigInt(periodDays - cursor);
  // × 1.50 / 100 / 360 = ÷ 24,000; half-up for positive numbers.
  return (jishu * 2n + 24_000n) / 48_000n;
}

describe('properties (fast-check)', () => {
  const day = (year: number, offset: number) => new Date(Date.UTC(year - 1, 5, 30) + offset * 86_400_000).toISOString().slice(0, 10);
  let year = 2040;

  it('the journal and the stored balances never disagree after any sequence of movements, replays and refusals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ who: fc.integer({ min: 0, max: 2 }), fen: fc.integer({ min: -400_000, max: 400_000 }).filter((n) => n !== 0), replay: fc.boolean() }), {
          minLength: 1,
          maxLength: 25,
        }),
        async (ops) => {
          const y = ++year;
          const accounts = [await open(`${y - 1}-07-01`), await open(`${y - 1}-07-01`), await open(`${y - 1}-07-01`)];
          const model = [0n, 0n, 0n];
          let line = 0;
          for (const [i, op] of ops.entries()) {
            const who = op.who;
            const amount = BigInt(op.fen);
            const use = op.replay && line > 0 ? line : ++line;
            const movement = amount > 0n
              ? ({ accountNo: accounts[who]!, amountFen: amount, kind: '01', ywbh: `P${y}`, line: use, valueDate: day(y, 1 + i) } as const)
              : ({ accountNo: accounts[who]!, amountFen: amount, kind: '11', reason: '07', ywbh: `P${y}`, line: use, valueDate: day(y, 1 + i) } as const);
            try {
              const posted = await db.transaction((tx) => postMovement(tx, movement));
              if (!posted.replayed) model[who]! += amount;
            } catch (error) {
              expect(error).toBeInstanceOf(RecordsError);
            }
          }
          const check = await checkLedger(db);
          expect(check).toMatchObject({ ok: true, accounts: [], centre: [], totalFen: 0n });
          for (const [i, grzh] of accounts.entries()) expect((await getAccount(db, grzh))!.balanceFen).toBe(model[i]);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('settlement equals the exact 积数 model, and a second run for the year changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ day: fc.integer({ min: 1, max: 364 }), fen: fc.integer({ min: 1, max: 9_000_000 }) }), { minLength: 0, maxLength: 12 }),
        async (deposits) => {
          const y = ++year;
          // Years from 2041 on are 365 days long unless leap: the period is 30 June to 30 June.
          const periodDays = Math.round((Date.UTC(y, 5, 30) - Date.UTC(y - 1, 5, 30)) / 86_400_000);
          const a = await open(`${y - 1}-06-30`);
          const sorted = [...deposits].sort((p, q) => p.day - q.day);
          for (const [i, d] of sorted.entries()) {
            await db.transaction((tx) => postMovement(tx, { accountNo: a, amountFen: BigInt(d.fen), kind: '01', ywbh: `S${a}`, line: i + 1, valueDate: day(y, d.day) }));
          }
          const first = await settleInterest(db, y, { now: AFTER(y), batchSize: 2 });
          const expected = modelInterest(sorted.map((d) => ({ day: d.day, amount: BigInt(d.fen) })), periodDays);
          const after = await getAccount(db, a);
          const total = sorted.reduce((s, d) => s + BigInt(d.fen), 0n);
          expect(after!.balanceFen).toBe(total + expected);
          expect(after!.interestSettledTo).toBe(`${y}-06-30`);
          const snapshot = await db.query('select count(*)::text as n, sum(amount_fen)::text as s from journal_entry');
          const second = await settleInterest(db, y, { now: AFTER(y) });
          expect(second.accounts).toBe(0);
          expect(second.total).toEqual(first.total);
          expect(await db.query('select count(*)::text as n, sum(amount_fen)::text as s from journal_entry')).toEqual(snapshot);
          expect((await checkLedger(db)).ok).toBe(true);
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);
});

describe('settleInterest', () => {
  it('refuses a year that has not ended, and resumes a run cut off after a batch', async () => {
    await expect(settleInterest(db, 2090, { now: new Date('2090-06-29T12:00:00Z') })).rejects.toThrow('未到 2090 年度结息时间');
    const accounts = [];
    for (let i = 0; i < 5; i++) {
      const a = await open('2089-07-01');
      await post(a, '1000.00', '2089-07-10');
      accounts.push(a);
    }
    const cut = await settleInterest(db, 2090, { now: AFTER(2090), batchSize: 2, maxBatches: 1 });
    expect(cut).toMatchObject({ accounts: 2, total: { accounts: 2, status: 'running' } });
    const rest = await settleInterest(db, 2090, { now: AFTER(2090), batchSize: 2 });
    expect(rest).toMatchObject({ accounts: 3, total: { accounts: 5, status: 'done' } });
    for (const a of accounts) expect((await listJournal(db, a, { limit: 1 })).rows[0]).toMatchObject({ kind: '09', valueDate: '2090-06-30' });
  });

  it('a year already done is swept again for an account that was behind, and pays nobody twice', async () => {
    const first2091 = await settleInterest(db, 2091, { now: AFTER(2091) });
    expect(first2091.accounts).toBe(5);
    // Opened back in 2089 but entered only now, after 2090 and 2091 were settled: behind for 2091.
    const late = await open('2089-07-01');
    await post(late, '1000.00', '2089-07-10');
    // (Accounts of the other tests, settled in earlier years only, are behind too.)
    const skipped = await settleInterest(db, 2091, { now: AFTER(2091) });
    expect(skipped.accounts).toBe(0);
    expect(await settleInterest(db, 2090, { now: AFTER(2090) })).toMatchObject({ accounts: 1, total: { accounts: 6, status: 'done' } });
    expect(await settleInterest(db, 2091, { now: AFTER(2091) })).toMatchObject({ accounts: 1, behind: skipped.behind - 1, total: { accounts: 6 } });
    expect((await settleInterest(db, 2091, { now: AFTER(2091) })).accounts).toBe(0);
    const years = await db.query<{ value_date: string }>(`select value_date::text as value_date from journal_entry where account_no = $1 and kind = '09' order by id`, [late]);
    expect(years.map((y) => y.value_date)).toEqual(['2090-06-30', '2091-06-30']);
  });
});
