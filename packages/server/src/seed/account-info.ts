import type { Queryable } from '../db/db';

/**
 * Seed step 13 (issue 24): the details on file of the demo individuals (通讯地址, 邮政编码, 婚姻状况, 单位电话,
 * 电子邮箱, 职业, 学历), which 个人账户信息 shows and GJ0302 changes. Without them the page would show a person with
 * nothing on file. On the account of each ID number the login opens first; a row already there (a change) is kept.
 * And 个人账户信息 is no longer kept alive when left (noCache).
 */
export const DEMO_PERSON_DETAILS = [
  { zjhm: '110101199003072316', txdz: '示范市历下区泉城路 188 号 3 单元 502 室', yzbm: '250011', hyzk: '20', gzdh: '0531-86001234', dzyx: 'zhangsan@example.cn', zy: '软件工程师', xl: '大学本科' },
  { zjhm: '320106198506124022', txdz: '示范市市中区经七路 66 号', yzbm: '250001', hyzk: '10', gzdh: '', dzyx: '', zy: '自由职业', xl: '大学专科' },
] as const;

export async function seedAccountInfo(tx: Queryable): Promise<void> {
  // The page shows balances and details that change (a remittance, a GJ0302): opened again, it asks again rather than
  // showing what it showed last time (route meta noCache, spec 2.5; menus.ts holds it for a new database).
  await tx.query(`update menu set no_cache = true where path = '/grwt/zhxx/zhcx/grzhxx'`);
  await tx.query(
    `insert into person_detail (account_id, txdz, yzbm, hyzk, gzdh, dzyx, zy, xl, updated_at, ywbh)
     select distinct on (d.zjhm) p.account_id, d.txdz, d.yzbm, d.hyzk, d.gzdh, d.dzyx, d.zy, d.xl, now(), 'SEED13'
       from jsonb_to_recordset($1::jsonb) as d(zjhm text, txdz text, yzbm text, hyzk text, gzdh text, dzyx text, zy text, xl text)
       join person_info p on p.zjhm = d.zjhm
       join user_account a on a.id = p.account_id
      order by d.zjhm, a.is_primary desc, a.id
     on conflict (account_id) do nothing`,
    [JSON.stringify(DEMO_PERSON_DETAILS)],
  );
}
