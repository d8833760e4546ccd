import type { Queryable } from '../db/db';
import { ROLES } from './menus';
import { demoPasswordHash } from './password';

/**
 * Seed step 15 (issue 24, flexible employment; docs/api-personal.md › 灵活就业):
 *
 * - the flexible pages spec 2.4 names that the menus lacked (GJ0801 开户, GJ0815 补缴, GJ0814 财政补贴申请), under
 *   灵活就业人员业务 after the six seeded in step 2, so every flexible code has its page;
 * - a login for 郑浩 (370102199302145532, on the centre's records with the flexible account 201000000305 since
 *   2024-05, phone 13100130005), the flexible-employment login whose account the e2e changes (李梅 stays the one
 *   whose information is incomplete);
 * - the deduction bank account of the demo flexible accounts (张三's 201000000188, 李梅's, 郑浩's).
 */

/** The flexible demo login of step 15. */
export const FLEXIBLE_DEMO_LOGIN = { account: '370102199302145532', name: '郑浩', phone: '13100130005', grzh: '201000000305' } as const;

/** The flexible pages step 15 adds (menu id, path, title, icon). */
export const FLEXIBLE_MENU_PAGES = [
  [1137, '/grwt/zhxx/lhjyryyw/lhjyrykh', '灵活就业人员开户', 'kh'],
  [1138, '/grwt/zhxx/lhjyryyw/lhjyry_ybj', '灵活就业人员补缴', 'jc'],
  [1139, '/grwt/zhxx/lhjyryyw/dzzbys_czbtsq', '灵活就业人员财政补贴申请', 'tz'],
] as const;

const DEDUCTION_ACCOUNTS = [
  ['201000000188', '中国工商银行', '6222021001000188123', '北京市东城区'],
  ['201000000233', '中国建设银行', '6217001001000233456', '江苏省南京市'],
  ['201000000305', '中国农业银行', '6228481001000305789', '山东省济南市'],
] as const;

export async function seedFlexible(tx: Queryable, password: string): Promise<void> {
  let sort = 6;
  for (const [id, path, title, icon] of FLEXIBLE_MENU_PAGES) {
    sort += 1;
    const inserted = await tx.query(
      `insert into menu (id, parent_id, sort, path, name, component, menu_type, title, icon, buttons)
       select $1, 1130, $2, $3, $4, $5, 2, $6, $7, '{submit}' where exists (select 1 from menu where id = 1130)
       on conflict (id) do nothing returning id`,
      [id, sort, path, path.slice(1).replace(/\//g, '_'), path.slice(1), title, icon],
    );
    if (inserted.length > 0) await tx.query('insert into menu_role (role, menu_id) values ($1, $2) on conflict do nothing', [ROLES.flexible, id]);
  }

  const at = new Date();
  for (const [grzh, kkyh, kkzh, hjszd] of DEDUCTION_ACCOUNTS) {
    await tx.query(
      `insert into flexible_account (grzh, kkyh, kkzh, hjszd, updated_at)
       select $1, $2, $3, $4, $5 where exists (select 1 from personal_account where grzh = $1)
       on conflict (grzh) do nothing`,
      [grzh, kkyh, kkzh, hjszd, at],
    );
  }

  const u = FLEXIBLE_DEMO_LOGIN;
  const [user] = await tx.query<{ id: string }>(
    `insert into app_user (login_type, account, phone, display_name, password_hash, identity_source)
     values (1, $1, $2, $3, $4, 'records') on conflict (account) do nothing returning id::text as id`,
    [u.account, u.phone, u.name, await demoPasswordHash(password)],
  );
  if (!user) return;
  const [account] = await tx.query<{ id: string }>(
    `insert into user_account (user_id, account, account_type, nik_name, roles, is_primary, sort)
     values ($1, $2, '灵活就业缴存账户', $3, $4, true, 0) returning id::text as id`,
    [user.id, u.account, u.name, [ROLES.flexible]],
  );
  await tx.query(
    `insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, grzhye, dwmc, sjhm) values ($1, $2, $3, $4, '01', 0, '', $5)`,
    [account!.id, u.name, u.account, u.grzh, u.phone],
  );
  await tx.query(`insert into info_check (account_id, status, type) values ($1, 0, 'gr')`, [account!.id]);
}
