import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateLoan, calculatePrepayment } from '@gjj-hall/sdk/loan';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { grantSecondCheck } from '../../test-support/two-check';
import { openAccount, postMovement, setAccountStatus } from '../../records';
import { yuanToFen } from '../../records/money';
import { materialsFor } from '../materials';
import type { Applicant } from '../types';
import { ageOn, continuousMonths, gd0101, GD0101_RULES, type Gd0101Payload } from './gd0101';
import { getLoanOf } from './ledger';
import { loanParams } from './params';
import { PARAMETER_DEFAULTS, type ParameterKey } from '../../params/centre';
import { ruleMessage } from '../types';
import { FORBIDDEN } from './routes';
import { LOAN_DEMO_LOGIN, PENDING_PROJECT, loanIssueDate } from '../../seed/loans';
import { storyClock, testCalendar as cal } from '../../test-support/calendar';
import { submitWithMaterials } from '../../test-support/materials';
import { withParameters } from '../../test-support/parameters';

// GD0101 住房公积金贷款申请: each row of the rule table at its edges, the maximum explained, the 403 of every call
// that takes an id, and the completion creating the loan with the engine's schedule.

const ZHZH = '/api/izfgjj-zhfw/v1';
const KEY = 'loan-test-key-6b1f0c9d2e7a';
const ZHANG = '110101199003072316';
const LIMEI = '320106198506124022';
const NOW = new Date('2026-11-26T03:00:00Z');
const TESTER = '110101199501011234';

let db: Db;
let app: FastifyInstance;
let zhang: string;
let limei: string;
let zhangApplicant: Applicant;

const good: Gd0101Payload = {
  grzh: '201000000101',
  fwlx: '01',
  xmbh: 'LP2024000101',
  fwdz: '示范市高新区云栖路 88 号 3 栋 1202 室',
  fwmj: '98.50',
  fwzj: '1200000.00',
  sfecf: '0',
  dkje: '600000.00',
  dkqx: 240,
  hkfs: '01',
  dbfs: '72',
  hkyh: '中国建设银行',
  hkzh: '6217000010001234567',
};
/** The loan rows at their defaults (migration 120), for the tests' titles and edges. */
const LOAN_DEFAULTS = loanParams(PARAMETER_DEFAULTS);
/** Sets rows of the centre's parameter table for one test and puts the defaults back after it. */
const withRows = (rows: Partial<Record<ParameterKey, number>>, run: () => Promise<void>) => withParameters(db, rows, run);
const rule = (name: string) => {
  const found = GD0101_RULES.find((r) => r.name === name);
  if (!found) throw new Error(`no rule ${name}`);
  return found;
};
const holds = (name: string, payload: Partial<Gd0101Payload>, extra: { now?: Date; ywbh?: string; applicant?: Applicant } = {}) =>
  rule(name).holds({ q: db, applicant: extra.applicant ?? zhangApplicant, payload: { ...good, ...payload }, now: extra.now ?? NOW, ...(extra.ywbh ? { ywbh: extra.ywbh } : {}) });

const post = (url: string, token: string, payload: object) => app.inject({ method: 'POST', url: `${ZHZH}/${url}`, headers: { token }, payload });
const get = (url: string, token: string) => app.inject({ method: 'GET', url: `${ZHZH}/${url}`, headers: { token } });
const centre = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/centre/v1/${url}`, headers: { 'x-centre-key': KEY }, payload });
const kdje = (token: string, body: object) => post('dkyw/dksq/kdje', token, { grzh: good.grzh, fwzj: good.fwzj, sfecf: '0', dkqx: 240, hkfs: '01', ...body });

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, centreApiKey: KEY, now: () => NOW });
  zhang = await signIn(app, ZHANG);
  limei = await signIn(app, LIMEI);
  // GD0101 is filed from an enable-10 page (公积金贷款申请): both take the second-check grant as a person does, so
  // what is tested past it is the business's own rules (another person's account is the holder rule's 403).
  await grantSecondCheck(app, db, zhang, ZHANG, '/grwt/dkSys/dkyw/dksq');
  await grantSecondCheck(app, db, limei, LIMEI, '/grwt/dkSys/dkyw/dksq');
  const [row] = await db.query<{ user_id: string; account_id: string }>(
    `select u.id::text as user_id, a.id::text as account_id from app_user u join user_account a on a.user_id = u.id
       join person_info p on p.account_id = a.id where u.account = $1 limit 1`,
    [ZHANG],
  );
  zhangApplicant = { userId: row!.user_id, accountId: row!.account_id, loginType: 1, login: ZHANG, zh: '201000000101' };
  // Test accounts of one depositor: 6 months (202605–202610), 5 months (202606–202610), 6 months ending in September,
  // a sealed one.
  await db.transaction(async (tx) => {
    const months = { '209900000001': ['202605', '202606', '202607', '202608', '202609', '202610'], '209900000002': ['202606', '202607', '202608', '202609', '202610'], '209900000003': ['202604', '202605', '202606', '202607', '202608', '202609'] };
    for (const [grzh, periods] of Object.entries(months)) {
      await openAccount(tx, { grzh, zjhm: TESTER, xingming: '测试贷', dwzh: null, kind: 'gr', khrq: '2026-07-01' });
      for (const [i, period] of periods.entries()) {
        await postMovement(tx, { accountNo: grzh, amountFen: 100_000n, kind: '02', ywbh: `BJ${grzh}${period}`, line: 1, valueDate: `2026-07-${String(i + 1).padStart(2, '0')}`, period });
      }
    }
    await openAccount(tx, { grzh: '209900000004', zjhm: TESTER, xingming: '测试贷', dwzh: null, kind: 'gr', khrq: '2026-07-01' });
    await setAccountStatus(tx, '209900000004', '02');
  });
});
afterAll(() => app?.close());

describe('the GD0101 rule table, row by row', () => {
  it('lists the rows in the documented order', () => {
    expect(gd0101.rules.map((r) => r.name)).toEqual([
      'holder',
      'account-normal',
      'continuous-months',
      'no-unsettled-loan',
      'no-withdrawal',
      'no-other-application',
      'term-range',
      'age-at-end',
      'project-approved',
      'amount-min',
      'within-maximum',
    ]);
  });

  it('holder: another person\'s account answers 403 and nothing else, on submit and on the maximum', async () => {
    expect(await holds('holder', {})).toBe(true);
    expect(await holds('holder', { grzh: '201000000233' })).toBe(false);
    expect(await holds('holder', { grzh: '209999999999' })).toBe(false);
    const submit = await submitWithMaterials(app, limei, 'GD0101', good);
    expect(submit.statusCode).toBe(403);
    expect(submit.json()).toEqual({ code: 403, msg: FORBIDDEN, data: null });
    const max = await kdje(limei, {});
    expect(max.statusCode).toBe(403);
    expect(max.json()).toEqual(submit.json());
    const missing = await kdje(limei, { grzh: '209999999999' });
    expect(missing.json()).toEqual(submit.json());
  });

  it('account-normal: a sealed account is refused', async () => {
    expect(await holds('account-normal', { grzh: '209900000004' })).toBe(false);
    expect(await holds('account-normal', { grzh: '209900000001' })).toBe(true);
  });

  it(`continuous-months: ${LOAN_DEFAULTS.minContinuousMonths} months unbroken up to last month; 5 months, or ending two months ago, are refused`, async () => {
    expect(await continuousMonths(db, '209900000001', '2026-11-26')).toBe(6);
    expect(await continuousMonths(db, '209900000002', '2026-11-26')).toBe(5);
    expect(await continuousMonths(db, '209900000003', '2026-11-26')).toBe(0);
    expect(await continuousMonths(db, '209900000003', '2026-10-26')).toBe(6);
    expect(await holds('continuous-months', { grzh: '209900000001' })).toBe(true);
    expect(await holds('continuous-months', { grzh: '209900000002' })).toBe(false);
    expect(await holds('continuous-months', { grzh: '209900000003' })).toBe(false);
    // 张三 was remitted up to two months before the seed day (the demo calendar; October when seeded in December 2026):
    // in the month after (storyClock) he is depositing, in the seed day's month (nothing for last month) not.
    expect(await holds('continuous-months', {}, { now: storyClock(26) })).toBe(true);
    expect(await holds('continuous-months', {}, { now: new Date(`${cal.dayOf(cal.thisMonth, 15)}T11:00:00+08:00`) })).toBe(false);
  });

  it('no-withdrawal: a withdrawal in progress stops the loan application', async () => {
    expect(await holds('no-withdrawal', {})).toBe(true);
    // A 购买自住住房提取 of one yuan, which waits for the centre (已提交) until it is withdrawn.
    const purchase = { gfht: 'GF-2026-0101', fwzl: '示范市历城区华龙路 9 号 1-1-1201', gfrq: '2026-06-01', fwzj: '1000000', dkje: '990000', tqje: '1', skrxm: '张三', skyh: '102', skzh: '6222021234567890128' };
    const tq = await submitWithMaterials(app, zhang, 'TQ0101', purchase);
    expect(tq.statusCode, tq.body).toBe(200);
    expect(tq.json<{ data: { zt: string } }>().data.zt).toBe('01');
    expect(await holds('no-withdrawal', {})).toBe(false);
    await post('ywsq/withdraw', zhang, { ywbh: tq.json<{ data: { ywbh: string } }>().data.ywbh });
    expect(await holds('no-withdrawal', {})).toBe(true);
  });

  it(`term-range: ${LOAN_DEFAULTS.minMonths} to ${LOAN_DEFAULTS.maxMonths} months`, async () => {
    expect(await holds('term-range', { dkqx: LOAN_DEFAULTS.minMonths - 1 })).toBe(false);
    expect(await holds('term-range', { dkqx: LOAN_DEFAULTS.minMonths })).toBe(true);
    expect(await holds('term-range', { dkqx: LOAN_DEFAULTS.maxMonths })).toBe(true);
    expect(await holds('term-range', { dkqx: LOAN_DEFAULTS.maxMonths + 1 })).toBe(false);
  });

  it(`age-at-end: 张三 (36 on 2026-11-26) may borrow for ${(65 - 36) * 12} months, not one more`, async () => {
    expect(ageOn(ZHANG, '2026-11-26')).toBe(36);
    expect(ageOn(ZHANG, '2027-03-06')).toBe(36);
    expect(ageOn(ZHANG, '2027-03-07')).toBe(37);
    expect(ageOn('123', '2026-11-26')).toBeUndefined();
    expect(await holds('age-at-end', { dkqx: (LOAN_DEFAULTS.maxAgeAtEnd - 36) * 12 })).toBe(true);
    expect(await holds('age-at-end', { dkqx: (LOAN_DEFAULTS.maxAgeAtEnd - 36) * 12 + 1 })).toBe(false);
  });

  it('project-approved: an approved project on sale, or a resale home with its address', async () => {
    expect(await holds('project-approved', {})).toBe(true);
    expect(await holds('project-approved', { xmbh: 'LP2022000103' })).toBe(false); // 售罄
    expect(await holds('project-approved', { xmbh: 'LP0000000000' })).toBe(false);
    expect(await holds('project-approved', { xmbh: undefined })).toBe(false);
    expect(await holds('project-approved', { fwlx: '02', xmbh: undefined })).toBe(true);
    expect(await holds('project-approved', { fwlx: '02', fwdz: ' ' })).toBe(false);
    await db.query(`update developer_project set spzt = '01' where xmbh = 'LP2025000102'`);
    expect(await holds('project-approved', { xmbh: 'LP2025000102' })).toBe(false); // 待审核
    await db.query(`update developer_project set spzt = '02' where xmbh = 'LP2025000102'`);
    expect(await holds('project-approved', { xmbh: 'LP2025000102' })).toBe(true);
  });

  it(`amount-min: at least ${LOAN_DEFAULTS.minAmountYuan} yuan`, async () => {
    expect(await holds('amount-min', { dkje: '9999.99' })).toBe(false);
    expect(await holds('amount-min', { dkje: '10000' })).toBe(true);
  });

  it('within-maximum: the maximum itself, not a fen more', async () => {
    const res = await kdje(zhang, { fwzj: '2000000', dkqx: 240 });
    const max = res.json<{ data: { kdje: string } }>().data.kdje;
    expect(await holds('within-maximum', { fwzj: '2000000', dkqx: 240, dkje: max })).toBe(true);
    expect(await holds('within-maximum', { fwzj: '2000000', dkqx: 240, dkje: (yuanToFen(max) + 1n).toString().replace(/(\d\d)$/, '.$1') })).toBe(false);
  });
});

describe('the maximum explained (dkyw/dksq/kdje)', () => {
  it('shows the four limits with their figures, the binding one marked, and the first instalment from the engine', async () => {
    const res = await kdje(zhang, { fwzj: '2000000', dkqx: 120 });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { kbl: boolean; kdje: string; dkll: string; xz: Array<{ key: string; je: string; sf: string; qzy: boolean }>; sqhkje: string } }>().data;
    expect(data.kbl).toBe(true);
    expect(data.dkll).toBe('2.6');
    expect(data.xz.map((x) => x.key)).toEqual(['balance', 'capacity', 'price', 'ceiling']);
    expect(data.xz.filter((x) => x.qzy).map((x) => x.key)).toEqual(['capacity']);
    expect(data.xz[0]!.je).toBe('2596200.00');
    expect(data.xz[2]!.je).toBe('1600000.00');
    expect(data.xz[3]!.je).toBe('1000000.00');
    expect(data.kdje).toBe(data.xz[1]!.je);
    // 120 months: the rate of five years and more (code 02).
    expect(data.sqhkje).toBe(calculateLoan({ amount: data.kdje, months: 120, annualRate: '2.6', method: '01', issueDate: '2026-11-26' }).monthlyPayment);
    const [base] = await db.query<{ jcjs_fen: string }>(`select jcjs_fen::text as jcjs_fen from personal_account where grzh = '201000000101'`);
    const capacity = (BigInt(base!.jcjs_fen) * 40n) / 100n;
    expect(yuanToFen(data.sqhkje)).toBeLessThanOrEqual(capacity);
    expect(data.xz[1]!.sf).toContain(`× 40% = `);
  });

  it('says why an applicant is not eligible (a term ending after 65), still with the figures', async () => {
    const res = await kdje(zhang, { dkqx: 360 });
    const data = res.json<{ data: { kbl: boolean; bkblyy: string; xz: unknown[] } }>().data;
    expect(data.kbl).toBe(false);
    expect(data.bkblyy).toBe(rule('age-at-end').msg);
    expect(data.xz).toHaveLength(4);
  });

  it('answers bad input with a Chinese message, never a 500', async () => {
    const res = await kdje(zhang, { fwzj: '12abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toBe('房屋总价应为金额（元），至多两位小数');
  });
});

describe('the loan rows of the centre table at work (setParameter: change the row, the rule follows)', () => {
  type Kdje = { kbl: boolean; bkblyy: string; kdje: string; xz: Array<{ key: string; je: string; sf: string; qzy: boolean }> };
  const explained = async (body: object) => (await kdje(zhang, body)).json<{ data: Kdje }>().data;
  const message = (name: string, payload: Partial<Gd0101Payload>) => ruleMessage(rule(name), { q: db, applicant: zhangApplicant, payload: { ...good, ...payload }, now: NOW });

  it('loanMinContinuousMonths: 5 months unbroken pass at 5 and fail at 6, the answer naming the row in force', async () => {
    const five = { grzh: '209900000002' };
    expect(await holds('continuous-months', five)).toBe(false);
    await withRows({ loanMinContinuousMonths: 5 }, async () => expect(await holds('continuous-months', five)).toBe(true));
    await withRows({ loanMinContinuousMonths: 7 }, async () => {
      expect(await holds('continuous-months', { grzh: '209900000001' })).toBe(false);
      expect(await message('continuous-months', {})).toBe('申请贷款须正在缴存住房公积金，且已连续足额缴存满 7 个月');
    });
  });

  it('loanMinMonths, loanMaxMonths set to 24–300: 23 and 301 refused, 24 and 300 taken; the maximum call names the bounds', async () => {
    await withRows({ loanMinMonths: 24, loanMaxMonths: 300 }, async () => {
      expect([await holds('term-range', { dkqx: 23 }), await holds('term-range', { dkqx: 24 }), await holds('term-range', { dkqx: 300 }), await holds('term-range', { dkqx: 301 })]).toEqual([false, true, true, false]);
      const data = await explained({ dkqx: 301 });
      expect([data.kbl, data.bkblyy]).toEqual([false, '贷款期限应在 24 至 300 个月（25 年）之间']);
    });
  });

  it('loanMaxAgeAtEnd set to 60: 张三 (36) may borrow for 288 months, not 289; loanMinAge set to 37 refuses him', async () => {
    await withRows({ loanMaxAgeAtEnd: 60 }, async () => {
      expect(await holds('age-at-end', { dkqx: (60 - 36) * 12 })).toBe(true);
      expect(await holds('age-at-end', { dkqx: (60 - 36) * 12 + 1 })).toBe(false);
      expect(await message('age-at-end', {})).toBe('借款人应年满 18 周岁，且贷款到期时年龄不超过 60 周岁，请缩短贷款期限');
    });
    await withRows({ loanMinAge: 37 }, async () => expect(await holds('age-at-end', { dkqx: 120 })).toBe(false));
    await withRows({ loanMinAge: 36 }, async () => expect(await holds('age-at-end', { dkqx: 120 })).toBe(true));
  });

  it('loanMinAmountYuan set to 20,000: 19,999.99 refused with 2 万元, 20,000 taken', async () => {
    await withRows({ loanMinAmountYuan: 20_000 }, async () => {
      expect(await holds('amount-min', { dkje: '19999.99' })).toBe(false);
      expect(await holds('amount-min', { dkje: '20000' })).toBe(true);
      expect(await message('amount-min', {})).toBe('申请贷款金额不能低于 2 万元');
    });
  });

  it('loanBalanceMultiple, loanRoundingYuan, loanCapacityPercent, loanDownPaymentPercentFirst, loanCeilingSingleFirstYuan move the maximum', async () => {
    const before = await explained({ fwzj: '2000000', dkqx: 240 });
    expect(before.xz.map((x) => x.je)).toEqual(['2596200.00', expect.any(String), '1600000.00', '1000000.00']);
    await withRows({ loanBalanceMultiple: 20 }, async () => {
      const data = await explained({ fwzj: '2000000', dkqx: 240 });
      expect(data.xz[0]).toMatchObject({ je: '1730800.00' }); // 86,542.35 × 20 = 1,730,847 → 1,730,800
      expect(data.xz[0]!.sf).toContain('× 20 倍');
    });
    await withRows({ loanBalanceMultiple: 20, loanRoundingYuan: 1000 }, async () => expect((await explained({ fwzj: '2000000', dkqx: 240 })).xz[0]!.je).toBe('1730000.00'));
    await withRows({ loanCapacityPercent: 50 }, async () => expect((await explained({ fwzj: '2000000', dkqx: 240 })).xz[1]!.sf).toContain('× 50% = '));
    await withRows({ loanDownPaymentPercentFirst: 30 }, async () => expect((await explained({ fwzj: '2000000', dkqx: 240 })).xz[2]!.je).toBe('1400000.00'));
    await withRows({ loanCeilingSingleFirstYuan: 500_000 }, async () => {
      const data = await explained({ fwzj: '2000000', dkqx: 240 });
      expect(data.xz[3]!.je).toBe('500000.00');
      expect(data.kdje).toBe('500000.00');
    });
  });
});

describe('the materials', () => {
  it('a resale home needs its title; a new one does not', () => {
    expect(materialsFor(gd0101, { fwlx: '01' }).map((m) => m.clbh)).not.toContain('QSZM');
    expect(materialsFor(gd0101, { fwlx: '02' }).map((m) => m.clbh)).toContain('QSZM');
  });
});

describe('applied for, approved by the centre, lived with', () => {
  let ywbh = '';
  let dkzh = '';

  it('submits, and a second application is refused while it is in progress', async () => {
    const res = await submitWithMaterials(app, zhang, 'GD0101', good);
    expect(res.statusCode, res.body).toBe(200);
    ywbh = res.json<{ data: { ywbh: string } }>().data.ywbh;
    expect(await holds('no-other-application', {})).toBe(false);
    expect(await holds('no-other-application', {}, { ywbh })).toBe(true);
    const again = await submitWithMaterials(app, zhang, 'GD0101', good);
    expect(again.statusCode).toBe(400);
    expect(again.json<{ msg: string }>().msg).toBe(rule('no-other-application').msg);
  });

  it('completing it creates the loan in the status\'s transaction, with the engine\'s schedule to the fen', async () => {
    expect((await centre(`applications/${ywbh}/accept`, { operator: '王经办' })).statusCode).toBe(200);
    const done = await centre(`applications/${ywbh}/complete`, { operator: '王经办' });
    expect(done.statusCode, done.body).toBe(200);
    const loan = await getLoanOf(db, ZHANG);
    expect(loan).toMatchObject({ ywbh, amountFen: 60_000_000n, balanceFen: 60_000_000n, months: 240, annualRate: '2.6', rateCode: '02', status: '1', xmbh: 'LP2024000101', issueDate: '2026-11-26' });
    expect(loan!.dkzh).toMatch(/^80261126\d{5,}$/);
    expect(loan!.jkhtbh).toMatch(/^90261126\d{5,}$/);
    dkzh = loan!.dkzh;
    const stored = await db.query<{ period: number; due_date: string; p: string; i: string; pay: string; b: string }>(
      `select period, due_date::text as due_date, principal_fen::text as p, interest_fen::text as i, payment_fen::text as pay, balance_fen::text as b
         from loan_schedule where dkzh = $1 order by period`,
      [dkzh],
    );
    const engine = calculateLoan({ amount: '600000.00', months: 240, annualRate: '2.6', method: '01', issueDate: '2026-11-26' }).schedule;
    expect(stored).toHaveLength(240);
    expect(stored.map((r) => [r.period, r.due_date, r.p, r.i, r.pay, r.b])).toEqual(
      engine.map((r) => [r.period, r.date, String(yuanToFen(r.principal)), String(yuanToFen(r.interest)), String(yuanToFen(r.payment)), String(yuanToFen(r.balance))]),
    );
    expect(await holds('no-unsettled-loan', {})).toBe(false);
    expect(await holds('no-unsettled-loan', {}, { applicant: { ...zhangApplicant, accountId: '0' } })).toBe(true);
  });

  it('贷款信息: the facts, the card masked', async () => {
    const res = await get('dkyw/dkxx', zhang);
    const [loan] = res.json<{ data: { list: Array<Record<string, unknown>> } }>().data.list;
    expect(loan).toMatchObject({ dkzh, htje: '600000.00', dkye: '600000.00', dkqx: 240, syqs: 240, dkll: '2.6', hkfsmc: '等额本息', dkztmc: '正常', yqqs: 0, yqje: '0.00', xqhkrq: '2026-12-26' });
    expect(loan!.hkzh).not.toContain('0001234');
    expect((await get('dkyw/dkxx', limei)).json<{ data: { list: unknown[] } }>().data.list).toEqual([]);
  });

  it('还款计划: one page at a time by period; another person\'s loan answers 403 and nothing else', async () => {
    const first = (await get(`dkyw/hkjh?dkzh=${dkzh}`, zhang)).json<{ data: { list: Array<{ qc: number }>; next: number; total: number } }>().data;
    expect(first.list.map((r) => r.qc)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect([first.next, first.total]).toEqual([12, 240]);
    const last = (await get(`dkyw/hkjh?dkzh=${dkzh}&after=228&size=50`, zhang)).json<{ data: { list: Array<{ qc: number; syje: string }>; next: number | null } }>().data;
    expect(last.list).toHaveLength(12);
    expect(last.next).toBeNull();
    expect(last.list.at(-1)!.syje).toBe('0.00');
    for (const url of [`dkyw/hkjh?dkzh=${dkzh}`, 'dkyw/hkjh?dkzh=8026112699999']) {
      const res = await get(url, limei);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ code: 403, msg: FORBIDDEN, data: null });
    }
  });

  it('提前还款试算: both ways side by side, from the engine; another person\'s loan answers 403', async () => {
    const res = await post('dkyw/tqhk/ss', zhang, { dkzh, tqhkje: '100000' });
    expect(res.statusCode, res.body).toBe(200);
    const { shorten, reduce } = res.json<{ data: Record<'shorten' | 'reduce', { qc: number; yhje: string; jsqs: number; jslx: string; syqs: number }> }>().data;
    const input = { amount: '600000.00', months: 240, annualRate: '2.6', method: '01' as const, issueDate: '2026-11-26', prepayPeriod: 1, prepayAmount: '100000' };
    const engine = calculatePrepayment({ ...input, mode: 'shorten' });
    expect(shorten).toMatchObject({ qc: 1, yhje: engine.monthlyPayment, jsqs: engine.monthsSaved, jslx: engine.interestSaved });
    expect(reduce.jsqs).toBe(0);
    expect(Number(reduce.yhje)).toBeLessThan(Number(shorten.yhje));
    expect(Number(shorten.jslx)).toBeGreaterThan(Number(reduce.jslx));
    const other = await post('dkyw/tqhk/ss', limei, { dkzh, tqhkje: '100000' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ code: 403, msg: FORBIDDEN, data: null });
    expect((await post('dkyw/tqhk/ss', zhang, { dkzh, tqhkje: '0' })).json<{ msg: string }>().msg).toBe('提前还款金额应大于 0');
  });

  it('还款计划 exported: every period in xlsx or CSV, the same figures; another person\'s loan answers 403', async () => {
    const csv = await get(`dkyw/hkjh/export?dkzh=${dkzh}&format=csv`, zhang);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`还款计划_${dkzh}_`)}`);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const header = lines.findIndex((l) => l.startsWith('期次,'));
    expect(lines.slice(header + 1)).toHaveLength(240);
    const engine = calculateLoan({ amount: '600000.00', months: 240, annualRate: '2.6', method: '01', issueDate: '2026-11-26' }).schedule;
    expect(lines[header + 1]!.split(',').slice(0, 5)).toEqual(['1', engine[0]!.date, engine[0]!.principal, engine[0]!.interest, engine[0]!.payment]);
    expect(lines.at(-1)!.split(',')[0]).toBe('240');
    const xlsx = await get(`dkyw/hkjh/export?dkzh=${dkzh}&format=xlsx`, zhang);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const other = await get(`dkyw/hkjh/export?dkzh=${dkzh}&format=csv`, limei);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ code: 403, msg: FORBIDDEN, data: null });
    expect((await get(`dkyw/hkjh/export?dkzh=${dkzh}&format=pdf`, zhang)).json<{ msg: string }>().msg).toBe('导出格式只能是 xlsx 或 csv');
  });

  it('贷款进度: the account\'s loan applications with their status and, once completed, the loan', async () => {
    const list = (await get('dkyw/dkjd', zhang)).json<{ data: { list: Array<Record<string, unknown>> } }>().data.list;
    expect(list[0]).toMatchObject({ ywbh, zt: '03', ztmc: '已办结', dkje: '600000.00', dkqx: 240, dkzh });
    expect((await get('dkyw/dkjd', limei)).json<{ data: { list: unknown[] } }>().data.list).toEqual([]);
  });

  it('the approved projects to choose from', async () => {
    const res = await get('dkyw/lpxx', zhang);
    const list = res.json<{ data: { list: Array<{ xmbh: string }> } }>().data.list.map((p) => p.xmbh);
    expect(list).toContain('LP2024000101');
    expect(list).not.toContain('LP2022000103');
  });
});

describe('the demo borrower (seed step 30)', () => {
  it('刘安居 has a running loan: five periods paid, the sixth overdue, the balance what the payments left', async () => {
    const liu = await signIn(app, LOAN_DEMO_LOGIN.account);
    const [loan] = (await get('dkyw/dkxx', liu)).json<{ data: { list: Array<Record<string, unknown>> } }>().data.list;
    expect(loan).toMatchObject({ htje: '500000.00', dkztmc: '逾期', yqqs: 1, syqs: 235, ffrq: loanIssueDate(cal) });
    const record = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!;
    const [paid] = await db.query<{ p: string }>('select sum(principal_fen)::text as p from loan_repayment where dkzh = $1', [record.dkzh]);
    expect(record.balanceFen).toBe(record.amountFen - BigInt(paid!.p));
    expect(loan!.yqje).toBe(calculateLoan({ amount: '500000', months: 240, annualRate: '2.6', method: '01', issueDate: loanIssueDate(cal) }).schedule[5]!.payment);
    // Another person's loan: 403 for 张三.
    expect((await get(`dkyw/hkjh?dkzh=${record.dkzh}`, zhang)).statusCode).toBe(403);
  });

  it('示例置业\'s pending project is not offered to borrowers', async () => {
    const list = (await get('dkyw/lpxx', zhang)).json<{ data: { list: Array<{ xmbh: string }> } }>().data.list.map((p) => p.xmbh);
    expect(list).not.toContain(PENDING_PROJECT.xmbh);
    expect(await holds('project-approved', { xmbh: PENDING_PROJECT.xmbh })).toBe(false);
  });
});
