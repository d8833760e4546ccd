import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { checkLedger, getAccount } from '../../records';
import { LOAN_DEMO_LOGIN, PENDING_PROJECT } from '../../seed/loans';
import type { Applicant } from '../types';
import { GD0601_RULES, type Gd0601Payload } from './gd0601';
import { getLoanOf } from './ledger';
import { FORBIDDEN } from './routes';
import { submitWithMaterials } from '../../test-support/materials';

// GD0601 签约冲还贷 row by row and lived with: 刘安居 signs, the centre's monthly command offsets his overdue
// instalment from his provident account (冲还贷 into C400) once however often it runs; his repayment history; the
// centre approves the developer's pending project. Every call that takes an id answers 403 for another person.

const ZHZH = '/api/izfgjj-zhfw/v1';
const KEY = 'loan-centre-test-key-3a9e5d7c1b';
const ZHANG = '110101199003072316';
const NOW = new Date('2026-11-26T03:00:00Z');

let db: Db;
let app: FastifyInstance;
let liu: string;
let zhang: string;
let dkzh = '';
let liuApplicant: Applicant;

const get = (url: string, token: string) => app.inject({ method: 'GET', url: `${ZHZH}/${url}`, headers: { token } });
const centre = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/centre/v1/${url}`, headers: { 'x-centre-key': KEY }, payload });
const rule = (name: string) => GD0601_RULES.find((r) => r.name === name)!;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, centreApiKey: KEY, now: () => NOW });
  liu = await signIn(app, LOAN_DEMO_LOGIN.account);
  zhang = await signIn(app, ZHANG);
  dkzh = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!.dkzh;
  const [row] = await db.query<{ user_id: string; account_id: string }>(
    `select u.id::text as user_id, a.id::text as account_id from app_user u join user_account a on a.user_id = u.id where u.account = $1 limit 1`,
    [LOAN_DEMO_LOGIN.account],
  );
  liuApplicant = { userId: row!.user_id, accountId: row!.account_id, loginType: 1, login: LOAN_DEMO_LOGIN.account, zh: LOAN_DEMO_LOGIN.grzh };
});
afterAll(() => app?.close());

const sign: () => Gd0601Payload = () => ({ dkzh, grzh: LOAN_DEMO_LOGIN.grzh, czlx: '01' });

describe('the GD0601 rule table', () => {
  it('own-loan and own-account: another person\'s loan or account answers 403 and nothing else', async () => {
    const holds = (name: string, payload: Partial<Gd0601Payload>) => rule(name).holds({ q: db, applicant: liuApplicant, payload: { ...sign(), ...payload }, now: NOW });
    expect(await holds('own-loan', {})).toBe(true);
    expect(await holds('own-loan', { dkzh: '8026112699999' })).toBe(false);
    expect(await holds('own-account', {})).toBe(true);
    expect(await holds('own-account', { grzh: '201000000101' })).toBe(false);
    expect(await holds('loan-running', {})).toBe(true);
    expect(await holds('account-normal', {})).toBe(true);
    expect(await holds('agreement-state', {})).toBe(true);
    expect(await holds('agreement-state', { czlx: '02' })).toBe(false);
    for (const payload of [sign(), { ...sign(), grzh: '201000000101' }]) {
      const res = await submitWithMaterials(app, zhang, 'GD0601', payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: FORBIDDEN, data: null });
    }
    for (const url of [`dkyw/hkjl?dkzh=${dkzh}`, `dkyw/hkjh?dkzh=${dkzh}`]) {
      const res = await get(url, zhang);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ code: 403, msg: FORBIDDEN, data: null });
    }
  });
});

describe('签约冲还贷 lived with', () => {
  it('signed and completed by the centre, the agreement is in force', async () => {
    const res = await submitWithMaterials(app, liu, 'GD0601', sign());
    expect(res.statusCode, res.body).toBe(200);
    const ywbh = res.json<{ data: { ywbh: string } }>().data.ywbh;
    await centre(`applications/${ywbh}/accept`, { operator: '王经办' });
    expect((await centre(`applications/${ywbh}/complete`, { operator: '王经办' })).statusCode).toBe(200);
    const again = await submitWithMaterials(app, liu, 'GD0601', sign());
    expect(again.json<{ msg: string }>().msg).toBe(rule('agreement-state').msg);
  });

  it('the monthly command offsets the overdue instalment from his account into C400, once however often it runs', async () => {
    const before = (await getAccount(db, LOAN_DEMO_LOGIN.grzh))!.balanceFen;
    const first = await centre('loans/collect', { date: '2026-11-26' });
    expect(first.statusCode, first.body).toBe(200);
    const report = first.json<{ data: { offsets: number; offsetAmount: string } }>().data;
    expect(report.offsets).toBeGreaterThanOrEqual(1);
    const after = (await getAccount(db, LOAN_DEMO_LOGIN.grzh))!.balanceFen;
    expect(before - after).toBe(BigInt(report.offsetAmount.replace('.', '')));
    const second = (await centre('loans/collect', { date: '2026-11-26' })).json<{ data: { offsets: number; cardPayments: number } }>().data;
    expect([second.offsets, second.cardPayments]).toEqual([0, 0]);
    expect((await getAccount(db, LOAN_DEMO_LOGIN.grzh))!.balanceFen).toBe(after);
    expect((await checkLedger(db)).ok).toBe(true);
    const [loan] = (await get('dkyw/dkxx', liu)).json<{ data: { list: Array<{ dkztmc: string; yqqs: number }> } }>().data.list;
    expect(loan).toMatchObject({ dkztmc: '正常', yqqs: 0 });
  });

  it('还款记录: newest first, one page at a time, the offset named 冲还贷', async () => {
    const page = (await get(`dkyw/hkjl?dkzh=${dkzh}&size=2`, liu)).json<{ data: { list: Array<{ qc: number; lymc: string }>; next: string } }>().data;
    expect(page.list[0]).toMatchObject({ qc: 6, lymc: '冲还贷' });
    expect(page.next).toMatch(/^\d{4}-\d{2}-\d{2}:\d+$/);
    const rest = (await get(`dkyw/hkjl?dkzh=${dkzh}&size=20&after=${page.next}`, liu)).json<{ data: { list: Array<{ qc: number }>; next: string | null } }>().data;
    expect(page.list.map((r) => r.qc)).toEqual([6, 5]);
    expect(rest.list.map((r) => r.qc)).toEqual([4, 3, 2, 1]);
    expect(rest.next).toBeNull();
  });
});

describe('the centre approves a developer\'s project', () => {
  it('a pending project, once approved, is offered to borrowers; approving twice or an unknown one says why', async () => {
    const listed = async () => (await get('dkyw/lpxx', zhang)).json<{ data: { list: Array<{ xmbh: string }> } }>().data.list.map((p) => p.xmbh);
    expect(await listed()).not.toContain(PENDING_PROJECT.xmbh);
    const res = await centre(`projects/${PENDING_PROJECT.xmbh}/approve`, { operator: '王经办' });
    expect(res.json()).toMatchObject({ code: 0, data: { xmbh: PENDING_PROJECT.xmbh, spzt: '02' } });
    expect(await listed()).toContain(PENDING_PROJECT.xmbh);
    expect((await centre(`projects/${PENDING_PROJECT.xmbh}/approve`, { operator: '王经办' })).statusCode).toBe(409);
    expect((await centre('projects/LP0000000000/return', { operator: '王经办' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/centre/v1/projects/${PENDING_PROJECT.xmbh}/return`, payload: { operator: 'x' } })).statusCode).toBe(401);
  });
});
