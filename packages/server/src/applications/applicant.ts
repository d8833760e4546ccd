import type { Queryable } from '../db/db';
import type { SessionUser } from '../auth/session';
import type { Applicant } from '../business/types';
import { ACCOUNT_STATUS, ACCOUNT_STATUS_NAMES, UNIT_ACCOUNT_STATUS, UNIT_ACCOUNT_STATUS_NAMES } from '../records/kinds';

/** The applicant of a session: its login and current account, with the account number (grzh or dwzh). */
export async function applicantOf(q: Queryable, session: SessionUser): Promise<Applicant & { name: string }> {
  const [row] = await q.query<{ zh: string; name: string }>(
    `select coalesce((select grzh from person_info where account_id = $1), (select dwzh from unit_info where account_id = $1), '') as zh,
            coalesce((select display_name from app_user where id = $2), '') as name`,
    [session.accountId, session.userId],
  );
  return {
    userId: session.userId,
    accountId: session.accountId,
    loginType: session.loginType,
    login: session.login,
    zh: row?.zh ?? '',
    name: row?.name ?? '',
  };
}

/**
 * The status of the applicant's account, as the restrictions read it: `sealed` (封存, 冻结, any 销户 or 其他 for a person;
 * 封存 or 销户 for a unit) or `normal`, with the status's name.
 *
 * THE ONE PLACE the restrictions learn an account's status. A person's comes from the centre's records
 * (`personal_account.grzhzt`, src/records), a unit's from `unit_record.dwzhzt` (where the records keep it), each
 * with the login's own copy (`person_info`, `unit_info`) only for an account the records do not hold.
 */
export async function accountState(q: Queryable, applicant: Applicant): Promise<{ sealed: boolean; name: string }> {
  if (applicant.loginType === 1) {
    const [row] = await q.query<{ zt: string }>(
      `select coalesce(a.grzhzt, p.grzhzt) as zt
         from person_info p left join personal_account a on a.grzh = p.grzh and a.zjhm = p.zjhm
        where p.account_id = $1`,
      [applicant.accountId],
    );
    const zt = row?.zt ?? '';
    return { sealed: PERSON_CLOSED[zt] !== undefined, name: PERSON_CLOSED[zt] ?? '' };
  }
  const [row] = await q.query<{ zt: string }>(
    `select coalesce(r.dwzhzt, u.dwzhzt) as zt
       from unit_info u left join unit_record r on r.dwzh = u.dwzh
      where u.account_id = $1`,
    [applicant.accountId],
  );
  const zt = row?.zt ?? '';
  return { sealed: UNIT_CLOSED[zt] !== undefined, name: UNIT_CLOSED[zt] ?? '' };
}

/** Personal account statuses (dictionary GRZHZT) that stop business: every one but 01 正常. */
const PERSON_CLOSED: Record<string, string> = Object.fromEntries(Object.entries(ACCOUNT_STATUS_NAMES).filter(([code]) => code !== ACCOUNT_STATUS.normal));
/** Unit account statuses (dictionary DWZHZT) that stop business. */
const UNIT_CLOSED: Record<string, string> = {
  [UNIT_ACCOUNT_STATUS.closed]: UNIT_ACCOUNT_STATUS_NAMES[UNIT_ACCOUNT_STATUS.closed],
  [UNIT_ACCOUNT_STATUS.sealed]: UNIT_ACCOUNT_STATUS_NAMES[UNIT_ACCOUNT_STATUS.sealed],
};
