import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { checkLedger } from '../../records';
import { businessOf } from '../registry';
import { buttonKey } from '../../auth/buttons';
import { UNIT_BUTTONS } from './buttons';

// 单位补缴 GJ0202 (docs/api-unit-business.md › 补缴). The clock stands on Monday 7 December 2026. The demo unit
// 示例科技有限公司 has paid up to October 2026; three employees opened after the months the seed's history paid
// (周晓明 from September 2023, 冯信息 from March 2024, 刘安居 from July 2026) never had those months: each one's first
// missed month is where 补缴 starts for them.
let db: Db;
let app: FastifyInstance;
const clock = new Date('2026-12-07T02:00:00Z');
const ZHFW = '/api/izfgjj-zhfw/v1';
const UNIT = '100200300001';
const ZHOU = '201000000602'; // 周晓明
let unit: string;
let other: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  unit = await signIn(app, UNIT, 2);
  other = await signIn(app, '100200300103', 2);
  await db.query(
    `insert into unit_statement_confirm (account_id, year, confirmed_at) select a.id, 2026, now() from user_account a join app_user u on u.id = a.user_id where u.account = any($1::text[]) on conflict do nothing`,
    [[UNIT, '100200300103']],
  );
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
const get = (token: string, url: string) => app.inject({ url: `${ZHFW}/${url}`, headers: { token } });
const submit = (token: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers: { token }, payload: { ywlx: 'GJ0202', payload } });
const pay = (ywbh: string) => app.inject({ method: 'POST', url: `/dev/unit-remittance/${ywbh}/pay` });
const entries = (grzh: string, period: string) =>
  db.query<{ kind: string; ywbh: string; amount_fen: string }>(`select kind, ywbh, amount_fen::text as amount_fen from journal_entry where account_no = $1 and period = $2 and kind in ('01', '02') order by id`, [grzh, period]);

describe('the 补缴 list (GET dwyw/bjqd)', () => {
  it('names each employee’s first missed month, oldest first, and lists the oldest month by default', async () => {
    const list = body(await get(unit, 'dwyw/bjqd')).data;
    expect(list.jzny).toBe('202610');
    expect(list.months).toEqual([
      { ny: '202309', rs: 1 },
      { ny: '202403', rs: 1 },
      { ny: '202607', rs: 1 },
    ]);
    expect(list.bjny).toBe('202309');
    expect(list.rows.map((r: { xingming: string }) => r.xingming)).toEqual(['周晓明']);
    expect(list.rs).toBe(1);
    // The unit's total is the sum of the lines, each line its two parts.
    const [row] = list.rows;
    expect(list.bjje).toBe(row.yjce);
    expect((Number(row.dwyje) + Number(row.gryje)).toFixed(2)).toBe(row.yjce);
  });

  it('a month an employee is not first missing is not theirs: 周晓明 is in 2023-09’s list only, not 2024-03’s', async () => {
    const march = body(await get(unit, 'dwyw/bjqd?bjny=202403')).data;
    expect(march.rows.map((r: { grzh: string }) => r.grzh)).not.toContain(ZHOU);
    expect(march.rows.map((r: { xingming: string }) => r.xingming)).toEqual(['冯信息']);
  });

  it('a unit with nothing missed answers an empty list; another login type is refused', async () => {
    const none = body(await get(other, 'dwyw/bjqd')).data;
    expect(none.rows).toEqual([]);
    expect(none.bjny === null || none.rs >= 0).toBe(true);
    expect((await get(await signIn(app, '110101199003072316'), 'dwyw/bjqd')).statusCode).toBe(403);
  });
});

describe('the rule table of GJ0202, each row at its edges', () => {
  it('month-paid-by-unit: 缴至年月 itself may be closed, the month after it is 汇缴’s', async () => {
    expect(body(await submit(unit, { bjny: '202611', rs: 1, bjje: '1.00' })).msg).toBe('补缴年月须为单位已汇缴的月份（缴至年月及以前），以后的月份请办理汇缴');
    // 202610 (缴至年月) passes that row and stops at the next one: nobody first missed October.
    expect(body(await submit(unit, { bjny: '202610', rs: 1, bjje: '1.00' })).msg).toBe('该月没有需要补缴的职工（职工须按月份顺序补缴，已缴的月份不能重复缴纳）');
  });

  it('not-before-opening: a month before the unit opened', async () => {
    const [{ khrq }] = (await db.query<{ khrq: string }>(`select to_char(khrq, 'YYYYMM') as khrq from unit_account where dwzh = $1`, [UNIT])) as [{ khrq: string }];
    const before = `${Number(khrq.slice(0, 4)) - 1}${khrq.slice(4)}`;
    expect(body(await submit(unit, { bjny: before, rs: 1, bjje: '1.00' })).msg).toBe('补缴年月不能早于单位开户年月');
  });

  it('has-employees: months out of order are refused (周晓明’s October 2023 before his September)', async () => {
    expect(body(await submit(unit, { bjny: '202310', rs: 1, bjje: '1.00' })).msg).toBe('该月没有需要补缴的职工（职工须按月份顺序补缴，已缴的月份不能重复缴纳）');
  });

  it('matches-list: another person count or total is refused', async () => {
    const list = body(await get(unit, 'dwyw/bjqd?bjny=202309')).data;
    expect(body(await submit(unit, { bjny: '202309', rs: 2, bjje: list.bjje })).msg).toBe('补缴人数或金额与当前补缴清单不一致，请刷新清单后重新核对');
    const more = (Number(list.bjje) + 0.01).toFixed(2);
    expect(body(await submit(unit, { bjny: '202309', rs: 1, bjje: more })).msg).toBe('补缴人数或金额与当前补缴清单不一致，请刷新清单后重新核对');
  });

  it('button-permission: without the page’s 提交 the submission answers 403', async () => {
    const [{ id }] = (await db.query<{ id: string }>(`select a.id::text as id from user_account a join app_user u on u.id = a.user_id where u.account = $1`, [UNIT])) as [{ id: string }];
    const key = buttonKey(...UNIT_BUTTONS.GJ0202);
    await db.query('insert into account_button_denial (account_id, button_key) values ($1, $2)', [id, key]);
    try {
      expect((await submit(unit, { bjny: '202309', rs: 1, bjje: '1.00' })).statusCode).toBe(403);
    } finally {
      await db.query('delete from account_button_denial where account_id = $1', [id]);
    }
  });

  it('the table is the documented one, in order', () => {
    expect(businessOf('GJ0202')!.rules.map((r) => r.name)).toEqual(['button-permission', 'unit-account', 'unit-normal', 'month-paid-by-unit', 'not-before-opening', 'has-employees', 'matches-list']);
  });
});

describe('paying a 补缴', () => {
  it('accepted at once; on payment each line is a 补缴 entry of the month, the total the sum of the lines; the next month follows', async () => {
    const list = body(await get(unit, 'dwyw/bjqd?bjny=202309')).data;
    const before = (await db.query<{ b: string }>('select balance_fen::text as b from personal_account where grzh = $1', [ZHOU]))[0]!.b;
    const accepted = body(await submit(unit, { bjny: '202309', rs: list.rs, bjje: list.bjje })).data;
    expect(accepted.zt).toBe('02');
    // Nothing is credited before the money arrives.
    expect(await entries(ZHOU, '202309')).toEqual([]);
    // A second 补缴 while this one waits for its money: the spine's one-at-a-time rule.
    expect(body(await submit(unit, { bjny: '202309', rs: list.rs, bjje: list.bjje })).code).toBe(409);

    const paid = await pay(accepted.ywbh);
    expect(body(paid).data.zt).toBe('03');
    const posted = await entries(ZHOU, '202309');
    expect(posted).toEqual([{ kind: '02', ywbh: accepted.ywbh, amount_fen: String(Math.round(Number(list.bjje) * 100)) }]);
    const [payment] = await db.query<{ kind: string; persons: number; total_fen: string }>('select kind, persons, total_fen::text as total_fen from unit_remittance where ywbh = $1', [accepted.ywbh]);
    expect(payment).toEqual({ kind: '02', persons: 1, total_fen: posted[0]!.amount_fen });
    const lineSum = await db.query<{ s: string }>('select sum(amount_fen)::text as s from unit_remittance_line where ywbh = $1', [accepted.ywbh]);
    expect(lineSum[0]!.s).toBe(payment!.total_fen);
    const after = (await db.query<{ b: string }>('select balance_fen::text as b from personal_account where grzh = $1', [ZHOU]))[0]!.b;
    expect(BigInt(after) - BigInt(before)).toBe(BigInt(payment!.total_fen));
    expect((await checkLedger(db, [ZHOU])).ok).toBe(true);
    // 缴至年月 stays; 周晓明’s next missed month is October 2023.
    const next = body(await get(unit, 'dwyw/bjqd')).data;
    expect(next.jzny).toBe('202610');
    expect(next.months[0]).toEqual({ ny: '202310', rs: 1 });
    // Paying again changes nothing; September is not in any list again.
    expect((await pay(accepted.ywbh)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await entries(ZHOU, '202309')).toHaveLength(1);
    expect(body(await get(unit, 'dwyw/bjqd?bjny=202309')).data.rows).toEqual([]);
  });

  it('two 补缴 of one month (employees found missing it at different times) may both be paid', async () => {
    // 冯信息 first missed 2024-03; 周晓明 reaches it after closing 2023-10 … 2024-02 one month at a time.
    for (const bjny of ['202310', '202311', '202312', '202401', '202402']) {
      const l = body(await get(unit, `dwyw/bjqd?bjny=${bjny}`)).data;
      expect(l.rows.map((r: { grzh: string }) => r.grzh), bjny).toEqual([ZHOU]);
      const a = body(await submit(unit, { bjny, rs: l.rs, bjje: l.bjje })).data;
      expect(body(await pay(a.ywbh)).data.zt).toBe('03');
    }
    const march = body(await get(unit, 'dwyw/bjqd?bjny=202403')).data;
    expect(march.rs).toBe(2);
    const a = body(await submit(unit, { bjny: '202403', rs: 2, bjje: march.bjje })).data;
    expect(body(await pay(a.ywbh)).data.zt).toBe('03');
    // An account the centre's counter opened back-dated to March 2024 (a late registration, its interest settled by the
    // last 30 June's sweep) is found missing it now.
    await db.query(
      `insert into personal_account (grzh, zjhm, xingming, dwzh, dwmc, kind, grzhzt, khrq, jcjs_fen, dwjcbl, grjcbl, yjce_fen, balance_fen, interest_settled_to)
       select '201000009901', '110105199001011275', '晚登记', dwzh, dwmc, 'gr', '01', '2024-03-01', jcjs_fen, dwjcbl, grjcbl, yjce_fen, 0, '2026-06-30'
         from personal_account where grzh = $1`,
      [ZHOU],
    );
    const late = body(await get(unit, 'dwyw/bjqd?bjny=202403')).data;
    expect(late.rows.map((r: { xingming: string }) => r.xingming)).toEqual(['晚登记']);
    const b = body(await submit(unit, { bjny: '202403', rs: 1, bjje: late.bjje })).data;
    const paidB = await pay(b.ywbh);
    expect(body(paidB).msg + paidB.body).toContain('"zt":"03"');
    expect((await db.query(`select 1 from unit_remittance where dwzh = $1 and period = '202403' and kind = '02'`, [UNIT])).length).toBe(2);
    // Each of the three has March 2024 once.
    for (const grzh of [ZHOU, '201000000601', '201000009901']) expect(await entries(grzh, '202403'), grzh).toHaveLength(1);
  });
});
