import type { Queryable } from '../db/db';
import { seedDemoIndividual, type DemoIndividual } from './changes';
import type { DemoCalendar } from './calendar';
import { postMonthlyRemittances } from './remittances';
import { ROLES } from './menus';

/**
 * Seed step 48 (issue 33, the hall's withdrawal walks): two demo individuals only the withdrawal end-to-end walks
 * (packages/hall/e2e/withdrawals-more.spec.ts) change, so no other test meets their applications or a closed account.
 *
 * - 韩购房, married, his spouse 许配偶 on file (`person_detail.pozjhm`): 购买自住住房提取 with the spouse withdrawing
 *   for the same home (the QR-signed authorisation letter), completed by the centre. Too young to retire: his
 *   离休退休提取 is refused with its reason.
 * - 冯退休, a woman born in April 1969 (past the retirement age 55 of the demo centre): 离休退休提取 closes her account.
 *
 * Both paid 汇缴 for the last five months on the 10th (the demo calendar: July–November when seeded in December), as
 * 严退休 of step 21.
 */
export const BUYER_DEMO_LOGIN: DemoIndividual = {
  account: '110105198806124811',
  name: '韩购房',
  phone: '13300134801',
  grzh: '201000004801',
  dwzh: '100200300001',
  dwmc: '示例科技有限公司',
};
export const BUYER_SPOUSE = { name: '许配偶', zjhm: '110105198909154829' } as const;

export const RETIREE2_DEMO_LOGIN: DemoIndividual = {
  account: '110105196904104823',
  name: '冯退休',
  phone: '13300134802',
  grzh: '201000004802',
  dwzh: '100200300001',
  dwmc: '示例科技有限公司',
};

/** How many months both have paid, up to last month. */
export const WALKS_PAID_MONTHS = 5;

export async function seedWithdrawalWalks(tx: Queryable, password: string, cal: DemoCalendar): Promise<void> {
  const months = cal.lastMonths(WALKS_PAID_MONTHS);
  const khrq = cal.dayOf(months[0]!, 1);
  await seedDemoIndividual(tx, BUYER_DEMO_LOGIN, password, {
    complete: true,
    details: { txdz: '示范市历下区经十路 48 号', yzbm: '250014', hyzk: '20', gzdh: '0531-86004801', zy: '工程师', xl: '大学本科' },
    khrq,
  });
  await tx.query(
    `update person_detail set poxm = $2, pozjhm = $3
      where account_id = (select p.account_id from person_info p where p.zjhm = $1)`,
    [BUYER_DEMO_LOGIN.account, BUYER_SPOUSE.name, BUYER_SPOUSE.zjhm],
  );
  await seedDemoIndividual(tx, RETIREE2_DEMO_LOGIN, password, {
    complete: true,
    details: { txdz: '示范市历下区经十路 49 号', yzbm: '250014', hyzk: '20', gzdh: '0531-86004802', zy: '会计', xl: '大学专科' },
    khrq,
  });
  await postMonthlyRemittances(tx, BUYER_DEMO_LOGIN.grzh, 240_000n, `HJSEED48${BUYER_DEMO_LOGIN.grzh}`, months, cal.settledYear);
  await postMonthlyRemittances(tx, RETIREE2_DEMO_LOGIN.grzh, 180_000n, `HJSEED48${RETIREE2_DEMO_LOGIN.grzh}`, months, cal.settledYear);
}

/** Seed step 49: 提取查询 under 提取业务 (the tab and its two pages), for the individual and flexible roles. */
export const WITHDRAWAL_LIST_MENUS = [
  { id: 1220, parentId: 1200, sort: 2, path: 'tqcx', title: '提取查询', menuType: 3, icon: '' },
  { id: 1221, parentId: 1220, sort: 1, path: '/grwt/tqSys/tqcx/tqjd', title: '提取进度', menuType: 2, icon: 'cx' },
  { id: 1222, parentId: 1220, sort: 2, path: '/grwt/tqSys/tqcx/tqls', title: '提取历史', menuType: 2, icon: 'cx' },
] as const;

export async function seedWithdrawalMenus(tx: Queryable): Promise<void> {
  for (const m of WITHDRAWAL_LIST_MENUS) {
    const page = m.menuType === 2;
    const inserted = await tx.query(
      `insert into menu (id, parent_id, sort, path, name, component, menu_type, enable, title, icon, no_cache, buttons)
       select $1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $10, $11 where exists (select 1 from menu where id = $2)
       on conflict (id) do nothing returning id`,
      [m.id, m.parentId, m.sort, m.path, m.path.replace(/^\//, '').replace(/\//g, '_'), page ? m.path.slice(1) : '', m.menuType, m.title, m.icon, page, page ? ['print'] : []],
    );
    if (inserted.length === 0) continue;
    for (const role of [ROLES.personal, ROLES.flexible]) await tx.query('insert into menu_role (role, menu_id) values ($1, $2) on conflict do nothing', [role, m.id]);
  }
}
