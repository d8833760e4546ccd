import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { checkLedger, postMovement } from '../../records';
import { withParameters } from '../../test-support/parameters';
import { payStandingOrders, signStandingOrder, stopStandingOrder } from './standing';

// Rent by standing order (按月/按季租房提取): one set-based command per period, idempotent; it stops by itself at the
// lease's end, when the account is sealed or when the year's quota is used.
let db: Db;
const at = new Date('2026-12-10T02:00:00Z');
const CARD = { skyh: '102', skzh: '6222021234567890128' };
const ZHANG = '201000000101';
const SUN = '201000000403';
const QIAN = '201000000402';
// 李短信 stands in for 张三's wife in the household test (person_detail.pozjhm set to her ID number).
const LI = { grzh: '201000000404', zjhm: '110105199506205040' };

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
}, 120_000);
afterAll(() => db.close());

const rent = (ywbhPrefix: string) =>
  db.query<{ account_no: string; amount_fen: string; tqyy: string }>(
    `select account_no, amount_fen::text as amount_fen, tqyy from journal_entry where ywbh like $1 order by id`,
    [`${ywbhPrefix}%`],
  );

describe('payStandingOrders', () => {
  it('pays a period once, with a 部分提取 line of reason 07, a payment instruction and an SMS; a second run pays nothing', async () => {
    await db.transaction((tx) => signStandingOrder(tx, { grzh: ZHANG, zlht: 'ZL-1', zlzzrq: '2027-02-28', pl: 'M', amountFen: 200_000n, ...CARD, skrxm: '张三' }, at));
    await expect(db.transaction((tx) => signStandingOrder(tx, { grzh: ZHANG, zlht: 'ZL-2', zlzzrq: '2027-02-28', pl: 'M', amountFen: 1n, ...CARD, skrxm: '张三' }, at))).rejects.toThrow(
      '您已有一份生效的按月/按季租房提取协议，请先终止后再签订',
    );
    const first = await payStandingOrders(db, '2026-12-10', at);
    expect(first).toEqual({ paid: 1, paidFen: 200_000n, stopped: 0 });
    expect(await rent('ZFDK202612')).toEqual([{ account_no: ZHANG, amount_fen: '-200000', tqyy: '07' }]);
    expect(await payStandingOrders(db, '2026-12-20', at)).toEqual({ paid: 0, paidFen: 0n, stopped: 0 });
    expect((await checkLedger(db)).ok).toBe(true);
    const [sms] = await db.query<{ phone: string; text: string }>('select phone, text from sms_notice_queue order by id desc limit 1');
    expect(sms).toEqual({ phone: '13800138000', text: expect.stringContaining('按月/按季租房提取 2000.00 元已于 2026-12-10 转入尾号 0128 的银行卡') });
    const [pay] = await db.query<{ n: string }>(`select count(*)::text as n from payment_instruction where ywbh like 'ZFDK202612%'`);
    expect(pay!.n).toBe('1');
  });

  it('stops by itself at the lease’s end', async () => {
    expect((await payStandingOrders(db, '2027-01-10', at)).paid).toBe(1);
    expect(await payStandingOrders(db, '2027-03-10', at)).toEqual({ paid: 0, paidFen: 0n, stopped: 1 });
    const [o] = await db.query<{ state: string; stop_reason: string }>(`select state, stop_reason from rent_standing_order where grzh = $1`, [ZHANG]);
    expect(o).toEqual({ state: 'stopped', stop_reason: 'lease_end' });
  });

  it('pays no more than the year’s quota, then stops for the quota; a sealed account stops it; the depositor stops it', async () => {
    await db.transaction(async (tx) => {
      await signStandingOrder(tx, { grzh: SUN, zlht: 'ZL-S', zlzzrq: '2027-12-31', pl: 'M', amountFen: 3_000_000n, ...CARD, skrxm: '孙改密' }, at);
      await signStandingOrder(tx, { grzh: QIAN, zlht: 'ZL-Q', zlzzrq: '2027-12-31', pl: 'Q', amountFen: 100_000n, ...CARD, skrxm: '钱找回' }, at);
    });
    // December: 孙改密 takes the year's 21,600 (not 30,000); 钱找回's quarterly agreement waits for January.
    expect(await payStandingOrders(db, '2026-12-12', at)).toEqual({ paid: 1, paidFen: 2_160_000n, stopped: 0 });
    // The quota is used: a later run this year stops it (a run of the same month pays nothing again either way).
    await db.query(`delete from rent_standing_payment where period = '202612' and order_id in (select id from rent_standing_order where grzh = $1)`, [SUN]);
    expect(await payStandingOrders(db, '2026-12-13', at)).toEqual({ paid: 0, paidFen: 0n, stopped: 1 });
    expect((await db.query<{ stop_reason: string }>(`select stop_reason from rent_standing_order where grzh = $1`, [SUN]))[0]!.stop_reason).toBe('quota');
    await db.transaction((tx) => signStandingOrder(tx, { grzh: SUN, zlht: 'ZL-S2', zlzzrq: '2027-12-31', pl: 'M', amountFen: 100_000n, ...CARD, skrxm: '孙改密' }, at));
    // January: 孙改密's new year quota; then 钱找回's account is sealed.
    await db.query(`update personal_account set grzhzt = '02' where grzh = $1`, [QIAN]);
    const jan = await payStandingOrders(db, '2027-01-12', at);
    expect(jan.stopped).toBe(1);
    expect(jan.paid).toBe(1); // 孙改密's new agreement, in the new year
    const reasons = await db.query<{ grzh: string; stop_reason: string | null }>(`select grzh, stop_reason from rent_standing_order where state = 'active' or grzh = $1 order by id`, [QIAN]);
    expect(reasons).toEqual([
      { grzh: QIAN, stop_reason: 'sealed' },
      { grzh: SUN, stop_reason: null },
    ]);
    expect(await db.transaction((tx) => stopStandingOrder(tx, SUN, at))).toBe(true);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('the quota per household counts the spouse’s rent as TQ0107 does: the agreement gets exactly the rest; per person it does not count', async () => {
    // 张三 is married (hyzk 2x); his wife's account on record. Her rent withdrawal of 1,000.00 on 1 April 2027.
    await db.query(`update person_detail set pozjhm = $2 where account_id = (select account_id from person_info where grzh = $1)`, [ZHANG, LI.zjhm]);
    const [li] = await db.query<{ b: string }>('select balance_fen::text as b from personal_account where grzh = $1', [LI.grzh]);
    expect(BigInt(li!.b)).toBeGreaterThanOrEqual(100_000n);
    await db.transaction((tx) => postMovement(tx, { accountNo: LI.grzh, amountFen: -100_000n, kind: '11', ywbh: 'TQSPOUSE20270401', line: 1, valueDate: '2027-04-01', reason: '07' }));
    // 张三's own rent this year (the standing payment of January above).
    const [own] = await db.query<{ fen: string }>(
      `select coalesce(-sum(amount_fen), 0)::text as fen from journal_entry where account_no = $1 and kind = '11' and tqyy = '07' and value_date >= '2027-01-01'`,
      [ZHANG],
    );
    const ownFen = BigInt(own!.fen);
    expect(ownFen).toBe(200_000n);
    // A quota of (his + hers + 1,234.00): the household has 1,234.00 left; the agreement asks 5,000.00 a month.
    const quotaYuan = Number((ownFen + 100_000n + 123_400n) / 100n);
    await db.transaction((tx) => signStandingOrder(tx, { grzh: ZHANG, zlht: 'ZL-H', zlzzrq: '2027-12-31', pl: 'M', amountFen: 500_000n, ...CARD, skrxm: '张三' }, at));
    await withParameters(db, { rentQuotaPerHousehold: 1, rentYearQuotaSingleYuan: quotaYuan, rentYearQuotaHouseholdYuan: quotaYuan }, async () => {
      expect(await payStandingOrders(db, '2027-04-10', at)).toEqual({ paid: 1, paidFen: 123_400n, stopped: 0 });
      expect(await payStandingOrders(db, '2027-04-20', at)).toEqual({ paid: 0, paidFen: 0n, stopped: 0 }); // run twice, paid once
      // Nothing left of the household's quota: the next period stops the agreement for the quota.
      expect(await payStandingOrders(db, '2027-05-10', at)).toEqual({ paid: 0, paidFen: 0n, stopped: 1 });
    });
    expect((await db.query<{ stop_reason: string }>(`select stop_reason from rent_standing_order where zlht = 'ZL-H'`))[0]!.stop_reason).toBe('quota');
    // Per person, with the same figure as the single quota: his own rent (2,000.00 + 1,234.00) counts, hers does not,
    // so a new agreement gets exactly the 1,000.00 her withdrawal took from the household.
    await db.transaction((tx) => signStandingOrder(tx, { grzh: ZHANG, zlht: 'ZL-P', zlzzrq: '2027-12-31', pl: 'M', amountFen: 500_000n, ...CARD, skrxm: '张三' }, at));
    await withParameters(db, { rentQuotaPerHousehold: 0, rentYearQuotaSingleYuan: quotaYuan, rentYearQuotaHouseholdYuan: quotaYuan }, async () => {
      expect(await payStandingOrders(db, '2027-05-11', at)).toEqual({ paid: 1, paidFen: 100_000n, stopped: 0 });
    });
    await db.transaction((tx) => stopStandingOrder(tx, ZHANG, at));
    // Her rent application in progress (已提交, 500.00 held) counts too, as in TQ0107: a quota of the household's rent
    // so far + 500.00 + 300.00 leaves the agreement exactly 300.00.
    const [{ n: used } = { n: '0' }] = await db.query<{ n: string }>(
      `select (-sum(j.amount_fen))::text as n from journal_entry j join personal_account a on a.grzh = j.account_no
        where a.zjhm in ((select zjhm from personal_account where grzh = $1), $2) and j.kind = '11' and j.tqyy = '07' and j.value_date >= '2027-01-01'`,
      [ZHANG, LI.zjhm],
    );
    expect(BigInt(used)).toBe(ownFen + 123_400n + 100_000n + 100_000n);
    await db.query(
      `insert into application (ywbh, ywlx, zt, user_id, account_id, login, zh, payload, created_at, submitted_at, time_limit_days, updated_at)
       select 'TQ010720270601HELD', 'TQ0107', '01', ua.user_id, ua.id, 'li', $1, '{}', $2, $2, 3, $2
         from person_info pi join user_account ua on ua.id = pi.account_id where pi.grzh = $1`,
      [LI.grzh, at],
    );
    await db.query(
      `insert into withdrawal (ywbh, ywlx, grzh, tqyy, amount_fen, skyh, skyhmc, skzh, skrxm, created_at, updated_at)
       values ('TQ010720270601HELD', 'TQ0107', $1, '07', 50000, '102', '中国工商银行', '6222021234567890128', '李短信', $2, $2)`,
      [LI.grzh, at],
    );
    const heldQuota = Number((BigInt(used) + 50_000n + 30_000n) / 100n);
    await db.transaction((tx) => signStandingOrder(tx, { grzh: ZHANG, zlht: 'ZL-D', zlzzrq: '2027-12-31', pl: 'M', amountFen: 500_000n, ...CARD, skrxm: '张三' }, at));
    await withParameters(db, { rentQuotaPerHousehold: 1, rentYearQuotaSingleYuan: heldQuota, rentYearQuotaHouseholdYuan: heldQuota }, async () => {
      expect(await payStandingOrders(db, '2027-06-10', at)).toEqual({ paid: 1, paidFen: 30_000n, stopped: 0 });
    });
    await db.transaction((tx) => stopStandingOrder(tx, ZHANG, at));
    await db.query(`update person_detail set pozjhm = '' where account_id = (select account_id from person_info where grzh = $1)`, [ZHANG]);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
