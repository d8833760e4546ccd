import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { signIn } from '../test-support/login';
import { prepareDatabase } from '../start';
import { DEMO_HISTORY, DEMO_PROJECTS } from '../seed/records';
import { PENDING_PROJECT } from '../seed/loans';
import { balanceDay, lastRemitted } from '../seed/records';
import { monthText } from '../seed/calendar';
import { testCalendar as cal } from '../test-support/calendar';
import { checkLedger, fenToYuan, getUnitAccount, listAccountsOf, listJournal, listProjects, listUnitEmployees, postMovement, setAccountStatus } from './index';

let db: Db;
let app: FastifyInstance;
let seedMs = 0;

beforeAll(async () => {
  const started = performance.now();
  db = await prepareDatabase({ memory: true }, true);
  seedMs = performance.now() - started;
  app = await buildApp({ db });
}, 120_000);
// Closing the app closes its database.
afterAll(async () => app?.close());

describe('the seeded history (seed step 10)', () => {
  it('balances: every account equals its journal, the books sum to zero, and the demo shows the figures it always showed', async () => {
    expect(await checkLedger(db)).toMatchObject({ ok: true, totalFen: 0n });
    const accounts = await listAccountsOf(db, '110101199003072316');
    expect(accounts.map((a) => [a.grzh, a.kind, fenToYuan(a.balanceFen)])).toEqual([
      ['201000000101', 'gr', '86542.35'],
      ['201000000188', 'lhjy', '12800.00'],
    ]);
    for (const h of DEMO_HISTORY.filter((x) => x.target)) {
      const [row] = await db.query<{ b: string }>('select balance_fen::text as b from personal_account where grzh = $1', [h.grzh]);
      expect([h.grzh, fenToYuan(row!.b)]).toEqual([h.grzh, h.target]);
    }
    console.info(`演示数据（含第 10 步历史）播种用时 ${Math.round(seedMs)} ms`);
  });

  it('each demo individual has years of monthly remittances, a 结息 entry every 30 June since opening, and an earlier withdrawal', async () => {
    for (const h of DEMO_HISTORY.filter((x) => x.target)) {
      const rows = await db.query<{ kind: string; n: number; first: string; last: string }>(
        `select kind, count(*)::int as n, min(value_date)::text as first, max(value_date)::text as last from journal_entry where account_no = $1 group by kind`,
        [h.grzh],
      );
      const by = Object.fromEntries(rows.map((r) => [r.kind, r]));
      const [fy, fm] = h.first.split('-').map(Number) as [number, number];
      // Remitted up to two months before the seed day (the demo calendar), settled every 30 June up to the last one.
      const [ly, lm] = [Number(lastRemitted(cal).slice(0, 4)), Number(lastRemitted(cal).slice(4))];
      const months = (ly - fy) * 12 + (lm - fm) + 1;
      expect(by['01']?.n, h.grzh).toBe(months);
      const y = cal.settledYear;
      const junes = (fm <= 6 ? y - fy + 1 : y - fy) - (fy === y ? 1 : 0);
      expect(by['09']?.n ?? 0, h.grzh).toBe(Math.max(junes, 0));
      // The earlier withdrawal came before the last month remitted.
      expect((by['11']?.first ?? 'none') < `${monthText(lastRemitted(cal))}-01`, `${h.grzh} ${by['11']?.first}`).toBe(true);
    }
    const page = await listJournal(db, '201000000101', { limit: 3 });
    expect(page.rows.map((r) => [r.valueDate, r.kindName, fenToYuan(r.balanceFen)])[0]).toEqual([balanceDay(cal), '部分提取', '86542.35']);
    const settled = `${cal.settledYear}-06-30`;
    const interest = await listJournal(db, '201000000101', { from: settled, to: settled });
    expect(interest.rows.map((r) => r.kindName)).toContain('年度结息');
  });

  it('the demo unit has at least 25 named employees with bases and ratios, some sealed; the developer has projects', async () => {
    const staff = await db.query<{ xingming: string; grzhzt: string; jcjs_fen: string; dwjcbl: string }>(
      `select xingming, grzhzt, jcjs_fen::text as jcjs_fen, dwjcbl::text as dwjcbl from personal_account where dwzh = '100200300001' order by grzh`,
    );
    expect(staff.length).toBeGreaterThanOrEqual(25);
    expect(new Set(staff.map((s) => s.xingming)).size).toBe(staff.length);
    expect(staff.filter((s) => s.grzhzt === '02').length).toBeGreaterThanOrEqual(3);
    expect(staff.every((s) => Number(s.jcjs_fen) > 0 && s.dwjcbl === '12.00')).toBe(true);
    expect(await getUnitAccount(db, '100200300001')).toMatchObject({
      dwmc: '示例科技有限公司',
      tyshxydm: '91370100MA3C5K8X1W',
      dwzhzt: '01',
      jbrxm: '陈晓',
      khrq: '2015-10-08',
      jkyhzh: '1602003000010190001',
      dwjcbl: '12.00',
      grjcbl: '12.00',
    });
    // The same list, page by page (keyset on the account number), and the sealed ones alone.
    const paged: string[] = [];
    let page = await listUnitEmployees(db, '100200300001', { limit: 10 });
    paged.push(...page.rows.map((r) => r.xingming));
    while (page.next) {
      page = await listUnitEmployees(db, '100200300001', { limit: 10, after: page.next });
      paged.push(...page.rows.map((r) => r.xingming));
    }
    expect(paged).toEqual(staff.map((s) => s.xingming));
    expect((await listUnitEmployees(db, '100200300001', { status: '02' })).rows).toHaveLength(4);
    const projects = await listProjects(db, '900100200001');
    // Step 10's projects, and the one the loans' seed (step 30) left pending approval.
    expect(projects.map((p) => p.xmmc).sort()).toEqual([...DEMO_PROJECTS.filter((p) => p.dwzh === '900100200001').map((p) => p.xmmc), PENDING_PROJECT.xmmc].sort());
  });

  it('settling the last 30 June’s year again changes nothing (the seed settled it)', async () => {
    const { settleInterest } = await import('./index');
    const before = await db.query('select count(*)::text as n from journal_entry');
    const run = await settleInterest(db, cal.settledYear, { now: new Date(`${cal.today}T08:00:00+08:00`) });
    expect(run.accounts).toBe(0);
    expect(await db.query('select count(*)::text as n from journal_entry')).toEqual(before);
  });
});

describe('what the hall shows comes from the records', () => {
  it('grxx/loginGrxx answers the balance and status of personal_account: a remittance and a sealing show at once', async () => {
    const info = async (token: string) =>
      (await app.inject({ url: '/api/izfgjj-zhfw/v1/grxx/loginGrxx', headers: { token } })).json<{ data: { grzh: string; grzhzt: string; grzhye: string } }>().data;
    // 李短信 (SMS individual): person_info still says 35200.00 (never read); the records decide.
    const token = await signIn(app, '110105199506205040');
    expect(await info(token)).toMatchObject({ grzh: '201000000404', grzhzt: '01', grzhye: '35200.00' });
    await db.transaction((tx) =>
      postMovement(tx, { accountNo: '201000000404', amountFen: 123456n, kind: '02', ywbh: 'BJ-SHOW', line: 1, valueDate: cal.today, period: lastRemitted(cal) }),
    );
    await db.transaction((tx) => setAccountStatus(tx, '201000000404', '02'));
    expect(await info(token)).toMatchObject({ grzh: '201000000404', grzhzt: '02', grzhye: '36434.56' });
    // An out-of-area loan person has no account here: no balance.
    expect(await info(await signIn(app, '440304199208155533'))).toMatchObject({ grzh: '', grzhye: '0.00' });
  });
});
