import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { useStore } from '@nanostores/react';
import { $homePath } from '../../shared/services';
import { pausedRoutes, type PausedRoute } from '../../shared/paused-routes';
import { useMenuTree } from '../../shared/use-menu-tree';
import { usePageTitle } from '../../shared/use-page-title';
import { Shell } from '../shell/shell';

/** The note of a paused business, at its own address: its title, the pause note, and the way back. */
function PausedNotice({ paused }: { paused: PausedRoute }) {
  const homePath = useStore($homePath);
  usePageTitle(paused.title);
  return (
    <section className="page page--center" aria-labelledby="paused-title">
      <h1 id="paused-title">{paused.title}</h1>
      <p className="paused__note" role="status">
        {paused.message}
      </p>
      <p>暂停期间不能在网上办理本业务；如急需办理，请拨打 12329 服务热线咨询。</p>
      <p>
        <Link className="button" to={homePath || '/'}>
          返回首页
        </Link>
      </p>
    </section>
  );
}

/**
 * A signed-in address no route answers. When it belongs to a paused menu entry (reached by a bookmark or a typed
 * address), the shell shows the entry's pause note there, as its tile does (spec 4.2; issue 23), rather than 页面不存在;
 * the business itself never opens. Anything else goes to /404.
 */
export function UnknownAddressPage() {
  const { pathname } = useLocation();
  const paused = pausedRoutes(useMenuTree()).find((p) => p.path === pathname);
  if (!paused) return <Navigate to="/404" replace />;
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route path="*" element={<PausedNotice paused={paused} />} />
      </Route>
    </Routes>
  );
}
