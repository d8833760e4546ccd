import type { Queryable } from '../db/db';
import { openAccount } from '../records';
import { demoPasswordHash } from './password';
import { ROLES } from './menus';

/**
 * Seed step 17 (issue 24): an individual whose name change the end-to-end test of 我的业务 sees accepted and completed
 * by the centre (packages/hall/e2e/my-business.spec.ts). Since issue 24 a completed name change renames the person on
 * the records, and a change to the name already on file is refused: the test needs someone whose name no other test
 * reads. His information is complete, so no prompt stands in the way.
 */
export const OFFICE_DEMO_LOGIN = {
  account: '110105198703143016',
  name: '周晓明',
  phone: '13300130031',
  grzh: '201000000602',
  dwzh: '100200300001',
  dwmc: '示例科技有限公司',
} as const;

export async function seedOffice(tx: Queryable, password: string): Promise<void> {
  const u = OFFICE_DEMO_LOGIN;
  const [user] = await tx.query<{ id: string }>(
    `insert into app_user (login_type, account, phone, display_name, password_hash) values (1, $1, $2, $3, $4)
     on conflict (account) do nothing returning id::text as id`,
    [u.account, u.phone, u.name, await demoPasswordHash(password)],
  );
  if (!user) return;
  const [account] = await tx.query<{ id: string }>(
    `insert into user_account (user_id, account, account_type, nik_name, roles, is_primary, sort)
     values ($1, $2, '个人缴存账户', $3, $4, true, 0) returning id::text as id`,
    [user.id, u.account, u.name, [ROLES.personal]],
  );
  await tx.query(
    `insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, grzhye, dwmc, sjhm) values ($1, $2, $3, $4, '01', 0, $5, $6)`,
    [account!.id, u.name, u.account, u.grzh, u.dwmc, u.phone],
  );
  await tx.query(`insert into info_check (account_id, status, type) values ($1, 0, 'gr')`, [account!.id]);
  await tx.query(
    `insert into person_detail (account_id, txdz, yzbm, hyzk, gzdh, zy, xl, updated_at, ywbh)
     values ($1, '示范市历下区泉城路 20 号', '250011', '10', '0531-86001235', '会计', '大学本科', now(), '')`,
    [account!.id],
  );
  // The centre's records (src/records): his account, opened empty.
  await openAccount(tx, { grzh: u.grzh, zjhm: u.account, xingming: u.name, dwzh: u.dwzh, dwmc: u.dwmc, kind: 'gr', khrq: '2023-09-01', jcjsFen: 800000n, dwjcbl: 12, grjcbl: 12 });
}
