import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { grantSecondCheck } from '../../test-support/two-check';
import { RETIREE_DEMO_LOGIN } from '../../seed/withdrawals';
import { BUYER_DEMO_LOGIN, RETIREE2_DEMO_LOGIN } from '../../seed/withdrawal-walks';
import { LOAN_DEMO_LOGIN } from '../../seed/loans';
import { checkLedger, postMovements } from '../../records';
import { businessOf } from '../registry';
import { monthlyFen } from '../flexible/params';
import { nextMonth } from './common';
import { baseWithinBounds, clampBaseFen } from './employees';
import { employeeMonthlyFen, PART_SQL, partFen, unitParams } from './params';
import { readParameters, type ParameterKey } from '../../params/centre';
import { guideOf } from '../../applications/wizard';
import { ruleMessage } from '../types';
import { withParameters } from '../../test-support/parameters';

// One database for the file. The clock stands on Monday 7 December 2026, 10:00 in Shanghai. The demo unit
// 示例科技有限公司 (100200300001) has paid up to October 2026 (seed step 26), so November is due.
let db: Db;
let app: FastifyInstance;
const clock = new Date('2026-12-07T02:00:00Z');
const ZHFW = '/api/izfgjj-zhfw/v1';
const UNIT = '100200300001';
const OTHER_UNIT = '100200300103'; // 示范市恒通物流有限公司, a deposit unit with a login of its own
const ZHANG = '110101199003072316';

let unit: string;
let other: string;
let person: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  unit = await signIn(app, UNIT, 2);
  other = await signIn(app, OTHER_UNIT, 2);
  person = await signIn(app, ZHANG);
  // GJ0201 is filed from an enable-10 page (单位汇缴): the unit's clerk takes the second-check grant as a person does.
  await grantSecondCheck(app, db, unit, UNIT, '/dwwt/jcyw/dw_huij', 2);
  // Both units have confirmed this year's interest statement (the restriction of spec 4.3 is tested elsewhere).
  await db.query(
    `insert into unit_statement_confirm (account_id, year, confirmed_at) select a.id, 2026, now() from user_account a join app_user u on u.id = a.user_id where u.account = any($1::text[]) on conflict do nothing`,
    [[UNIT, OTHER_UNIT]],
  );
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
const get = (token: string, url: string) => app.inject({ url: `${ZHFW}/${url}`, headers: { token } });
const submit = (token: string, ywlx: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers: { token }, payload: { ywlx, payload } });
const pay = (ywbh: string) => app.inject({ method: 'POST', url: `/dev/unit-remittance/${ywbh}/pay` });
const account = async (grzh: string) =>
  (await db.query<{ grzhzt: string; jcjs_fen: string; yjce_fen: string; balance_fen: string; dwzh: string }>(
    'select grzhzt, jcjs_fen::text as jcjs_fen, yjce_fen::text as yjce_fen, balance_fen::text as balance_fen, dwzh from personal_account where grzh = $1',
    [grzh],
  ))[0]!;

/** The whole list of the unit, page by page (20 a page). */
async function wholeList(token: string) {
  const first = body(await get(token, 'dwyw/hjqd?limit=20')).data;
  const rows = [...first.rows];
  let next = first.next;
  while (next) {
    const page = body(await get(token, `dwyw/hjqd?limit=20&after=${next}`)).data;
    rows.push(...page.rows);
    next = page.next;
  }
  return { ...first, rows };
}
const fen = (yuan: string) => BigInt(yuan.replace('.', ''));

describe('the unit parameters (rows of the centre table, each at its edges)', () => {
  it('are the rows of centre_parameter: the base, ratio and rounding rows the personal and flexible businesses read', async () => {
    const p = await readParameters(db);
    expect(unitParams(p)).toEqual({ baseMinYuan: 2200, baseMaxYuan: 33000, ratioMin: 5, ratioMax: 12, roundingFen: 100, baseOutOfBounds: 'refuse', adjustMaxRows: 5000 });
    expect(unitParams({ ...p, baseOutOfBounds: 1 }).baseOutOfBounds).toBe('clamp');
    // The page's comfort checks read the same rows through the employee list's params.
    expect(body(await get(unit, 'dwyw/zgcx?limit=1')).data.params).toEqual({ baseMinYuan: 2200, baseMaxYuan: 33000, ratioMin: 5, ratioMax: 12, roundingFen: 100, adjustMaxRows: 5000, baseOutOfBounds: 0 });
  });

  it('baseMinYuan, baseMaxYuan: 2,200.00 and 33,000.00 are in, a fen outside is out; clamping goes to the nearer bound', () => {
    const p = { baseMinYuan: 2200, baseMaxYuan: 33000 };
    expect(baseWithinBounds(p, '2200')).toBe(true);
    expect(baseWithinBounds(p, '2199.99')).toBe(false);
    expect(baseWithinBounds(p, '33000.00')).toBe(true);
    expect(baseWithinBounds(p, '33000.01')).toBe(false);
    expect(clampBaseFen(p, 219_999n)).toBe(220_000n);
    expect(clampBaseFen(p, 3_300_001n)).toBe(3_300_000n);
    expect(clampBaseFen(p, 500_000n)).toBe(500_000n);
  });

  it('roundingFen: each part half-up to the unit, then added (x.49 down, x.50 up), the flexible rule for one part', () => {
    expect(partFen(412_450n, 12, 100)).toBe(49_500n); // 494.94 → 495
    expect(partFen(412_500n, 12, 100)).toBe(49_500n); // 495.00
    expect(partFen(412_075n, 12, 100)).toBe(49_400n); // 494.49 → 494
    expect(partFen(412_083n, 12, 100)).toBe(49_400n); // 494.4996 → 494
    expect(partFen(412_500n, 10, 100)).toBe(41_300n); // 412.50 → 413
    expect(partFen(412_075n, 12, 1)).toBe(49_449n); // to the fen: 49449.0
    expect(employeeMonthlyFen(500_000n, 12, 8, 100)).toBe(100_000n);
    expect(employeeMonthlyFen(333_333n, 7, 7, 100)).toBe(monthlyFen(333_333n, 7, 100));
  });
});

describe('GJ0201 单位汇缴', () => {
  it('lists the month due after the unit’s 缴至年月, totals equal to the sum of the lines, sealed employees left out', async () => {
    const list = await wholeList(unit);
    expect(list).toMatchObject({ dwzh: UNIT, jzny: '202610', hjny: '202611' });
    expect(list.rows).toHaveLength(list.rs);
    expect(list.rows.reduce((s: bigint, r: { yjce: string }) => s + fen(r.yjce), 0n)).toBe(fen(list.hjje));
    expect(fen(list.dwje) + fen(list.grje)).toBe(fen(list.hjje));
    const sealed = await db.query<{ grzh: string }>(`select grzh from personal_account where dwzh = $1 and grzhzt = '02'`, [UNIT]);
    expect(sealed.length).toBeGreaterThan(0);
    for (const s of sealed) expect(list.rows.map((r: { grzh: string }) => r.grzh)).not.toContain(s.grzh);
    // Each line is the TypeScript rule's figure.
    for (const r of list.rows) expect(fen(r.yjce)).toBe(employeeMonthlyFen(fen(r.jcjs), r.dwjcbl, r.grjcbl, 100));
    // Since October's remittance nobody changed; the three accounts later seed steps opened at the unit (冯信息,
    // 周晓明, 刘安居 of step 30) were never remitted by the unit, so they are new. 严退休 (step 21) was in October's
    // (seed step 61) and has his November 汇缴 already: an employee is paid a month once, so he is not in the list
    // and counts as one fewer than October; so do 韩购房 and 冯退休 (seed steps 48 and 61).
    const opened = ['冯信息', '周晓明', LOAN_DEMO_LOGIN.name];
    const credited = [RETIREE_DEMO_LOGIN.grzh, BUYER_DEMO_LOGIN.grzh, RETIREE2_DEMO_LOGIN.grzh];
    for (const grzh of credited) expect(list.rows.map((r: { grzh: string }) => r.grzh)).not.toContain(grzh);
    expect({ xzrs: list.xzrs, bgrs: list.bgrs, jsrs: list.jsrs }).toEqual({ xzrs: opened.length, bgrs: 0, jsrs: credited.length });
    expect(list.rows.filter((r: { bz: string }) => r.bz === '新增').map((r: { xingming: string }) => r.xingming).sort()).toEqual(opened.sort());
  });

  it('answers 403 to a login that is not a unit', async () => {
    expect((await get(person, 'dwyw/hjqd')).statusCode).toBe(403);
    expect((await get(person, 'dwyw/zgcx')).statusCode).toBe(403);
  });

  it('refuses a month out of order, a future month and figures that are not the list’s', async () => {
    const list = body(await get(unit, 'dwyw/hjqd')).data;
    expect(body(await submit(unit, 'GJ0201', { hjny: '202612', rs: list.rs, hjje: list.hjje }))).toMatchObject({
      code: 400,
      msg: '汇缴须从缴至年月的次月起逐月办理，请按页面显示的汇缴年月缴款',
    });
    expect(body(await submit(unit, 'GJ0201', { hjny: '202611', rs: list.rs + 1, hjje: list.hjje }))).toMatchObject({
      code: 400,
      msg: '汇缴人数或金额与当前缴存清单不一致，请刷新清单后重新核对',
    });
    expect(body(await submit(unit, 'GJ0201', { hjny: '2026-11', rs: 1, hjje: '1.00' })).msg).toBe('汇缴年月应为六位年月，如 202611');
    const rule = businessOf('GJ0201')!.rules.find((r) => r.name === 'not-future')!;
    const applicant = { userId: '1', accountId: '1', loginType: 2 as const, login: UNIT, zh: UNIT };
    expect(await rule.holds({ q: db, applicant, payload: { hjny: '202612', rs: 1, hjje: '1.00' }, now: clock })).toBe(true);
    expect(await rule.holds({ q: db, applicant, payload: { hjny: '202701', rs: 1, hjje: '1.00' }, now: clock })).toBe(false);
  });

  it('is accepted, paid through the bank collection, and credits every employee in one transaction; the month cannot be paid twice', async () => {
    const list = await wholeList(unit);
    const before = new Map<string, bigint>();
    for (const r of list.rows) before.set(r.grzh, BigInt((await account(r.grzh)).balance_fen));
    const centreBefore = BigInt((await db.query<{ b: string }>(`select balance_fen::text as b from centre_account where code = 'C100'`))[0]!.b);

    const accepted = body(await submit(unit, 'GJ0201', { hjny: '202611', rs: list.rs, hjje: list.hjje })).data;
    expect(accepted.zt).toBe('02');
    // While it waits for the money, a second one is refused.
    expect((await submit(unit, 'GJ0201', { hjny: '202611', rs: list.rs, hjje: list.hjje })).statusCode).toBe(409);

    const paid = body(await pay(accepted.ywbh));
    expect(paid.msg).toBe('操作成功');
    expect(paid.data).toEqual({ ywbh: accepted.ywbh, zt: '03' });
    const [payment] = await db.query<{ persons: number; total_fen: string }>('select persons, total_fen::text as total_fen from unit_remittance where ywbh = $1', [accepted.ywbh]);
    expect({ persons: payment!.persons, total: BigInt(payment!.total_fen) }).toEqual({ persons: list.rs, total: fen(list.hjje) });
    const entries = await db.query<{ account_no: string; amount_fen: string; period: string; value_date: string }>(
      `select account_no, amount_fen::text as amount_fen, period, value_date::text as value_date from journal_entry where ywbh = $1 order by line`,
      [accepted.ywbh],
    );
    expect(entries).toHaveLength(list.rs);
    expect(entries.reduce((s, e) => s + BigInt(e.amount_fen), 0n)).toBe(fen(list.hjje));
    for (const r of list.rows) {
      const a = await account(r.grzh);
      expect(BigInt(a.balance_fen) - before.get(r.grzh)!).toBe(fen(r.yjce));
    }
    expect(entries.every((e) => e.period === '202611' && e.value_date === '2026-12-07')).toBe(true);
    const centreAfter = BigInt((await db.query<{ b: string }>(`select balance_fen::text as b from centre_account where code = 'C100'`))[0]!.b);
    expect(centreBefore - centreAfter).toBe(fen(list.hjje));
    expect((await checkLedger(db)).ok).toBe(true);

    // The unit is paid up to November; November again is refused, and paying the same application again changes nothing.
    expect(body(await get(unit, 'dwyw/hjqd')).data).toMatchObject({ jzny: '202611', hjny: '202612' });
    expect(body(await submit(unit, 'GJ0201', { hjny: '202611', rs: list.rs, hjje: list.hjje })).code).toBe(400);
    expect((await pay(accepted.ywbh)).statusCode).toBe(409);
    // The posting itself is idempotent: the same lines again post nothing.
    const lines = await db.query<{ grzh: string; line: number; amount_fen: string }>('select grzh, line, amount_fen::text as amount_fen from unit_remittance_line where ywbh = $1', [accepted.ywbh]);
    const again = await db.transaction((tx) =>
      postMovements(tx, { kind: '01', ywbh: accepted.ywbh, valueDate: '2026-12-07', period: '202611' }, lines.map((l) => ({ accountNo: l.grzh, amountFen: BigInt(l.amount_fen), line: Number(l.line) }))),
    );
    expect(again).toEqual({ posted: 0, replayed: list.rs, totalFen: 0n });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('the journal entries of a remittance, summed, are the unit’s total (SQL and TypeScript rounding agree for any base, ratio and unit)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ base: fc.bigInt({ min: 0n, max: 10_000_000n }), dw: fc.integer({ min: 0, max: 1200 }), gr: fc.integer({ min: 0, max: 1200 }) }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(1, 10, 100),
        async (rows, unitFen) => {
          const sql = await db.query<{ fen: string }>(
            `select (${PART_SQL('x.base', 'x.dw', '$4::bigint')} + ${PART_SQL('x.base', 'x.gr', '$4::bigint')})::text as fen
               from unnest($1::bigint[], $2::numeric[], $3::numeric[]) with ordinality as x(base, dw, gr, n) order by n`,
            [rows.map((r) => String(r.base)), rows.map((r) => (r.dw / 100).toFixed(2)), rows.map((r) => (r.gr / 100).toFixed(2)), unitFen],
          );
          const ts = rows.map((r) => employeeMonthlyFen(r.base, r.dw / 100, r.gr / 100, unitFen));
          expect(sql.map((r) => BigInt(r.fen))).toEqual(ts);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('employees: GJ0301 设立, GJ0305 封存, GJ0304 启封, GJ0203 基数调整', () => {
  const NEW = { zjhm: '110105199001011232', xingming: '钱新人', sjhm: '13912345678', jcjs: '6000.00' };

  it('GJ0301 refuses a bad ID number, a base outside the bounds and a person with an open account', async () => {
    expect(body(await submit(unit, 'GJ0301', { ...NEW, zjhm: '110105199001011238' })).msg).toBe('职工的身份证号码不正确，请核对');
    expect(body(await submit(unit, 'GJ0301', { ...NEW, jcjs: '2199.99' })).msg).toBe('月缴存基数须在 2200 至 33000 元之间');
    expect(body(await submit(unit, 'GJ0301', { ...NEW, jcjs: '33000.01' })).msg).toBe('月缴存基数须在 2200 至 33000 元之间');
    expect(body(await submit(unit, 'GJ0301', { ...NEW, zjhm: ZHANG, xingming: '张三' })).msg).toBe('该职工在本中心已有未销户的个人账户，请由原单位封存后办理同城转移');
    expect(body(await submit(person, 'GJ0301', NEW)).code).toBe(409); // not a unit login
  });

  it('GJ0301 opens the account at once, at the unit’s ratios, numbered from a sequence; it joins the next list marked 新增', async () => {
    const done = body(await submit(unit, 'GJ0301', NEW)).data;
    expect(done.zt).toBe('03');
    const [opened] = await db.query<{ grzh: string; dwjcbl: string; yjce_fen: string; grzhzt: string; dwzh: string }>(
      `select grzh, dwjcbl::text as dwjcbl, yjce_fen::text as yjce_fen, grzhzt, dwzh from personal_account where zjhm = $1`,
      [NEW.zjhm],
    );
    expect(opened).toMatchObject({ grzhzt: '01', dwzh: UNIT, dwjcbl: '12.00', yjce_fen: '144000' });
    expect(opened!.grzh).toMatch(/^2010021\d{5}$/);
    const list = await wholeList(unit);
    expect(list.rows.find((r: { grzh: string }) => r.grzh === opened!.grzh)).toMatchObject({ bz: '新增', yjce: '1440.00' });
    // New against November's remittance: this one, and 严退休, 韩购房 and 冯退休, whose November was credited before (seed
    // steps 21, 48 and 61), so November's remittance left them out; December's has them again.
    const walkers = [BUYER_DEMO_LOGIN.grzh, RETIREE2_DEMO_LOGIN.grzh];
    expect(list.rows.filter((r: { bz: string }) => r.bz === '新增').map((r: { grzh: string }) => r.grzh).sort()).toEqual([opened!.grzh, RETIREE_DEMO_LOGIN.grzh, ...walkers].sort());
    expect(list.xzrs).toBe(4);
  });

  it('GJ0305 seals the unit’s own employee with the reason; another unit’s clerk gets 403 for the same account', async () => {
    const [emp] = await db.query<{ grzh: string }>(`select grzh from personal_account where dwzh = $1 and grzhzt = '01' and kind = 'gr' order by grzh limit 1`, [UNIT]);
    const refused = await submit(other, 'GJ0305', { grzh: emp!.grzh, fcyy: '01' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).msg).toBe('当前操作没有权限，请联系管理员授权');
    expect(body(await submit(other, 'GJ0305', { grzh: '209999999999', fcyy: '01' })).msg).toBe(body(refused).msg); // no such account: the same answer
    const done = body(await submit(unit, 'GJ0305', { grzh: emp!.grzh, fcyy: '01' })).data;
    expect(done.zt).toBe('03');
    expect((await account(emp!.grzh)).grzhzt).toBe('02');
    expect((await db.query('select fcyy from employee_seal where grzh = $1', [emp!.grzh]))[0]).toEqual({ fcyy: '01' });
    expect(body(await submit(unit, 'GJ0305', { grzh: emp!.grzh, fcyy: '01' })).msg).toBe('该职工的个人账户不是正常状态，不能封存');
    // The list leaves them out and counts them as left.
    const list = await wholeList(unit);
    expect(list.rows.map((r: { grzh: string }) => r.grzh)).not.toContain(emp!.grzh);
    expect(list.jsrs).toBe(1);

    // GJ0304 启封: 403 to the other unit, done by the own.
    expect((await submit(other, 'GJ0304', { grzh: emp!.grzh })).statusCode).toBe(403);
    expect(body(await submit(unit, 'GJ0304', { grzh: emp!.grzh })).data.zt).toBe('03');
    expect((await account(emp!.grzh)).grzhzt).toBe('01');
    expect(body(await submit(unit, 'GJ0304', { grzh: emp!.grzh })).msg).toBe('该职工的个人账户不是封存状态，无需启封');
  });

  it('GJ0203 sets new bases (the monthly amount recomputed by the rounding rule); outside the bounds refused; another unit’s employee 403', async () => {
    const emps = await db.query<{ grzh: string }>(`select grzh from personal_account where dwzh = $1 and grzhzt = '01' and kind = 'gr' order by grzh limit 2`, [UNIT]);
    const [a, b] = emps.map((e) => e.grzh) as [string, string];
    expect((await submit(other, 'GJ0203', { rows: [{ grzh: a, jcjs: '8000' }] })).statusCode).toBe(403);
    expect(body(await submit(unit, 'GJ0203', { rows: [{ grzh: a, jcjs: '8000' }, { grzh: b, jcjs: '40000' }] })).msg).toBe('月缴存基数须在 2200 至 33000 元之间');
    expect(body(await submit(unit, 'GJ0203', { rows: [{ grzh: a, jcjs: '8000' }, { grzh: a, jcjs: '9000' }] })).msg).toBe('同一职工在调整名单中出现了多次');
    expect(body(await submit(unit, 'GJ0203', { rows: [{ grzh: a, jcjs: '8123.45' }, { grzh: b, jcjs: '2200' }] })).data.zt).toBe('03');
    expect(await account(a)).toMatchObject({ jcjs_fen: '812345', yjce_fen: String(employeeMonthlyFen(812_345n, 12, 12, 100)) });
    expect(await account(b)).toMatchObject({ jcjs_fen: '220000', yjce_fen: '52800' });
    const list = await wholeList(unit);
    expect(list.rows.find((r: { grzh: string }) => r.grzh === a)).toMatchObject({ bz: '变更' });
  });
});

describe('GJ0204 缴存比例调整', () => {
  it('ratioMin, ratioMax: 5 % and 12 % are in, 4 % and 13 % out; lowering is GJ0205; the same ratios need no change', async () => {
    const rule = businessOf('GJ0204')!.rules.find((r) => r.name === 'ratio-within-bounds')!;
    const applicant = { userId: '1', accountId: '1', loginType: 2 as const, login: UNIT, zh: UNIT };
    const holds = (dwjcbl: number, grjcbl: number) => rule.holds({ q: db, applicant, payload: { dwjcbl, grjcbl } });
    expect([await holds(5, 5), await holds(12, 12), await holds(4, 12), await holds(12, 13), await holds(7.5 as number, 8)]).toEqual([true, true, false, false, false]);
    expect(body(await submit(unit, 'GJ0204', { dwjcbl: 13, grjcbl: 12 })).msg).toBe('缴存比例须为 5% 至 12% 的整数');
    expect(body(await submit(unit, 'GJ0204', { dwjcbl: 12, grjcbl: 12 })).msg).toBe('新的缴存比例与现行比例相同，无需调整');
    expect(body(await submit(unit, 'GJ0204', { dwjcbl: 10, grjcbl: 12 })).msg).toBe('降低缴存比例请办理“降低缴存比例”业务');
  });

  it('sets the unit’s ratios and every open employee account’s, the monthly amounts recomputed; the list follows', async () => {
    // Lower the demo unit's ratios first (as a GJ0205 the centre approved would), then raise them through GJ0204.
    await db.query(`update unit_account set dwjcbl = 10, grjcbl = 10 where dwzh = $1`, [UNIT]);
    expect(body(await submit(unit, 'GJ0204', { dwjcbl: 11, grjcbl: 12 })).data.zt).toBe('03');
    const rows = await db.query<{ jcjs_fen: string; dwjcbl: string; grjcbl: string; yjce_fen: string }>(
      `select jcjs_fen::text as jcjs_fen, dwjcbl::text as dwjcbl, grjcbl::text as grjcbl, yjce_fen::text as yjce_fen from personal_account where dwzh = $1 and kind = 'gr' and grzhzt in ('01', '02')`,
      [UNIT],
    );
    for (const r of rows) {
      expect([r.dwjcbl, r.grjcbl]).toEqual(['11.00', '12.00']);
      expect(BigInt(r.yjce_fen)).toBe(employeeMonthlyFen(BigInt(r.jcjs_fen), 11, 12, 100));
    }
    const list = await wholeList(unit);
    expect(list.rows.every((r: { dwjcbl: string }) => r.dwjcbl === '11.00')).toBe(true);
    expect(list.rows.reduce((s: bigint, r: { yjce: string }) => s + fen(r.yjce), 0n)).toBe(fen(list.hjje));
  });
});

describe('the unit account: GJ0109 付款账户, GJ0108 注销, GJ0312 封存原因修改', () => {
  const applicantOf = async (login: string) => {
    const [row] = await db.query<{ user_id: string; id: string }>(
      `select a.user_id::text as user_id, a.id::text as id from user_account a join app_user u on u.id = a.user_id where u.account = $1 limit 1`,
      [login],
    );
    return { userId: row!.user_id, accountId: row!.id, loginType: 2 as const, login, zh: login };
  };

  it('GJ0109 changes the payment account at once; the same account again is refused', async () => {
    expect(body(await submit(unit, 'GJ0109', { jkyhmc: '中国建设银行示范市分行', jkyhzh: '37001620000052001234' })).data.zt).toBe('03');
    expect((await db.query('select jkyhmc, jkyhzh from unit_account where dwzh = $1', [UNIT]))[0]).toEqual({ jkyhmc: '中国建设银行示范市分行', jkyhzh: '37001620000052001234' });
    expect(body(await submit(unit, 'GJ0109', { jkyhmc: '中国建设银行示范市分行', jkyhzh: '37001620000052001234' })).msg).toBe('付款账户与现有的相同，无需变更');
    expect(body(await submit(unit, 'GJ0109', { jkyhmc: '中国银行', jkyhzh: '12ab' })).msg).toBe('付款账号应为 8 至 30 位数字');
  });

  it('GJ0108 is refused while any employee account of the unit is open (and said so before the form); a unit without one may apply', async () => {
    const rule = businessOf('GJ0108')!.rules.find((r) => r.name === 'no-open-employees')!;
    expect(rule.atOpen).toBe(true);
    expect(await rule.holds({ q: db, applicant: await applicantOf(UNIT), payload: { zxyy: '单位解散' } })).toBe(false);
    expect(await rule.holds({ q: db, applicant: await applicantOf(OTHER_UNIT), payload: { zxyy: '单位解散' } })).toBe(true);
    expect(body(await submit(unit, 'GJ0108', { zxyy: '单位解散' })).msg).toBe('单位还有未销户的职工个人账户，请先为职工办理转移或销户后再注销');
    // A sealed account is still open: sealing everyone is not enough.
    const [sealedOnly] = await db.query<{ n: string }>(`select count(*)::text as n from personal_account where dwzh = $1 and grzhzt = '02'`, [UNIT]);
    expect(Number(sealedOnly!.n)).toBeGreaterThan(0);
  });

  it('GJ0312 changes a sealed employee’s reason; 403 to another unit; an open account has no reason to change', async () => {
    const [emp] = await db.query<{ grzh: string }>(`select grzh from personal_account where dwzh = $1 and grzhzt = '02' order by grzh limit 1`, [UNIT]);
    expect((await submit(other, 'GJ0312', { grzh: emp!.grzh, fcyy: '02' })).statusCode).toBe(403);
    expect(body(await submit(unit, 'GJ0312', { grzh: emp!.grzh, fcyy: '02' })).data.zt).toBe('03');
    expect((await db.query('select fcyy from employee_seal where grzh = $1', [emp!.grzh]))[0]).toEqual({ fcyy: '02' });
    const [open] = await db.query<{ grzh: string }>(`select grzh from personal_account where dwzh = $1 and grzhzt = '01' order by grzh limit 1`, [UNIT]);
    expect(body(await submit(unit, 'GJ0312', { grzh: open!.grzh, fcyy: '02' })).msg).toBe('该职工的个人账户不是封存状态，不能修改封存原因');
  });
});

describe('postMovements (the set-based posting)', () => {
  it('refuses the whole batch when one line breaks a rule of postMovement (a sealed account takes no 汇缴)', async () => {
    const rows = await db.query<{ grzh: string; grzhzt: string }>(`select grzh, grzhzt from personal_account where dwzh = $1 order by grzh`, [UNIT]);
    const sealed = rows.find((r) => r.grzhzt === '02')!;
    const open = rows.find((r) => r.grzhzt === '01')!;
    const before = await account(open.grzh);
    await expect(
      db.transaction((tx) =>
        postMovements(tx, { kind: '01', ywbh: 'TESTBATCH1', valueDate: '2026-12-07', period: '202612' }, [
          { accountNo: open.grzh, amountFen: 100n, line: 1 },
          { accountNo: sealed.grzh, amountFen: 100n, line: 2 },
        ]),
      ),
    ).rejects.toThrow(`个人账户 ${sealed.grzh}：个人账户已封存，不能汇缴，请先办理启封`);
    expect((await account(open.grzh)).balance_fen).toBe(before.balance_fen);
    await expect(db.transaction((tx) => postMovements(tx, { kind: '01', ywbh: 'TESTBATCH2', valueDate: '2026-12-07' }, [{ accountNo: open.grzh, amountFen: -5n, line: 1 }]))).rejects.toThrow('汇缴的发生额方向不正确');
    expect(nextMonth('202612')).toBe('202701');
  });
});

describe('the rows at work: each unit rule follows its row of centre_parameter (setParameter)', () => {
  const applicant = { userId: '1', accountId: '1', loginType: 2 as const, login: UNIT, zh: UNIT };
  /** Sets rows for one test and puts the defaults back after it. */
  const withRows = (rows: Partial<Record<ParameterKey, number>>, run: () => Promise<void>) => withParameters(db, rows, run);
  const employees = async () =>
    (await db.query<{ grzh: string }>(`select grzh from personal_account where dwzh = $1 and grzhzt = '01' and kind = 'gr' order by grzh limit 3`, [UNIT])).map((e) => e.grzh);

  it('ratioMin, ratioMax set to 5–7 %: GJ0204 refuses 8 % naming the bounds in force, takes 7 %; the guide says so', async () => {
    await withRows({ ratioMax: 7 }, async () => {
      const rule = businessOf('GJ0204')!.rules.find((r) => r.name === 'ratio-within-bounds')!;
      const ctx = (dwjcbl: number, grjcbl: number) => ({ q: db, applicant, payload: { dwjcbl, grjcbl } });
      expect([await rule.holds(ctx(7, 7)), await rule.holds(ctx(8, 7)), await rule.holds(ctx(7, 8)), await rule.holds(ctx(5, 5)), await rule.holds(ctx(4, 5))]).toEqual([true, false, false, true, false]);
      expect(await ruleMessage(rule, ctx(8, 7))).toBe('缴存比例须为 5% 至 7% 的整数');
      const refused = await submit(unit, 'GJ0204', { dwjcbl: 8, grjcbl: 8 });
      expect([refused.statusCode, body(refused).msg]).toEqual([400, '缴存比例须为 5% 至 7% 的整数']);
      expect(guideOf(businessOf('GJ0204')!, await readParameters(db)).sltj).toContain('5% 至 7%');
      expect(body(await get(unit, 'dwyw/zgcx?limit=1')).data.params).toMatchObject({ ratioMin: 5, ratioMax: 7 });
    });
  });

  it('baseMinYuan set to 3,000: GJ0301 refuses 2,999.99 and GJ0203 refuses it too, with the bound in force', async () => {
    await withRows({ baseMinYuan: 3000 }, async () => {
      const rule = businessOf('GJ0301')!.rules.find((r) => r.name === 'base-within-bounds')!;
      const ctx = (jcjs: string) => ({ q: db, applicant, payload: { jcjs } as never });
      expect([await rule.holds(ctx('3000')), await rule.holds(ctx('2999.99'))]).toEqual([true, false]);
      const refused = await submit(unit, 'GJ0301', { zjhm: '110105199001011232', xingming: '钱新人', sjhm: '13912345678', jcjs: '2999.99' });
      expect([refused.statusCode, body(refused).msg]).toEqual([400, '月缴存基数须在 3000 至 33000 元之间']);
      const [a] = await employees();
      expect(body(await submit(unit, 'GJ0203', { rows: [{ grzh: a, jcjs: '2999.99' }] })).msg).toBe('月缴存基数须在 3000 至 33000 元之间');
    });
  });

  it('baseOutOfBounds 1 (clamp): GJ0203 takes 40,000 and 1,000 as 33,000 and 2,200; 0 refuses them', async () => {
    const [a, b] = await employees();
    const rows = [{ grzh: a, jcjs: '40000' }, { grzh: b, jcjs: '1000' }];
    expect(body(await submit(unit, 'GJ0203', { rows })).msg).toBe('月缴存基数须在 2200 至 33000 元之间');
    await withRows({ baseOutOfBounds: 1 }, async () => {
      expect(body(await submit(unit, 'GJ0203', { rows })).data.zt).toBe('03');
      expect((await account(a!)).jcjs_fen).toBe('3300000');
      expect((await account(b!)).jcjs_fen).toBe('220000');
    });
  });

  it('adjustMaxRows set to 2: GJ0203 with 3 rows is refused naming the bound, 2 rows pass', async () => {
    const [a, b, c] = await employees();
    await withRows({ adjustMaxRows: 2 }, async () => {
      const three = await submit(unit, 'GJ0203', { rows: [a, b, c].map((grzh) => ({ grzh, jcjs: '9000' })) });
      expect([three.statusCode, body(three).msg]).toEqual([400, '一次至多调整 2 名职工，请分批提交']);
      expect(body(await submit(unit, 'GJ0203', { rows: [a, b].map((grzh) => ({ grzh, jcjs: '9000' })) })).data.zt).toBe('03');
    });
  });

  it('roundingFen set to 1: GJ0203 and GJ0201’s list compute each part to the fen, and agree', async () => {
    const [a] = await employees();
    await withRows({ roundingFen: 1 }, async () => {
      expect(body(await submit(unit, 'GJ0203', { rows: [{ grzh: a, jcjs: '3333.33' }] })).data.zt).toBe('03');
      const acct = await account(a!);
      const [ratios] = await db.query<{ dwjcbl: string; grjcbl: string }>('select dwjcbl::text as dwjcbl, grjcbl::text as grjcbl from personal_account where grzh = $1', [a]);
      const toFen = employeeMonthlyFen(333_333n, ratios!.dwjcbl, ratios!.grjcbl, 1);
      expect(toFen).not.toBe(employeeMonthlyFen(333_333n, ratios!.dwjcbl, ratios!.grjcbl, 100));
      expect(BigInt(acct.yjce_fen)).toBe(toFen);
      const list = await wholeList(unit);
      expect(fen(list.rows.find((r: { grzh: string }) => r.grzh === a).yjce)).toBe(toFen);
      for (const r of list.rows) expect(fen(r.yjce)).toBe(employeeMonthlyFen(fen(r.jcjs), r.dwjcbl, r.grjcbl, 1));
      expect(list.rows.reduce((s: bigint, r: { yjce: string }) => s + fen(r.yjce), 0n)).toBe(fen(list.hjje));
      expect(guideOf(businessOf('GJ0201')!, await readParameters(db)).bz).toContain('四舍五入到分');
    });
  });
});
