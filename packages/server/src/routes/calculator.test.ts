import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOAN_LIMITS, LOAN_CALCULATION_PATH, LOAN_LIMITS_PATH, calculateLoan, type LoanCalculationResult } from '@gjj-hall/sdk/loan';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { withParameters } from '../test-support/parameters';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, false);
  app = await buildApp({ db });
});

// Closes the database too.
afterAll(() => app.close());

const base = { htdkje: '1000000', dkqs: '240', dkffrq: '2026-01-31', dkhkfs: '01', sdll: '4.9', gjjll: '3.1', sfstf: '0' };
// Each call from its own address: the calculator's per-address limit is for floods, not for the cases of this file
// (its own tests below use one address on purpose).
let calls = 0;
const get = (query: Record<string, string>) =>
  app.inject({ url: `${LOAN_CALCULATION_PATH}?${new URLSearchParams(query).toString()}`, remoteAddress: `10.18.${Math.floor(++calls / 250)}.${calls % 250}` });

describe('GET hkjh/gjjsdcs (spec 7.1, 3.4)', () => {
  it('computes both loans with the published figures and the spec 3.4 fields', async () => {
    const res = await get(base);
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json<{ code: number; data: LoanCalculationResult }>();
    expect(code).toBe(0);
    // 1 000 000 yuan, 4.9 %, 240 months, equal payment: 6 544.44 a month; first interest 4 083.33, principal 2 461.11.
    expect(data.sdYhke).toBe('6544.44');
    expect(data.sdHkjhList[0]).toEqual({ qic: 1, hkrq: '2026-02-28', yhbj: '2461.11', yhlx: '4083.33', bxhj: '6544.44', dkye: '997538.89' });
    expect(data.sdHkjhList).toHaveLength(240);
    expect(data.sdHkjhList.at(-1)).toMatchObject({ qic: 240, hkrq: '2046-01-31', dkye: '0.00' });
    expect(data.sdBjhj).toBe('1000000.00');
    expect(data.gjjHkjhList).toHaveLength(240);
    expect(Number(data.gjjLxhj)).toBeLessThan(Number(data.sdLxhj));
    expect(data.gjjHkjhList[2]?.hkrq).toBe('2026-04-30');
  });

  it('computes equal principal: 630 000 yuan, 4.9 %, 360 months, first 4 322.50, falling by 7.15', async () => {
    const { data } = (await get({ ...base, htdkje: '630000', dkqs: '360', dkhkfs: '02' })).json<{ data: LoanCalculationResult }>();
    expect(data.sdYhke).toBe('4322.50');
    expect(data.sdHkjhList[1]?.bxhj).toBe('4315.35');
  });

  it.each([
    [{ htdkje: '' }, '贷款金额不能为空'],
    [{ htdkje: '0' }, '贷款金额不能为0'],
    [{ dkqs: '' }, '贷款期限不能为空'],
    [{ dkqs: '1000' }, '贷款期限只能输入3位以内的数字'],
    [{ dkffrq: '' }, '请选择贷款发放日期'],
    [{ dkffrq: '2026/01/31' }, '请选择贷款发放日期'],
    [{ dkhkfs: '' }, '请选择还款方式'],
    [{ dkhkfs: '03' }, '请选择还款方式'],
    [{ sdll: '10.5' }, '商业贷款年利率不能大于10'],
    [{ sdll: '-1' }, '商业贷款年利率不能小于0'],
    [{ gjjll: '' }, '公积金贷款年利率不能为空'],
    [{ sfstf: '' }, '请选择是否为二套房'],
  ])('answers 400 with the spec 5.1 message for %o', async (change, message) => {
    const res = await get({ ...base, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: message });
  });

  it.each([
    ['htdkje', '贷款金额不能为空'],
    ['dkqs', '贷款期限不能为空'],
    ['dkffrq', '请选择贷款发放日期'],
    ['dkhkfs', '请选择还款方式'],
    ['sdll', '商业贷款年利率不能为空'],
    ['gjjll', '公积金贷款年利率不能为空'],
    ['sfstf', '请选择是否为二套房'],
  ])('a query without %s (required in the document) answers 400 with the empty-field message', async (field, message) => {
    const query: Record<string, string> = { ...base };
    delete query[field];
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: message });
  });

  it('answers 400, not 500, for values only the engine can judge', async () => {
    for (const change of [{ dkffrq: '2026-02-30' }, { gjjll: 'abc' }]) {
      const res = await get({ ...base, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ msg: string }>().msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('GET hkjh/gjjsdcs: rates have a floor and a ceiling (issue 18 item 9)', () => {
  it.each([
    [{ gjjll: '1e-16' }, '请输入数字值'],
    [{ gjjll: '0.0000000000000001' }, '公积金贷款年利率大于0时不能小于0.01'],
    [{ gjjll: '0.000000000001' }, '公积金贷款年利率大于0时不能小于0.01'],
    [{ sdll: '0.0000000000000001' }, '商业贷款年利率大于0时不能小于0.01'],
    [{ sdll: '0.001' }, '商业贷款年利率大于0时不能小于0.01'],
    [{ gjjll: '10.01' }, '公积金贷款年利率不能大于10'],
    [{ gjjll: '-0.5' }, '公积金贷款年利率不能小于0'],
    [{ gjjll: 'Infinity' }, '请输入数字值'],
  ])('answers 400, not 500 or a wrong plan, for %o', async (change, message) => {
    const res = await get({ ...base, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: message, data: null });
  });

  it('computes at the floor (0.01 %) and at 0 %', async () => {
    const res = await get({ ...base, sdll: '0.01', gjjll: '0' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: LoanCalculationResult }>();
    expect(data.gjjLxhj).toBe('0.00');
    expect(data.sdHkjhList.at(-1)?.dkye).toBe('0.00');
  });

  it('answers JSON with every figure of the engine, 999 months at the most (for a centre whose bounds allow it)', async () => {
    const open = await buildApp({ db: await prepareDatabase({ memory: true }, false), loanLimits: { ...DEFAULT_LOAN_LIMITS, maxMonths: 999, maxProvidentAmount: 1e15 } });
    const query = new URLSearchParams({ ...base, dkqs: '999', htdkje: '999999999999999.99', sdll: '10', dkhkfs: '02' });
    const res = await open.inject({ url: `${LOAN_CALCULATION_PATH}?${query.toString()}` });
    await open.close();
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const { data } = res.json<{ data: LoanCalculationResult }>();
    const engine = calculateLoan({ amount: '999999999999999.99', months: 999, annualRate: 10, method: '02', issueDate: base.dkffrq });
    expect(data.sdYhke).toBe(engine.monthlyPayment);
    expect(data.sdLxhj).toBe(engine.totalInterest);
    expect(data.sdHkjhList).toEqual(
      engine.schedule.map((r) => ({ qic: r.period, hkrq: r.date, yhbj: r.principal, yhlx: r.interest, bxhj: r.payment, dkye: r.balance })),
    );
  });
});

// Issue 23: a 600-month term and a 5,000,000 yuan provident fund loan were computed without a word.
describe('GET hkjh/gjjsdcs: the centre’s bounds (routes/loan-limits.ts)', () => {
  // An app of its own: the calls above have used this address's calculations for the minute.
  let bounded: FastifyInstance;
  let boundedDb: Db;
  beforeAll(async () => {
    boundedDb = await prepareDatabase({ memory: true }, false);
    bounded = await buildApp({ db: boundedDb, calcRateLimit: 1000 });
  });
  afterAll(() => bounded.close());
  const get = (query: Record<string, string>) => bounded.inject({ url: `${LOAN_CALCULATION_PATH}?${new URLSearchParams(query).toString()}` });

  it.each([
    [{ dkqs: '600' }, '贷款期限不能超过360个月（30年）'],
    [{ dkqs: '361' }, '贷款期限不能超过360个月（30年）'],
    // The highest of the parameter table's four ceilings (two borrowers, first home: 200万).
    [{ htdkje: '5000000' }, '公积金贷款金额不能超过最高额度200万元'],
    [{ htdkje: '2000000.01' }, '公积金贷款金额不能超过最高额度200万元'],
    [{ jkrnl: '50', dkqs: '240' }, '贷款到期时借款人年龄不能超过65周岁：按50周岁计，贷款期限最长180个月'],
    [{ jkrnl: '16' }, '借款人年龄应为18至64周岁之间的整数'],
  ])('answers 400 with the row’s message for %o', async (change, message) => {
    const res = await get({ ...base, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: message, data: null });
  });

  it('computes at the bounds: 360 months, 200万, an age that ends the term at 65', async () => {
    const res = await get({ ...base, dkqs: '360', htdkje: '2000000', jkrnl: '35' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: LoanCalculationResult }>().data.gjjHkjhList).toHaveLength(360);
  });

  it('publishes the same bounds, and a centre’s own table is the one enforced', async () => {
    const res = await bounded.inject({ url: LOAN_LIMITS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { ...DEFAULT_LOAN_LIMITS, maxProvidentAmount: 2_000_000 } });
    const own = await buildApp({ db: await prepareDatabase({ memory: true }, false), loanLimits: { ...DEFAULT_LOAN_LIMITS, maxMonths: 240 } });
    expect((await own.inject({ url: LOAN_LIMITS_PATH })).json<{ data: { maxMonths: number } }>().data.maxMonths).toBe(240);
    const query = new URLSearchParams({ ...base, dkqs: '300' }).toString();
    expect((await own.inject({ url: `${LOAN_CALCULATION_PATH}?${query}` })).json()).toMatchObject({ code: 400, msg: '贷款期限不能超过240个月（20年）' });
    await own.close();
  });

  it('follows the parameter table: a changed row is published and enforced at once, and kept answers are dropped', async () => {
    const query = { ...base, dkqs: '330' };
    expect((await get(query)).statusCode).toBe(200); // kept from now on
    await withParameters(boundedDb, { loanMaxMonths: 300 }, async () => {
      expect((await bounded.inject({ url: LOAN_LIMITS_PATH })).json<{ data: { maxMonths: number } }>().data.maxMonths).toBe(300);
      expect((await get(query)).json()).toEqual({ code: 400, msg: '贷款期限不能超过300个月（25年）', data: null });
    });
    await withParameters(boundedDb, { loanCeilingCoupleFirstYuan: 2_500_000 }, async () => {
      expect((await get({ ...base, htdkje: '2500000' })).statusCode).toBe(200);
      expect((await get({ ...base, htdkje: '2500000.01' })).json<{ msg: string }>().msg).toBe('公积金贷款金额不能超过最高额度250万元');
    });
    expect((await get(query)).statusCode).toBe(200);
  });
});
