import type { Queryable } from '../db/db';
import { postMovement } from '../records';
import { seedDemoIndividual } from './changes';

/**
 * Seed step 21 (issue 33, withdrawals): 严退休, a man born in 1965 who has reached the statutory retirement age, with a
 * login and an account paying since July 2026, so the tests and the hall can close an account by 离休退休提取 and see
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

/** Months he has paid (汇缴 of 1,920 yuan on the 10th). */
const PAID = ['202607', '202608', '202609', '202610', '202611'];

export async function seedWithdrawals(tx: Queryable, password: string): Promise<void> {
  await seedDemoIndividual(tx, RETIREE_DEMO_LOGIN, password, {
    complete: true,
    details: { txdz: '示范市历下区泉城路 30 号', yzbm: '250011', hyzk: '20', gzdh: '0531-86001236', zy: '工程师', xl: '大学本科' },
    khrq: '2026-07-01',
  });
  for (const period of PAID) {
    await postMovement(tx, {
      accountNo: RETIREE_DEMO_LOGIN.grzh,
      amountFen: 192_000n,
      kind: '01',
      ywbh: `HJSEED21${RETIREE_DEMO_LOGIN.grzh}${period}`,
      line: 1,
      valueDate: `${period.slice(0, 4)}-${period.slice(4)}-10`,
      period,
    });
  }
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
