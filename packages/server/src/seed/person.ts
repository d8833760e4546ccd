import type { Queryable } from '../db/db';

/**
 * The centre's records of depositors who have no login of the hall yet (seed step 5): /userRegister finds them by
 * name and ID number. Phones 131 0013 xxxx belong to this part's tests and demos; each test uses its own person,
 * since a phone gets one code a minute.
 */
export const DEPOSITOR_RECORDS = [
  // The end-to-end test registers him.
  { xingming: '赵六', zjhm: '370102198805123015', sjhm: '13100130001', grzh: '201000000301', dwmc: '示例科技有限公司', grzhye: '35210.60', kind: 'gr' },
  // The end-to-end test types a wrong code for her.
  { xingming: '孙丽', zjhm: '370102199109234525', sjhm: '13100130002', grzh: '201000000302', dwmc: '示例科技有限公司', grzhye: '18006.00', kind: 'gr' },
  // Left unregistered for trying /userRegister by hand.
  { xingming: '周强', zjhm: '370203198703051235', sjhm: '13100130003', grzh: '201000000303', dwmc: '示范市第一中学', grzhye: '52780.15', kind: 'gr' },
  { xingming: '吴磊', zjhm: '37010519950618281X', sjhm: '13100130004', grzh: '201000000304', dwmc: '示范市第一中学', grzhye: '9650.00', kind: 'gr' },
  // Deposits as a flexible employee: registering gives the flexible-employment role.
  { xingming: '郑浩', zjhm: '370102199302145532', sjhm: '13100130005', grzh: '201000000305', dwmc: '', grzhye: '4200.00', kind: 'lhjy' },
] as const;

/** Seeds the depositor records (idempotent: a record already there is left alone). */
export async function seedPerson(tx: Queryable): Promise<void> {
  for (const r of DEPOSITOR_RECORDS) {
    await tx.query(
      `insert into depositor_record (xingming, zjhm, sjhm, grzh, dwmc, grzhye, kind) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (zjhm) do nothing`,
      [r.xingming, r.zjhm, r.sjhm, r.grzh, r.dwmc, r.grzhye, r.kind],
    );
  }
}
