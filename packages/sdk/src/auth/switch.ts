import type { GjjClient } from '../client/client';
import { accountStatusTag, type AccountStatusTag } from '../menu/status';
import type { LoginType, OtherAccount, UserInfo } from '../session/session';

/**
 * Where the account switch lives (spec 7.2: GET switchUser with toUserId).
 *
 * @example
 * client.get(SWITCH_PATHS.switchUser, { params: { toUserId: '2' } })
 */
export const SWITCH_PATHS = /* @__PURE__ */ Object.freeze({
  switchUser: '/api/auth/v1/switchUser',
} as const);

/** One account of the login as the switch dialog lists it (spec 2.8, 3.3, 6). */
export interface SwitchableAccount {
  id: string;
  account: string;
  /** The nickname of an individual, the company name of a unit or developer. */
  name: string;
  /** What kind of account it is (个人缴存账户, 灵活就业缴存账户, ...), '' when the server gives none. */
  accountType: string;
  /** The status code as given ('01' ...). */
  userStatus: string;
  /** The tag style of spec 6. */
  tag: AccountStatusTag;
  /** True for the account the session is on. */
  current: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * The accounts of the login (`otherInfo`, spec 3.3), the current one marked (by `id`), each with its status tag of
 * spec 6: individuals by the personal rule, units and developers by the unit rule. Entries without an id are left
 * out (they could not be switched to).
 *
 * @example
 * switchableAccounts(userInfo, 1)
 * // [{ id: '1', name: '张三', accountType: '个人缴存账户', tag: 'success', current: true, ... },
 * //  { id: '2', name: '张三', accountType: '灵活就业缴存账户', tag: 'success', current: false, ... }]
 */
export function switchableAccounts(userInfo: UserInfo | null | undefined, loginType: LoginType): SwitchableAccount[] {
  const list: unknown = userInfo?.otherInfo;
  if (!Array.isArray(list)) return [];
  const currentId = text(userInfo?.id);
  const kind = loginType === 1 ? 'personal' : 'unit';
  return (list as OtherAccount[])
    .filter((a) => a && typeof a === 'object' && text(a.id) !== '')
    .map((a) => {
      const id = text(a.id);
      return {
        id,
        account: text(a.account),
        name: (loginType === 1 ? text(a.nikName) : text(a.companyName)) || text(a.nikName) || text(a.companyName),
        accountType: text(a.accountType),
        userStatus: text(a.userStatus),
        // Raw: a number keeps its meaning (1 is '01').
        tag: accountStatusTag(kind, a.userStatus),
        current: id === currentId,
      };
    });
}

/**
 * Switches the session to another account of the same login (GET switchUser?toUserId=). The server refuses an id
 * that is not the login's own (HTTP 403). Afterwards the caller clears what it holds about the account (user info,
 * menus, routes) and reloads at `/` (spec 2.8, 4.12).
 *
 * @example
 * await switchUser(client, '2')
 * stores.session.update({ userInfo: null, menus: [], buttonMap: {} })
 * location.replace(`${location.pathname}#/`); location.reload()
 */
export async function switchUser(client: GjjClient, toUserId: string): Promise<void> {
  await client.get(SWITCH_PATHS.switchUser, { params: { toUserId } });
}
