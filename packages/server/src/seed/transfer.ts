import type { Queryable } from '../db/db';
import { openAccount, setAccountStatus } from '../records/accounts';
import { settleBatch } from '../records/interest';
import { postMovement } from '../records/journal';
import { demoPasswordHash } from './password';
import { ROLES } from './menus';
import { monthText, type DemoCalendar } from './calendar';

/**
 * Seed step 16 (issue 24, docs/api-personal.md › 同城转移): the personal transfer's menu entry and its demo depositor.
 *
 * - 同城转移 (`/grwt/zhxx/zhxxbg/tczy`, GJ0314) joins the individual's 账户信息变更 tab (menu 1120, role grjczgry):
 *   moving one's account to a new employer changes the account's unit, so it sits beside the other changes.
 * - 程立新 worked at 示范市第一建筑工程有限公司 from July 2024 to four months before the seed day (the demo calendar: August
 *   when seeded in December); the unit sealed his account (封存) the month after and he now works at 示范市恒通物流有限公司. His login (the demo password) is the end-to-end test's own
 *   (packages/hall/e2e/staff-transfer.spec.ts): no other test uses him.
 */
export const TRANSFER_DEMO = {
  xingming: '程立新',
  zjhm: '370102198912063011',
  phone: '13400134001',
  grzh: '201000000501',
  // Not the demo unit 示例科技有限公司, whose lists other tests count.
  oldUnit: { dwzh: '100200300101', dwmc: '示范市第一建筑工程有限公司' },
  newUnit: { dwzh: '100200300103', dwmc: '示范市恒通物流有限公司' },
  /** 6,500 yuan, 12 % + 12 %: 780 + 780 a month. */
  baseFen: 650_000n,
  monthlyFen: 156_000n,
  first: '2024-07',
  /** His last month paid: four months before the seed day's (`YYYYMM`). */
  last: (cal: DemoCalendar) => cal.monthsBack(4),
} as const;

/** The menu entry of the personal transfer: under the 账户信息变更 tab, after the phone change. */
export const TRANSFER_MENU = { id: 1129, parentId: 1120, sort: 9, path: '/grwt/zhxx/zhxxbg/tczy', title: '同城转移', icon: 'zy' } as const;

/** The months from `first` to `last` (YYYY-MM), in order. */
function months(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  const end = last;
  for (;;) {
    const s = `${y}-${String(m).padStart(2, '0')}`;
    if (s > end) return out;
    out.push(s);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

export async function seedTransfer(tx: Queryable, password: string, cal: DemoCalendar): Promise<void> {
  const m = TRANSFER_MENU;
  await tx.query(
    `insert into menu (id, parent_id, sort, path, name, component, menu_type, enable, title, icon, buttons)
     select $1, $2, $3, $4, $5, $6, 2, 1, $7, $8, $9 where exists (select 1 from menu where id = $2)
     on conflict (id) do nothing`,
    [m.id, m.parentId, m.sort, m.path, m.path.slice(1).replace(/\//g, '_'), m.path.slice(1), m.title, m.icon, ['submit']],
  );
  await tx.query(`insert into menu_role (role, menu_id) select $1, $2 where exists (select 1 from menu where id = $2) on conflict do nothing`, [ROLES.personal, m.id]);

  const d = TRANSFER_DEMO;
  const passwordHash = await demoPasswordHash(password);
  const [user] = await tx.query<{ id: string }>(
    `insert into app_user (login_type, account, phone, display_name, password_hash) values (1, $1, $2, $3, $4)
     on conflict (account) do nothing returning id::text as id`,
    [d.zjhm, d.phone, d.xingming, passwordHash],
  );
  if (!user) return;
  const [account] = await tx.query<{ id: string }>(
    `insert into user_account (user_id, account, account_type, nik_name, roles, is_primary, sort)
     values ($1, $2, '个人缴存账户', $3, $4, true, 100) returning id::text as id`,
    [user.id, d.zjhm, d.xingming, [ROLES.personal]],
  );
  await tx.query(
    `insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, grzhye, dwmc, sjhm) values ($1, $2, $3, $4, '02', 0, $5, $6)`,
    [account!.id, d.xingming, d.zjhm, d.grzh, d.oldUnit.dwmc, d.phone],
  );
  await tx.query(`insert into info_check (account_id, status, type) values ($1, 0, 'gr')`, [account!.id]);
  await tx.query(
    `insert into depositor_record (xingming, zjhm, sjhm, grzh, dwmc, grzhye, kind) values ($1, $2, $3, $4, $5, 0, 'gr') on conflict (zjhm) do nothing`,
    [d.xingming, d.zjhm, d.phone, d.grzh, d.oldUnit.dwmc],
  );

  // His records through the records module: the account, a remittance on the 10th of every month, each 30 June's
  // settlement by the real engine (only his account is behind: the batch starts just before his number), then sealed.
  await openAccount(tx, {
    grzh: d.grzh,
    zjhm: d.zjhm,
    xingming: d.xingming,
    dwzh: d.oldUnit.dwzh,
    dwmc: d.oldUnit.dwmc,
    kind: 'gr',
    khrq: `${d.first}-01`,
    jcjsFen: d.baseFen,
    dwjcbl: 12,
    grjcbl: 12,
    yjceFen: d.monthlyFen,
  });
  const before = String(BigInt(d.grzh) - 1n);
  for (const month of months(d.first, monthText(d.last(cal)))) {
    const valueDate = `${month}-10`;
    if (month.endsWith('-07') && month !== d.first) await settleBatch(tx, Number(month.slice(0, 4)), before, 1);
    const period = month.replace('-', '');
    await postMovement(tx, { accountNo: d.grzh, amountFen: d.monthlyFen, kind: '01', ywbh: `HJ${d.oldUnit.dwzh}${period}`, line: 1, valueDate, period, note: '汇缴' });
  }
  await setAccountStatus(tx, d.grzh, '02');
}
