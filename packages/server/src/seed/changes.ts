import type { Queryable } from '../db/db';
import { openAccount } from '../records';
import { demoPasswordHash } from './password';
import { ROLES } from './menus';

/**
 * Seed step 14 (issue 24, GJ0302 and GJ0313): an individual whose details and phone the end-to-end test of the
 * personal changes changes (packages/hall/e2e/personal-changes.spec.ts), so no other test's data moves. Her
 * information is incomplete (info_check 1): the prompt after sign-in leads to 个人账户信息变更. Try it by hand too.
 */
export const CHANGES_DEMO_LOGIN = {
  account: '110105199202026027',
  name: '冯信息',
  phone: '13300130021',
  grzh: '201000000601',
  dwzh: '100200300001',
  dwmc: '示例科技有限公司',
} as const;

/** A demo individual with a login, details on file and an empty account at a unit (seed steps 14 and 17). */
export interface DemoIndividual {
  account: string;
  name: string;
  phone: string;
  grzh: string;
  dwzh: string;
  dwmc: string;
}

/**
 * Adds a demo individual: the login, the person's information (complete or not: `info_check` 0 or 1), the details
 * on file, and the account on the centre's records, opened empty on `khrq`. Nothing when the login exists.
 */
export async function seedDemoIndividual(
  tx: Queryable,
  u: DemoIndividual,
  password: string,
  options: { complete: boolean; details: { txdz: string; yzbm: string; hyzk: string; gzdh: string; zy?: string; xl?: string }; khrq: string },
): Promise<void> {
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
  await tx.query(`insert into info_check (account_id, status, type) values ($1, $2, 'gr')`, [account!.id, options.complete ? 0 : 1]);
  const d = options.details;
  await tx.query(
    `insert into person_detail (account_id, txdz, yzbm, hyzk, gzdh, zy, xl, updated_at, ywbh) values ($1, $2, $3, $4, $5, $6, $7, now(), '')`,
    [account!.id, d.txdz, d.yzbm, d.hyzk, d.gzdh, d.zy ?? '', d.xl ?? ''],
  );
  // The centre's records (src/records): the account, opened empty.
  await openAccount(tx, { grzh: u.grzh, zjhm: u.account, xingming: u.name, dwzh: u.dwzh, dwmc: u.dwmc, kind: 'gr', khrq: options.khrq, jcjsFen: 800000n, dwjcbl: 12, grjcbl: 12 });
}

export async function seedChanges(tx: Queryable, password: string): Promise<void> {
  // Her information is incomplete: the prompt after sign-in leads to 个人账户信息变更 (the detail tests are elsewhere).
  await seedDemoIndividual(tx, CHANGES_DEMO_LOGIN, password, {
    complete: false,
    details: { txdz: '示范市历下区泉城路 8 号', yzbm: '250011', hyzk: '10', gzdh: '0531-86001234' },
    khrq: '2024-03-01',
  });
}
