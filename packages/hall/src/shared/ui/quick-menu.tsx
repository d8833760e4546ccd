import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AUTH_PATHS, fetchPublicMenu, type PublicMenuItem } from '@gjj-hall/sdk/auth';
import { useStore } from '@nanostores/react';
import { client, stores } from '../services';

/** The quick menu of spec 2.3, used until (or when) the server's own list cannot be had. */
export const DEFAULT_QUICK_MENU: readonly PublicMenuItem[] = [
  { title: '中心简介', path: '/introToCenter', needLogin: false },
  { title: '政策信息', path: '/policyInfo', needLogin: false },
  { title: '贷款利率', path: '/loanRate', needLogin: false },
  { title: '合作楼盘', path: '/cooperation', needLogin: true },
  { title: '常用下载', path: '/commonDownload', needLogin: true },
  { title: '投诉建议', path: '/complaintJY', needLogin: true },
];

let loaded: Promise<readonly PublicMenuItem[]> | null = null;
const loadOnce = () =>
  (loaded ??= fetchPublicMenu(client)
    .then((items) => (items.length ? items : DEFAULT_QUICK_MENU))
    .catch(() => DEFAULT_QUICK_MENU));

/**
 * Opening an item that needs a login asks the server whether the session still holds. Some of those pages' own
 * calls are public (common downloads), so without this a session that ran out would go unnoticed there; a 401
 * brings the login-expired dialog through the client's hook (spec 2.3, 8.3). Other failures say nothing.
 */
const checkSession = () => {
  client.get(AUTH_PATHS.userInfo, { silent: true }).catch(() => undefined);
};

/** Whether the item's path is the page shown or a page under it, as NavLink decides (letter case aside). */
function isCurrent(pathname: string, path: string): boolean {
  const here = pathname.toLowerCase();
  const to = path.toLowerCase().replace(/\/+$/, '');
  return here === to || here.startsWith(`${to}/`);
}

/**
 * The right-hand quick menu (spec 2.3), from GET menu/pubClientTree: items that need a login show only to a
 * signed-in user, and opening one checks that the session still holds. The current page's item is marked
 * (`aria-current="page"` and the class `active`, as NavLink marks them: the item's path or a page under it, letter case
 * aside). A Link and the location do it here, so NavLink stays out of the entry (issue 35 item 4).
 */
export function QuickMenu() {
  const signedIn = useStore(stores.session.$signedIn);
  const { pathname } = useLocation();
  const [items, setItems] = useState<readonly PublicMenuItem[]>(DEFAULT_QUICK_MENU);
  useEffect(() => {
    let live = true;
    void loadOnce().then((list) => live && setItems(list));
    return () => {
      live = false;
    };
  }, []);
  const shown = items.filter((item) => signedIn || !item.needLogin);
  return (
    <nav className="quick-menu" aria-label="便民服务">
      <ul>
        {shown.map((item) => (
          <li key={item.path}>
            <Link
              to={item.path}
              className={isCurrent(pathname, item.path) ? 'active' : undefined}
              aria-current={isCurrent(pathname, item.path) ? 'page' : undefined}
              onClick={item.needLogin ? checkSession : undefined}
            >
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
