import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { CENTRE_KEY_HEADER } from '../../applications/centre';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { submitWithMaterials } from '../../test-support/materials';
import { withParameters } from '../../test-support/parameters';
import { grantSecondCheck } from '../../test-support/two-check';
import { businessOf } from '../registry';
import { monthsBetween } from './relief';

// 降低缴存比例 GJ0205 and 单位缓缴 GJ0206 (docs/api-unit-business.md): each rule row at its edges (the parameter rows
// reducedRatioMin, ratioMax, deferMaxMonths), the materials, and the centre's decision changing the records. The clock
// stands on Monday 7 December 2026; the demo unit has paid up to October 2026, so November is due.
let db: Db;
let app: FastifyInstance;
const clock = new Date('2026-12-07T02:00:00Z');
const KEY = 'relief-test-centre-key';
const ZHFW = '/api/izfgjj-zhfw/v1';
const UNIT = '100200300001';
let unit: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock, centreApiKey: KEY });
  unit = await signIn(app, UNIT, 2);
  // GJ0201 (asked at the end) is filed from an enable-10 page: the clerk's second-check grant.
  await grantSecondCheck(app, db, unit, UNIT, '/dwwt/jcyw/dw_huij', 2);
  await db.query(
    `insert into unit_statement_confirm (account_id, year, confirmed_at) select a.id, 2026, now() from user_account a join app_user u on u.id = a.user_id where u.account = $1 on conflict do nothing`,
    [UNIT],
  );
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
const submit = (ywlx: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers: { token: unit }, payload: { ywlx, payload } });
const centre = (ywbh: string, action: 'accept' | 'complete' | 'reject') =>
  app.inject({ method: 'POST', url: `/api/centre/v1/applications/${ywbh}/${action}`, headers: { [CENTRE_KEY_HEADER]: KEY }, payload: { operator: '王经办' } });
const ratios = async () =>
  (await db.query<{ dwjcbl: string; grjcbl: string }>('select dwjcbl::text as dwjcbl, grjcbl::text as grjcbl from unit_account where dwzh = $1', [UNIT]))[0]!;
const ruleOf = (ywlx: string, name: string) => businessOf(ywlx)!.rules.find((r) => r.name === name)!;
const applicant = async () => {
  const [a] = await db.query<{ id: string; user_id: string }>(`select a.id::text as id, a.user_id::text as user_id from user_account a join app_user u on u.id = a.user_id where u.account = $1`, [UNIT]);
  return { userId: a!.user_id, accountId: a!.id, loginType: 2 as const, login: UNIT, zh: UNIT };
};

const REASON = '受市场影响经营困难，连续两个季度亏损';

describe('GJ0205 降低缴存比例', () => {
  it('the table, in order', () => {
    expect(businessOf('GJ0205')!.rules.map((r) => r.name)).toEqual(['button-permission', 'unit-account', 'unit-normal', 'reduced-within-bounds', 'lower']);
    expect(businessOf('GJ0205')!.automatic).toBeUndefined();
  });

  it('reduced-within-bounds: reducedRatioMin itself passes, one below is refused; the row follows the parameter', async () => {
    const now = await ratios();
    expect(Number(now.dwjcbl)).toBeGreaterThan(5);
    expect(body(await submit('GJ0205', { dwjcbl: 4, grjcbl: 5, jdyy: REASON })).msg).toBe('降低后的单位和个人缴存比例须为 5% 至 12% 的整数');
    const rule = ruleOf('GJ0205', 'reduced-within-bounds');
    const ctx = { q: db, applicant: await applicant(), payload: { dwjcbl: 5, grjcbl: 5, jdyy: REASON } };
    expect(await rule.holds(ctx)).toBe(true);
    await withParameters(db, { reducedRatioMin: 6 }, async () => {
      expect(await rule.holds(ctx)).toBe(false);
      expect(body(await submit('GJ0205', { dwjcbl: 5, grjcbl: 5, jdyy: REASON })).msg).toBe('降低后的单位和个人缴存比例须为 6% 至 12% 的整数');
    });
    await withParameters(db, { reducedRatioMin: 3 }, async () => expect(await rule.holds({ ...ctx, payload: { ...ctx.payload, dwjcbl: 3 } })).toBe(true));
  });

  it('lower: the same ratios, or one raised, are refused', async () => {
    const now = await ratios();
    const [dw, gr] = [Number(now.dwjcbl), Number(now.grjcbl)];
    const msg = '降低缴存比例须低于现行比例；提高比例请办理“缴存比例调整”';
    expect(body(await submit('GJ0205', { dwjcbl: dw, grjcbl: gr, jdyy: REASON })).msg).toBe(msg);
    if (gr < 12) expect(body(await submit('GJ0205', { dwjcbl: dw - 1, grjcbl: gr + 1, jdyy: REASON })).msg).toBe(msg);
  });

  it('asks for the resolution and the statements; the centre approves, and the unit and every employee take the ratios', async () => {
    const res = await submitWithMaterials(app, unit, 'GJ0205', { dwjcbl: 5, grjcbl: 5, jdyy: REASON });
    const submitted = body(res).data;
    expect(res.body).toContain('"zt"');
    expect(submitted.zt).toBe('01');
    const [cl] = await db.query<{ n: number }>(
      `select count(distinct f.clbh)::int as n from archive_file f join application a on a.id = f.application_id where a.ywbh = $1 and f.clbh in ('ZDHJY', 'CWBB')`,
      [submitted.ywbh],
    );
    expect(cl!.n).toBe(2);
    expect(body(await centre(submitted.ywbh, 'accept')).data.zt).toBe('02');
    expect(body(await centre(submitted.ywbh, 'complete')).data.zt).toBe('03');
    expect(await ratios()).toEqual({ dwjcbl: '5.00', grjcbl: '5.00' });
    const [row] = await db.query<{ bad: number }>(
      `select count(*)::int as bad from personal_account where dwzh = $1 and kind = 'gr' and grzhzt = '01' and (dwjcbl <> 5 or grjcbl <> 5 or yjce_fen <> 2 * round(jcjs_fen::numeric * 5 / 100 / 100) * 100)`,
      [UNIT],
    );
    expect(row!.bad).toBe(0);
  });
});

describe('GJ0206 单位缓缴', () => {
  it('the table, in order; months are counted with both ends', () => {
    expect(businessOf('GJ0206')!.rules.map((r) => r.name)).toEqual(['button-permission', 'unit-account', 'unit-normal', 'starts-when-due', 'ends-after-start', 'at-most-months']);
    expect(monthsBetween('202611', '202611')).toBe(1);
    expect(monthsBetween('202611', '202710')).toBe(12);
  });

  it('starts-when-due: only the month after 缴至年月 (November 2026)', async () => {
    const msg = '缓缴起始年月须为单位应缴的月份（缴至年月的次月）';
    expect(body(await submit('GJ0206', { qsny: '202612', zzny: '202705', hjyy: REASON })).msg).toBe(msg);
    expect(body(await submit('GJ0206', { qsny: '202610', zzny: '202705', hjyy: REASON })).msg).toBe(msg);
  });

  it('ends-after-start and at-most-months: 12 months pass, 13 are refused; the row follows deferMaxMonths', async () => {
    expect(body(await submit('GJ0206', { qsny: '202611', zzny: '202610', hjyy: REASON })).msg).toBe('缓缴终止年月不能早于起始年月');
    expect(body(await submit('GJ0206', { qsny: '202611', zzny: '202711', hjyy: REASON })).msg).toBe('缓缴期限至多 12 个月');
    const rule = ruleOf('GJ0206', 'at-most-months');
    const ctx = { q: db, applicant: await applicant(), payload: { qsny: '202611', zzny: '202710', hjyy: REASON } };
    expect(await rule.holds(ctx)).toBe(true);
    await withParameters(db, { deferMaxMonths: 11 }, async () => {
      expect(await rule.holds(ctx)).toBe(false);
      expect(body(await submit('GJ0206', ctx.payload)).msg).toBe('缓缴期限至多 11 个月');
    });
  });

  it('the centre approves: the unit is 缓缴 (03), the deferral recorded, and the remittance stops', async () => {
    const submitted = body(await submitWithMaterials(app, unit, 'GJ0206', { qsny: '202611', zzny: '202704', hjyy: REASON })).data;
    expect(submitted.zt).toBe('01');
    expect(body(await centre(submitted.ywbh, 'accept')).data.zt).toBe('02');
    expect(body(await centre(submitted.ywbh, 'complete')).data.zt).toBe('03');
    expect((await db.query('select dwzhzt from unit_record where dwzh = $1', [UNIT]))[0]).toEqual({ dwzhzt: '03' });
    expect(await db.query('select dwzh, qsny, zzny from unit_deferral where ywbh = $1', [submitted.ywbh])).toEqual([{ dwzh: UNIT, qsny: '202611', zzny: '202704' }]);
    expect(body(await submit('GJ0201', { hjny: '202611', rs: 1, hjje: '1.00' })).msg).toBe('单位账户状态不是“正常”，不能办理此项业务');
  });
});
