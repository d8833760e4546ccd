import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculatePrepayment } from '@gjj-hall/sdk/loan';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { withParameters } from '../../test-support/parameters';
import { checkLedger, fenToYuan, postMovement, yuanToFen } from '../../records';
import { LOAN_DEMO_LOGIN } from '../../seed/loans';
import { ruleMessage } from '../types';
import { getLoan } from './ledger';
import { FORBIDDEN } from './routes';
import { GD0602_RULES } from './gd0602';
import { GD0605_RULES, providentNeed, type Gd0605Payload } from './gd0605';

// GD0605 公积金提前还贷 on 刘安居's loan (periods 1–5 paid, 6 overdue in the seed; 40,000.00 yuan on his provident
// account): its rule table (GD0602's loan rows, TQ0106's account rows, the provident balance) at the edges, 403 for
// another login, the completion (the account debited through postMovement and equal to its journal, the plan from the
// next period equal to the engine's to the fen, once), TQ0106 reading the same loan, and a repayment that settles it.

const ZHZH = '/api/izfgjj-zhfw/v1';
const KEY = 'loan-gd0605-test-key-8c2e4f6a1b';
const NOW = new Date('2026-11-26T03:00:00Z');
const G = LOAN_DEMO_LOGIN.grzh;

let db: Db;
let app: FastifyInstance;
let liu: string;
let zhang: string;
let dkzh = '';
let applicant: { userId: string; accountId: string; loginType: 1; login: string; zh: string };

const post = (url: string, token: string, payload: object) => app.inject({ method: 'POST', url: `${ZHZH}/${url}`, headers: { token }, payload });
const centre = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/centre/v1/${url}`, headers: { 'x-centre-key': KEY }, payload });
const rule = (name: string) => GD0605_RULES.find((r) => r.name === name)!;
const ctx = (payload: Partial<Gd0605Payload> = {}) => ({ q: db, applicant, payload: { dkzh, tqhkje: '10000', tqfs: '01' as const, ...payload }, now: NOW });
const holds = (name: string, payload: Partial<Gd0605Payload> = {}) => rule(name).holds(ctx(payload));
const balance = async () => BigInt((await db.query<{ b: string }>('select balance_fen::text as b from personal_account where grzh = $1', [G]))[0]!.b);
const zt = async (ywbh: string) => (await db.query<{ zt: string }>('select zt from application where ywbh = $1', [ywbh]))[0]!.zt;
const submit = (token: string, payload: object) => post('ywsq/submit', token, { ywlx: 'GD0605', payload });
const trial = async (tqhkje: string) => (await post('dkyw/tqhk/ss', liu, { dkzh, tqhkje })).json<{ data: { zdje: string } }>().data;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, centreApiKey: KEY, now: () => NOW });
  liu = await signIn(app, LOAN_DEMO_LOGIN.account);
  zhang = await signIn(app, '110101199003072316');
  dkzh = (await db.query<{ dkzh: string }>('select dkzh from loan where zjhm = $1', [LOAN_DEMO_LOGIN.account]))[0]!.dkzh;
  const [row] = await db.query<{ user_id: string; account_id: string }>(
    `select u.id::text as user_id, a.id::text as account_id from app_user u join user_account a on a.user_id = u.id where u.account = $1 limit 1`,
    [LOAN_DEMO_LOGIN.account],
  );
  applicant = { userId: row!.user_id, accountId: row!.account_id, loginType: 1, login: LOAN_DEMO_LOGIN.account, zh: G };
});
afterAll(() => app?.close());

describe('the rule table', () => {
  it('is GD0602\'s loan rows with TQ0106\'s account rows and the provident balance', () => {
    expect(GD0605_RULES.map((r) => r.name)).toEqual([
      'own-loan', 'deposit-account', 'account-status', 'loan-running', 'not-overdue', 'not-last-period', 'next-untouched',
      'amount-max', 'amount-min', 'per-year', 'once-a-year', 'provident-balance',
    ]);
    // The loan rows are GD0602's own objects, not copies.
    for (const r of GD0602_RULES) expect(GD0605_RULES).toContain(r);
  });

  it('another person\'s loan, or one that does not exist, answers 403 and nothing else', async () => {
    for (const id of [dkzh, '8026112699999']) {
      const res = await submit(zhang, { dkzh: id, tqhkje: '10000', tqfs: '01' });
      expect(res.statusCode, id).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: FORBIDDEN, data: null });
    }
  });

  it('not-overdue refuses the seeded overdue loan; the monthly command then collects period 6', async () => {
    const refused = await submit(liu, { dkzh, tqhkje: '10000', tqfs: '01' });
    expect(refused.json<{ msg: string }>().msg).toBe(rule('not-overdue').msg);
    await db.query('update loan set card_debit_fails = false where dkzh = $1', [dkzh]);
    expect((await centre('loans/collect', { date: '2026-11-26' })).statusCode).toBe(200);
    expect(await holds('not-overdue')).toBe(true);
  });

  it('account-status (TQ0106\'s): normal and sealed may, frozen may not', async () => {
    try {
      expect(await holds('account-status')).toBe(true);
      await db.query(`update personal_account set grzhzt = '02' where grzh = $1`, [G]);
      expect(await holds('account-status')).toBe(true);
      await db.query(`update personal_account set grzhzt = '06' where grzh = $1`, [G]);
      expect(await holds('account-status')).toBe(false);
    } finally {
      await db.query(`update personal_account set grzhzt = '01' where grzh = $1`, [G]);
    }
  });

  it('provident-balance: the next instalment plus the lump sum up to the balance, not a fen more', async () => {
    const available = await balance();
    const regular = (await providentNeed(db, { dkzh, tqhkje: '0.01', tqfs: '01' }))! - 1n;
    expect(await providentNeed(db, { dkzh, tqhkje: '0', tqfs: '01' })).toBeUndefined();
    const edge = fenToYuan(available - regular);
    expect(await providentNeed(db, { dkzh, tqhkje: edge, tqfs: '01' })).toBe(available);
    expect(await holds('provident-balance', { tqhkje: edge })).toBe(true);
    expect(await holds('provident-balance', { tqhkje: fenToYuan(available - regular + 1n) })).toBe(false);
    expect(await ruleMessage(rule('provident-balance'), ctx({ tqhkje: fenToYuan(available - regular + 1n) }))).toBe(
      `公积金账户可用余额 ${fenToYuan(available)} 元，不足以支付下一期应还本息和提前还款金额合计 ${fenToYuan(available + 1n)} 元`,
    );
    const res = await submit(liu, { dkzh, tqhkje: fenToYuan(available - regular + 1n), tqfs: '01' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toContain('不足以支付下一期应还本息和提前还款金额');
  });

  it('once-a-year (TQ0106\'s, repayPerYear): 0 refuses', async () => {
    await withParameters(db, { repayPerYear: 0 }, async () => expect(await holds('once-a-year')).toBe(false));
    expect(await holds('once-a-year')).toBe(true);
  });
});

describe('completion', () => {
  it('缩短期限: the provident account pays the instalment and the lump sum; the plan from period 7 is the engine\'s to the fen; once', async () => {
    const before = (await getLoan(db, dkzh))!;
    const balanceBefore = await balance();
    const [prev] = await db.query<{ d: string }>('select due_date::text as d from loan_schedule where dkzh = $1 and period = 6', [dkzh]);
    const res = await submit(liu, { dkzh, tqhkje: '20000', tqfs: '01' });
    expect(res.statusCode, res.body).toBe(200);
    const ywbh = res.json<{ data: { ywbh: string } }>().data.ywbh;
    expect(await zt(ywbh)).toBe('03');

    const engine = calculatePrepayment({ amount: fenToYuan(before.balanceFen), months: before.months - 6, annualRate: before.annualRate, method: before.method, issueDate: prev!.d, prepayPeriod: 1, prepayAmount: '20000', mode: 'shorten' });
    const regular = engine.original.schedule[0]!;
    const paid = yuanToFen(regular.principal) + yuanToFen(regular.interest) + 2_000_000n;
    // The account: debited once, through postMovement (部分提取, reason 06), and equal to its journal.
    expect(await balance()).toBe(balanceBefore - paid);
    const journal = await db.query<{ kind: string; amount: string; tqyy: string }>('select kind, amount_fen::text as amount, tqyy from journal_entry where ywbh = $1', [ywbh]);
    expect(journal).toEqual([{ kind: '11', amount: String(-paid), tqyy: '06' }]);
    expect((await checkLedger(db, [G])).ok).toBe(true);
    // The plan from period 7: the engine's, to the fen.
    const stored = await db.query<{ period: number; due_date: string; p: string; i: string; pay: string; b: string }>(
      `select period, due_date::text as due_date, principal_fen::text as p, interest_fen::text as i, payment_fen::text as pay, balance_fen::text as b
         from loan_schedule where dkzh = $1 and period >= 7 order by period`,
      [dkzh],
    );
    expect(stored.map((r) => [r.period, r.due_date, r.p, r.i, r.pay, r.b])).toEqual(
      engine.schedule.map((r) => [r.period + 6, r.date, String(yuanToFen(r.principal)), String(yuanToFen(r.interest)), String(yuanToFen(r.payment)), String(yuanToFen(r.balance))]),
    );
    const after = (await getLoan(db, dkzh))!;
    expect(after.balanceFen).toBe(yuanToFen(engine.schedule[0]!.balance));
    expect(after.months).toBe(6 + engine.schedule.length);
    const repayments = await db.query<{ source: string; line: number; p: string; i: string }>(
      `select source, line, principal_fen::text as p, interest_fen::text as i from loan_repayment where dkzh = $1 and period = 7 order by line`,
      [dkzh],
    );
    expect(repayments.map((r) => [r.source, r.line, r.p, r.i])).toEqual([
      ['prepay', 1, '2000000', '0'],
      ['offset', 80, String(yuanToFen(regular.principal)), String(yuanToFen(regular.interest))],
    ]);
    const [w] = await db.query<{ ywlx: string; tqyy: string; paid: string; ref: string }>('select ywlx, tqyy, paid_fen::text as paid, ref from withdrawal where ywbh = $1', [ywbh]);
    expect(w).toEqual({ ywlx: 'GD0605', tqyy: '06', paid: String(paid), ref: `DK:${before.jkhtbh}` });

    // Once: completing again is refused, the monthly command does not take period 7, nothing moves.
    expect((await centre(`applications/${ywbh}/complete`, { operator: '王经办' })).statusCode).not.toBe(200);
    expect((await centre('loans/collect', { date: '2026-11-26' })).statusCode).toBe(200);
    expect(await balance()).toBe(balanceBefore - paid);
    expect((await getLoan(db, dkzh))!.balanceFen).toBe(after.balanceFen);
    expect((await checkLedger(db, [G])).ok).toBe(true);
  });

  it('TQ0106 reads the same loan (the ledger, through centre_loan_contract): its once-a-year row counts this one, and GD0605\'s counts it', async () => {
    const loan = (await getLoan(db, dkzh))!;
    const tq = await post('ywsq/submit', liu, { ywlx: 'TQ0106', payload: { dklx: '1', jkhtbh: loan.jkhtbh, tqje: '100', skyh: '102', skzh: '6222021234567890128', skrxm: LOAN_DEMO_LOGIN.name } });
    expect(tq.json<{ msg: string }>().msg).toBe('这笔贷款近 12 个月内已办理过还贷提取，请满 12 个月后再申请');
    // Its limit reads the ledger's instalment (the next unpaid period's payment) and the issue date (2026-05-15: 6 months).
    const [next] = await db.query<{ pay: string }>(`select payment_fen::text as pay from loan_schedule where dkzh = $1 and status <> '1' order by period limit 1`, [dkzh]);
    const limit = await post('tq/ktqje', liu, { ywlx: 'TQ0106', payload: { dklx: '1', jkhtbh: loan.jkhtbh } });
    expect(limit.statusCode, limit.body).toBe(200);
    expect(limit.json<{ data: { yy: string[] } }>().data.yy[0]).toContain(`近 12 个月应还 6 期，每期 ${fenToYuan(next!.pay)} 元`);
    expect(await holds('once-a-year')).toBe(false);
    const again = await submit(liu, { dkzh, tqhkje: '10000', tqfs: '01' });
    expect(again.json<{ msg: string }>().msg).toBe('这笔贷款近 12 个月内已办理过还贷提取，请满 12 个月后再申请');
  });

  it('the trial\'s zdje from a provident account that holds it settles the loan at 0; the account equals its journal', async () => {
    await db.transaction((tx) => postMovement(tx, { accountNo: G, amountFen: 60_000_000n, kind: '02', ywbh: 'TEST-GD0605-BJ', line: 1, valueDate: '2026-11-26', period: '202611' }));
    const { zdje } = await trial('10000');
    await withParameters(db, { repayPerYear: 2 }, async () => {
      const res = await submit(liu, { dkzh, tqhkje: zdje, tqfs: '02' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await zt(res.json<{ data: { ywbh: string } }>().data.ywbh)).toBe('03');
    });
    const [settled] = await db.query<{ status: string; balance: string; settled_date: string }>(
      'select status, balance_fen::text as balance, settled_date::text as settled_date from loan where dkzh = $1',
      [dkzh],
    );
    expect(settled).toEqual({ status: '3', balance: '0', settled_date: '2026-11-26' });
    const [left] = await db.query<{ n: string }>(`select count(*) filter (where status <> '1')::text as n from loan_schedule where dkzh = $1`, [dkzh]);
    expect(left!.n).toBe('0');
    expect((await checkLedger(db, [G])).ok).toBe(true);
    const again = await submit(liu, { dkzh, tqhkje: '10000', tqfs: '01' });
    expect(again.json<{ msg: string }>().msg).toBe(rule('loan-running').msg);
  });
});
