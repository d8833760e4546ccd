import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { body as harnessBody, withdrawalHarness } from '../../test-support/withdrawals';
import { CENTRE_KEY_HEADER } from '../../applications/centre';
import { ACCOUNT_STATUS, checkLedger, fenToYuan } from '../../records';
import { materialsFor } from '../materials';
import { businessOf } from '../registry';
import { RETIREE_DEMO_LOGIN } from '../../seed/withdrawals';
import { ageOf, dateMonthsBefore, hasContinuousMonths, luhnValid } from './common';
import { readWithdrawalParams, withdrawalParams } from './params';
import { readParameters } from '../../params/centre';
import { guideOf } from '../../applications/wizard';
import { quarterOf } from './tq0107';
import { monthsRepaid } from './tq0106';
import { DEMO_LOAN } from '../../seed/withdrawals';
import { withdrawalOf } from '.';

// One database for the file. The clock stands on Thursday 26 November 2026, 10:00 in Shanghai. 张三 (married, his
// account 201000000101 paid up to October, 86,542.35 yuan) rents; 孙改密 (201000000403, 35,200 yuan) buys; 严退休 (born
// 15 March 1965, seed step 21) retires; 钱找回 (201000000402) owns a home on the register.
let db: Db;
let app: FastifyInstance;
const KEY = 'test-centre-key-0123456789abcdef';
let clock = new Date('2026-11-26T02:00:00Z');
const ZHFW = '/api/izfgjj-zhfw/v1';
const CARD = { skyh: '102', skzh: '6222021234567890128' };
const ZHANG = { account: '110101199003072316', grzh: '201000000101', name: '张三' };
const SUN = { account: '110105198503014033', grzh: '201000000403', name: '孙改密' };
const QIAN = { account: '110105199208153027', grzh: '201000000402', name: '钱找回' };
const LI = { account: '110105199506205040', grzh: '201000000404', name: '李短信' };
const FENG = { account: '110105199202026027', grzh: '201000000601', name: '冯信息' };

const tokens: Record<string, string> = {};
/** The status SMS the spine sends (the gateway's notify). */
const sent: string[] = [];
beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock, centreApiKey: KEY, sms: { send: async () => undefined, notify: async (_phone: string, text: string) => void sent.push(text) } });
  for (const who of [ZHANG, SUN, QIAN, FENG, LI, { account: RETIREE_DEMO_LOGIN.account }]) tokens[who.account] = await signIn(app, who.account);
}, 120_000);
afterAll(() => app.close());

const { get, post, submit, check, limit, centre, balance, lines, applicantOf, withRows, ruleOf } = withdrawalHarness({ app: () => app, db: () => db, tokens, centreKey: KEY, now: () => clock });
const body = harnessBody;

const rent = (extra: Record<string, unknown> = {}) => ({
  zlht: 'ZL-2026-001',
  zldz: '示范市历下区文化东路 8 号 2 单元 301 室',
  yzj: '3600',
  zlqsrq: '2026-03-01',
  zlzzrq: '2027-02-28',
  wfsm: true,
  skrxm: ZHANG.name,
  ...CARD,
  ...extra,
});

describe('parameters (rows of the centre table, one each, at its edges, driven by setParameter)', () => {
  it('are rows of centre_parameter read through readParameters: 南京 rent quotas, quarterly, 3 months, 12 months for a purchase, 60/55', async () => {
    expect(await readWithdrawalParams(db)).toEqual(withdrawalParams(await readParameters(db)));
    expect(await readWithdrawalParams(db)).toMatchObject({
      rentYearQuotaSingleYuan: 21_600,
      rentYearQuotaHouseholdYuan: 43_200,
      rentQuotaPerHousehold: true,
      rentPerQuarter: 1,
      rentMinMonths: 3,
      purchaseWindowMonths: 12,
      purchaseMinMonths: 3,
      retireAgeMale: 60,
      retireAgeFemale: 55,
    });
  });

  it('rentMinMonths: 严退休 has paid 5 months unbroken; set to 5 he may rent-withdraw, set to 6 he is refused naming 6, at the wizard too', async () => {
    const rule = await ruleOf('TQ0107', 'continuous-months', RETIREE_DEMO_LOGIN.account);
    await withRows({ rentMinMonths: 5 }, async () => expect(await rule.holds()).toBe(true));
    await withRows({ rentMinMonths: 6 }, async () => {
      expect(await rule.holds()).toBe(false);
      expect(await rule.message()).toBe('连续缴存满 6 个月后才能办理租房提取');
      expect((await check(RETIREE_DEMO_LOGIN.account, 'TQ0107')).messages.map((m) => m.msg)).toContain('连续缴存满 6 个月后才能办理租房提取');
      expect(guideOf(businessOf('TQ0107')!, await readParameters(db)).sltj).toContain('连续缴存满 6 个月');
    });
  });

  it('purchaseMinMonths: the same 5 months pass at 5, fail at 6 (TQ0101)', async () => {
    const rule = await ruleOf('TQ0101', 'continuous-months', RETIREE_DEMO_LOGIN.account);
    await withRows({ purchaseMinMonths: 5 }, async () => expect(await rule.holds()).toBe(true));
    await withRows({ purchaseMinMonths: 6 }, async () => {
      expect(await rule.holds()).toBe(false);
      expect(await rule.message()).toBe('连续缴存满 6 个月后才能办理购房提取');
    });
  });

  it('purchaseWindowMonths set to 6: a purchase 6 months back to the day is in, a day earlier is out (TQ0101)', async () => {
    await withRows({ purchaseWindowMonths: 6 }, async () => {
      expect(await (await ruleOf('TQ0101', 'purchase-within-window', ZHANG.account, { gfrq: '2026-05-26' })).holds()).toBe(true);
      const early = await ruleOf('TQ0101', 'purchase-within-window', ZHANG.account, { gfrq: '2026-05-25' });
      expect(await early.holds()).toBe(false);
      expect(await early.message()).toBe('只能提取购房后 6 个月内的购房款，且购房日期不能晚于今天');
    });
  });

  it('retireAgeMale: 严退休 is 61; the row at 61 lets him withdraw on retirement (TQ0103), at 62 it does not', async () => {
    const rule = await ruleOf('TQ0103', 'retirement-age', RETIREE_DEMO_LOGIN.account);
    await withRows({ retireAgeMale: 61 }, async () => expect(await rule.holds()).toBe(true));
    await withRows({ retireAgeMale: 62 }, async () => {
      expect(await rule.holds()).toBe(false);
      expect(guideOf(businessOf('TQ0103')!, await readParameters(db)).sltj).toContain('男 62 周岁');
    });
  });

  it('rentPerQuarter: 张三 has not rent-withdrawn this quarter; at 1 he may, at 0 he is refused', async () => {
    const rule = await ruleOf('TQ0107', 'quarter-frequency', ZHANG.account);
    expect(await rule.holds()).toBe(true);
    await withRows({ rentPerQuarter: 0 }, async () => expect(await rule.holds()).toBe(false));
  });

  it('rentQuotaPerHousehold, rentYearQuotaHouseholdYuan, rentYearQuotaSingleYuan: the quota the limit names follows the rows', async () => {
    const zhang = await applicantOf(ZHANG.account);
    const reasons = async () => (await withdrawalOf('TQ0107')!.limitFor(db, zhang, {}, clock)).reasons.join('\n');
    expect(await reasons()).toContain('租房提取额度 43200.00 元'); // married: the household's
    await withRows({ rentYearQuotaHouseholdYuan: 50_000 }, async () => expect(await reasons()).toContain('租房提取额度 50000.00 元'));
    await withRows({ rentQuotaPerHousehold: 0 }, async () => expect(await reasons()).toContain('本人租房提取额度 21600.00 元')); // per person: the single quota
    await withRows({ rentQuotaPerHousehold: 0, rentYearQuotaSingleYuan: 20_000 }, async () => expect(await reasons()).toContain('本人租房提取额度 20000.00 元'));
  });

  it('rentMinMonths (the months themselves): three months paid ending this month or the one before; two are not enough', async () => {
    // 张三 paid every month up to October 2026: on 26 November, August–October count.
    expect(await hasContinuousMonths(db, ZHANG.grzh, '2026-11-26', 3)).toBe(true);
    // In January 2027 the last paid months (Oct) are not the month before: not continuous up to now.
    expect(await hasContinuousMonths(db, ZHANG.grzh, '2027-01-05', 3)).toBe(false);
    // 严退休 paid July–November: 5 months, not 6.
    expect(await hasContinuousMonths(db, RETIREE_DEMO_LOGIN.grzh, '2026-11-26', 5)).toBe(true);
    expect(await hasContinuousMonths(db, RETIREE_DEMO_LOGIN.grzh, '2026-11-26', 6)).toBe(false);
  });

  it('retireAgeMale: the day before the 60th birthday is too early, the birthday is not', () => {
    expect(ageOf(RETIREE_DEMO_LOGIN.account, '2025-03-14')).toEqual({ age: 59, male: true });
    expect(ageOf(RETIREE_DEMO_LOGIN.account, '2025-03-15')).toEqual({ age: 60, male: true });
    expect(ageOf('11010519700601002X', '2025-06-01')).toEqual({ age: 55, male: false }); // a woman at 55
  });

  it('purchaseWindowMonths: twelve months back to the day', () => {
    expect(dateMonthsBefore('2026-11-26', 12)).toBe('2025-11-26');
    expect(dateMonthsBefore('2026-03-31', 1)).toBe('2026-02-28');
  });

  it('rentPerQuarter: calendar quarters', () => {
    expect(quarterOf('2026-11-26')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(quarterOf('2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('the card check digit (Luhn)', () => {
    expect(luhnValid('6222021234567890128')).toBe(true);
    expect(luhnValid('6222021234567890127')).toBe(false);
    expect(luhnValid('62220212345')).toBe(false);
  });
});

describe('TQ0107 租赁住房提取', () => {
  // What is left of the household's rent quota this year: the seeded history already holds a rent withdrawal of the
  // household's (张三 and his wife) in 2026 (reason 07 since migration 070), and it counts.
  let left = 0n;
  beforeAll(async () => {
    const [row] = await db.query<{ used: string }>(
      `select coalesce(-sum(j.amount_fen), 0)::text as used
         from journal_entry j join personal_account a on a.grzh = j.account_no
        where a.zjhm in (select $1::text union
                         select d.pozjhm from person_info p join person_detail d on d.account_id = p.account_id
                          where p.zjhm = $1 and coalesce(d.pozjhm, '') <> '')
          and j.kind = '11' and j.tqyy = '07' and j.value_date >= '2026-01-01' and j.value_date < '2027-01-01'`,
      [ZHANG.account],
    );
    left = 4_320_000n - BigInt(row!.used);
  });

  it('ineligible with the reason before anything is typed: too few months; a home on the register', async () => {
    const feng = await check(FENG.account, 'TQ0107');
    expect(feng.pass).toBe(false);
    expect(feng.messages.map((m) => m.msg)).toContain('连续缴存满 3 个月后才能办理租房提取');
    // 钱找回's home is on the register (seed step 22).
    const qian = await check(QIAN.account, 'TQ0107');
    expect(qian.messages.map((m) => m.msg)).toContain('房产登记显示您或配偶在本市有自有住房，不能办理租房提取');
  });

  it('the most he may withdraw, with its reasons: the household quota of the year, under the balance', async () => {
    expect((await check(ZHANG.account, 'TQ0107')).pass).toBe(true);
    const l = await limit(ZHANG.account, 'TQ0107');
    expect(left).toBeLessThan(4_320_000n);
    expect(l.ktqje).toBe(fenToYuan(left));
    expect(l.ye).toBe('86542.35');
    expect(l.yy.join('\n')).toContain('租房提取额度 43200.00 元');
  });

  it('bad card and holder are refused in words; one fen over the quota is refused', async () => {
    expect(body(await submit(ZHANG.account, 'TQ0107', rent({ tqje: '100', skzh: '6222021234567890127' }))).msg).toBe('银行卡号校验不通过，请核对卡号');
    expect(body(await submit(ZHANG.account, 'TQ0107', rent({ tqje: '100', skrxm: '李四' }))).msg).toBe('持卡人姓名须与申请人姓名一致，请使用本人的银行卡');
    expect(body(await submit(ZHANG.account, 'TQ0107', rent({ tqje: '100', wfsm: false }))).msg).toBe('请确认本人及配偶在本市无自有住房');
    const over = await submit(ZHANG.account, 'TQ0107', rent({ tqje: fenToYuan(left + 1n) }));
    expect(over.statusCode).toBe(400);
    expect(body(over).msg).toBe(`提取金额超过本次最多可提取的 ${fenToYuan(left)} 元`);
  });

  it('exactly the quota completes at once: 部分提取 with reason 07, the balance equals the journal, a payment instruction, an SMS', async () => {
    const before = await balance(ZHANG.grzh);
    const res = await submit(ZHANG.account, 'TQ0107', rent({ tqje: fenToYuan(left) }));
    expect(res.statusCode).toBe(200);
    const { ywbh, zt } = body(res).data;
    expect(zt).toBe('03');
    expect(await lines(ywbh)).toEqual([{ kind: '11', amount_fen: String(-left), tqyy: '07' }]);
    expect(before - (await balance(ZHANG.grzh))).toBe(left);
    expect((await checkLedger(db, [ZHANG.grzh])).ok).toBe(true);
    const [pay] = await db.query<{ amount_fen: string; state: string; skzh: string }>('select amount_fen::text as amount_fen, state, skzh from payment_instruction where ywbh = $1', [ywbh]);
    expect(pay).toEqual({ amount_fen: String(left), state: 'pending', skzh: CARD.skzh });
    expect(sent.some((t) => t.includes(`（业务编号 ${ywbh}）已办结`))).toBe(true);
  });

  it('then the quarter and the quota are used: both reasons at the wizard', async () => {
    const c = await check(ZHANG.account, 'TQ0107');
    expect(c.messages.map((m) => m.msg)).toEqual(['本季度已办理过租房提取，请下个季度再申请', '您的账户当前没有可提取的金额']);
  });

  it('the rent year turns on 1 January: nothing left on 31 December, the whole quota on 1 January', async () => {
    const zhang = await applicantOf(ZHANG.account);
    const tq0107 = withdrawalOf('TQ0107')!;
    expect((await tq0107.limitFor(db, zhang, {}, new Date('2026-12-31T15:59:59Z'))).maxFen).toBe(0n); // 23:59:59 in Shanghai
    expect((await tq0107.limitFor(db, zhang, {}, new Date('2026-12-31T16:00:00Z'))).maxFen).toBe(4_320_000n); // 00:00 on 1 January
  });
});

describe('TQ0101 购买自住住房提取', () => {
  const purchase = (extra: Record<string, unknown> = {}) => ({
    gfht: 'GF-2026-0601',
    fwzl: '示范市历城区华龙路 9 号 1-1-1201',
    gfrq: '2026-06-01',
    fwzj: '1000000',
    dkje: '990000',
    skrxm: SUN.name,
    ...CARD,
    ...extra,
  });

  it('the limit: the price less the loan less what was withdrawn for the contract, shown before it is typed', async () => {
    const l = await limit(SUN.account, 'TQ0101', purchase());
    expect(l.ktqje).toBe('10000.00');
    expect(l.yy[0]).toContain('房屋总价 1000000.00 元，减贷款 990000.00 元');
    // Without the price, the balance alone.
    expect((await limit(SUN.account, 'TQ0101')).ktqje).toBe('35200.00');
  });

  it('a purchase more than 12 months ago, or in the future, is refused; 12 months to the day is not', async () => {
    expect(body(await submit(SUN.account, 'TQ0101', purchase({ gfrq: '2025-11-25', tqje: '1' }))).msg).toBe('只能提取购房后 12 个月内的购房款，且购房日期不能晚于今天');
    expect(body(await submit(SUN.account, 'TQ0101', purchase({ gfrq: '2026-11-27', tqje: '1' }))).msg).toBe('只能提取购房后 12 个月内的购房款，且购房日期不能晚于今天');
    const row = businessOf('TQ0101')!.rules.find((r) => r.name === 'purchase-within-window')!;
    expect(await row.holds({ q: db, applicant: await applicantOf(SUN.account), payload: purchase({ gfrq: '2025-11-26' }), now: clock })).toBe(true);
  });

  it('a spouse withdrawing for the same home needs the marriage certificate and the QR-signed letter', () => {
    const tq0101 = businessOf('TQ0101')!;
    expect(materialsFor(tq0101, { potq: false }).map((m) => m.clbh)).toEqual(['SFZ', 'GFHT', 'GFFP']);
    expect(materialsFor(tq0101, { potq: true }).filter((m) => m.required).map((m) => m.clbh)).toEqual(['SFZ', 'GFHT', 'GFFP', 'JHZ', 'SQS']);
  });

  it('one fen over is refused; the limit is held while the centre works, released when withdrawn, posted when completed', async () => {
    expect(body(await submit(SUN.account, 'TQ0101', purchase({ tqje: '10000.01' }))).msg).toBe('提取金额超过本次最多可提取的 10000.00 元');
    const first = body(await submit(SUN.account, 'TQ0101', purchase({ tqje: '10000.00' }))).data;
    expect(first.zt).toBe('01');
    // The hold: the balance less 10,000 is what any other withdrawal could still take.
    const held = await limit(SUN.account, 'TQ0101');
    expect(held.ktqje).toBe('25200.00');
    expect(held.yy).toContain('在办提取已占用 10000.00 元');
    // Another login may not touch it (403, nothing said).
    expect((await post(ZHANG.account, `ywsq/withdraw`, { ywbh: first.ywbh })).statusCode).toBe(403);
    expect(body(await post(SUN.account, 'ywsq/withdraw', { ywbh: first.ywbh })).data.zt).toBe('06');
    expect((await limit(SUN.account, 'TQ0101')).ktqje).toBe('35200.00');
    // Again, completed by the centre: 部分提取 with reason 01.
    const second = body(await submit(SUN.account, 'TQ0101', purchase({ tqje: '10000.00' }))).data;
    for (const action of ['accept', 'complete']) expect((await centre(second.ywbh, action)).statusCode).toBe(200);
    expect(await lines(second.ywbh)).toEqual([{ kind: '11', amount_fen: '-1000000', tqyy: '01' }]);
    expect(await balance(SUN.grzh)).toBe(2_520_000n);
    expect((await checkLedger(db, [SUN.grzh])).ok).toBe(true);
    // The contract's outlay is used up.
    expect((await limit(SUN.account, 'TQ0101', purchase())).ktqje).toBe('0.00');
  });
});

describe('TQ0103 离休退休提取', () => {
  it('ineligible before the retirement age, with the reason', async () => {
    expect((await check(ZHANG.account, 'TQ0103')).messages.map((m) => m.msg)).toContain('您尚未达到法定退休年龄，不能办理离休退休提取');
  });

  it('the amount is the whole balance with interest to the day; completion closes the account with 销户提取 reason 03', async () => {
    const who = RETIREE_DEMO_LOGIN;
    expect((await check(who.account, 'TQ0103')).pass).toBe(true);
    const l = await limit(who.account, 'TQ0103');
    expect(l.xh).toBe(true);
    expect(l.ye).toBe('9600.00');
    expect(Number(l.ktqje)).toBeGreaterThan(9600);
    const { ywbh, zt } = body(await submit(who.account, 'TQ0103', { txrq: '2025-03-31', skrxm: who.name, ...CARD })).data;
    expect(zt).toBe('01');
    for (const action of ['accept', 'complete']) expect((await centre(ywbh, action)).statusCode).toBe(200);
    const posted = await lines(ywbh);
    expect(posted.map((p) => [p.kind, p.tqyy])).toEqual([
      ['10', null],
      ['12', '03'],
    ]);
    expect(-BigInt(posted[1]!.amount_fen)).toBe(BigInt(Math.round(Number(l.ktqje) * 100)));
    expect(await balance(who.grzh)).toBe(0n);
    const [acct] = await db.query<{ grzhzt: string }>('select grzhzt from personal_account where grzh = $1', [who.grzh]);
    expect(acct).toEqual({ grzhzt: ACCOUNT_STATUS.closedWithdrawal }); // 05 提取销户
    expect((await checkLedger(db, [who.grzh])).ok).toBe(true);
    const [pay] = await db.query<{ amount_fen: string }>('select amount_fen::text as amount_fen from payment_instruction where ywbh = $1', [ywbh]);
    expect(pay!.amount_fen).toBe(String(-BigInt(posted[1]!.amount_fen)));
  });
});

describe('TQ0106 偿还住房贷款提取', () => {
  const repay = (extra: Record<string, unknown> = {}) => ({ dklx: '1', jkhtbh: DEMO_LOAN.jkhtbh, skrxm: QIAN.name, ...CARD, ...extra });

  it('repayWindowMonths: the instalments due in the last 12 months, none in the month of the loan', () => {
    expect(monthsRepaid('2024-05-01', '2026-11-26', 12)).toBe(12);
    expect(monthsRepaid('2026-06-15', '2026-11-26', 12)).toBe(5);
    expect(monthsRepaid('2026-11-02', '2026-11-26', 12)).toBe(0);
  });

  it('another person’s contract answers 403 and says nothing', async () => {
    const res = await submit(ZHANG.account, 'TQ0106', repay({ skrxm: ZHANG.name, tqje: '100' }));
    expect(res.statusCode).toBe(403);
    expect((await limit(ZHANG.account, 'TQ0106', repay())).yy.join()).not.toContain('2500');
  });

  it('repayWindowMonths set to 6: the limit counts the last 6 instalments (15,000.00), and the guide says so', async () => {
    await withRows({ repayWindowMonths: 6 }, async () => {
      const l = await limit(QIAN.account, 'TQ0106', repay());
      expect(l.ktqje).toBe('15000.00');
      expect(l.yy[0]).toContain('近 6 个月应还 6 期，每期 2500.00 元');
      expect(guideOf(businessOf('TQ0106')!, await readParameters(db)).xzdy).toContain('近 6 个月');
    });
  });

  it('the centre’s own loan: twelve instalments; one fen over refused; exactly the limit completes at once with reason 06', async () => {
    const l = await limit(QIAN.account, 'TQ0106', repay());
    expect(l.ktqje).toBe('30000.00');
    expect(l.yy[0]).toContain('近 12 个月应还 12 期，每期 2500.00 元');
    expect(body(await submit(QIAN.account, 'TQ0106', repay({ tqje: '30000.01' }))).msg).toBe('提取金额超过本次最多可提取的 30000.00 元');
    const { ywbh, zt } = body(await submit(QIAN.account, 'TQ0106', repay({ tqje: '30000.00' }))).data;
    expect(zt).toBe('03');
    expect(await lines(ywbh)).toEqual([{ kind: '11', amount_fen: '-3000000', tqyy: '06' }]);
    expect((await checkLedger(db, [QIAN.grzh])).ok).toBe(true);
    // Once a year per contract.
    expect(body(await submit(QIAN.account, 'TQ0106', repay({ tqje: '1' }))).msg).toBe('这笔贷款近 12 个月内已办理过还贷提取，请满 12 个月后再申请');
  });

  it('repayPerYear: after one withdrawal for the contract, 1 refuses another and 2 allows it', async () => {
    const rule = await ruleOf('TQ0106', 'once-a-year', QIAN.account, repay());
    expect(await rule.holds()).toBe(false);
    await withRows({ repayPerYear: 2 }, async () => expect(await rule.holds()).toBe(true));
  });

  it('a bank’s loan: the declared instalment since it was paid out, left to the centre', async () => {
    const bank = { dklx: '2', jkhtbh: 'SD-2026-88', yhke: '3000', ffrq: '2026-06-15', skrxm: SUN.name, ...CARD };
    expect((await limit(SUN.account, 'TQ0106', bank)).ktqje).toBe('15000.00');
    expect(body(await submit(SUN.account, 'TQ0106', { ...bank, ffrq: '2026-12-01', tqje: '1' })).msg).toBe('商业银行贷款请填写月还款额和放款日期，放款日期不能晚于今天');
    const { zt } = body(await submit(SUN.account, 'TQ0106', { ...bank, tqje: '15000.00' })).data;
    expect(zt).toBe('01');
  });
});

describe('TQ0104 丧失劳动能力提取 and TQ0105 出境定居提取 (closing kinds)', () => {
  it('TQ0104: a date after today is refused; rejected by the centre, its hold is released and nothing moves', async () => {
    const payload = { jdjl: '01', jdrq: '2026-10-08', jcrq: '2026-10-31', skrxm: QIAN.name, ...CARD };
    expect(body(await submit(QIAN.account, 'TQ0104', { ...payload, jcrq: '2026-11-27' })).msg).toBe('鉴定日期和解除劳动关系日期不能晚于今天');
    const before = await balance(QIAN.grzh);
    const { ywbh, zt } = body(await submit(QIAN.account, 'TQ0104', payload)).data;
    expect(zt).toBe('01');
    // The whole balance is held: nothing else may be withdrawn meanwhile.
    expect((await limit(QIAN.account, 'TQ0106', { dklx: '1', jkhtbh: DEMO_LOAN.jkhtbh })).yy).toContain(`在办提取已占用 ${(Number(before) / 100).toFixed(2)} 元`);
    expect((await app.inject({ method: 'POST', url: `/api/centre/v1/applications/${ywbh}/reject`, headers: { [CENTRE_KEY_HEADER]: KEY }, payload: { operator: '王经办', reasons: ['鉴定结论不符合条件'] } })).statusCode).toBe(200);
    expect(await balance(QIAN.grzh)).toBe(before);
    expect((await limit(QIAN.account, 'TQ0104')).yy.join()).not.toContain('在办提取已占用');
  });

  it('TQ0105: completed by the centre, the account closes with 销户提取 reason 05 and the interest to the day', async () => {
    expect(body(await submit(LI.account, 'TQ0105', { djgj: '新西兰', zxrq: '2026-12-01', skrxm: LI.name, ...CARD })).msg).toBe('户口注销日期不能晚于今天，户口注销后才能办理出境定居提取');
    const { ywbh } = body(await submit(LI.account, 'TQ0105', { djgj: '新西兰', zxrq: '2026-11-20', skrxm: LI.name, ...CARD })).data;
    for (const action of ['accept', 'complete']) expect((await centre(ywbh, action)).statusCode).toBe(200);
    expect((await lines(ywbh)).map((l) => [l.kind, l.tqyy])).toEqual([
      ['10', null],
      ['12', '05'],
    ]);
    expect(await balance(LI.grzh)).toBe(0n);
    expect((await checkLedger(db, [LI.grzh])).ok).toBe(true);
  });
});

describe('lists and papers: 提取进度, 提取历史, the home’s counts, the receipt and its public check', () => {
  it('孙改密: the bank-loan withdrawal in progress, the purchase in history, the withdrawn one in neither; the counts agree', async () => {
    const progress = body(await get(SUN.account, 'tq/jd?pageSize=10')).data;
    expect(progress.total).toBe(1);
    expect(progress.list[0]).toMatchObject({ ywlx: 'TQ0106', ywmc: '偿还住房贷款提取', zt: '01', tqje: '15000.00', canWithdraw: true, skzh: '6222***********0128', hasReceipt: false });
    // Saved as a draft to upload its materials, then submitted (issue 31 item 3).
    expect(progress.list[0].events.map((e: { ztmc: string }) => e.ztmc)).toEqual(['草稿', '已提交']);
    const history = body(await get(SUN.account, 'tq/ls')).data;
    // Besides the seeded history's withdrawals (seed step 50: each a completed application, numbered TQ<grzh><day>).
    const [seeded] = await db.query<{ n: string }>(`select count(*)::text as n from journal_entry where account_no = $1 and kind = '11' and ywbh = 'TQ' || $1 || to_char(value_date, 'YYYYMMDD')`, [SUN.grzh]);
    expect(history.total).toBe(1 + Number(seeded!.n));
    expect(history.list[0]).toMatchObject({ ywlx: 'TQ0101', zt: '03', tqyymc: '购房', tqje: '10000.00', paidOn: '2026-11-26', skyhmc: '中国工商银行', hasReceipt: true });
    expect(body(await get(SUN.account, 'tq/sl')).data).toEqual({ jxz: progress.total, ybj: history.total });
  });

  it('导出 of 提取进度 and 提取历史: the file\'s rows are the list\'s, card first 4 / last 4; a bad format 400; nothing of another login', async () => {
    const csvRows = async (who: string, url: string) => {
      const res = await get(who, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      const header = lines.findIndex((l) => l.startsWith('业务编号,'));
      expect(header).toBeGreaterThan(0);
      return { header: lines[header]!.split(','), rows: lines.slice(header + 1).map((l) => l.split(',')) };
    };
    for (const [list, file] of [['tq/jd', 'tq/jd/export'], ['tq/ls', 'tq/ls/export']] as const) {
      const page = body(await get(SUN.account, `${list}?pageSize=50`)).data;
      const { header, rows } = await csvRows(SUN.account, `${file}?format=csv`);
      expect(header).toEqual(['业务编号', '提取业务', '提取原因', '状态', '提交时间', list === 'tq/ls' ? '记账日期' : '承诺办结日期', list === 'tq/ls' ? '提取金额（元）' : '占用金额（元）', '收款银行', '收款账号']);
      expect(rows).toHaveLength(page.total);
      const expected = page.list.map((r: Record<string, string | null>) => [
        r.ywbh, r.ywmc, r.tqyymc, r.ztmc, r.submittedAt ?? '', (list === 'tq/ls' ? r.paidOn : r.promisedDate) ?? '', r.tqje ?? '', r.skyhmc, r.skzh,
      ]);
      expect(rows).toEqual(expected);
      // The card as the list shows it: the first 4 and the last 4 digits, never the whole number.
      expect(rows.some((r) => r[8] === '6222***********0128')).toBe(true);
      expect(rows.flat().join()).not.toContain(CARD.skzh);
      const xlsx = await get(SUN.account, `${file}?format=xlsx`);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const bad = await get(SUN.account, `${file}?format=pdf`);
      expect(bad.statusCode).toBe(400);
      expect(body(bad).msg).toBe('导出格式只能是 xlsx 或 csv');
      expect(body(await get(SUN.account, file)).msg).toBe('请选择导出格式');
      // Another login's file holds only its own applications: none of 孙改密's.
      const own = new Set(rows.map((r) => r[0]));
      const others = await csvRows(QIAN.account, `${file}?format=csv`);
      expect(others.rows.filter((r) => own.has(r[0]!))).toEqual([]);
      expect(others.rows).toHaveLength(body(await get(QIAN.account, `${list}?pageSize=50`)).data.total);
    }
    expect((await app.inject({ url: `${ZHFW}/tq/ls/export?format=csv` })).statusCode).toBe(401);
  });

  it('the receipt: a PDF drawn from the frozen facts for its owner, 403 for anyone else; the public check by code', async () => {
    const [row] = await db.query<{ ywbh: string; receipt_code: string }>(`select ywbh, receipt_code from withdrawal where grzh = $1 and paid_fen is not null`, [SUN.grzh]);
    const pdf = await get(SUN.account, `tq/hd?ywbh=${row!.ywbh}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(ZHANG.account, `tq/hd?ywbh=${row!.ywbh}`)).statusCode).toBe(403);
    expect((await get(ZHANG.account, 'tq/hd?ywbh=TQ01012026112699999999')).statusCode).toBe(403);
    const check = body(await app.inject({ url: `${ZHFW}/tq/hdVerify?code=${row!.receipt_code.toLowerCase()}` })).data;
    expect(check).toMatchObject({ valid: true, message: '该提取回单真实有效', receipt: { hdbh: row!.ywbh, xingming: '孙**', tqje: '10000.00', skzh: '6222***********0128', tqyymc: '购房' } });
    expect(JSON.stringify(check)).not.toContain(SUN.account);
    const wrong = body(await app.inject({ url: `${ZHFW}/tq/hdVerify?code=AAAAAAAAAAAAAAAA` })).data;
    expect(wrong).toEqual({ valid: false, message: '验证码不存在，请核对后重新输入', receipt: null });
  });

  it('the closing receipt says the interest and the closed account', async () => {
    const [row] = await db.query<{ receipt: { closing: boolean; interestFen: string; tqyymc: string } }>(`select receipt from withdrawal where grzh = $1`, [RETIREE_DEMO_LOGIN.grzh]);
    expect(row!.receipt).toMatchObject({ closing: true, tqyymc: '离退休' });
    expect(BigInt(row!.receipt.interestFen)).toBeGreaterThan(0n);
  });
});

describe('the whole ledger', () => {
  it('still balances after every completion above', async () => {
    clock = new Date('2026-11-26T02:00:00Z');
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
