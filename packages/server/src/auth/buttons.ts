import type { Queryable } from '../db/db';

/**
 * Button permissions (spec 5.5, 6; docs/api-unit-business.md › 按钮权限): what the hall shows as a button, the server
 * allows as an operation. A page's buttons are the `buttons` of its menu entry, granted to every account whose roles
 * see the entry (menu_role), less the keys taken from that account (table account_button_denial, migration 170).
 * The key is the page's route path, a slash and the button's name, as the sdk's `buttonKey` makes it.
 */

/** The key of a page's button: `buttonKey('/dwwt/jcyw/dw_huij', 'submit')` is '/dwwt/jcyw/dw_huij/submit'. */
export const buttonKey = (path: string, button: string): string => `${path}/${button}`;

/** The button keys taken from an account (one indexed read: the table's key). */
export async function deniedButtons(q: Queryable, accountId: string): Promise<Set<string>> {
  const rows = await q.query<{ button_key: string }>('select button_key from account_button_denial where account_id = $1', [accountId]);
  return new Set(rows.map((r) => r.button_key));
}

/**
 * Whether the account holds the button `button` of the page `path`: its roles see the page's menu entry, the entry
 * lists the button, and the key was not taken from the account. One query.
 * @example await hasButton(db, session.accountId, '/dwwt/jcyw/dw_huij', 'submit') // true for the demo unit
 */
export async function hasButton(q: Queryable, accountId: string, path: string, button: string): Promise<boolean> {
  const rows = await q.query(
    `select 1 from user_account a join menu m on m.path = $2 and $3 = any (m.buttons)
      where a.id = $1
        and exists (select 1 from menu_role r where r.menu_id = m.id and r.role = any (a.roles))
        and not exists (select 1 from account_button_denial d where d.account_id = a.id and d.button_key = $4)
      limit 1`,
    [accountId, path, button, buttonKey(path, button)],
  );
  return rows.length > 0;
}
