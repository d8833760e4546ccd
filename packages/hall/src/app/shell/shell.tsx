import { Link, useLocation } from 'react-router';
import { displayName } from '@gjj-hall/sdk/auth';
import { loginTypeArea } from '@gjj-hall/sdk/menu';
import { useStore } from '@nanostores/react';
import { breadcrumbOf } from '../../shared/menu-view';
import { $homePath, stores } from '../../shared/services';
import { centreName, SITE } from '../../shared/site';
import { useMenuTree } from '../../shared/use-menu-tree';
import { Breadcrumb } from '../../shared/ui/breadcrumb';
import { Footer } from '../../shared/ui/footer';
import { QuickMenu } from '../../shared/ui/quick-menu';
import { SkipLink } from '../../shared/ui/skip-link';
import { AccountMenu } from './account-menu';
import { useCurrentRoute } from './current-route';
import { KeepAliveOutlet } from './keep-alive';
import { LoginPrompts } from './login-prompts';
import { NoticeBanner } from './notice-banner';
import { PasswordGate } from './password-dialogs';
import './shell.css';

const AREA_TITLES = { personal: '个人业务', unit: '单位业务', developer: '开发商业务' } as const;

/**
 * The signed-in shell (spec 2.5), the `Layout` of the menus: the banner (260 px) with the top bar (logo from
 * XT_LOGO, the user's nickname or company name and the account menu), the notice banner, the breadcrumb from home,
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
  const logo = stores.config.configValue('XT_LOGO');
  const areaTitle = AREA_TITLES[loginTypeArea(loginType)];

  return (
    <div className="hall hall--shell">
      <SkipLink />
      <header className="banner banner--shell">
        <div className="topbar">
          <div className="topbar__inner">
            <Link to={homePath || '/'} className="topbar__brand">
              {logo ? (
                <img className="topbar__logo" src={logo} alt={`${centreName()}${SITE.hallName}`} height={44} />
              ) : (
                <span className="topbar__centre">{centreName()}</span>
              )}
            </Link>
            <span className="topbar__area">{areaTitle}</span>
            <AccountMenu name={displayName(userInfo, loginType)} />
          </div>
        </div>
        <div className="banner__inner banner__inner--shell">
          <p className="banner__hall-title">{SITE.hallName}</p>
          <p className="banner__slogan">让数据多跑路，让群众少跑腿</p>
        </div>
      </header>
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
