import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { body, withdrawalHarness } from '../test-support/withdrawals';
import { fenToYuan } from '../records';
import { seedWithdrawalHistory } from './withdrawal-history';
import { balanceDay } from './records';
import { storyClock, testCalendar as cal } from '../test-support/calendar';

// Seed step 50: each withdrawal of the seeded history is a completed application of its kind, so 提取历史 and the
// journal tell the same story (张三's 部分提取 on balanceDay that brings him to 86,542.35 among them: 299,538.80 on
// 2026-10-20 when seeded in December 2026).
let db: Db;
let app: FastifyInstance;
const clock = storyClock(26);
const ZHANG = { account: '110101199003072316', grzh: '201000000101' };
const tokens: Record<string, string> = {};

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock, sms: { send: async () => undefined, notify: async () => undefined } });
  tokens[ZHANG.account] = await signIn(app, ZHANG.account);
}, 120_000);
afterAll(() => app.close());

const { get } = withdrawalHarness({ app: () => app, db: () => db, tokens, centreKey: '', now: () => clock });

describe('seed step 50: the seeded withdrawals as completed applications', () => {
  it('every seeded withdrawal line of an account with a login has its completed application, reason code and amount', async () => {
    const rows = await db.query<{ ywbh: string; amount: string; tqyy: string; zt: string | null; w_tqyy: string | null; paid: string | null; paid_on: string | null; day: string; receipt: boolean }>(
      `select j.ywbh, (-j.amount_fen)::text as amount, j.tqyy, a.zt, w.tqyy as w_tqyy, w.paid_fen::text as paid, w.paid_on::text as paid_on,
              j.value_date::text as day, (w.receipt_code is not null) as receipt
         from journal_entry j join person_info pi on pi.grzh = j.account_no
         left join application a on a.ywbh = j.ywbh left join withdrawal w on w.ywbh = j.ywbh
        where j.kind = '11' and j.ywbh like 'TQ%'`,
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) expect(r).toEqual({ ...r, zt: '03', w_tqyy: r.tqyy, paid: r.amount, paid_on: r.day, receipt: true });
    // A second run finds nothing left to do.
    expect(await db.transaction((tx) => seedWithdrawalHistory(tx))).toBe(0);
  });

  it('张三’s 提取历史 shows the purchase withdrawal of balanceDay that left him 86,542.35, and his rent withdrawal, as the journal does', async () => {
    const [purchase] = await db.query<{ amount: string; after: string }>(
      `select (-amount_fen)::text as amount, balance_after_fen::text as after from journal_entry where account_no = $1 and kind = '11' and value_date = $2`,
      [ZHANG.grzh, balanceDay(cal)],
    );
    expect(purchase!.after).toBe('8654235');
    const tqje = fenToYuan(purchase!.amount);
    const journal = await db.query<{ ywbh: string; amount: string }>(
      `select ywbh, (-amount_fen)::text as amount from journal_entry where account_no = $1 and kind = '11' order by value_date desc`,
      [ZHANG.grzh],
    );
    const list = body(await get(ZHANG.account, 'tq/ls?pageNum=1&pageSize=50')).data;
    expect(list.list.map((r: { ywbh: string; tqje: string }) => [r.ywbh, r.tqje])).toEqual(journal.map((j) => [j.ywbh, fenToYuan(j.amount)]));
    expect(list.list[0]).toMatchObject({ ywmc: '购买自住住房提取', tqyymc: '购房', tqje, paidOn: balanceDay(cal), zt: '03', hasReceipt: true });
    expect(list.list.at(-1)).toMatchObject({ ywmc: '租赁住房提取', tqyymc: '房租' });
    const sl = body(await get(ZHANG.account, 'tq/sl')).data;
    expect(sl.ybj).toBe(journal.length);
    // The receipt's public check answers from the frozen facts.
    const verify = body(await app.inject({ url: `/api/izfgjj-zhfw/v1/tq/hdVerify?code=${encodeURIComponent(list.list[0].hdyzm)}` })).data;
    expect(verify).toMatchObject({ valid: true, receipt: { tqje, paidOn: balanceDay(cal), tqyymc: '购房' } });
  });

  it('提取历史 exported past one read (200 rows): every row once, newest first, as the list pages them', async () => {
    await db.query(
      `insert into application (ywbh, ywlx, zt, user_id, account_id, login, zh, payload, created_at, submitted_at, time_limit_days, updated_at)
       select 'TQ0107EXPORT' || lpad(i::text, 4, '0'), 'TQ0107', '03', ua.user_id, ua.id, $1, $2, '{}', $3, $3, 3, $3
         from person_info pi join user_account ua on ua.id = pi.account_id, generate_series(1, 250) i
        where pi.grzh = $2 order by i`,
      [ZHANG.account, ZHANG.grzh, clock],
    );
    const pages: string[] = [];
    for (let n = 1; ; n++) {
      const page = body(await get(ZHANG.account, `tq/ls?pageNum=${n}&pageSize=50`)).data;
      pages.push(...page.list.map((r: { ywbh: string }) => r.ywbh));
      if (page.list.length < 50) break;
    }
    expect(pages.length).toBeGreaterThan(250);
    const csv = await get(ZHANG.account, 'tq/ls/export?format=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const rows = lines.slice(lines.findIndex((l) => l.startsWith('业务编号,')) + 1).map((l) => l.split(',')[0]);
    expect(rows).toEqual(pages);
  });
});
