import { Link, useLocation } from 'react-router';
import { displayName } from '@gjj-hall/sdk/auth';
import { loginTypeArea } from '@gjj-hall/sdk/menu';
import { useStore } from '@nanostores/react';
import { breadcrumbOf } from '../../shared/menu-view';
import { $homePath, stores } from '../../shared/services';
import { useMenuTree } from '../../shared/use-menu-tree';
import { Breadcrumb } from '../../shared/ui/breadcrumb';
import { Footer } from '../../shared/ui/footer';
import { QuickMenu } from '../../shared/ui/quick-menu';
import { SkipLink } from '../../shared/ui/skip-link';
import { SiteHeader } from '../site-header';
import { AccountMenu } from './account-menu';
import { useCurrentRoute } from './current-route';
import { KeepAliveOutlet } from './keep-alive';
import { LoginPrompts } from './login-prompts';
import { NoticeBanner } from './notice-banner';
import { PasswordGate } from './password-dialogs';
import './shell.css';

const AREA_TITLES = { personal: '个人业务', unit: '单位业务', developer: '开发商业务' } as const;

/**
 * The signed-in shell (spec 2.5), the `Layout` of the menus: the one header (app/site-header.tsx: logo, area, the
 * user's nickname or company name and the account menu), the notice banner, the breadcrumb from home,
 * the content with page caching, the quick menu and the footer; and the prompts after sign-in.
 */
export function Shell() {
  const { pathname } = useLocation();
  const userInfo = useStore(stores.session.$userInfo);
  const loginType = useStore(stores.session.$loginType);
  useStore(stores.config.$sysConfig);
  const homePath = useStore($homePath);
  const tree = useMenuTree();
  const route = useCurrentRoute();
  const areaTitle = AREA_TITLES[loginTypeArea(loginType)];

  return (
    <div className="hall hall--shell">
      <SkipLink />
      <SiteHeader homeTo={homePath || '/'} area={areaTitle} actions={<AccountMenu name={displayName(userInfo, loginType)} />} />
      <div className="body">
        <main id="main" className="content" tabIndex={-1}>
          <NoticeBanner />
          <Breadcrumb items={breadcrumbOf(tree, pathname, homePath)} />
          <KeepAliveOutlet
            keep={route?.meta.noCache === false}
            fallback={
              <p className="page page--center" role="status">
                正在加载，请稍候…
              </p>
            }
          />
        </main>
        <QuickMenu />
      </div>
      <Footer />
      <PasswordGate>
        <LoginPrompts />
      </PasswordGate>
    </div>
  );
}

/**
 * The header's actions for a signed-in user on a public page: the way home and the account menu. Here, in the shell's
 * chunk (which a signed-in user has already loaded), so the account menu is not split into a chunk of its own.
 */
export function SignedInActions({ homePath }: { homePath: string }) {
  const userInfo = useStore(stores.session.$userInfo);
  const loginType = useStore(stores.session.$loginType);
  return (
    <>
      <Link to={homePath} className="site-header__link">
        返回首页
      </Link>
      <AccountMenu name={displayName(userInfo, loginType)} />
    </>
  );
}
