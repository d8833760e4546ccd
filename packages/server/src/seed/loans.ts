import type { Queryable } from '../db/db';
import { postMovement } from '../records';
import { createLoan, scheduleOf } from '../business/loans/ledger';
import { seedDemoIndividual } from './changes';
import type { DemoCalendar } from './calendar';
import { settleAccountTo } from './remittances';

/**
 * Seed step 30 (issue 38, housing loans): a borrower with a running loan, and the developer's pending project.
 *
 * - 刘安居 borrowed 500,000.00 yuan for 240 months at 2.6 % (等额本息) on 示例·云栖府（一期）with the developer's
 *   staged guarantee (72), issued on the 15th (loanIssueDate: seeded in December, 2026-05-15); periods 1–5 were paid
 *   by his card, period 6 (due before the seed day) was not and period 7 is not due yet: his card is marked as failing
 *   (the reference server's simulated bank), so the loan is 逾期 with exactly one overdue period.
 *   His provident account holds 40,000.00 yuan (one 补缴 for the month before he joined), so a 签约冲还贷 has
 *   something to offset.
 * - 示例置业's fourth project, 示例·云栖府（三期）, waits for the centre's approval (spzt 01); its other three are approved.
 * 张三 has no loan: the end-to-end test applies for one.
 */
export const LOAN_DEMO_LOGIN = {
  account: '110105198601153010',
  name: '刘安居',
  phone: '13300130041',
  grzh: '201000000701',
  dwzh: '100200300001',
  dwmc: '示例科技有限公司',
} as const;

export const LOAN_DEMO = { ywbh: 'DEMO-GD0101-000001', amountFen: 50_000_000n, months: 240, paidPeriods: 5 } as const;

/**
 * The day the demo loan was issued: the 15th (the 16th when the seed day is a 15th), of the month that puts period
 * paidPeriods + 1 strictly before the seed day and the next period strictly after it: seven months back when the seed
 * day comes before that day of its month, six months back otherwise.
 */
export function loanIssueDate(cal: DemoCalendar): string {
  const { back, day } = loanIssue(cal);
  return cal.dayOf(cal.monthsBack(back), day);
}

/** How many months back the loan was issued (7 or 6), and its day of the month (loanIssueDate). */
function loanIssue(cal: DemoCalendar): { back: number; day: number } {
  const today = Number(cal.today.slice(8));
  const day = today === 15 ? 16 : 15;
  return { back: today < day ? LOAN_DEMO.paidPeriods + 2 : LOAN_DEMO.paidPeriods + 1, day };
}

export const PENDING_PROJECT = {
  dwzh: '900100200001',
  xmbh: 'LP2026000104',
  xmmc: '示例·云栖府（三期）',
  xmdz: '示范市高新区云栖路 102 号',
  ysxkzh: '示房预售证第2026007号',
  zts: 312,
  /** Opens ten days after the seed day. */
  kpsj: (cal: DemoCalendar) => cal.daysAgo(-10),
} as const;

export async function seedLoans(tx: Queryable, password: string, cal: DemoCalendar): Promise<void> {
  const u = LOAN_DEMO_LOGIN;
  const issueDate = loanIssueDate(cal);
  // He joined the demo unit two months after the loan was issued; the 补缴 is for the month before he joined.
  const back = loanIssue(cal).back;
  const joined = cal.monthsBack(back - 2);
  await seedDemoIndividual(tx, u, password, {
    complete: true,
    details: { txdz: '示范市高新区云栖路 88 号 3 栋 1202 室', yzbm: '250101', hyzk: '20', gzdh: '0531-86001241', zy: '工程师', xl: '大学本科' },
    khrq: cal.dayOf(joined, 1),
  });
  const [has] = await tx.query('select 1 from loan where ywbh = $1', [LOAN_DEMO.ywbh]);
  if (!has) {
    await tx.query('update personal_account set jcjs_fen = 1200000, yjce_fen = 288000 where grzh = $1', [u.grzh]);
    await postMovement(tx, { accountNo: u.grzh, amountFen: 4_000_000n, kind: '02', ywbh: 'DEMO-BJ-201000000701', line: 1, valueDate: cal.dayOf(joined, 1), period: cal.monthsBack(back - 1) });
    await settleAccountTo(tx, u.grzh, cal.settledYear);
    const loan = await createLoan(tx, {
      ywbh: LOAN_DEMO.ywbh,
      zjhm: u.account,
      xingming: u.name,
      grzh: u.grzh,
      amountFen: LOAN_DEMO.amountFen,
      months: LOAN_DEMO.months,
      annualRate: '2.6',
      rateCode: '02',
      method: '01',
      issueDate,
      fwlx: '01',
      xmbh: 'LP2024000101',
      fwdz: '示范市高新区云栖路 88 号 3 栋 1202 室',
      fwmj: '96.80',
      fwzjFen: 90_000_000n,
      secondHome: false,
      dbfs: '72',
      hkyh: '中国工商银行',
      hkzh: '6222020200112233445',
      at: new Date(`${issueDate}T10:00:00+08:00`),
    });
    // The card paid periods 1–5 on their due dates; set-based, as the monthly command does.
    await tx.query(
      `insert into loan_repayment (dkzh, period, ywbh, line, pay_date, principal_fen, interest_fen, source)
       select dkzh, period, 'HK' || dkzh || lpad(period::text, 3, '0'), 90, due_date, principal_fen, interest_fen, 'card'
         from loan_schedule where dkzh = $1 and period <= $2`,
      [loan.dkzh, LOAN_DEMO.paidPeriods],
    );
    await tx.query(
      `update loan_schedule set paid_principal_fen = principal_fen, paid_interest_fen = interest_fen, status = '1' where dkzh = $1 and period <= $2`,
      [loan.dkzh, LOAN_DEMO.paidPeriods],
    );
    await tx.query(`update loan_schedule set status = '2' where dkzh = $1 and period = $2`, [loan.dkzh, LOAN_DEMO.paidPeriods + 1]);
    const balance = scheduleOf({ ...loan, amountFen: LOAN_DEMO.amountFen })[LOAN_DEMO.paidPeriods - 1]!.balance;
    await tx.query(`update loan set status = '2', card_debit_fails = true, balance_fen = $2 where dkzh = $1`, [loan.dkzh, balance.replace('.', '')]);
  }
  const p = PENDING_PROJECT;
  await tx.query(
    `insert into developer_project (dwzh, xmbh, xmmc, xmdz, ysxkzh, zts, kpsj, zt, spzt, jgqj) values ($1, $2, $3, $4, $5, $6, $7, '01', '01', '23000-26000 元/㎡')
     on conflict (xmbh) do nothing`,
    [p.dwzh, p.xmbh, p.xmmc, p.xmdz, p.ysxkzh, p.zts, p.kpsj(cal)],
  );
}
