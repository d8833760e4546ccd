import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { SITE } from '../shared/site';

/** Scrolls to the top on every navigation (spec 2.1). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The public shell: banner, content and footer (spec 2.5). The signed-in shell comes with issue #5. */
export function PublicLayout() {
  return (
    <div className="hall">
      <ScrollToTop />
      <a className="skip-link" href="#main" onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}>
        跳到主要内容
      </a>
      <header className="banner">
        <div className="banner__inner">
          <Link to="/" className="banner__brand">
            <svg className="banner__logo" viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="6" fill="#fff" />
              <path d="M6 16 16 7l10 9h-3v9h-5v-6h-4v6H9v-9z" fill="#1559b5" />
            </svg>
            <span>
              <span className="banner__centre">{SITE.centreName}</span>
              <span className="banner__hall">{SITE.hallName}</span>
            </span>
          </Link>
        </div>
      </header>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="footer">
        <p className="footer__row">
          <span>主办单位：{SITE.footer.sponsor}</span>
          <span>地址：{SITE.footer.address}</span>
          <span>服务热线：{SITE.footer.hotline}</span>
        </p>
        <p>{SITE.footer.icp}</p>
      </footer>
    </div>
  );
}
