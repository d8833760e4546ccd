import type { Queryable } from '../db/db';
import { hashPassword } from '../auth/password';
import { seedGovCitizens } from './ca';
import { ROLES } from './menus';

/**
 * Seed step 9 (issue 18, docs/security/identity-sso.md): the people of the verified registration.
 *
 * - Citizens of the simulated platform who have no login at the centre, so that 灵活就业人员开户 and 异地贷款人员注册
 *   can run through the platform's verified identity: 冯雪 and 褚伟, whom the tests register.
 * - An *unverified* login, as 异地贷款人员注册 made them before this change (a name and an ID number typed in): 蒋青
 *   signs in with the demo password and sees why they can do no business. 蒋青 is a platform citizen too: signing in
 *   there as 蒋青 takes the ID number over and closes this login (try it by hand; the tests leave 蒋青 alone).
 */
export const IDENTITY_DEMO_CITIZENS = [
  { idNumber: '370783199001010045', name: '冯雪' },
  { idNumber: '420106198907203155', name: '褚伟' },
  { idNumber: '370102199403152213', name: '蒋青' },
] as const;

/** The unverified demo login (a self-made out-of-area loan registration). */
export const UNVERIFIED_DEMO_LOGIN = { account: '370102199403152213', name: '蒋青', phone: '13100130301' } as const;

export async function seedIdentity(tx: Queryable, password: string): Promise<void> {
  await seedGovCitizens(tx, IDENTITY_DEMO_CITIZENS);
  const u = UNVERIFIED_DEMO_LOGIN;
  const [user] = await tx.query<{ id: string }>(
    `insert into app_user (login_type, account, phone, display_name, password_hash, identity_source)
     values (1, $1, $2, $3, $4, 'self') on conflict (account) do nothing returning id::text as id`,
    [u.account, u.phone, u.name, await hashPassword(password)],
  );
  if (!user) return;
  const [account] = await tx.query<{ id: string }>(
    `insert into user_account (user_id, account, account_type, nik_name, roles, is_primary, sort)
     values ($1, $2, '异地贷款职工', $3, $4, true, 0) returning id::text as id`,
    [user.id, u.account, u.name, [ROLES.remoteLoan]],
  );
  await tx.query(
    `insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, grzhye, dwmc, sjhm) values ($1, $2, $3, '', '', 0, '', $4)`,
    [account!.id, u.name, u.account, u.phone],
  );
  await tx.query(`insert into info_check (account_id, status, type) values ($1, 0, 'gr')`, [account!.id]);
  await tx.query(
    `insert into remote_loan_person (account_id, jcdcs, jczx, ydgrzh, dwmc, created_at) values ($1, '济南市', '济南住房公积金中心', '370100445566', '', now())`,
    [account!.id],
  );
}
