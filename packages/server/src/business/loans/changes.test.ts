import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateLoan } from '@gjj-hall/sdk/loan';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { fenToYuan, yuanToFen } from '../../records/money';
import { LOAN_DEMO_LOGIN } from '../../seed/loans';
import { GD0404_RULES, GD0405_RULES, GD0406_RULES } from './changes';
import { PARAMETER_DEFAULTS, setParameter } from '../../params/centre';
import { ruleMessage } from '../types';
import { getLoanOf } from './ledger';
import { FORBIDDEN } from './routes';
import { submitWithMaterials } from '../../test-support/materials';

// GD0404 还款方式变更 and GD0405 还款账户变更 on 刘安居's overdue loan: the rows, the 403 of another person, the new card
// that lets the monthly command collect, and the new plan from the next period equal to the engine's.

const ZHZH = '/api/izfgjj-zhfw/v1';
const KEY = 'loan-change-test-key-8d2c4f6a0e';
const NOW = new Date('2026-11-26T03:00:00Z');

let db: Db;
let app: FastifyInstance;
let liu: string;
let zhang: string;
let dkzh = '';

const post = (url: string, token: string, payload: object) => app.inject({ method: 'POST', url: `${ZHZH}/${url}`, headers: { token }, payload });
const centre = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/centre/v1/${url}`, headers: { 'x-centre-key': KEY }, payload });
const submitAndComplete = async (token: string, ywlx: string, payload: object) => {
  const res = await submitWithMaterials(app, token, ywlx, payload);
  expect(res.statusCode, res.body).toBe(200);
  const ywbh = res.json<{ data: { ywbh: string } }>().data.ywbh;
  await centre(`applications/${ywbh}/accept`, { operator: '王经办' });
  const done = await centre(`applications/${ywbh}/complete`, { operator: '王经办' });
  expect(done.statusCode, done.body).toBe(200);
};

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, centreApiKey: KEY, now: () => NOW });
  liu = await signIn(app, LOAN_DEMO_LOGIN.account);
  zhang = await signIn(app, '110101199003072316');
  dkzh = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!.dkzh;
});
afterAll(() => app?.close());

describe('the rule tables', () => {
  it('list their rows', () => {
    expect(GD0404_RULES.map((r) => r.name)).toEqual(['own-loan', 'loan-running', 'not-overdue', 'method-differs']);
    expect(GD0405_RULES.map((r) => r.name)).toEqual(['own-loan', 'loan-running', 'card-differs']);
  });

  it('another person\'s loan answers 403 and nothing else', async () => {
    for (const [ywlx, payload] of [
      ['GD0404', { dkzh, hkfs: '02' }],
      ['GD0405', { dkzh, hkyh: '中国银行', hkzh: '6216610000000002' }],
      ['GD0404', { dkzh: '8026112699999', hkfs: '02' }],
    ] as const) {
      const res = await post('ywsq/submit', zhang, { ywlx, payload });
      expect(res.statusCode, ywlx).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: FORBIDDEN, data: null });
    }
  });

  it('not-overdue: an overdue loan changes its method only after paying; the same card or method is refused', async () => {
    const method = await post('ywsq/submit', liu, { ywlx: 'GD0404', payload: { dkzh, hkfs: '02' } });
    expect(method.json<{ msg: string }>().msg).toBe(GD0404_RULES[2]!.msg);
    const card = await post('ywsq/submit', liu, { ywlx: 'GD0405', payload: { dkzh, hkyh: '中国工商银行', hkzh: '6222020200112233445' } });
    expect(card.json<{ msg: string }>().msg).toBe(GD0405_RULES[2]!.msg);
  });
});

describe('lived with', () => {
  it('GD0405: a new card, and the monthly command collects the overdue instalment with its overdue interest', async () => {
    await submitAndComplete(liu, 'GD0405', { dkzh, hkyh: '中国银行', hkzh: '6216610000000002' });
    const report = (await centre('loans/collect', { date: '2026-11-26' })).json<{ data: { cardPayments: number } }>().data;
    expect(report.cardPayments).toBeGreaterThanOrEqual(1);
    const [row] = await db.query<{ o: string }>(`select overdue_interest_fen::text as o from loan_repayment where dkzh = $1 and period = 6`, [dkzh]);
    expect(BigInt(row!.o)).toBeGreaterThan(0n);
    expect((await getLoanOf(db, LOAN_DEMO_LOGIN.account))!.status).toBe('1');
  });

  it('GD0404: from period 7 the plan is the engine\'s for the balance over the periods left, in the new method', async () => {
    const before = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!;
    const [prev] = await db.query<{ d: string }>(`select due_date::text as d from loan_schedule where dkzh = $1 and period = 6`, [dkzh]);
    await submitAndComplete(liu, 'GD0404', { dkzh, hkfs: '02' });
    const after = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!;
    expect([after.method, after.months, after.balanceFen]).toEqual(['02', 240, before.balanceFen]);
    const engine = calculateLoan({ amount: fenToYuan(before.balanceFen), months: 234, annualRate: '2.6', method: '02', issueDate: prev!.d }).schedule;
    const stored = await db.query<{ period: number; due_date: string; p: string; i: string }>(
      `select period, due_date::text as due_date, principal_fen::text as p, interest_fen::text as i from loan_schedule where dkzh = $1 and period >= 7 order by period`,
      [dkzh],
    );
    expect(stored.map((r) => [r.period, r.due_date, r.p, r.i])).toEqual(engine.map((r) => [r.period + 6, r.date, String(yuanToFen(r.principal)), String(yuanToFen(r.interest))]));
    const paid = await db.query(`select 1 from loan_schedule where dkzh = $1 and period <= 6 and status = '1'`, [dkzh]);
    expect(paid).toHaveLength(6);
  });

  it('GD0406: term-range and age-at-end at their edges (刘安居 is 40: 65 × 12 − 40 × 12 = 300 months left at most), then a shorter term from period 7', async () => {
    const rule = (name: string) => GD0406_RULES.find((r) => r.name === name)!;
    const [row] = await db.query<{ user_id: string; account_id: string }>(
      `select u.id::text as user_id, a.id::text as account_id from app_user u join user_account a on a.user_id = u.id where u.account = $1 limit 1`,
      [LOAN_DEMO_LOGIN.account],
    );
    const applicant = { userId: row!.user_id, accountId: row!.account_id, loginType: 1 as const, login: LOAN_DEMO_LOGIN.account, zh: LOAN_DEMO_LOGIN.grzh };
    const holds = (name: string, dkqx: number) => rule(name).holds({ q: db, applicant, payload: { dkzh, dkqx }, now: NOW });
    expect(await holds('term-range', 6)).toBe(false);
    expect(await holds('term-range', 7)).toBe(true);
    expect(await holds('term-range', PARAMETER_DEFAULTS.loanMaxMonths)).toBe(true);
    expect(await holds('term-range', PARAMETER_DEFAULTS.loanMaxMonths + 1)).toBe(false);
    // Periods 1–6 paid: a term of n months leaves n − 6; 40 × 12 + (n − 6) ≤ 780 → n ≤ 306.
    expect(await holds('age-at-end', 306)).toBe(true);
    expect(await holds('age-at-end', 307)).toBe(false);
    // The rows in force, not the defaults: loanMaxMonths 240 and loanMaxAgeAtEnd 64 (40 × 12 + (n − 6) ≤ 768 → n ≤ 294).
    try {
      await setParameter(db, 'loanMaxMonths', 240);
      await setParameter(db, 'loanMaxAgeAtEnd', 64);
      expect([await holds('term-range', 240), await holds('term-range', 241)]).toEqual([true, false]);
      expect(await ruleMessage(rule('term-range'), { q: db, applicant, payload: { dkzh, dkqx: 241 }, now: NOW })).toBe('新的贷款期限应长于已还款的期数，且不超过 240 个月（20 年）');
      expect([await holds('age-at-end', 294), await holds('age-at-end', 295)]).toEqual([true, false]);
      expect(await ruleMessage(rule('age-at-end'), { q: db, applicant, payload: { dkzh, dkqx: 295 }, now: NOW })).toBe('贷款到期时借款人年龄不能超过 64 周岁，请缩短贷款期限');
    } finally {
      await setParameter(db, 'loanMaxMonths', PARAMETER_DEFAULTS.loanMaxMonths);
      await setParameter(db, 'loanMaxAgeAtEnd', PARAMETER_DEFAULTS.loanMaxAgeAtEnd);
    }
    const before = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!;
    await submitAndComplete(liu, 'GD0406', { dkzh, dkqx: 180 });
    const after = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!;
    expect([after.months, after.balanceFen]).toEqual([180, before.balanceFen]);
    const [n] = await db.query<{ n: string; p: string }>(`select count(*)::text as n, sum(principal_fen)::text as p from loan_schedule where dkzh = $1 and period >= 7`, [dkzh]);
    expect(Number(n!.n)).toBe(174);
    expect(BigInt(n!.p)).toBe(before.balanceFen);
  });
});
