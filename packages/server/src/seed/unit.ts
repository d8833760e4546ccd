import type { Queryable } from '../db/db';
import { demoPasswordHash } from './password';
import { ROLES } from './menus';

/** A unit the centre holds an account for (table unit_record). */
export interface UnitRecordSeed {
  dwzh: string;
  dwmc: string;
  tyshxydm: string;
  category: 'jcdw' | 'qtdw';
  jbrxm: string;
  jbrzjhm: string;
  jbrsjhm: string;
  dwzhzt: string;
  groupBh: string;
  /** Seed a hall login for it too (password DEMO_PASSWORD), for the password tests. */
  login?: boolean;
}

/**
 * The centre's unit records (seed step 6): the demo unit and developer (their logins exist already), units with no
 * login yet for registration, and a dedicated unit and developer login whose passwords the tests may change (the
 * demo logins' passwords are never changed: other tests sign in as them). Handler phones 153 0015 xxxx.
 */
export const DEMO_UNIT_RECORDS: readonly UnitRecordSeed[] = [
  { dwzh: '100200300001', dwmc: '示例科技有限公司', tyshxydm: '91370100MA3C5K8X1W', category: 'jcdw', jbrxm: '陈晓', jbrzjhm: '110102198503141017', jbrsjhm: '13900139000', dwzhzt: '01', groupBh: '2' },
  { dwzh: '900100200001', dwmc: '示例置业发展有限公司', tyshxydm: '91370100MA3D2F7Y2R', category: 'qtdw', jbrxm: '刘洋', jbrzjhm: '370102198806212028', jbrsjhm: '13700137000', dwzhzt: '01', groupBh: '0' },
  // Registration end to end (/dwRegister).
  { dwzh: '100200300101', dwmc: '示范市第一建筑工程有限公司', tyshxydm: '91370100MA3F4H5W4M', category: 'jcdw', jbrxm: '王建国', jbrzjhm: '370103197909053033', jbrsjhm: '15300150001', dwzhzt: '01', groupBh: '1' },
  // A handler name or ID that does not match; /setLoginPwd before registering.
  { dwzh: '100200300102', dwmc: '示范市明德教育咨询有限公司', tyshxydm: '91370100MA3G7J4U53', category: 'jcdw', jbrxm: '赵丽', jbrzjhm: '370104199201184041', jbrsjhm: '15300150002', dwzhzt: '01', groupBh: '3' },
  // A unit login whose password the tests set (/setLoginPwd).
  { dwzh: '100200300103', dwmc: '示范市恒通物流有限公司', tyshxydm: '91370100MA3H6K3T6H', category: 'jcdw', jbrxm: '孙伟', jbrzjhm: '370105198707231054', jbrsjhm: '15300150003', dwzhzt: '01', groupBh: '2', login: true },
  // A developer login whose password the tests set (/setQtLoginPwd).
  { dwzh: '900100200103', dwmc: '示范市安居房地产开发有限公司', tyshxydm: '91370100MA3K8M1Q8D', category: 'qtdw', jbrxm: '周敏', jbrzjhm: '37010619900212206X', jbrsjhm: '15300150004', dwzhzt: '01', groupBh: '0', login: true },
  // A closed unit: registration refused.
  { dwzh: '100200300104', dwmc: '示范市旧城百货有限公司', tyshxydm: '91370100MA3L9N2P9N', category: 'jcdw', jbrxm: '钱进', jbrzjhm: '370107198304303079', jbrsjhm: '15300150006', dwzhzt: '04', groupBh: '1' },
];

/** Inserts the unit records and the dedicated unit and developer logins (with `password`, the demo one). */
export async function seedUnits(tx: Queryable, password: string): Promise<void> {
  const passwordHash = await demoPasswordHash(password);
  for (const u of DEMO_UNIT_RECORDS) {
    await tx.query(
      `insert into unit_record (dwzh, dwmc, tyshxydm, category, jbrxm, jbrzjhm, jbrsjhm, dwzhzt, group_bh)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (dwzh) do nothing`,
      [u.dwzh, u.dwmc, u.tyshxydm, u.category, u.jbrxm, u.jbrzjhm, u.jbrsjhm, u.dwzhzt, u.groupBh],
    );
    if (!u.login) continue;
    const developer = u.category === 'qtdw';
    const [user] = await tx.query<{ id: string }>(
      `insert into app_user (login_type, account, phone, display_name, password_hash)
       values ($1, $2, $3, $4, $5) on conflict (account) do nothing returning id::text as id`,
      [developer ? 3 : 2, u.dwzh, u.jbrsjhm, u.dwmc, passwordHash],
    );
    if (!user) continue;
    const [account] = await tx.query<{ id: string }>(
      `insert into user_account (user_id, account, account_type, nik_name, company_name, roles, group_bh, is_primary)
       values ($1, $2, $3, $4, $5, $6, $7, true) returning id::text as id`,
      [user.id, u.dwzh, developer ? '开发商账户' : '单位缴存账户', u.jbrxm, u.dwmc, [developer ? ROLES.developer : ROLES.unit], u.groupBh],
    );
    await tx.query('insert into unit_info (account_id, dwmc, dwzh, dwzhzt, jbrxm, jbrsjhm) values ($1, $2, $3, $4, $5, $6)', [
      account!.id,
      u.dwmc,
      u.dwzh,
      u.dwzhzt,
      u.jbrxm,
      u.jbrsjhm,
    ]);
    await tx.query('insert into info_check (account_id, status, type) values ($1, 0, $2)', [account!.id, developer ? 'kfs' : 'dw']);
  }
}
