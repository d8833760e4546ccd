import type { Queryable } from '../db/db';
import { seedDemoIndividual } from './changes';
import type { DemoCalendar } from './calendar';
import { postMonthlyRemittances } from './remittances';

/**
 * Seed step 21 (issue 33, withdrawals): 严退休, a man born in 1965 who has reached the statutory retirement age, with a
 * login and an account paying for the last five months (the demo calendar: since July when seeded in December), so the tests and the hall can close an account by 离休退休提取 and see
 * the interest to the day. Nobody else reads his account.
 */
export const RETIREE_DEMO_LOGIN = {
  account: '110105196503150036',
  name: '严退休',
  phone: '13300130033',
  grzh: '201000000603',
  dwzh: '100200300001',
  dwmc: '示例科技有限公司',
} as const;

/** How many months he has paid, up to last month (汇缴 of 1,920 yuan on the 10th). */
export const RETIREE_PAID_MONTHS = 5;

export async function seedWithdrawals(tx: Queryable, password: string, cal: DemoCalendar): Promise<void> {
  const paid = cal.lastMonths(RETIREE_PAID_MONTHS);
  await seedDemoIndividual(tx, RETIREE_DEMO_LOGIN, password, {
    complete: true,
    details: { txdz: '示范市历下区泉城路 30 号', yzbm: '250011', hyzk: '20', gzdh: '0531-86001236', zy: '工程师', xl: '大学本科' },
    khrq: cal.dayOf(paid[0]!, 1),
  });
  await postMonthlyRemittances(tx, RETIREE_DEMO_LOGIN.grzh, 192_000n, `HJSEED21${RETIREE_DEMO_LOGIN.grzh}`, paid, cal.settledYear);
}

/**
 * Seed step 22 (issue 33, TQ0106): a loan of the centre's own to 钱找回 (paid out 1 May 2024, 2,500 yuan a month),
 * so 偿还住房贷款提取 can be completed at once against the centre's records; and his home on the property register
 * (he owns the home he bought, so he may not withdraw for rent).
 */
export const DEMO_LOAN = { jkhtbh: 'GJJDK2024050001', zjhm: '110105199208153027', xingming: '钱找回', yhkeFen: 250_000n } as const;

export async function seedLoanAndHome(tx: Queryable): Promise<void> {
  await tx.query(
    `insert into loan_contract (jkhtbh, zjhm, xingming, dkje_fen, yhke_fen, ffrq, dqrq, dkye_fen, fwzl)
     values ($1, $2, $3, 50000000, $4, '2024-05-01', '2044-05-01', 45600000, '示范市历下区山大路 1 号 2-3-501')
     on conflict (jkhtbh) do nothing`,
    [DEMO_LOAN.jkhtbh, DEMO_LOAN.zjhm, DEMO_LOAN.xingming, String(DEMO_LOAN.yhkeFen)],
  );
  await tx.query(
    `insert into property_record (zjhm, fwzl, registered_on) values ($1, '示范市历下区山大路 1 号 2-3-501', '2024-06-15') on conflict do nothing`,
    [DEMO_LOAN.zjhm],
  );
}
