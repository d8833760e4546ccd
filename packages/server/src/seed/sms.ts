import type { Queryable } from '../db/db';
import { demoPasswordHash } from './password';
import { ROLES } from './menus';

/**
 * Demo individuals for SMS sign-in, password recovery and password change (issue 6). Tests change their passwords,
 * so the five older demo logins are never touched. Every password is the demo one (Gjj@2026); `initial` marks a
 * password the centre set, which the hall asks to change right after sign-in (pwd_status '0').
 */
// The grzh below are those this step gave; they were 赵六's … 吴磊's numbers, and seed step 10 (records.ts) gives these
// four 201000000401-404 of their own.
export const SMS_DEMO_LOGINS = [
  { account: '110105198805122013', phone: '13300130001', name: '赵初始', grzh: '201000000301', initial: true, use: '首次登录强制修改初始密码' },
  { account: '110105199208153027', phone: '13300130002', name: '钱找回', grzh: '201000000302', initial: false, use: '找回密码' },
  { account: '110105198503014033', phone: '13300130003', name: '孙改密', grzh: '201000000303', initial: false, use: '修改密码' },
  { account: '110105199506205040', phone: '13300130004', name: '李短信', grzh: '201000000304', initial: false, use: '短信登录（发送过于频繁）' },
] as const;

/** Seeds the logins above with one personal account each (information complete, so no prompt follows sign-in). */
export async function seedSmsLogins(tx: Queryable, password: string): Promise<void> {
  const passwordHash = await demoPasswordHash(password);
  for (const u of SMS_DEMO_LOGINS) {
    const [user] = await tx.query<{ id: string }>(
      `insert into app_user (login_type, account, phone, display_name, password_hash, pwd_status)
       values (1, $1, $2, $3, $4, $5) on conflict (account) do nothing returning id::text as id`,
      [u.account, u.phone, u.name, passwordHash, u.initial ? '0' : '1'],
    );
    if (!user) continue;
    const [account] = await tx.query<{ id: string }>(
      `insert into user_account (user_id, account, account_type, nik_name, roles, is_primary, sort)
       values ($1, $2, '个人缴存账户', $3, $4, true, 100) returning id::text as id`,
      [user.id, u.account, u.name, [ROLES.personal]],
    );
    await tx.query(
      `insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, grzhye, dwmc, sjhm)
       values ($1, $2, $3, $4, '01', 35200.00, '示例科技有限公司', $5)`,
      [account!.id, u.name, u.account, u.grzh, u.phone],
    );
    await tx.query(`insert into info_check (account_id, status, type) values ($1, 0, 'gr')`, [account!.id]);
  }
}
