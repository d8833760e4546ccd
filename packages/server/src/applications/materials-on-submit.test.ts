import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { image, multipartBody } from '../archive/test-files';
import { ARCHIVE_PREFIX } from '../archive/routes';
import { FLEXIBLE_DEMO_LOGIN } from '../seed/flexible';
import { LOAN_DEMO_LOGIN } from '../seed/loans';
import { getLoanOf } from '../business/loans/ledger';

// Issue 31, item 3: ywsq/submit and ywsq/resubmit check the materials the answers call for against the application's
// files, in the submitting transaction, and refuse with the collector's words (cjtj) naming what is missing, changing
// nothing. One business per family: personal (GJ0302 name change), flexible (GJ0805), withdrawal (TQ0107), loan
// (GD0405), unit (GJ0108, whose 授权委托书 is required). On the old code every refused submission here went through.

let db: Db;
let app: FastifyInstance;
const clock = new Date('2026-11-26T02:00:00Z');
const ZHFW = '/api/izfgjj-zhfw/v1';
const ZHANG = '110101199003072316';
const LI = '110105199506205040';
const OTHER_UNIT = '100200300103';
const tokens: Record<string, string> = {};

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  for (const account of [ZHANG, LI, FLEXIBLE_DEMO_LOGIN.account, LOAN_DEMO_LOGIN.account]) tokens[account] = await signIn(app, account);
  tokens[OTHER_UNIT] = await signIn(app, OTHER_UNIT, 2);
}, 120_000);
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
const post = (who: string, url: string, payload: object) => app.inject({ method: 'POST', url: `${ZHFW}/${url}`, headers: { token: tokens[who]! }, payload });
const upload = async (who: string, ywbh: string, clbh: string): Promise<string> => {
  const { payload, headers } = multipartBody({ ywbh, clbh }, { name: `${clbh}.png`, bytes: image('png'), type: 'image/png' });
  const res = await app.inject({ method: 'POST', url: `${ARCHIVE_PREFIX}/uploadCl`, headers: { token: tokens[who]!, ...headers }, payload });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.fileId as string;
};
/** What a refusal must leave as it was: the application's status, events and the account's applications. */
const snapshot = async (who: string) =>
  db.query(
    `select a.ywbh, a.zt, a.payload, (select count(*)::int from application_event e where e.application_id = a.id) as events
       from application a join user_account u on u.id = a.account_id where u.account = $1 and u.is_primary order by a.id`,
    [who],
  );

/**
 * The family's walk: a new submission with no files is refused naming every required material and creates nothing;
 * a draft is refused with the same list; each upload shortens the list by exactly that material; then it goes through.
 */
async function walk(who: string, ywlx: string, payload: Record<string, unknown>, required: Array<[string, string]>): Promise<Body> {
  const before = await snapshot(who);
  const fresh = await post(who, 'ywsq/submit', { ywlx, payload });
  expect([fresh.statusCode, body(fresh).msg]).toEqual([400, `请上传：${required.map(([, name]) => name).join('、')}`]);
  expect(await snapshot(who)).toEqual(before);

  const draft = body(await post(who, 'ywsq/saveDraft', { ywlx, payload })).data.ywbh as string;
  for (let i = 0; i < required.length; i += 1) {
    const held = await snapshot(who);
    const refused = await post(who, 'ywsq/submit', { ywlx, ywbh: draft, payload });
    expect([refused.statusCode, body(refused).msg]).toEqual([400, `请上传：${required.slice(i).map(([, name]) => name).join('、')}`]);
    expect(await snapshot(who)).toEqual(held);
    await upload(who, draft, required[i]![0]);
  }
  const done = await post(who, 'ywsq/submit', { ywlx, ywbh: draft, payload });
  expect(done.statusCode, done.body).toBe(200);
  return body(done);
}

describe('materials enforced on submit, per business family', () => {
  it('personal: a GJ0302 name change without 户口簿 and 更名证明 is refused; the address alone needs none', async () => {
    const done = await walk(LI, 'GJ0302', { xingming: '李材料' }, [
      ['HKB', '居民户口簿（本人页）'],
      ['GMZM', '公安机关出具的更名证明'],
    ]);
    expect(done.data.zt).toBe('01');
    expect((await post(LI, 'ywsq/withdraw', { ywbh: done.data.ywbh })).statusCode).toBe(200);
    // Materials that are not required never block: 结婚证或离婚证 is optional for a marital status change.
    const address = await post(LI, 'ywsq/submit', { ywlx: 'GJ0302', payload: { txdz: '示范市历下区材料路 1 号', hyzk: '20' } });
    expect(address.statusCode, address.body).toBe(200);
  });

  it('flexible: GJ0805 without 银行卡 is refused (it completed at once with no file), then completes', async () => {
    const done = await walk(FLEXIBLE_DEMO_LOGIN.account, 'GJ0805', { kkyh: '中国银行', kkzh: '6216600000001234567' }, [
      ['YHK', '银行卡（正面）'],
    ]);
    expect(done.data.zt).toBe('03');
  });

  it('withdrawal: TQ0107 without the lease is refused, then completes with the money moved', async () => {
    const payload = { zlht: 'ZL-9', zldz: '示范市历下区文化东路 9 号', yzj: '3600', zlqsrq: '2026-03-01', zlzzrq: '2027-02-28', wfsm: true, skrxm: '张三', skyh: '102', skzh: '6222021234567890128', tqje: '3000.00' };
    const done = await walk(ZHANG, 'TQ0107', payload, [
      ['SFZ', '身份证（正反面）'],
      ['ZLHT', '房屋租赁合同'],
    ]);
    expect(done.data.zt).toBe('03');
  });

  it('loan: GD0405 without the new card is refused, then waits for the centre', async () => {
    const dkzh = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!.dkzh;
    const done = await walk(LOAN_DEMO_LOGIN.account, 'GD0405', { dkzh, hkyh: '中国银行', hkzh: '6216610000000003' }, [
      ['SFZ', '身份证（正反面）'],
      ['YHK', '新还款银行卡'],
    ]);
    expect(done.data.zt).toBe('01');
  });

  it('unit: GJ0108 needs 营业执照, 经办人身份证 and the signed 授权委托书, as the wizard does', async () => {
    // The unit has confirmed this year's interest statement (a restriction of every unit business).
    await db.query(
      `insert into unit_statement_confirm (account_id, year, confirmed_at) select id, 2026, $2 from user_account where account = $1 on conflict do nothing`,
      [OTHER_UNIT, clock],
    );
    const done = await walk(OTHER_UNIT, 'GJ0108', { zxyy: '单位解散' }, [
      ['YYZZ', '营业执照'],
      ['JBRSFZ', '经办人身份证（正反面）'],
      ['SQS', '授权委托书'],
    ]);
    expect(done.data.zt).toBe('01');
  });
});

describe('resubmission and the files of a submitted application', () => {
  it('resubmit checks the corrected answers; a file cannot be deleted once the application is submitted', async () => {
    const token = tokens[LI]!;
    const draft = body(await post(LI, 'ywsq/saveDraft', { ywlx: 'GJ0302', payload: { xingming: '李退回' } })).data.ywbh as string;
    const hkb = await upload(LI, draft, 'HKB');
    await upload(LI, draft, 'GMZM');
    expect((await post(LI, 'ywsq/submit', { ywlx: 'GJ0302', ywbh: draft, payload: { xingming: '李退回' } })).statusCode).toBe(200);
    // Submitted: the applicant can no longer take a file away (the status read again under the row's lock).
    const del = await app.inject({ method: 'POST', url: `${ARCHIVE_PREFIX}/delCl`, headers: { token }, payload: { ywbh: draft, fileId: hkb } });
    expect([del.statusCode, body(del).msg]).toEqual([409, '业务当前状态为“已提交”，不能修改申请材料']);

    await db.query(`update application set zt = '04' where ywbh = $1`, [draft]);
    // Corrected answers that call for a new material: refused naming it, nothing changed.
    const corrected = { xingming: '李退回', zjhm: '110105199506205040' };
    const before = await snapshot(LI);
    const refused = await post(LI, 'ywsq/resubmit', { ywbh: draft, payload: corrected });
    expect([refused.statusCode, body(refused).msg]).toEqual([400, '请上传：身份证（正反面）']);
    expect(await snapshot(LI)).toEqual(before);
    // A returned application takes the material its corrected answers call for; then it goes through.
    await upload(LI, draft, 'SFZ');
    const again = await post(LI, 'ywsq/resubmit', { ywbh: draft, payload: corrected });
    expect(again.statusCode, again.body).toBe(200);
  });
});
