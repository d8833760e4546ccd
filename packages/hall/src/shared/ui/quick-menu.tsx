import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { fetchPublicMenu, type PublicMenuItem } from '@gjj-hall/sdk/auth';
import { client, stores } from '../services';
import { useStore } from '../use-store';

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
 * The right-hand quick menu (spec 2.3), from GET menu/pubClientTree: items that need a login show only to a
 * signed-in user.
 */
export function QuickMenu() {
  const signedIn = useStore(stores.session.$signedIn);
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
            <NavLink to={item.path}>{item.title}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
