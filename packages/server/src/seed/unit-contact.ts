import type { Queryable } from '../db/db';

/**
 * Seed step 63 (issue 34, GJ0311; docs/api-unit-business.md › 批量修改职工手机号码): the contact phone on the demo
 * accounts (personal_account.sjhm, migration 186) from the centre's record of the person, else from the person's
 * login details, as the migration does for a database that had them before it. Only fills what is empty; idempotent.
 */
export async function seedEmployeeContactPhones(tx: Queryable): Promise<void> {
  await tx.query(
    `update personal_account a set sjhm = d.sjhm from depositor_record d
      where d.zjhm = a.zjhm and a.sjhm is null and d.sjhm ~ '^1[3-9][0-9]{9}$'`,
  );
  await tx.query(
    `update personal_account a set sjhm = p.sjhm
       from (select distinct on (zjhm) zjhm, sjhm from person_info where sjhm ~ '^1[3-9][0-9]{9}$' order by zjhm, account_id) p
      where p.zjhm = a.zjhm and a.sjhm is null`,
  );
}
