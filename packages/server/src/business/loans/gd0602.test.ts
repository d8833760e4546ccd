import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculatePrepayment } from '@gjj-hall/sdk/loan';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { fenToYuan, yuanToFen } from '../../records/money';
import { LOAN_DEMO_LOGIN } from '../../seed/loans';
import { PARAMETER_DEFAULTS, setParameter, type ParameterKey } from '../../params/centre';
import { ruleMessage } from '../types';
import { getLoanOf } from './ledger';
import { FORBIDDEN } from './routes';
import { GD0602_RULES, type Gd0602Payload } from './gd0602';

// GD0602 银行卡提前还款 on 刘安居's loan (periods 1–5 paid, 6 overdue in the seed): each rule row at its edges, 403 for
// another login, the automatic completion (the plan from the next period equal to the engine's, to the fen), once,
// and a full repayment that settles the loan.

const ZHZH = '/api/izfgjj-zhfw/v1';
const KEY = 'loan-prepay-test-key-5e1b9c3d7a';
const NOW = new Date('2026-11-26T03:00:00Z');

let db: Db;
let app: FastifyInstance;
let liu: string;
let zhang: string;
let dkzh = '';
let applicant: { userId: string; accountId: string; loginType: 1; login: string; zh: string };

const post = (url: string, token: string, payload: object) => app.inject({ method: 'POST', url: `${ZHZH}/${url}`, headers: { token }, payload });
const centre = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/centre/v1/${url}`, headers: { 'x-centre-key': KEY }, payload });
const rule = (name: string) => GD0602_RULES.find((r) => r.name === name)!;
const holds = (name: string, payload: Partial<Gd0602Payload> = {}) =>
  rule(name).holds({ q: db, applicant, payload: { dkzh, tqhkje: '10000', tqfs: '01', ...payload }, now: NOW });
const withParameter = async (key: ParameterKey, value: number, body: () => Promise<void>) => {
  try {
    await setParameter(db, key, value);
    await body();
  } finally {
    await setParameter(db, key, PARAMETER_DEFAULTS[key]);
  }
};
const trial = async (tqhkje: string) => {
  const res = await post('dkyw/tqhk/ss', liu, { dkzh, tqhkje });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { zdje: string; shorten: { qc: number; jslx: string; syqs: number; yhje: string }; reduce: { qc: number; jslx: string; syqs: number; yhje: string } } }>().data;
};
const zt = async (ywbh: string) => (await db.query<{ zt: string }>('select zt from application where ywbh = $1', [ywbh]))[0]!.zt;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, centreApiKey: KEY, now: () => NOW });
  liu = await signIn(app, LOAN_DEMO_LOGIN.account);
  zhang = await signIn(app, '110101199003072316');
  dkzh = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!.dkzh;
  const [row] = await db.query<{ user_id: string; account_id: string }>(
    `select u.id::text as user_id, a.id::text as account_id from app_user u join user_account a on a.user_id = u.id where u.account = $1 limit 1`,
    [LOAN_DEMO_LOGIN.account],
  );
  applicant = { userId: row!.user_id, accountId: row!.account_id, loginType: 1, login: LOAN_DEMO_LOGIN.account, zh: LOAN_DEMO_LOGIN.grzh };
});
afterAll(() => app?.close());

describe('the rule table', () => {
  it('lists its rows', () => {
    expect(GD0602_RULES.map((r) => r.name)).toEqual(['own-loan', 'loan-running', 'not-overdue', 'not-last-period', 'next-untouched', 'amount-max', 'amount-min', 'per-year']);
  });

  it('another person\'s loan, or one that does not exist, answers 403 and nothing else', async () => {
    for (const id of [dkzh, '8026112699999']) {
      const res = await post('ywsq/submit', zhang, { ywlx: 'GD0602', payload: { dkzh: id, tqhkje: '10000', tqfs: '01' } });
      expect(res.statusCode, id).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: FORBIDDEN, data: null });
      const t = await post('dkyw/tqhk/ss', zhang, { dkzh: id, tqhkje: '10000' });
      expect(t.statusCode, id).toBe(403);
      expect(t.json()).toEqual({ code: 403, msg: FORBIDDEN, data: null });
    }
  });

  it('not-overdue: the seeded overdue loan is refused, then paid by the monthly command it may prepay', async () => {
    const refused = await post('ywsq/submit', liu, { ywlx: 'GD0602', payload: { dkzh, tqhkje: '10000', tqfs: '01' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ msg: string }>().msg).toBe(rule('not-overdue').msg);
    expect(await holds('not-overdue')).toBe(false);
    await db.query('update loan set card_debit_fails = false where dkzh = $1', [dkzh]);
    expect((await centre('loans/collect', { date: '2026-11-26' })).statusCode).toBe(200);
    expect((await getLoanOf(db, LOAN_DEMO_LOGIN.account))!.status).toBe('1');
    expect(await holds('not-overdue')).toBe(true);
  });

  it('loan-running, not-last-period and next-untouched at their edges', async () => {
    const loan = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!;
    try {
      await db.query(`update loan set status = '3', settled_date = '2026-11-26' where dkzh = $1`, [dkzh]);
      expect(await holds('loan-running')).toBe(false);
    } finally {
      await db.query(`update loan set status = '1', settled_date = null where dkzh = $1`, [dkzh]);
    }
    expect(await holds('loan-running')).toBe(true);
    // The next period is 7: a loan of 7 periods has nothing after it, one of 8 has.
    try {
      await db.query('update loan set months = 7 where dkzh = $1', [dkzh]);
      expect(await holds('not-last-period')).toBe(false);
      await db.query('update loan set months = 8 where dkzh = $1', [dkzh]);
      expect(await holds('not-last-period')).toBe(true);
    } finally {
      await db.query('update loan set months = $2 where dkzh = $1', [dkzh, loan.months]);
    }
    try {
      await db.query('update loan_schedule set paid_interest_fen = 1 where dkzh = $1 and period = 7', [dkzh]);
      expect(await holds('next-untouched')).toBe(false);
    } finally {
      await db.query('update loan_schedule set paid_interest_fen = 0 where dkzh = $1 and period = 7', [dkzh]);
    }
    expect(await holds('next-untouched')).toBe(true);
  });

  it('amount-max: up to the balance after the next instalment (the trial\'s zdje), not a fen more', async () => {
    const { zdje } = await trial('10000');
    const [row] = await db.query<{ b: string }>('select balance_fen::text as b from loan_schedule where dkzh = $1 and period = 7', [dkzh]);
    expect(yuanToFen(zdje)).toBe(BigInt(row!.b));
    expect(await holds('amount-max', { tqhkje: zdje })).toBe(true);
    expect(await holds('amount-max', { tqhkje: fenToYuan(yuanToFen(zdje) + 1n) })).toBe(false);
    expect(await holds('amount-max', { tqhkje: '0.01' })).toBe(true);
    expect(await holds('amount-max', { tqhkje: '0' })).toBe(false);
    expect(await ruleMessage(rule('amount-max'), { q: db, applicant, payload: { dkzh, tqhkje: '9999999', tqfs: '01' }, now: NOW })).toBe(`提前还款金额不能超过下一期还款后的贷款余额 ${zdje} 元`);
  });

  it('amount-min: loanPrepayMinYuan at the fen, the row in force; a repayment that settles may be less', async () => {
    expect([await holds('amount-min', { tqhkje: '9999.99' }), await holds('amount-min', { tqhkje: '10000' })]).toEqual([false, true]);
    await withParameter('loanPrepayMinYuan', 5000, async () => {
      expect([await holds('amount-min', { tqhkje: '4999.99' }), await holds('amount-min', { tqhkje: '5000.00' })]).toEqual([false, true]);
      expect(await ruleMessage(rule('amount-min'), { q: db, applicant, payload: { dkzh, tqhkje: '1', tqfs: '01' }, now: NOW })).toBe('提前还款金额不能少于 5,000 元（一次结清的除外）');
    });
    const { zdje } = await trial('10000');
    await withParameter('loanPrepayMinYuan', 10_000_000, async () => {
      expect(await holds('amount-min', { tqhkje: zdje })).toBe(true);
      expect(await holds('amount-min', { tqhkje: fenToYuan(yuanToFen(zdje) - 1n) })).toBe(false);
    });
  });

  it('per-year: loanPrepayPerYear 0 refuses, 1 allows the first', async () => {
    await withParameter('loanPrepayPerYear', 0, async () => {
      expect(await holds('per-year')).toBe(false);
      expect(await ruleMessage(rule('per-year'), { q: db, applicant, payload: { dkzh, tqhkje: '1', tqfs: '01' }, now: NOW })).toBe('每个自然年度至多办理 0 次提前还款，今年的次数已用完');
    });
    await withParameter('loanPrepayPerYear', 1, async () => expect(await holds('per-year')).toBe(true));
  });
});

describe('completion', () => {
  it('缩短期限: completed at once; the plan from period 7 is the engine\'s to the fen, as the trial said; once only', async () => {
    const before = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!;
    const [prev] = await db.query<{ d: string }>('select due_date::text as d from loan_schedule where dkzh = $1 and period = 6', [dkzh]);
    const said = await trial('100000');
    const res = await post('ywsq/submit', liu, { ywlx: 'GD0602', payload: { dkzh, tqhkje: '100000', tqfs: '01' } });
    expect(res.statusCode, res.body).toBe(200);
    const ywbh = res.json<{ data: { ywbh: string } }>().data.ywbh;
    expect(await zt(ywbh)).toBe('03');

    const engine = calculatePrepayment({ amount: fenToYuan(before.balanceFen), months: before.months - 6, annualRate: before.annualRate, method: before.method, issueDate: prev!.d, prepayPeriod: 1, prepayAmount: '100000', mode: 'shorten' });
    expect(said.shorten).toMatchObject({ qc: 7, jslx: engine.interestSaved, syqs: engine.remainingMonths, yhje: engine.monthlyPayment });
    const stored = await db.query<{ period: number; due_date: string; p: string; i: string; pay: string; b: string }>(
      `select period, due_date::text as due_date, principal_fen::text as p, interest_fen::text as i, payment_fen::text as pay, balance_fen::text as b
         from loan_schedule where dkzh = $1 and period >= 7 order by period`,
      [dkzh],
    );
    expect(stored.map((r) => [r.period, r.due_date, r.p, r.i, r.pay, r.b])).toEqual(
      engine.schedule.map((r) => [r.period + 6, r.date, String(yuanToFen(r.principal)), String(yuanToFen(r.interest)), String(yuanToFen(r.payment)), String(yuanToFen(r.balance))]),
    );
    const after = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!;
    expect(after.months).toBe(7 + engine.remainingMonths);
    expect(after.months).toBeLessThan(before.months);
    expect(after.balanceFen).toBe(yuanToFen(engine.schedule[0]!.balance));
    expect(after.status).toBe('1');
    const repayments = await db.query<{ source: string; p: string; i: string; period: number }>(
      `select source, principal_fen::text as p, interest_fen::text as i, period from loan_repayment where dkzh = $1 and pay_date = '2026-11-26' and period = 7 order by line`,
      [dkzh],
    );
    expect(repayments.map((r) => [r.source, r.p, r.i])).toEqual([
      ['prepay', '10000000', '0'],
      ['card', String(yuanToFen(engine.original.schedule[0]!.principal)), String(yuanToFen(engine.original.schedule[0]!.interest))],
    ]);
    const [p7] = await db.query<{ status: string }>('select status from loan_schedule where dkzh = $1 and period = 7', [dkzh]);
    expect(p7!.status).toBe('1');

    // Once: the centre completing it again is refused and nothing moves; the monthly command does not take period 7.
    const count = async () => (await db.query<{ n: string }>('select count(*)::text as n from loan_repayment where dkzh = $1', [dkzh]))[0]!.n;
    const n = await count();
    expect((await centre(`applications/${ywbh}/complete`, { operator: '王经办' })).statusCode).not.toBe(200);
    expect((await centre('loans/collect', { date: '2026-11-26' })).statusCode).toBe(200);
    expect(await count()).toBe(n);
    expect((await getLoanOf(db, LOAN_DEMO_LOGIN.account))!.balanceFen).toBe(after.balanceFen);
  });

  it('per-year counts the completed one: with loanPrepayPerYear 1 a second is refused', async () => {
    await withParameter('loanPrepayPerYear', 1, async () => {
      expect(await holds('per-year')).toBe(false);
      const res = await post('ywsq/submit', liu, { ywlx: 'GD0602', payload: { dkzh, tqhkje: '10000', tqfs: '02' } });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ msg: string }>().msg).toBe('每个自然年度至多办理 1 次提前还款，今年的次数已用完');
    });
    expect(await holds('per-year')).toBe(true);
  });

  it('a full repayment (the trial\'s zdje) settles the loan: status 3, nothing left to pay', async () => {
    const { zdje, reduce } = await trial('10000');
    expect(reduce.qc).toBe(8);
    const res = await post('ywsq/submit', liu, { ywlx: 'GD0602', payload: { dkzh, tqhkje: zdje, tqfs: '02' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await zt(res.json<{ data: { ywbh: string } }>().data.ywbh)).toBe('03');
    const loan = (await getLoanOf(db, LOAN_DEMO_LOGIN.account));
    expect(loan).toBeUndefined();
    const [settled] = await db.query<{ status: string; balance: string; months: number; settled_date: string }>(
      'select status, balance_fen::text as balance, months, settled_date::text as settled_date from loan where dkzh = $1',
      [dkzh],
    );
    expect(settled).toEqual({ status: '3', balance: '0', months: 8, settled_date: '2026-11-26' });
    const [left] = await db.query<{ n: string; p: string; pp: string }>(
      `select count(*) filter (where status <> '1')::text as n, sum(principal_fen)::text as p, sum(paid_principal_fen)::text as pp from loan_schedule where dkzh = $1`,
      [dkzh],
    );
    expect(left!.n).toBe('0');
    expect(left!.p).toBe(left!.pp);
    const again = await post('ywsq/submit', liu, { ywlx: 'GD0602', payload: { dkzh, tqhkje: '10000', tqfs: '01' } });
    expect(again.json<{ msg: string }>().msg).toBe(rule('loan-running').msg);
  });
});
