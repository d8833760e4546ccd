import type { Queryable } from '../../db/db';

/** What GJ0302 changes, as the records hold it now ('' for what was never given). */
export interface PersonDetails {
  xingming: string;
  zjhm: string;
  txdz: string;
  yzbm: string;
  hyzk: string;
  poxm: string;
  pozjhm: string;
  gzdh: string;
  dzyx: string;
  zy: string;
  xl: string;
}

/**
 * The account's holder and details now: `person_info` (name, ID number) and `person_detail` (the rest), one read by
 * the primary keys. Undefined when the account has no person.
 *
 * @example
 * (await currentDetails(db, accountId))?.hyzk // '20'
 */
export async function currentDetails(q: Queryable, accountId: string): Promise<PersonDetails | undefined> {
  const [row] = await q.query<PersonDetails>(
    `select p.xingming, p.zjhm, coalesce(d.txdz, '') as txdz, coalesce(d.yzbm, '') as yzbm, coalesce(d.hyzk, '') as hyzk,
            coalesce(d.poxm, '') as poxm, coalesce(d.pozjhm, '') as pozjhm, coalesce(d.gzdh, '') as gzdh,
            coalesce(d.dzyx, '') as dzyx, coalesce(d.zy, '') as zy, coalesce(d.xl, '') as xl
       from person_info p left join person_detail d on d.account_id = p.account_id
      where p.account_id = $1`,
    [accountId],
  );
  return row;
}
