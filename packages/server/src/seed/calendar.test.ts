import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { checkRestrictions } from '../applications/restrictions';
import { businessOf } from '../business/registry';
import { continuousMonths } from '../business/loans/gd0101';
import { loanFigures } from '../business/loans/ledger';
import { getAccount } from '../records/accounts';
import type { Applicant } from '../business/types';
import { calendarOf, demoCalendar, seededCalendar, type DemoCalendar } from './calendar';
import { seedDemo } from './demo';
import { LOAN_DEMO, LOAN_DEMO_LOGIN, loanIssueDate } from './loans';
import { RETIREE_DEMO_LOGIN } from './withdrawals';
import { BUYER_DEMO_LOGIN, RETIREE2_DEMO_LOGIN } from './withdrawal-walks';
import { balanceDay, lastRemitted } from './records';
import { TRANSFER_DEMO } from './transfer';
import { publicComplaints } from './public';
import { demoMessages } from './messages';

// The demo calendar (docs/decisions.md › The demo calendar): the demo seeded as of days in other months and years,
// each on a database of its own, tells the same story on its own day: the walks' people may withdraw, the loan has
// exactly one overdue period, the balances the demo shows are the same fen.

describe('the calendar', () => {
  it('counts months and days back across a year, and clamps a day to the month', () => {
    const cal = calendarOf('2027-01-05');
    expect([cal.thisMonth, cal.lastMonth, cal.monthsBack(2), cal.monthsBack(13)]).toEqual(['202701', '202612', '202611', '202512']);
    expect(cal.lastMonths(3)).toEqual(['202610', '202611', '202612']);
    expect([cal.daysAgo(5), cal.daysAgo(-27), cal.dayOf('202602', 31), cal.at(1, '18:00')]).toEqual(['2026-12-31', '2027-02-01', '2026-02-28', '2027-01-04T18:00:00+08:00']);
    expect([calendarOf('2027-06-30').settledYear, calendarOf('2027-07-01').settledYear]).toEqual([2026, 2027]);
    // The seed day is the date in Shanghai: 16:00 UTC is the next day there.
    expect(demoCalendar(new Date('2026-12-31T16:00:00Z')).today).toBe('2027-01-01');
  });

  it('issues the loan so that period 6 fell due before the seed day and period 7 falls due after it', () => {
    for (const today of ['2027-03-01', '2027-03-14', '2027-03-15', '2027-03-16', '2027-03-31', '2026-12-31']) {
      const issue = loanIssueDate(calendarOf(today));
      const due = (n: number) => {
        const d = new Date(`${issue}T00:00:00Z`);
        d.setUTCMonth(d.getUTCMonth() + n);
        return d.toISOString().slice(0, 10);
      };
      expect(due(LOAN_DEMO.paidPeriods + 1) < today && due(LOAN_DEMO.paidPeriods + 2) > today, `${today}: issued ${issue}`).toBe(true);
    }
  });
});

/** The applicant a login's primary account is. */
async function applicantOf(db: Db, login: string): Promise<Applicant> {
  const [row] = await db.query<{ user_id: string; id: string; grzh: string }>(
    `select a.user_id::text as user_id, a.id::text as id, coalesce(p.grzh, '') as grzh
       from user_account a join app_user u on u.id = a.user_id left join person_info p on p.account_id = a.id
      where u.account = $1 and a.is_primary limit 1`,
    [login],
  );
  return { userId: row!.user_id, accountId: row!.id, loginType: 1, login, zh: row!.grzh };
}

// 15 March 2027 (a spring month, a year on) and 31 December 2026 (a last day, the year's end), 10:00 in Shanghai.
describe.each([['2027-03-15T02:00:00Z'], ['2026-12-31T02:00:00Z']])('the demo seeded on %s', (at) => {
  const now = new Date(at);
  let db: Db;
  let cal: DemoCalendar;

  beforeAll(async () => {
    db = await openDatabase({ memory: true });
    await migrate(db);
    await seedDemo(db, { now });
    cal = await seededCalendar(db);
  }, 240_000);
  afterAll(() => db.close());

  it('keeps its seed day, and a later seed step on the same database reads it back', async () => {
    expect(cal.today).toBe(at.slice(0, 10));
    expect((await seededCalendar(db, new Date('2030-01-01T00:00:00Z'))).today).toBe(cal.today);
    expect(await seedDemo(db, { now: new Date('2030-01-01T00:00:00Z') })).toEqual([]);
  });

  it('the walks’ retirees and buyer paid the last five months: the retirement and purchase withdrawals open on the seed day', async () => {
    for (const [ywlx, login] of [['TQ0103', RETIREE_DEMO_LOGIN.account], ['TQ0103', RETIREE2_DEMO_LOGIN.account], ['TQ0101', BUYER_DEMO_LOGIN.account]] as const) {
      const messages = await checkRestrictions({ q: db, applicant: await applicantOf(db, login), business: businessOf(ywlx)!, now });
      expect(messages, `${ywlx} ${login}`).toEqual([]);
    }
    const periods = await db.query<{ period: string }>(`select period from journal_entry where account_no = $1 and kind = '01' order by value_date`, [BUYER_DEMO_LOGIN.grzh]);
    expect(periods.map((p) => p.period)).toEqual(cal.lastMonths(5));
    // Too young to retire, 韩购房 is refused the retirement withdrawal with its reason (his story).
    const refused = await checkRestrictions({ q: db, applicant: await applicantOf(db, BUYER_DEMO_LOGIN.account), business: businessOf('TQ0103')!, now });
    expect(refused.map((m) => m.code)).toEqual(['BUSINESS_RULE']);
  });

  it('张三’s deposits end two months back: not depositing now, as the loan walk expects, until his unit pays last month', async () => {
    const [last] = await db.query<{ period: string }>(`select max(period) as period from journal_entry where account_no = '201000000101' and kind = '01'`);
    expect(last!.period).toBe(lastRemitted(cal));
    expect(await continuousMonths(db, '201000000101', cal.today)).toBe(0);
    expect(await continuousMonths(db, '201000000101', cal.dayOf(cal.lastMonth, 26))).toBeGreaterThan(6);
  });

  it('the demo loan: five periods paid, exactly one overdue, the next not yet due on the seed day', async () => {
    const [loan] = await db.query<{ dkzh: string; issue: string }>(`select dkzh, issue_date::text as issue from loan where ywbh = $1`, [LOAN_DEMO.ywbh]);
    expect(loan!.issue).toBe(loanIssueDate(cal));
    const lines = await db.query<{ period: number; due: string; status: string }>(
      `select period, due_date::text as due, status from loan_schedule where dkzh = $1 and period <= 7 order by period`,
      [loan!.dkzh],
    );
    expect(lines.map((l) => l.status)).toEqual(['1', '1', '1', '1', '1', '2', '0']);
    expect(lines[5]!.due < cal.today && lines[6]!.due > cal.today).toBe(true);
    expect((await loanFigures(db, loan!.dkzh)).overduePeriods).toBe(1);
    // His provident account: the one 补缴 of 40,000.00, settled up to the last 30 June.
    const account = await getAccount(db, LOAN_DEMO_LOGIN.grzh);
    expect(account?.balanceFen).toBeGreaterThanOrEqual(4_000_000n);
    expect(account!.interestSettledTo >= `${cal.settledYear}-06-30`).toBe(true);
  });

  it('the demo individuals show the same balances, reached on balanceDay; every account may take a movement today', async () => {
    const rows = await db.query<{ grzh: string; balance: string; last: string }>(
      `select grzh, balance_fen::text as balance, last_value_date::text as last from personal_account where grzh in ('201000000101', '201000000233', '201000000301') order by grzh`,
    );
    expect(rows).toEqual([
      { grzh: '201000000101', balance: '8654235', last: balanceDay(cal) },
      { grzh: '201000000233', balance: '523000', last: balanceDay(cal) },
      { grzh: '201000000301', balance: '3521060', last: balanceDay(cal) },
    ]);
    // No open account is behind the last 30 June (a movement today would be refused as 上一年度尚未结息).
    const [behind] = await db.query<{ n: string }>(
      `select count(*)::text as n from personal_account where grzhzt not in ('03', '04', '05') and interest_settled_to < $1::date`,
      [`${cal.settledYear}-06-30`],
    );
    expect(behind!.n).toBe('0');
    // 程立新 paid until four months back, then his account was sealed.
    const [sealed] = await db.query<{ period: string; grzhzt: string }>(
      `select max(j.period) as period, p.grzhzt from journal_entry j join personal_account p on p.grzh = j.account_no where j.account_no = $1 and j.kind = '01' group by p.grzhzt`,
      [TRANSFER_DEMO.grzh],
    );
    expect(sealed).toEqual({ period: TRANSFER_DEMO.last(cal), grzhzt: '02' });
  });
  it('numbers and dates written with a day come from the calendar: the published complaints, the messages', async () => {
    const complaints = await db.query<{ sqbh: string; day: string }>(
      `select sqbh, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day from complaint where user_id is null and gkbz = 1 order by created_at`,
    );
    expect(complaints.map((c) => c.sqbh)).toEqual(publicComplaints(cal).map((c) => c[0]));
    expect(complaints.map((c) => c.day)).toEqual([cal.daysAgo(47), cal.daysAgo(40), cal.daysAgo(28)]);
    for (const c of complaints) expect(c.sqbh).toBe(`TS${c.day.replace(/-/g, '')}000001`);
    const messages = await db.query<{ title: string; at: string }>(
      `select title, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD"T"HH24:MI:SS"+08:00"') as at from user_message
        where user_id = (select id from app_user where account = '110101199003072316') order by id limit 5`,
    );
    expect(messages).toEqual(demoMessages(cal).map((m) => ({ title: m.title, at: m.at })));
    expect(messages[1]!.title).toBe(`${cal.settledYear} 年度住房公积金结息完成`);
  });
});
