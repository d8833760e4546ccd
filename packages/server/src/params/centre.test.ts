import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_PERSON_PATHS as P } from '@gjj-hall/sdk/auth';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { smsSettled } from '../auth/sms-code';
import { captcha, freshIp, publicKey, signIn } from '../test-support/login';
import { verifiedIdentity } from '../test-support/gov';
import { getAccount, moveToUnit, openAccount } from '../records';
import { FLEXIBLE_DEMO_LOGIN } from '../seed/flexible';
import {
  boundProblem,
  checkParameters,
  depositPartFen,
  monthlyDeposit,
  PARAMETER_DEFAULTS,
  readParameters,
  setParameter,
  type CentreParameters,
  type ParameterKey,
} from './centre';

// The centre's parameter table (issue 30, docs/parameters.md): one test per row, and every path reads it.

let db: Db;
let app: FastifyInstance;
let key: string;
const clock = new Date('2026-11-26T02:00:00Z');
const ZHZH = '/api/izfgjj-zhfw/v1';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  key = await publicKey(app);
}, 180_000);
afterAll(() => app?.close());

/** The allowed range of each row, as migrations 071 (deposits), 120 (units, withdrawals, loans) and 160 (early repayment) install it. */
const RANGES: Record<ParameterKey, [number, number]> = {
  roundingFen: [1, 100],
  baseMinYuan: [0, 1_000_000],
  baseMaxYuan: [1, 1_000_000],
  ratioMin: [1, 100],
  ratioMax: [1, 100],
  monthlyMaxYuan: [0, 1_000_000],
  adjustmentsPerYear: [0, 12],
  backPayWindowMonths: [1, 120],
  backPayMaxMonths: [1, 120],
  subsidyMinMonths: [0, 120],
  subsidyYearsBack: [0, 10],
  interestDivisor: [360, 365],
  baseOutOfBounds: [0, 1],
  adjustMaxRows: [1, 100_000],
  importMaxRows: [1, 100_000],
  reducedRatioMin: [1, 100],
  deferMaxMonths: [1, 60],
  rentYearQuotaSingleYuan: [0, 1_000_000],
  rentYearQuotaHouseholdYuan: [0, 1_000_000],
  rentQuotaPerHousehold: [0, 1],
  rentPerQuarter: [0, 12],
  rentMinMonths: [0, 120],
  purchaseWindowMonths: [1, 120],
  purchaseMinMonths: [0, 120],
  retireAgeMale: [40, 80],
  retireAgeFemale: [40, 80],
  repayPerYear: [0, 12],
  repayWindowMonths: [1, 120],
  loanMinContinuousMonths: [0, 120],
  loanBalanceMultiple: [1, 100],
  loanCapacityPercent: [1, 100],
  loanDownPaymentPercentFirst: [0, 100],
  loanDownPaymentPercentSecond: [0, 100],
  loanCeilingSingleFirstYuan: [0, 100_000_000],
  loanCeilingSingleSecondYuan: [0, 100_000_000],
  loanCeilingCoupleFirstYuan: [0, 100_000_000],
  loanCeilingCoupleSecondYuan: [0, 100_000_000],
  loanRoundingYuan: [1, 10_000],
  loanMinAmountYuan: [0, 10_000_000],
  loanMaxMonths: [1, 600],
  loanMinMonths: [1, 600],
  loanMaxAgeAtEnd: [18, 100],
  loanMinAge: [16, 100],
  loanOverdueFactor: [1, 5],
  // Migration 160 (GD0602 提前还款).
  loanPrepayMinYuan: [0, 10_000_000],
  loanPrepayPerYear: [0, 12],
  developerDepositPercent: [0, 100],
};

describe('the table, row by row', () => {
  it('holds exactly the documented rows, each at its default', async () => {
    const rows = await db.query<{ key: string; value: string }>('select key, value::text as value from centre_parameter order by key');
    expect(Object.fromEntries(rows.map((r) => [r.key, Number(r.value)]))).toEqual({ ...PARAMETER_DEFAULTS });
    expect(await readParameters(db)).toEqual({ ...PARAMETER_DEFAULTS });
  });

  for (const k of Object.keys(RANGES) as ParameterKey[]) {
    const [min, max] = RANGES[k];
    it(`${k}: takes ${min} and ${max}, refuses ${min - 1} and ${max + 1}`, async () => {
      try {
        for (const ok of [min, max]) {
          await setParameter(db, k, ok);
          const [row] = await db.query<{ value: string }>('select value::text as value from centre_parameter where key = $1', [k]);
          expect(Number(row!.value)).toBe(ok);
        }
        for (const bad of [min - 1, max + 1]) await expect(setParameter(db, k, bad)).rejects.toThrow();
      } finally {
        await setParameter(db, k, PARAMETER_DEFAULTS[k]);
      }
    });
  }

  it('a missing row reads as its default; a setting that crosses rows is refused by the one reading function', async () => {
    await db.query(`delete from centre_parameter where key = 'subsidyYearsBack'`);
    try {
      expect((await readParameters(db)).subsidyYearsBack).toBe(1);
    } finally {
      await db.query(`insert into centre_parameter (key, value, min_value, max_value, unit, title) values ('subsidyYearsBack', 1, 0, 10, 'year', '财政补贴：可申请本年度及此前的年数')`);
    }
    const d: CentreParameters = { ...PARAMETER_DEFAULTS };
    expect(checkParameters(d)).toBeUndefined();
    expect(checkParameters({ ...d, roundingFen: 50 })).toBe('月缴存额取整单位只能是元、角或分');
    expect(checkParameters({ ...d, baseMinYuan: 33_001 })).toBe('月缴存基数下限高于上限');
    expect(checkParameters({ ...d, ratioMin: 13 })).toBe('缴存比例下限高于上限');
    expect(checkParameters({ ...d, interestDivisor: 361 })).toBe('结息天数只能是 360 或 365');
    // The rows of the unit, withdrawal and loan businesses (migration 120).
    expect(checkParameters({ ...d, rentMinMonths: 2.5 })).toBe('计数、月数、年龄、金额和代码类参数须为整数');
    expect(checkParameters({ ...d, loanOverdueFactor: 1.25 })).toBeUndefined();
    expect(checkParameters({ ...d, baseOutOfBounds: 2 })).toBe('基数超限处理只能是 0（拒绝）或 1（按上下限调整）');
    expect(checkParameters({ ...d, rentQuotaPerHousehold: 2 })).toBe('租房提取额度只能按家庭（1）或按个人（0）计算');
    expect(checkParameters({ ...d, rentYearQuotaSingleYuan: 43_200 })).toBeUndefined();
    expect(checkParameters({ ...d, rentYearQuotaSingleYuan: 43_201 })).toBe('租房提取的个人年度额度高于家庭年度额度');
    expect(checkParameters({ ...d, retireAgeFemale: 39 })).toBe('法定退休年龄须在 40 至 80 周岁之间');
    expect(checkParameters({ ...d, retireAgeMale: 81 })).toBe('法定退休年龄须在 40 至 80 周岁之间');
    expect(checkParameters({ ...d, loanMinMonths: 360 })).toBeUndefined();
    expect(checkParameters({ ...d, loanMinMonths: 361 })).toBe('最短贷款期限长于最长贷款期限');
    expect(checkParameters({ ...d, loanMinAge: 64 })).toBeUndefined();
    expect(checkParameters({ ...d, loanMinAge: 65 })).toBe('借款人最小年龄不小于贷款到期时的最大年龄');
    expect(checkParameters({ ...d, loanMinAge: 64, loanMinMonths: 13 })).toBe('最小年龄的借款人连最短期限也贷不了');
    expect(checkParameters({ ...d, loanCeilingSingleFirstYuan: 2_000_000 })).toBeUndefined();
    expect(checkParameters({ ...d, loanCeilingSingleFirstYuan: 2_000_001 })).toBe('一名借款人的最高贷款额度高于两名借款人的');
    expect(checkParameters({ ...d, loanCeilingSingleSecondYuan: 1_600_001 })).toBe('一名借款人的最高贷款额度高于两名借款人的');
    expect(checkParameters({ ...d, loanMinAmountYuan: 800_000 })).toBeUndefined();
    expect(checkParameters({ ...d, loanMinAmountYuan: 800_001 })).toBe('最低贷款金额高于最高贷款额度');
    await setParameter(db, 'roundingFen', 50);
    try {
      await expect(readParameters(db)).rejects.toThrow('中心参数设置有误：月缴存额取整单位只能是元、角或分');
    } finally {
      await setParameter(db, 'roundingFen', 100);
    }
  });
});

describe('the one rounding function', () => {
  it.each([
    [333_333n, 7, 100, 23_300n], // 233.33331 → 233 yuan
    [333_333n, 7, 10, 23_330n], // → 233.3 yuan
    [333_333n, 7, 1, 23_333n], // → 233.33 yuan
    [335_000n, 7, 100, 23_500n], // 234.50 → 235 (half up, not to even)
    [416_250n, '12.00', 100, 50_000n], // 499.50 → 500
    [500_000n, '7.50', 1, 37_500n],
    [0n, 12, 100, 0n],
  ])('base %s fen at %s %% to %s fen: %s fen', (base, ratio, unit, part) => {
    expect(depositPartFen(base, ratio, unit)).toBe(part);
  });

  it('adds the two parts, each rounded on its own', () => {
    expect(monthlyDeposit(333_333n, '12.00', '8.00', 100)).toEqual({ unitFen: 40_000n, personFen: 26_700n, totalFen: 66_700n });
    expect(monthlyDeposit(333_333n, '12.00', '8.00', 1)).toEqual({ unitFen: 40_000n, personFen: 26_667n, totalFen: 66_667n });
  });
});

describe('the bounds, at their edges (defaults)', () => {
  const d: CentreParameters = { ...PARAMETER_DEFAULTS };
  it.each([
    ['2200.00', 5, undefined],
    ['2199.99', 5, '月缴存基数须在 2200 至 33000 元之间'],
    ['33000', 12, undefined],
    ['33000.01', 12, '月缴存基数须在 2200 至 33000 元之间'],
    ['abc', 12, '月缴存基数须在 2200 至 33000 元之间'],
    ['5000', 4, '缴存比例须为 5% 至 12% 的整数'],
    ['5000', 13, '缴存比例须为 5% 至 12% 的整数'],
    ['5000', 7.5, '缴存比例须为 5% 至 12% 的整数'],
  ])('base %s at %s %%: %s', (base, ratio, problem) => {
    expect(boundProblem(d, base, ratio)).toBe(problem);
  });

  it('a monthly-amount cap, where a centre publishes one: 33,000 × 12 % × 2 = 7,920 against a cap of 7,919', () => {
    expect(boundProblem({ ...d, monthlyMaxYuan: 7_920 }, '33000', 12)).toBeUndefined();
    expect(boundProblem({ ...d, monthlyMaxYuan: 7_919 }, '33000', 12)).toBe('月缴存额不能超过 7919 元，请降低月缴存基数或缴存比例');
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
const body = (res: LightMyRequestResponse): Body => res.json<Body>();

describe('rounding to the fen and ratios of 5–7 %: every path computes and refuses alike', () => {
  it('灵活就业人员设立, 月缴存额调整, 同城转移 and the account page', async () => {
    await setParameter(db, 'roundingFen', 1);
    await setParameter(db, 'ratioMax', 7);
    try {
      // The public bounds the sign-up page reads.
      expect(body(await app.inject({ url: P.flexibleParams })).data).toEqual({
        baseMinYuan: 2200,
        baseMaxYuan: 33000,
        ratioMin: 5,
        ratioMax: 7,
        monthlyMaxYuan: 0,
        roundingFen: 1,
      });

      // 灵活就业人员设立: 8 % refused with the bounds in force; 3,333.33 at 7 % is 233.33 + 233.33.
      const feng = { xingming: '冯雪', zjhm: '370783199001010045', sjhm: '13100130101' };
      const ticket = (await verifiedIdentity(app, feng.zjhm)).ticket;
      const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
      const post = (url: string, fields: Record<string, string>) =>
        app.inject({ method: 'POST', url, remoteAddress: freshIp(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form(fields) });
      const sent = await post(P.sendFlexibleCode, { xingming: feng.xingming, zjhm: sm2Encrypt(feng.zjhm, key), sjhm: feng.sjhm, ...(await captcha(app)) });
      expect(body(sent).code).toBe(0);
      await smsSettled();
      const code = (await app.inject({ url: `/dev/outbox?kind=sms&to=${feng.sjhm}` })).json<{ data: Array<{ code: string }> }>().data[0]!.code;
      const setup = (jcbl: string) =>
        post(P.flexibleSetup, {
          identityTicket: ticket,
          xingming: feng.xingming,
          zjhm: sm2Encrypt(feng.zjhm, key),
          sjhm: feng.sjhm,
          dxyzm: code,
          password: sm2Encrypt('Newpass2026', key),
          jcjs: '3333.33',
          jcbl,
          hjszd: '示范市历下区',
          txdz: '示范市历下区泉城路 88 号',
        });
      const refused = await setup('8');
      expect([refused.statusCode, body(refused).msg]).toEqual([400, '缴存比例须为 5% 至 7% 的整数']);
      const opened = await setup('7');
      expect(opened.statusCode).toBe(200);
      const signedUp = await getAccount(db, body(opened).data.grzh);
      expect(signedUp!.yjceFen).toBe(46_666n);

      // 月缴存额调整 (GJ0804): the same refusal, the same figure.
      const zheng = await signIn(app, FLEXIBLE_DEMO_LOGIN.account);
      const submit = (jcbl: number) =>
        app.inject({ method: 'POST', url: `${ZHZH}/ywsq/submit`, headers: { token: zheng }, payload: { ywlx: 'GJ0804', payload: { jcjs: '3333.33', jcbl } } });
      const tooHigh = await submit(8);
      expect([tooHigh.statusCode, body(tooHigh).msg]).toEqual([400, '缴存比例须为 5% 至 7% 的整数']);
      expect((await submit(7)).statusCode).toBe(200);
      expect((await getAccount(db, FLEXIBLE_DEMO_LOGIN.grzh))!.yjceFen).toBe(46_666n);
      const lhjy = body(await app.inject({ url: `${ZHZH}/lhjy/info`, headers: { token: zheng } })).data;
      expect(lhjy).toMatchObject({ yjce: '466.66', params: { ratioMax: 7, roundingFen: 1 } });

      // The account page: each part is base × ratio to the fen.
      const page = body(await app.inject({ url: `${ZHZH}/grzhxx/info?grzh=${FLEXIBLE_DEMO_LOGIN.grzh}`, headers: { token: zheng } })).data;
      expect(page.account).toMatchObject({ jcjs: '3333.33', dwyjce: '233.33', gryjce: '233.33', yjce: '466.66' });

      // 同城转移: the monthly deposit on the new unit's ratios, to the fen.
      await db.query(`update unit_account set dwjcbl = 7, grjcbl = 7 where dwzh = '100200300103'`);
      await db.transaction((tx) =>
        openAccount(tx, { grzh: '209600000001', zjhm: '110101199003072316', xingming: '张三', dwzh: '100200300001', dwmc: '示例科技有限公司', kind: 'gr', khrq: '2026-07-01', jcjsFen: 333_333n, dwjcbl: 12, grjcbl: 12, yjceFen: 80_000n }),
      );
      const moved = await db.transaction((tx) => moveToUnit(tx, { grzh: '209600000001', toDwzh: '100200300103', ywbh: 'ZY-PARAM-1', valueDate: '2026-11-26' }));
      expect(moved.yjceFen).toBe(46_666n);
    } finally {
      await setParameter(db, 'roundingFen', 100);
      await setParameter(db, 'ratioMax', 12);
    }
  }, 120_000);
});
