import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { placeholderSubmitted } from '../../test-support/placeholder-draft';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { closeAccount, getAccount, listJournal, MOVE_MESSAGES, moveToUnit, openAccount, setAccountStatus } from '../../records';
import { TRANSFER_DEMO } from '../../seed/transfer';
import { materialsFor } from '../materials';
import type { Applicant } from '../types';
import { gj0314, GJ0314_RULES, stoppedCutoff, TRANSFER_PARAMS, type Gj0314Payload } from './gj0314';
import { submitWithMaterials } from '../../test-support/materials';
import { image, multipartBody } from '../../archive/test-files';

// GJ0314 个人账户同城转移: each row of the rule table and of the materials table, and the completion's second check.
// (The invariants of a completed move on real PostgreSQL: gj0314.pg.test.ts.)

const ZHZH = '/api/izfgjj-zhfw/v1';
const KEY = 'transfer-test-key-4c1d9e7a2b6f';
const ZHANG = '110101199003072316';
const CHENG = TRANSFER_DEMO.zjhm;
const NOW = new Date('2026-11-26T03:00:00Z');

let db: Db;
let app: FastifyInstance;
let zhang: string;
let cheng: string;
let chengApplicant: Applicant;
let zhangApplicant: Applicant;

const good: Gj0314Payload = { grzh: TRANSFER_DEMO.grzh, zrdwzh: TRANSFER_DEMO.newUnit.dwzh, zrdwmc: TRANSFER_DEMO.newUnit.dwmc, zyyy: '01' };
const rule = (name: string) => {
  const found = [...gj0314.rules].find((r) => r.name === name);
  if (!found) throw new Error(`no rule ${name}`);
  return found;
};
const holds = (name: string, applicant: Applicant, payload: Partial<Gj0314Payload>, extra: { now?: Date; ywbh?: string } = {}) =>
  rule(name).holds({ q: db, applicant, payload: { ...good, ...payload }, now: NOW, ...extra });

const applicantOfLogin = async (zjhm: string, grzh: string): Promise<Applicant> => {
  const [row] = await db.query<{ user_id: string; account_id: string }>(
    `select u.id::text as user_id, a.id::text as account_id from app_user u join user_account a on a.user_id = u.id
       join person_info p on p.account_id = a.id where u.account = $1 and p.grzh = $2`,
    [zjhm, grzh],
  );
  return { userId: row!.user_id, accountId: row!.account_id, loginType: 1, login: zjhm, zh: grzh };
};

const post = (url: string, token: string, payload: object) => app.inject({ method: 'POST', url: `${ZHZH}/${url}`, headers: { token }, payload });
const centre = (url: string, payload?: object) =>
  app.inject({ method: payload ? 'POST' : 'GET', url: `/api/centre/v1/${url}`, headers: { 'x-centre-key': KEY }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, centreApiKey: KEY, now: () => NOW });
  zhang = await signIn(app, ZHANG);
  cheng = await signIn(app, CHENG);
  chengApplicant = await applicantOfLogin(CHENG, TRANSFER_DEMO.grzh);
  zhangApplicant = await applicantOfLogin(ZHANG, '201000000101');
  // Two more accounts of 程立新 at the old unit: one closed, one frozen.
  await db.transaction(async (tx) => {
    for (const grzh of ['201000000502', '201000000503']) {
      await openAccount(tx, { grzh, zjhm: CHENG, xingming: '程立新', dwzh: TRANSFER_DEMO.oldUnit.dwzh, dwmc: TRANSFER_DEMO.oldUnit.dwmc, kind: 'gr', khrq: '2026-07-01' });
    }
    await closeAccount(tx, '201000000502', { date: '2026-11-01', ywbh: 'XH201000000502', reason: 'withdrawal', withdrawalReason: '03' });
    await setAccountStatus(tx, '201000000503', '06');
  });
});
afterAll(() => app?.close());

describe('the GJ0314 rule table, row by row', () => {
  it('lists the rows in the documented order', () => {
    expect(gj0314.rules.map((r) => r.name)).toEqual([...GJ0314_RULES.map((r) => r.name), 'reason-explained']);
    expect(GJ0314_RULES.map((r) => r.name)).toEqual([
      'holder',
      'unit-account',
      'not-closed',
      'not-frozen',
      'old-unit-let-go',
      'target-found',
      'target-normal',
      'target-differs',
      'no-other-transfer',
      'no-withdrawal',
    ]);
  });

  it('holder: only the holder moves an account; another person\'s answers 403 on submit', async () => {
    expect(await holds('holder', chengApplicant, {})).toBe(true);
    expect(await holds('holder', chengApplicant, { grzh: '201000000101' })).toBe(false);
    expect(await holds('holder', chengApplicant, { grzh: '209999999999' })).toBe(false);
    const res = await post('ywsq/submit', cheng, { ywlx: 'GJ0314', payload: { ...good, grzh: '201000000101' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: '当前操作没有权限，请联系管理员授权', data: null });
  });

  it('unit-account: a flexible-employment account is refused', async () => {
    expect(await holds('unit-account', zhangApplicant, { grzh: '201000000188' })).toBe(false);
    expect(await holds('unit-account', zhangApplicant, { grzh: '201000000101' })).toBe(true);
    const res = await post('grzy/check', zhang, { grzh: '201000000188', zrdwzh: '100200300103', zrdwmc: '示范市恒通物流有限公司' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toBe(rule('unit-account').msg);
  });

  it('not-closed: a closed account is refused', async () => {
    expect(await holds('not-closed', chengApplicant, { grzh: '201000000502' })).toBe(false);
    expect(await holds('not-closed', chengApplicant, {})).toBe(true);
  });

  it('not-frozen: a frozen account is refused', async () => {
    expect(await holds('not-frozen', chengApplicant, { grzh: '201000000503' })).toBe(false);
    expect(await holds('not-frozen', chengApplicant, {})).toBe(true);
  });

  it(`old-unit-let-go: sealed, or nothing remitted for ${TRANSFER_PARAMS.stoppedMonths} whole months; a unit still remitting keeps it`, async () => {
    expect(await holds('old-unit-let-go', chengApplicant, {})).toBe(true);
    // 张三 was remitted for October 2026: in November he may not move …
    expect(await holds('old-unit-let-go', zhangApplicant, { grzh: '201000000101' })).toBe(false);
    expect(await holds('old-unit-let-go', zhangApplicant, { grzh: '201000000101' }, { now: new Date('2026-12-31T03:00:00Z') })).toBe(false);
    // … and in January 2027, November and December having passed without a remittance, he may.
    expect(await holds('old-unit-let-go', zhangApplicant, { grzh: '201000000101' }, { now: new Date('2027-01-02T03:00:00Z') })).toBe(true);
    expect(stoppedCutoff('2026-11-26')).toBe('202609');
    expect(stoppedCutoff('2027-01-02')).toBe('202611');
    expect(stoppedCutoff('2026-02-01', 2)).toBe('202512');
    const res = await post('grzy/check', zhang, { grzh: '201000000101', zrdwzh: '100200300103', zrdwmc: '示范市恒通物流有限公司' });
    expect(res.json<{ msg: string }>().msg).toBe(rule('old-unit-let-go').msg);
  });

  it('target-found: number and name must agree with a deposit unit of the centre, with one message for every miss', async () => {
    expect(await holds('target-found', chengApplicant, {})).toBe(true);
    expect(await holds('target-found', chengApplicant, { zrdwmc: ' 示范市恒通物流 有限公司 ' })).toBe(true);
    expect(await holds('target-found', chengApplicant, { zrdwmc: '示范市恒通物流公司' })).toBe(false);
    expect(await holds('target-found', chengApplicant, { zrdwzh: '100200399999' })).toBe(false);
    // A developer is not a deposit unit.
    expect(await holds('target-found', chengApplicant, { zrdwzh: '900100200001', zrdwmc: '示例置业发展有限公司' })).toBe(false);
    const wrongName = await post('grzy/check', cheng, { grzh: good.grzh, zrdwzh: good.zrdwzh, zrdwmc: '某某公司' });
    const noUnit = await post('grzy/check', cheng, { grzh: good.grzh, zrdwzh: '100200399999', zrdwmc: '某某公司' });
    expect(wrongName.json()).toEqual(noUnit.json());
    expect(noUnit.json<{ msg: string }>().msg).toBe(rule('target-found').msg);
  });

  it('target-normal: a unit whose account is not normal takes no one', async () => {
    expect(await holds('target-normal', chengApplicant, { zrdwzh: '100200300104', zrdwmc: '示范市旧城百货有限公司' })).toBe(false);
    expect(await holds('target-normal', chengApplicant, {})).toBe(true);
  });

  it('target-differs: the new unit is not the old one', async () => {
    expect(await holds('target-differs', chengApplicant, { zrdwzh: TRANSFER_DEMO.oldUnit.dwzh, zrdwmc: TRANSFER_DEMO.oldUnit.dwmc })).toBe(false);
    expect(await holds('target-differs', chengApplicant, {})).toBe(true);
  });

  it('no-withdrawal: a withdrawal in progress on the account stops the move', async () => {
    expect(await holds('no-withdrawal', zhangApplicant, { grzh: '201000000101' })).toBe(true);
    // A withdrawal filed (written as data: TQ0101 may not be open online on this branch, issue 31 item 9).
    const tqYwbh = await placeholderSubmitted(db, zhang, 'TQ0101', { fwzj: 1 });
    expect(await holds('no-withdrawal', zhangApplicant, { grzh: '201000000101' })).toBe(false);
    expect((await post('ywsq/withdraw', zhang, { ywbh: tqYwbh })).statusCode).toBe(200);
    expect(await holds('no-withdrawal', zhangApplicant, { grzh: '201000000101' })).toBe(true);
  });

  it('reason-explained: 其他 needs a few words', async () => {
    expect(await holds('reason-explained', chengApplicant, { zyyy: '03' })).toBe(false);
    expect(await holds('reason-explained', chengApplicant, { zyyy: '03', zysm: '原单位改制' })).toBe(true);
    expect(await holds('reason-explained', chengApplicant, { zyyy: '01' })).toBe(true);
  });

  it('no-other-transfer: one transfer in progress per account, itself excepted', async () => {
    expect(await holds('no-other-transfer', chengApplicant, {})).toBe(true);
    const res = await submitWithMaterials(app, cheng, 'GJ0314', good);
    expect(res.statusCode).toBe(200);
    const ywbh = res.json<{ data: { ywbh: string; zt: string } }>().data.ywbh;
    expect(res.json<{ data: { zt: string } }>().data.zt).toBe('01');
    expect(await holds('no-other-transfer', chengApplicant, {})).toBe(false);
    expect(await holds('no-other-transfer', chengApplicant, {}, { ywbh })).toBe(true);
    const again = await post('grzy/check', cheng, { grzh: good.grzh, zrdwzh: good.zrdwzh, zrdwmc: good.zrdwmc });
    expect(again.json<{ msg: string }>().msg).toBe(rule('no-other-transfer').msg);
    await post('ywsq/withdraw', cheng, { ywbh });
    expect(await holds('no-other-transfer', chengApplicant, {})).toBe(true);
  });
});

describe('the GJ0314 materials, row by row', () => {
  const codes = (answers: Partial<Gj0314Payload>) => materialsFor(gj0314, answers).map((m) => `${m.clbh}${m.required ? '*' : ''}`);
  it('a change of employer needs the contract or the offer letter; the leaving certificate is optional', () => {
    expect(codes({ zyyy: '01' })).toEqual(['LDHT*', 'LZZM', 'QT', 'SQS']);
  });
  it('a merger or split needs its approval, not a contract', () => {
    expect(codes({ zyyy: '02' })).toEqual(['HBWJ*', 'QT', 'SQS']);
  });
  it('another reason needs a written explanation', () => {
    expect(codes({ zyyy: '03' })).toEqual(['QKSM*', 'LZZM', 'QT', 'SQS']);
  });
});

describe('the page\'s calls', () => {
  it('grzy/accounts lists only the login\'s own unit accounts, with why each may not move', async () => {
    const mine = (await app.inject({ url: `${ZHZH}/grzy/accounts`, headers: { token: cheng } })).json<{ data: Array<{ grzh: string; movable: boolean; reason: string; dwmc: string; ztmc: string }> }>().data;
    expect(mine.map((a) => [a.grzh, a.movable, a.ztmc])).toEqual([
      ['201000000501', true, '封存'],
      ['201000000502', false, '提取销户'],
      ['201000000503', false, '冻结'],
    ]);
    expect(mine[0]!.dwmc).toBe(TRANSFER_DEMO.oldUnit.dwmc);
    const zhangs = (await app.inject({ url: `${ZHZH}/grzy/accounts`, headers: { token: zhang } })).json<{ data: Array<{ grzh: string; movable: boolean; reason: string }> }>().data;
    // The flexible account is not listed; the unit account may not move while the unit remits.
    expect(zhangs).toEqual([expect.objectContaining({ grzh: '201000000101', movable: false, reason: rule('old-unit-let-go').msg })]);
  });

  it('grzy/check answers the unit\'s registered name and the balance that will move', async () => {
    const res = await post('grzy/check', cheng, { grzh: good.grzh, zrdwzh: good.zrdwzh, zrdwmc: '示范市恒通物流 有限公司' });
    expect(res.statusCode).toBe(200);
    const account = (await getAccount(db, good.grzh))!;
    expect(res.json<{ data: object }>().data).toEqual({
      grzh: good.grzh,
      ydwmc: TRANSFER_DEMO.oldUnit.dwmc,
      zrdwzh: good.zrdwzh,
      zrdwmc: '示范市恒通物流有限公司',
      grzhye: (Number(account.balanceFen) / 100).toFixed(2),
    });
  });

  it('another login\'s account answers 403 and nothing else, on every call that takes one', async () => {
    const check = await post('grzy/check', zhang, { grzh: good.grzh, zrdwzh: good.zrdwzh, zrdwmc: good.zrdwmc });
    expect(check.statusCode).toBe(403);
    expect(check.json()).toEqual({ code: 403, msg: '当前操作没有权限，请联系管理员授权', data: null });
    const submit = await post('ywsq/submit', zhang, { ywlx: 'GJ0314', payload: good });
    expect(submit.statusCode).toBe(403);
    expect(submit.json()).toEqual(check.json());
    const resubmitTarget = await submitWithMaterials(app, cheng, 'GJ0314', good);
    const ywbh = resubmitTarget.json<{ data: { ywbh: string } }>().data.ywbh;
    for (const [method, url, payload] of [
      ['GET', `ywsq/detail?ywbh=${ywbh}`, undefined],
      ['POST', 'ywsq/withdraw', { ywbh }],
      ['POST', 'ywsq/resubmit', { ywbh, payload: good }],
      ['POST', 'ywsq/deleteDraft', { ywbh }],
    ] as const) {
      const res = await app.inject({ method, url: `${ZHZH}/${url}`, headers: { token: zhang }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual(check.json());
    }
    await post('ywsq/withdraw', cheng, { ywbh });
  });
});

describe('the move in the records (moveToUnit)', () => {
  it('moves an empty account without an entry, and refuses a flexible account and the same unit', async () => {
    await db.transaction((tx) =>
      openAccount(tx, { grzh: '201000000504', zjhm: CHENG, xingming: '程立新', dwzh: TRANSFER_DEMO.oldUnit.dwzh, dwmc: TRANSFER_DEMO.oldUnit.dwmc, kind: 'gr', khrq: '2026-07-01' }),
    );
    const move = await db.transaction((tx) => moveToUnit(tx, { grzh: '201000000504', toDwzh: TRANSFER_DEMO.newUnit.dwzh, ywbh: 'ZY-EMPTY', valueDate: '2026-11-26' }));
    expect([move.amountFen, move.from.dwzh, move.to.dwmc]).toEqual([0n, TRANSFER_DEMO.oldUnit.dwzh, TRANSFER_DEMO.newUnit.dwmc]);
    expect((await listJournal(db, '201000000504')).rows).toEqual([]);
    expect((await getAccount(db, '201000000504'))!.dwzh).toBe(TRANSFER_DEMO.newUnit.dwzh);
    await expect(db.transaction((tx) => moveToUnit(tx, { grzh: '201000000188', toDwzh: TRANSFER_DEMO.newUnit.dwzh, ywbh: 'ZY-LHJY', valueDate: '2026-11-26' }))).rejects.toThrow(
      MOVE_MESSAGES.flexible,
    );
    await expect(db.transaction((tx) => moveToUnit(tx, { grzh: '201000000504', toDwzh: TRANSFER_DEMO.newUnit.dwzh, ywbh: 'ZY-SAME', valueDate: '2026-11-26' }))).rejects.toThrow(
      MOVE_MESSAGES.sameUnit,
    );
  });
});

describe('a returned application', () => {
  it('is resubmitted: the transfer in progress it is does not stop itself', async () => {
    const res = await submitWithMaterials(app, cheng, 'GJ0314', good);
    const ywbh = res.json<{ data: { ywbh: string } }>().data.ywbh;
    expect((await centre(`applications/${ywbh}/return`, { operator: '王经办', reasons: ['劳动合同缺少签字页'] })).statusCode).toBe(200);
    const corrected = { ...good, zyyy: '03', zysm: '原单位改制' };
    // The corrected reason calls for 情况说明 (issue 31 item 3): refused with its name until it is uploaded.
    const refused = await post('ywsq/resubmit', cheng, { ywbh, payload: corrected });
    expect([refused.statusCode, refused.json<{ msg: string }>().msg]).toEqual([400, '请上传：情况说明']);
    const { payload: form, headers } = multipartBody({ ywbh, clbh: 'QKSM' }, { name: 'qksm.png', bytes: image('png'), type: 'image/png' });
    expect((await app.inject({ method: 'POST', url: '/api/dzda/v1/zhcjyw/uploadCl', headers: { token: cheng, ...headers }, payload: form })).statusCode).toBe(200);
    const again = await post('ywsq/resubmit', cheng, { ywbh, payload: corrected });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: { zt: string } }>().data.zt).toBe('01');
    await post('ywsq/withdraw', cheng, { ywbh });
  });
});

describe('completion by the centre', () => {
  it('checks the rows again: a new unit closed in the meantime leaves the application accepted and nothing moved', async () => {
    const res = await submitWithMaterials(app, cheng, 'GJ0314', good);
    const ywbh = res.json<{ data: { ywbh: string } }>().data.ywbh;
    expect((await centre(`applications/${ywbh}/accept`, { operator: '王经办' })).statusCode).toBe(200);
    await db.query(`update unit_record set dwzhzt = '04' where dwzh = $1`, [good.zrdwzh]);
    const before = (await getAccount(db, good.grzh))!;
    const refused = await centre(`applications/${ywbh}/complete`, { operator: '王经办' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ msg: string }>().msg).toBe(rule('target-normal').msg);
    expect((await centre(`applications/${ywbh}`)).json<{ data: { zt: string } }>().data.zt).toBe('02');
    expect(await getAccount(db, good.grzh)).toEqual(before);
    await db.query(`update unit_record set dwzhzt = '01' where dwzh = $1`, [good.zrdwzh]);
    const done = await centre(`applications/${ywbh}/complete`, { operator: '王经办' });
    expect(done.statusCode).toBe(200);
    const after = (await getAccount(db, good.grzh))!;
    expect([after.dwzh, after.dwmc, after.grzhzt, after.balanceFen]).toEqual([good.zrdwzh, good.zrdwmc, '01', before.balanceFen]);
    // A second completion is refused by the status machine; the account moves once.
    expect((await centre(`applications/${ywbh}/complete`, { operator: '王经办' })).statusCode).toBe(409);
    const moves = await db.query('select 1 from personal_transfer where grzh = $1', [good.grzh]);
    expect(moves).toHaveLength(1);
  });
});
