import { Link, Outlet, useLocation } from 'react-router';
import { useStore } from '@nanostores/react';
import { $homePath, stores } from '../shared/services';
import { centreName, SITE } from '../shared/site';
import { Footer } from '../shared/ui/footer';
import { QuickMenu } from '../shared/ui/quick-menu';
import { SkipLink } from '../shared/ui/skip-link';

/** The public shell: banner, content, the quick menu and the footer (spec 2.3, 2.5). */
export function PublicLayout() {
  useStore(stores.config.$sysConfig); // the centre's name follows the configuration
  const signedIn = useStore(stores.session.$signedIn);
  const homePath = useStore($homePath);
  const { pathname } = useLocation();
  return (
    <div className="hall">
      <SkipLink />
      <header className="banner">
        <div className="banner__inner">
          <Link to="/" className="banner__brand">
            <svg className="banner__logo" viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="6" fill="#fff" />
              <path d="M6 16 16 7l10 9h-3v9h-5v-6h-4v6H9v-9z" fill="#1559b5" />
            </svg>
            <span>
              <span className="banner__centre">{centreName()}</span>
              <span className="banner__hall">{SITE.hallName}</span>
            </span>
          </Link>
          {signedIn && homePath ? (
            <nav className="banner__nav" aria-label="账户">
              <Link to={homePath}>返回首页</Link>
            </nav>
          ) : (
            pathname !== '/login' && (
              <nav className="banner__nav" aria-label="账户">
                <Link to="/login">登录</Link>
              </nav>
            )
          )}
        </div>
      </header>
      <div className="body">
        <main id="main" className="content" tabIndex={-1}>
          <Outlet />
        </main>
        <QuickMenu />
      </div>
      <Footer />
    </div>
  );
}
