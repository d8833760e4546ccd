import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { stores } from '../shared/services';
import { centreName, SITE } from '../shared/site';
import { CareModeSwitch } from './shell/care-mode-switch';
import { $careMode } from '../shared/care-mode';
import './site-header.css';

// The care tools (大鼠标, 朗读) show only in care mode: their code loads then, not with every page (issue 35's budget).
const CareTools = lazy(() => import('./shell/care-tools').then((m) => ({ default: m.CareTools })));

/** The hall's slogan under its name in the header band. */
export const SLOGAN = '让数据多跑路，让群众少跑腿';

/**
 * The hall's one logo: the centre's configured logo (XT_LOGO, spec 3.5) when there is one, else the hall's own
 * emblem with the centre's and the hall's names as text. Either fills a box of fixed size (site-header.css), so
 * nothing moves when the image arrives.
 */
export function SiteLogo() {
  useStore(stores.config.$sysConfig); // the logo and the centre's name follow the configuration
  const logo = stores.config.configValue('XT_LOGO');
  const name = `${centreName()}${SITE.hallName}`;
  if (logo) return <img className="site-header__logo-image" src={logo} alt={name} width={248} height={44} decoding="async" />;
  return (
    <>
      <svg className="site-header__emblem" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#1559b5" />
        <path d="M6 16 16 7l10 9h-3v9h-5v-6h-4v6H9v-9z" fill="#fff" />
      </svg>
      <span className="site-header__names">
        <span className="site-header__centre">{centreName()}</span>
        <span className="site-header__hall">{SITE.hallName}</span>
      </span>
    </>
  );
}

export interface SiteHeaderProps {
  /** Where the logo leads: the signed-in user's home, or the public start. */
  homeTo: string;
  /** The area chip beside the logo (个人业务, 单位业务, 开发商业务) when signed in. */
  area?: string;
  /** The right-hand actions: 登录, or the account menu. */
  actions?: ReactNode;
}

/**
 * The one header of every page (spec 2.5), signed in or out: a white top bar of fixed height with the logo, the area
 * and the actions on the right, above the blue band with the hall's name and slogan. Heights are fixed per width
 * (site-header.css), so the header never moves the page as it loads, and the content's card overlaps only the band's
 * empty lower edge, never the slogan.
 */
export function SiteHeader({ homeTo, area, actions }: SiteHeaderProps) {
  const care = useStore($careMode);
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <div className="site-header__inner">
          <Link to={homeTo} className="site-header__brand">
            <SiteLogo />
          </Link>
          {area && <span className="site-header__area">{area}</span>}
          <div className="site-header__actions">
            <CareModeSwitch />
            {actions}
          </div>
        </div>
      </div>
      <div className="site-header__band">
        <div className="site-header__inner site-header__inner--band">
          <p className="site-header__title">{SITE.hallName}</p>
          {care && (
            <Suspense fallback={null}>
              <CareTools />
            </Suspense>
          )}
          <p className="site-header__slogan">{SLOGAN}</p>
        </div>
      </div>
    </header>
  );
}
