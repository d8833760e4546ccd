import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { grantSecondCheck } from '../test-support/two-check';
import { checkLedger } from '../records';
import { RETIREE_DEMO_LOGIN } from './withdrawals';
import { seedRetireeRemittances } from './retiree-remittances';
import { lastRemitted } from './records';
import { testCalendar as cal } from '../test-support/calendar';

// Seed step 61: 严退休's 汇缴 (step 21) are lines of the demo unit's payments, and paying the unit's last month gives him
// no second one. The clock stands on the seed day (the demo calendar; seeded on 7 December 2026: his 汇缴 July–November,
// the unit paid up to October, its November list to come).
let db: Db;
let app: FastifyInstance;
const clock = new Date(`${cal.today}T10:00:00+08:00`);
/** His five months (July–November when seeded in December); the unit paid up to the fourth. */
const [M1, M2, M3, M4, M5] = cal.lastMonths(5) as [string, string, string, string, string];
const ZHFW = '/api/izfgjj-zhfw/v1';
const UNIT = RETIREE_DEMO_LOGIN.dwzh;
const GRZH = RETIREE_DEMO_LOGIN.grzh;
let unit: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  unit = await signIn(app, UNIT, 2);
  await grantSecondCheck(app, db, unit, UNIT, '/dwwt/jcyw/dw_huij', 2);
  await db.query(
    `insert into unit_statement_confirm (account_id, year, confirmed_at) select a.id, $2::int, now() from user_account a join app_user u on u.id = a.user_id where u.account = $1 on conflict do nothing`,
    [UNIT, cal.year],
  );
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
const body = (res: LightMyRequestResponse) => res.json<{ code: number; msg: string; data: any }>();
const his = () =>
  db.query<{ period: string; ywbh: string; amount_fen: string }>(
    `select period, ywbh, amount_fen::text as amount_fen from journal_entry where account_no = $1 and kind = '01' order by period, id`,
    [GRZH],
  );

describe('seed step 61', () => {
  it('his 汇缴 of the four months the unit paid are lines of its payments; last month stays his; the balance is unchanged', async () => {
    const entries = await his();
    expect(M4).toBe(lastRemitted(cal));
    expect(entries.map((e) => [e.period, e.ywbh])).toEqual([
      [M1, `HJ${UNIT}${M1}`],
      [M2, `HJ${UNIT}${M2}`],
      [M3, `HJ${UNIT}${M3}`],
      [M4, `HJ${UNIT}${M4}`],
      [M5, `HJSEED21${GRZH}${M5}`],
    ]);
    expect((await db.query<{ b: string }>('select balance_fen::text as b from personal_account where grzh = $1', [GRZH]))[0]!.b).toBe('960000');
    expect((await checkLedger(db, [GRZH])).ok).toBe(true);
    // Each payment: its persons and total are its lines', and its lines are its journal entries.
    const rows = await db.query<{ period: string; persons: number; total_fen: string; lines: number; line_sum: string; journal: string }>(
      `select r.period, r.persons, r.total_fen::text as total_fen,
              (select count(*)::int from unit_remittance_line l where l.ywbh = r.ywbh) as lines,
              (select sum(amount_fen)::text from unit_remittance_line l where l.ywbh = r.ywbh) as line_sum,
              (select sum(amount_fen)::text from journal_entry j where j.ywbh = r.ywbh) as journal
         from unit_remittance r where r.dwzh = $1 and r.kind = '01' and r.period between $2 and $3 order by r.period`,
      [UNIT, M1, M4],
    );
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      expect(r.lines, r.period).toBe(r.persons);
      expect(r.line_sum, r.period).toBe(r.total_fen);
      expect(r.journal, r.period).toBe(r.total_fen);
    }
    expect((await db.query('select 1 from unit_remittance_line where grzh = $1', [GRZH])).length).toBe(4);
  });

  it('runs again without changing anything', async () => {
    const before = await his();
    const totals = await db.query('select ywbh, persons, total_fen::text from unit_remittance where dwzh = $1 order by ywbh', [UNIT]);
    await db.transaction((tx) => seedRetireeRemittances(tx));
    expect(await his()).toEqual(before);
    expect(await db.query('select ywbh, persons, total_fen::text from unit_remittance where dwzh = $1 order by ywbh', [UNIT])).toEqual(totals);
  });

  it('the unit’s list for last month leaves him out (credited already), and paying it gives him no second one', async () => {
    const list = body(await app.inject({ url: `${ZHFW}/dwyw/hjqd?limit=200`, headers: { token: unit } })).data;
    expect(list.hjny).toBe(M5);
    expect(list.rows.map((r: { grzh: string }) => r.grzh)).not.toContain(GRZH);
    const accepted = body(
      await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers: { token: unit }, payload: { ywlx: 'GJ0201', payload: { hjny: list.hjny, rs: list.rs, hjje: list.hjje } } }),
    ).data;
    expect(body(await app.inject({ method: 'POST', url: `/dev/unit-remittance/${accepted.ywbh}/pay` })).data.zt).toBe('03');
    expect((await his()).filter((e) => e.period === M5)).toHaveLength(1);
    expect((await checkLedger(db, [GRZH])).ok).toBe(true);
  });
});
