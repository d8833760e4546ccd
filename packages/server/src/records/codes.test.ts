import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/db';
import { loadMigrations, migrate } from '../db/migrate';
import {
  ACCOUNT_STATUS,
  ACCOUNT_STATUS_NAMES,
  closeAccount,
  getAccount,
  isClosedStatus,
  listJournal,
  openAccount,
  postMovement,
  setAccountStatus,
  UNIT_ACCOUNT_STATUS,
  UNIT_ACCOUNT_STATUS_NAMES,
  WITHDRAWAL_REASONS,
} from './index';

// The records' codes (issue 30, docs/api-records.md › 状态代码), one test per status code.

let db: Db;
let serial = 0;
const nextGrzh = () => `2097${String(++serial).padStart(8, '0')}`;

beforeAll(async () => {
  db = await openDatabase({ memory: true });
  await migrate(db);
}, 120_000);
afterAll(async () => db?.close());

async function funded(): Promise<string> {
  const grzh = nextGrzh();
  await db.transaction(async (tx) => {
    await openAccount(tx, { grzh, zjhm: '110101199003072316', xingming: '张三', kind: 'gr', khrq: '2026-07-01' });
    await postMovement(tx, { accountNo: grzh, amountFen: 100_000n, kind: '01', ywbh: `HJ${grzh}`, line: 1, valueDate: '2026-07-10', period: '202607' });
  });
  return grzh;
}
const status = async (grzh: string) => (await getAccount(db, grzh))!.grzhzt;

describe('the code tables', () => {
  it('personal GRZHZT, unit DWZHZT and withdrawal reasons TQYY as the national data standard has them', () => {
    expect(ACCOUNT_STATUS_NAMES).toEqual({ '01': '正常', '02': '封存', '03': '合并销户', '04': '外部转出销户', '05': '提取销户', '06': '冻结', '99': '其他' });
    expect(UNIT_ACCOUNT_STATUS_NAMES).toEqual({ '01': '正常', '02': '开户', '03': '缓缴', '04': '销户', '05': '封存' });
    expect(UNIT_ACCOUNT_STATUS).toMatchObject({ closed: '04', sealed: '05' });
    expect(Object.keys(WITHDRAWAL_REASONS).sort()).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '99']);
    expect(WITHDRAWAL_REASONS['05']).toBe('户口迁出/出境定居');
    expect(['01', '02', '03', '04', '05', '06', '99'].filter(isClosedStatus)).toEqual(['03', '04', '05']);
  });
});

describe('each status code from the operation that produces it', () => {
  it('01 正常: a journal movement leaves an open account 01', async () => {
    const a = await funded();
    expect(await status(a)).toBe(ACCOUNT_STATUS.normal);
  });

  it('02 封存 from a seal, and 01 again from an unseal', async () => {
    const a = await funded();
    await db.transaction((tx) => setAccountStatus(tx, a, '02'));
    expect(await status(a)).toBe('02');
    await db.transaction((tx) => setAccountStatus(tx, a, '01'));
    expect(await status(a)).toBe('01');
  });

  it('06 冻结 from a freeze: money in is taken, money out is refused', async () => {
    const a = await funded();
    await db.transaction((tx) => setAccountStatus(tx, a, '06'));
    expect(await status(a)).toBe('06');
    await expect(
      db.transaction((tx) => postMovement(tx, { accountNo: a, amountFen: -100n, kind: '11', reason: '07', ywbh: `TQ${a}`, line: 1, valueDate: '2026-07-11' })),
    ).rejects.toThrow('个人账户已冻结，不能支取');
  });

  it('99 其他: set by the centre, stops money out', async () => {
    const a = await funded();
    await db.transaction((tx) => setAccountStatus(tx, a, '99'));
    expect(await status(a)).toBe('99');
    await expect(
      db.transaction((tx) => postMovement(tx, { accountNo: a, amountFen: -100n, kind: '11', reason: '07', ywbh: `TQ${a}`, line: 1, valueDate: '2026-07-11' })),
    ).rejects.toThrow('状态异常');
  });

  const closings = [
    ['withdrawal', '05', '12', '03'],
    ['transfer', '04', '22', undefined],
    ['merge', '03', '22', undefined],
  ] as const;
  for (const [reason, code, kind, withdrawalReason] of closings) {
    it(`${code} ${ACCOUNT_STATUS_NAMES[code]}: closing for ${reason} pays out by ${kind} and leaves ${code}`, async () => {
      const a = await funded();
      await db.transaction((tx) =>
        closeAccount(tx, a, { date: '2026-10-20', ywbh: `XH${a}`, reason, ...(withdrawalReason ? { withdrawalReason } : {}) }),
      );
      const account = await getAccount(db, a);
      expect(account).toMatchObject({ grzhzt: code, xhrq: '2026-10-20', balanceFen: 0n });
      const [last] = (await listJournal(db, a, { limit: 1 })).rows;
      expect(last).toMatchObject({ kind, tqyy: withdrawalReason ?? null });
      // A closed account takes nothing more and changes status no more.
      await expect(db.transaction((tx) => setAccountStatus(tx, a, '01'))).rejects.toThrow('个人账户已销户');
    });
  }

  it('a closing for withdrawal needs its reason; no other closing takes one', async () => {
    const a = await funded();
    await expect(db.transaction((tx) => closeAccount(tx, a, { date: '2026-10-20', ywbh: `XH${a}`, reason: 'withdrawal' }))).rejects.toThrow('须注明提取原因');
    await expect(
      db.transaction((tx) => closeAccount(tx, a, { date: '2026-10-20', ywbh: `XH${a}`, reason: 'transfer', withdrawalReason: '01' })),
    ).rejects.toThrow('只有提取销户');
    expect(await status(a)).toBe('01');
  });

  it('the journal: 部分提取 and 销户提取 require a reason from the dictionary, every other kind refuses one', async () => {
    const a = await funded();
    const move = (extra: Record<string, unknown>) =>
      db.transaction((tx) => postMovement(tx, { accountNo: a, amountFen: -100n, kind: '11', ywbh: `TQ${a}`, line: 1, valueDate: '2026-07-11', ...extra }));
    await expect(move({})).rejects.toThrow('部分提取须注明提取原因');
    await expect(move({ reason: '10' })).rejects.toThrow('部分提取须注明提取原因');
    await expect(
      db.transaction((tx) => postMovement(tx, { accountNo: a, amountFen: 100n, kind: '01', reason: '07', ywbh: `HJ${a}x`, line: 1, valueDate: '2026-07-11' })),
    ).rejects.toThrow('汇缴不记提取原因');
    await move({ reason: '09' });
    expect((await listJournal(db, a, { limit: 2 })).rows.map((r) => [r.kind, r.tqyy])).toEqual([
      ['11', '09'],
      ['01', null],
    ]);
    // The database holds the same rule.
    await expect(db.query(`update journal_entry set tqyy = null where account_no = $1 and kind = '11'`, [a])).rejects.toThrow();
  });
});

describe('migration 070 on a database written with the old codes', () => {
  it('converts personal 03 -> 06 and 99 by its closing reason, swaps unit 04 and 05, and gives old withdrawals a reason', async () => {
    const old = await openDatabase({ memory: true });
    try {
      const all = loadMigrations();
      await migrate(old, all.filter((m) => m.version < '070'));
      await old.exec(`
        insert into unit_record (dwzh, dwmc, tyshxydm, category, jbrxm, jbrzjhm, jbrsjhm, dwzhzt) values
          ('100000000001', '甲', 'A1', 'jcdw', '甲', '1', '1', '01'),
          ('100000000002', '乙', 'A2', 'jcdw', '乙', '2', '2', '04'),
          ('100000000003', '丙', 'A3', 'jcdw', '丙', '3', '3', '05');
        insert into depositor_record (zjhm, xingming, sjhm, grzh, grzhzt) values
          ('Z1', '甲', '1', '200000000001', '03'), ('Z2', '乙', '2', '200000000002', '99'), ('Z9', '丁', '9', '200000000009', '99');
        insert into personal_account (grzh, zjhm, xingming, kind, grzhzt, close_reason, khrq, xhrq, interest_settled_to) values
          ('200000000001', 'Z1', '甲', 'gr', '03', null, '2020-01-01', null, '2020-01-01'),
          ('200000000002', 'Z2', '乙', 'gr', '99', 'withdrawal', '2020-01-01', '2021-01-01', '2021-01-01'),
          ('200000000003', 'Z3', '丙', 'gr', '99', 'transfer', '2020-01-01', '2021-01-01', '2021-01-01'),
          ('200000000004', 'Z4', '丁', 'gr', '99', 'merge', '2020-01-01', '2021-01-01', '2021-01-01'),
          ('200000000005', 'Z5', '戊', 'gr', '02', null, '2020-01-01', null, '2020-01-01'),
          ('200000000006', 'Z6', '己', 'gr', '01', null, '2020-01-01', null, '2020-01-01');
        insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, balance_after_fen, note) values
          ('200000000006', 'C100', 1000, '01', 'H1', 1, '2020-02-01', 1000, '汇缴'),
          ('200000000006', 'C100', -100, '11', 'T1', 1, '2020-03-01', 900, '部分提取（租房）'),
          ('200000000006', 'C100', -100, '11', 'T2', 1, '2020-04-01', 800, '部分提取（购买自住住房）'),
          ('200000000006', 'C100', -100, '11', 'T3', 1, '2020-05-01', 700, '部分提取');
      `);
      expect(await migrate(old)).toContain('070');
      const accounts = await old.query<{ grzh: string; grzhzt: string }>('select grzh, grzhzt from personal_account order by grzh');
      expect(accounts.map((r) => r.grzhzt)).toEqual(['06', '05', '04', '03', '02', '01']);
      const units = await old.query<{ dwzhzt: string }>('select dwzhzt from unit_record order by dwzh');
      expect(units.map((r) => r.dwzhzt)).toEqual(['01', '05', '04']);
      const shadows = await old.query<{ grzhzt: string }>('select grzhzt from depositor_record order by zjhm');
      expect(shadows.map((r) => r.grzhzt)).toEqual(['06', '05', '99']);
      const journal = await old.query<{ ywbh: string; tqyy: string | null }>('select ywbh, tqyy from journal_entry order by id');
      expect(journal).toEqual([
        { ywbh: 'H1', tqyy: null },
        { ywbh: 'T1', tqyy: '07' },
        { ywbh: 'T2', tqyy: '01' },
        { ywbh: 'T3', tqyy: '99' },
      ]);
      const columns = await old.query(`select 1 from information_schema.columns where table_name = 'personal_account' and column_name = 'close_reason'`);
      expect(columns).toEqual([]);
      // The new checks hold: an old code is refused.
      await expect(old.query(`update personal_account set grzhzt = '07' where grzh = '200000000006'`)).rejects.toThrow();
      await expect(old.query(`update personal_account set grzhzt = '05' where grzh = '200000000006'`)).rejects.toThrow();
    } finally {
      await old.close();
    }
  }, 120_000);
});
