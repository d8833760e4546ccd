import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { body as harnessBody, withdrawalHarness } from '../../test-support/withdrawals';
import { checkLedger, fenToYuan } from '../../records';
import { materialsFor } from '../materials';
import { businessOf } from '../registry';
import { RETIREE_DEMO_LOGIN } from '../../seed/withdrawals';
import { readParameters } from '../../params/centre';
import { guideOf } from '../../applications/wizard';
import { PLACEHOLDERS } from '../placeholders';
import { withdrawalOf } from '.';
import { storyClock, testCalendar as cal } from '../../test-support/calendar';

// TQ0102 建造翻建大修 and TQ0199 其他原因 (issue 33), one database for the file. The clock stands on the 26th of the
// month before the seed day, 10:00 in Shanghai (storyClock; seeded in December 2026: Thursday 26 November 2026).
// 孙改密 (201000000403, 35,200 yuan, depositing) builds; 张三 (201000000101)
// withdraws for a serious illness and for hardship; 严退休 (5 months paid unbroken) is the edge of the months row;
// 李短信 (201000000404) has her account sealed for the status rows.
let db: Db;
let app: FastifyInstance;
const KEY = 'test-centre-key-0123456789abcdef';
const clock = storyClock(26);
/** Day `d` of the month `back` months before the seed day's (the clock's month is back 1). */
const day = (back: number, d: number) => cal.dayOf(cal.monthsBack(back), d);
const CARD = { skyh: '102', skzh: '6222021234567890128' };
const ZHANG = { account: '110101199003072316', grzh: '201000000101', name: '张三' };
const SUN = { account: '110105198503014033', grzh: '201000000403', name: '孙改密' };
const LI = { account: '110105199506205040', grzh: '201000000404', name: '李短信' };

const tokens: Record<string, string> = {};
beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock, centreApiKey: KEY, sms: { send: async () => undefined, notify: async () => undefined } });
  for (const who of [ZHANG, SUN, LI, { account: RETIREE_DEMO_LOGIN.account }]) tokens[who.account] = await signIn(app, who.account);
}, 120_000);
afterAll(() => app.close());

const { get, post, submit, check, limit, centre, balance, lines, setStatus, withRows, ruleOf } = withdrawalHarness({ app: () => app, db: () => db, tokens, centreKey: KEY, now: () => clock });
const body = harnessBody;

describe('the registry: both kinds are built withdrawals now, no longer placeholders', () => {
  it('TQ0102 and TQ0199 are modules with reason codes 02 and 99, partial, left to the centre', () => {
    expect(PLACEHOLDERS.map((b) => b.ywlx)).not.toContain('TQ0102');
    expect(PLACEHOLDERS.map((b) => b.ywlx)).not.toContain('TQ0199');
    for (const [ywlx, tqyy] of [
      ['TQ0102', '02'],
      ['TQ0199', '99'],
    ] as const) {
      const b = withdrawalOf(ywlx)!;
      expect(b).toMatchObject({ tqyy, closing: false, area: 'withdrawal' });
      expect(b.placeholder).toBeUndefined();
      expect(b.automatic).toBeUndefined();
    }
    expect(businessOf('TQ0102')!.allowsSealedAccount).toBeUndefined();
    expect(businessOf('TQ0199')!.allowsSealedAccount).toBe(true);
  });
});

describe('TQ0102 建造翻建大修自住住房提取', () => {
  const build = (extra: Record<string, unknown> = {}) => ({
    jzlx: '1',
    pzwh: `建字第 ${day(4, 15).slice(0, 7)}15 号`,
    pzrq: day(4, 15),
    fwzl: '示范市长清区崮云湖街道西王村 18 号',
    gcfy: '300000',
    dkje: '280000',
    skrxm: SUN.name,
    ...CARD,
    ...extra,
  });

  it('purchaseMinMonths (TQ0102): 严退休’s 5 months pass at 5 and fail at 6, the check naming 6, the guide too', async () => {
    const rule = await ruleOf('TQ0102', 'continuous-months', RETIREE_DEMO_LOGIN.account);
    await withRows({ purchaseMinMonths: 5 }, async () => expect(await rule.holds()).toBe(true));
    await withRows({ purchaseMinMonths: 6 }, async () => {
      expect(await rule.holds()).toBe(false);
      expect(await rule.message()).toBe('连续缴存满 6 个月后才能办理建造翻建大修提取');
      expect((await check(RETIREE_DEMO_LOGIN.account, 'TQ0102')).messages.map((m) => m.msg)).toContain('连续缴存满 6 个月后才能办理建造翻建大修提取');
      expect(guideOf(businessOf('TQ0102')!, await readParameters(db)).sltj).toContain('连续缴存满 6 个月');
    });
  });

  it('purchaseWindowMonths (TQ0102): set to 6, a permit 6 months back to the day is in, a day earlier is out; never after today', async () => {
    await withRows({ purchaseWindowMonths: 6 }, async () => {
      expect(await (await ruleOf('TQ0102', 'permit-within-window', SUN.account, build({ pzrq: day(7, 26) }))).holds()).toBe(true);
      const early = await ruleOf('TQ0102', 'permit-within-window', SUN.account, build({ pzrq: day(7, 25) }));
      expect(await early.holds()).toBe(false);
      expect(await early.message()).toBe('只能提取建房（大修）批准后 6 个月内的费用，且批准日期不能晚于今天');
    });
    // The default 12: to the day in, a day before out, tomorrow out; today in.
    expect(await (await ruleOf('TQ0102', 'permit-within-window', SUN.account, build({ pzrq: day(13, 26) }))).holds()).toBe(true);
    expect(await (await ruleOf('TQ0102', 'permit-within-window', SUN.account, build({ pzrq: day(1, 26) }))).holds()).toBe(true);
    expect(body(await submit(SUN.account, 'TQ0102', build({ pzrq: day(13, 25), tqje: '1' }))).msg).toBe('只能提取建房（大修）批准后 12 个月内的费用，且批准日期不能晚于今天');
    expect(body(await submit(SUN.account, 'TQ0102', build({ pzrq: day(1, 27), tqje: '1' }))).msg).toBe('只能提取建房（大修）批准后 12 个月内的费用，且批准日期不能晚于今天');
  });

  it('ineligible with its reason: a sealed account may not build-withdraw (it may for other reasons); a loan above the cost is refused', async () => {
    await setStatus(LI.grzh, '02');
    try {
      const c = await check(LI.account, 'TQ0102');
      expect(c.pass).toBe(false);
      expect(c.messages.map((m) => m.msg)).toContain('您的个人账户当前状态不能办理此项提取（须为正常状态）');
      expect(await check(LI.account, 'TQ0199')).toEqual({ pass: true, messages: [] });
    } finally {
      await setStatus(LI.grzh, '01');
    }
    expect(body(await submit(SUN.account, 'TQ0102', build({ dkje: '300000.01', tqje: '1' }))).msg).toBe('贷款金额不能超过工程费用');
    expect(body(await submit(SUN.account, 'TQ0102', build({ jzlx: '4', tqje: '1' }))).msg).toBe('请选择建造、翻建或大修');
  });

  it('the materials follow the answers: the permit to build, the appraisal and deed to repair, the loan contract with a loan', () => {
    const tq0102 = businessOf('TQ0102')!;
    const required = (a: Record<string, unknown>) => materialsFor(tq0102, a).filter((m) => m.required).map((m) => m.clbh);
    expect(required({ jzlx: '1' })).toEqual(['SFZ', 'JFPZ', 'GCYS', 'YHK']);
    expect(required({ jzlx: '2', dkje: '0' })).toEqual(['SFZ', 'JFPZ', 'GCYS', 'YHK']);
    expect(required({ jzlx: '3', dkje: '1000' })).toEqual(['SFZ', 'DXJD', 'FWQZ', 'GCYS', 'YHK', 'DKHT']);
  });

  it('the limit: the cost less the loan less what was withdrawn for the permit, and never more than the balance', async () => {
    const l = await limit(SUN.account, 'TQ0102', build());
    expect(l.ktqje).toBe('20000.00');
    expect(l.yy[0]).toBe('工程费用 300000.00 元，减贷款 280000.00 元，减同一批准文件已提取（含配偶） 0.00 元，可提取 20000.00 元');
    // A cost above the balance: the balance decides.
    expect((await limit(SUN.account, 'TQ0102', build({ dkje: '0' }))).ktqje).toBe('35200.00');
    expect((await limit(SUN.account, 'TQ0102')).ktqje).toBe('35200.00');
  });

  it('one fen over is refused; exactly the limit waits for the centre, whose completion posts 部分提取 reason 02 and uses up the permit', async () => {
    expect(body(await submit(SUN.account, 'TQ0102', build({ tqje: '20000.01' }))).msg).toBe('提取金额超过本次最多可提取的 20000.00 元');
    const { ywbh, zt } = body(await submit(SUN.account, 'TQ0102', build({ tqje: '20000.00' }))).data;
    expect(zt).toBe('01');
    // Another login may not touch it, nor read its receipt (403, nothing said).
    expect((await post(ZHANG.account, 'ywsq/withdraw', { ywbh })).statusCode).toBe(403);
    for (const action of ['accept', 'complete']) expect((await centre(ywbh, action)).statusCode).toBe(200);
    expect(await lines(ywbh)).toEqual([{ kind: '11', amount_fen: '-2000000', tqyy: '02' }]);
    expect(await balance(SUN.grzh)).toBe(1_520_000n);
    expect((await checkLedger(db, [SUN.grzh])).ok).toBe(true);
    expect((await get(ZHANG.account, `tq/hd?ywbh=${ywbh}`)).statusCode).toBe(403);
    expect((await get(SUN.account, `tq/hd?ywbh=${ywbh}`)).statusCode).toBe(200);
    // The permit's cost less loan is used up; the history says 建造翻修大修.
    expect((await limit(SUN.account, 'TQ0102', build())).ktqje).toBe('0.00');
    const history = body(await get(SUN.account, 'tq/ls')).data.list as Array<{ ywbh: string }>;
    expect(history.find((h) => h.ywbh === ywbh)).toMatchObject({ ywlx: 'TQ0102', tqyymc: '建造翻修大修', tqje: '20000.00' });
  });
});

describe('TQ0199 其他原因提取', () => {
  const other = (extra: Record<string, unknown> = {}) => ({ qtyy: '09', qksm: '本人确诊恶性肿瘤，住院治疗自付费用较高', hzgx: '1', hzxm: ZHANG.name, skrxm: ZHANG.name, ...CARD, ...extra });

  it('the reason is one of the dictionary’s “other” reasons (09 大病医疗, 99 其他); 08 死亡 and the kinds of their own are not', async () => {
    for (const qtyy of ['08', '01', '07', '']) {
      const res = await post(ZHANG.account, 'ywsq/submit', { ywlx: 'TQ0199', payload: other({ qtyy, tqje: '1' }) });
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe('请从列表中选择提取原因');
    }
    expect(body(await submit(ZHANG.account, 'TQ0199', other({ hzgx: undefined, tqje: '1' }))).msg).toBe('大病医疗提取请选择患者与您的关系并填写患者姓名');
    expect(body(await submit(ZHANG.account, 'TQ0199', other({ qksm: '生病', tqje: '1' }))).msg).toBe('情况说明应为 5 至 500 个字');
  });

  it('ineligible with its reason: a frozen account, in words', async () => {
    await setStatus(ZHANG.grzh, '06');
    try {
      const c = await check(ZHANG.account, 'TQ0199');
      expect(c.pass).toBe(false);
      expect(c.messages.map((m) => m.msg)).toContain('您的个人账户当前状态不能办理此项提取（须为正常或封存状态）');
    } finally {
      await setStatus(ZHANG.grzh, '01');
    }
  });

  it('the materials follow the reason: diagnosis and bills for an illness (with the relation for a relative), proof of hardship otherwise', () => {
    const tq0199 = businessOf('TQ0199')!;
    const required = (a: Record<string, unknown>) => materialsFor(tq0199, a).filter((m) => m.required).map((m) => m.clbh);
    expect(required({ qtyy: '09', hzgx: '1' })).toEqual(['SFZ', 'ZDZM', 'YLFP', 'YHK']);
    expect(required({ qtyy: '09', hzgx: '3' })).toEqual(['SFZ', 'ZDZM', 'YLFP', 'GXZM', 'YHK']);
    expect(required({ qtyy: '99' })).toEqual(['SFZ', 'KNZM', 'YHK']);
  });

  it('09 大病医疗: the limit is the balance; one fen over refused; the centre completes with reason 09', async () => {
    const before = await balance(ZHANG.grzh);
    const l = await limit(ZHANG.account, 'TQ0199', other());
    expect(l.ktqje).toBe(fenToYuan(before));
    expect(body(await submit(ZHANG.account, 'TQ0199', other({ tqje: fenToYuan(before + 1n) }))).msg).toBe(`提取金额超过本次最多可提取的 ${fenToYuan(before)} 元`);
    const { ywbh, zt } = body(await submit(ZHANG.account, 'TQ0199', other({ tqje: '5000.00' }))).data;
    expect(zt).toBe('01');
    expect((await post(SUN.account, 'ywsq/withdraw', { ywbh })).statusCode).toBe(403);
    expect((await get(SUN.account, `tq/hd?ywbh=${ywbh}`)).statusCode).toBe(403);
    for (const action of ['accept', 'complete']) expect((await centre(ywbh, action)).statusCode).toBe(200);
    expect(await lines(ywbh)).toEqual([{ kind: '11', amount_fen: '-500000', tqyy: '09' }]);
    expect(await balance(ZHANG.grzh)).toBe(before - 500_000n);
    expect((await checkLedger(db, [ZHANG.grzh])).ok).toBe(true);
    const [w] = await db.query<{ tqyy: string; receipt: { tqyymc: string } }>('select tqyy, receipt from withdrawal where ywbh = $1', [ywbh]);
    expect(w).toMatchObject({ tqyy: '09', receipt: { tqyymc: '大病医疗' } });
  });

  it('99 其他: exactly the whole balance may be asked for and waits for the centre; completed, it posts reason 99 and leaves 0', async () => {
    const before = await balance(ZHANG.grzh);
    const hardship = other({ qtyy: '99', qksm: '家庭享受最低生活保障，无力支付房租', hzgx: undefined, hzxm: undefined });
    const { ywbh, zt } = body(await submit(ZHANG.account, 'TQ0199', { ...hardship, tqje: fenToYuan(before) })).data;
    expect(zt).toBe('01');
    // While it is held nothing else may be withdrawn.
    expect((await check(ZHANG.account, 'TQ0102')).messages.map((m) => m.msg)).toContain(`您已有一笔提取业务正在办理（业务编号 ${ywbh}），办结或撤回后才能再申请提取`);
    for (const action of ['accept', 'complete']) expect((await centre(ywbh, action)).statusCode).toBe(200);
    expect(await lines(ywbh)).toEqual([{ kind: '11', amount_fen: String(-before), tqyy: '99' }]);
    expect(await balance(ZHANG.grzh)).toBe(0n);
    expect((await checkLedger(db, [ZHANG.grzh])).ok).toBe(true);
    const history = body(await get(ZHANG.account, 'tq/ls')).data.list as Array<{ ywbh: string; tqyymc: string }>;
    expect(history.find((h) => h.ywbh === ywbh)?.tqyymc).toBe('其他');
  });
});

describe('the whole ledger', () => {
  it('still balances after every completion above', async () => {
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
