import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useStore } from '@nanostores/react';
import { $homePath, stores } from '../shared/services';
import { Footer } from '../shared/ui/footer';
import { QuickMenu } from '../shared/ui/quick-menu';
import { SkipLink } from '../shared/ui/skip-link';
import { SiteHeader } from './site-header';

// The account menu (and its dialogs) is the shell's; on a public page it comes only for a signed-in user.
const SignedInActions = lazy(async () => ({ default: (await import('./shell/shell')).SignedInActions }));

/** The header's actions on a public page: 登录, or for a signed-in user the way home and the account menu. */
function PublicActions() {
  const signedIn = useStore(stores.session.$signedIn);
  const homePath = useStore($homePath);
  const { pathname } = useLocation();
  if (signedIn && homePath) {
    return (
      <Suspense fallback={<span className="site-header__account-placeholder" aria-hidden="true" />}>
        <SignedInActions homePath={homePath} />
      </Suspense>
    );
  }
  if (pathname === '/login') return null;
  return (
    <Link to="/login" className="site-header__login">
      登录
    </Link>
  );
}

/** The public shell: the one header, content, the quick menu and the footer (spec 2.3, 2.5). */
export function PublicLayout() {
  const homePath = useStore($homePath);
  const signedIn = useStore(stores.session.$signedIn);
  return (
    <div className="hall">
      <SkipLink />
      <SiteHeader homeTo={signedIn && homePath ? homePath : '/'} actions={<PublicActions />} />
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
