import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, type Location } from 'react-router';
import type { MenuRoute } from '@gjj-hall/sdk/menu';
import { useStore } from '@nanostores/react';
import { setBuiltPagesLoader } from '../shared/open-pages';
import { $homePath, $menuRoutes, stores } from '../shared/services';
import { FullScreenLoader } from '../shared/ui/loader';
import { PublicLayout } from './layout';
import { layoutGroups, type FlatRoute } from './menu-routes';
import { FRAME_ROUTES, OWN_PUBLIC_ROUTES, PORTAL_HOME, PORTAL_ROUTES, PUBLIC_ROUTES } from './navigation/public-routes';

const named = <T,>(load: () => Promise<Record<string, T>>, name: string) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

// Pages load lazily, each a chunk of its own. Spec 2.1 has /dkcs loaded eagerly; it is lazy here like every page
// (issue 23, docs/decisions.md): in the entry it cost every first visit about its size for one page's sake.
const LoanCalculatorPage = named(() => import('../features/public/pages/loan-calculator-page'), 'LoanCalculatorPage');
const LoginPage = named(() => import('../features/auth/pages/login-page'), 'LoginPage');
const ForgotPasswordPage = named(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const QrConfirmPage = named(() => import('../features/auth/pages/qr-confirm-page'), 'QrConfirmPage');
const QrTwoCheckPage = named(() => import('../features/auth/pages/qr-two-check-page'), 'QrTwoCheckPage');
const MobileSignPage = named(() => import('../features/mobile-sign/pages/mobile-sign-page'), 'MobileSignPage');
const ZwLoginPage = named(() => import('../features/auth/pages/zw-login-page'), 'ZwLoginPage');
const LoanRatePage = named(() => import('../features/public/pages/loan-rate-page'), 'LoanRatePage');
const PubNoticePage = named(() => import('../features/public/pages/pub-notice-page'), 'PubNoticePage');
const GoodBadReviewsPage = named(() => import('../features/public/pages/good-bad-reviews-page'), 'GoodBadReviewsPage');
const EvaluationInformationPage = named(() => import('../features/public/pages/evaluation-information-page'), 'EvaluationInformationPage');
const StartEvaluationPage = named(() => import('../features/public/pages/start-evaluation-page'), 'StartEvaluationPage');
const EvaluationRecordsPage = named(() => import('../features/public/pages/evaluation-records-page'), 'EvaluationRecordsPage');
const OperationVideoPage = named(() => import('../features/public/pages/operation-video-page'), 'OperationVideoPage');
const ZntsPage = named(() => import('../features/public/pages/znts-page'), 'ZntsPage');
const ComplaintListPage = named(() => import('../features/public/pages/complaint-list-page'), 'ComplaintListPage');
const ComplaintDetailPage = named(() => import('../features/public/pages/complaint-detail-page'), 'ComplaintDetailPage');
const ComplaintAddPage = named(() => import('../features/public/pages/complaint-add-page'), 'ComplaintAddPage');
const PolicyInfoPage = named(() => import('../features/public/pages/policy-info-page'), 'PolicyInfoPage');
const PolicyDetailPage = named(() => import('../features/public/pages/policy-detail-page'), 'PolicyDetailPage');
const IntroPage = named(() => import('../features/public/pages/intro-page'), 'IntroPage');
const CooperationPage = named(() => import('../features/public/pages/cooperation-page'), 'CooperationPage');
const PortalHomePage = named(() => import('../features/public/pages/portal-home-page'), 'PortalHomePage');
const ComplaintQueryPage = named(() => import('../features/public/pages/complaint-query-page'), 'ComplaintQueryPage');
const verifyPages = () => import('../features/public/pages/verify-pages');
const JczmVerifyPage = named(verifyPages, 'JczmVerifyPage');
const TqhdVerifyPage = named(verifyPages, 'TqhdVerifyPage');
const DwjczmVerifyPage = named(verifyPages, 'DwjczmVerifyPage');
const DkjqzmVerifyPage = named(verifyPages, 'DkjqzmVerifyPage');
const DownloadsPage = named(() => import('../features/public/pages/downloads-page'), 'DownloadsPage');
const YlOfdPage = named(() => import('../features/public/pages/preview-page'), 'YlOfdPage');
const YlOfdBase64Page = named(() => import('../features/public/pages/preview-page'), 'YlOfdBase64Page');
const DzdaPage = named(() => import('../features/archive/pages/dzda-page'), 'DzdaPage');
// /404 and /loginOut are pages like the others: no first page needs them (issue 35 item 4).
const NotFoundPage = named(() => import('./pages/not-found-page'), 'NotFoundPage');
const LoginOutPage = named(() => import('./pages/login-out-page'), 'LoginOutPage');
const ConfigMissingPage = named(() => import('./pages/config-missing-page'), 'ConfigMissingPage');
const PublicNotOpenPage = named(() => import('./pages/public-not-open-page'), 'PublicNotOpenPage');
const Shell = named(() => import('./shell/shell'), 'Shell');
const UnknownAddressPage = named(() => import('./pages/paused-page'), 'UnknownAddressPage');
const GrwtHome = named(() => import('../features/personal/pages/grwt-home'), 'GrwtHome');
const DwwtHome = named(() => import('../features/unit/pages/dwwt-home'), 'DwwtHome');
const KfswtHome = named(() => import('../features/developer/pages/kfswt-home'), 'KfswtHome');
const MenuScreenPage = named(() => import('./pages/menu-screen-page'), 'MenuScreenPage');
const menuPage = () => import('./pages/menu-page');
const MenuPage = named(menuPage, 'MenuPage');
// The menus, prompts and to-dos ask the menu page's table of built pages whether a page exists (issue 30).
setBuiltPagesLoader(menuPage);
const registerPersonPages = () => import('../features/auth/pages/register-person-pages');
const UserRegisterPage = named(registerPersonPages, 'UserRegisterPage');
const FlexibleSetupPage = named(registerPersonPages, 'FlexibleSetupPage');
const RemoteLoanRegisterPage = named(registerPersonPages, 'RemoteLoanRegisterPage');
const DwRegisterPage = named(() => import('../features/auth/pages/unit-password-page'), 'DwRegisterPage');
const SetLoginPwdPage = named(() => import('../features/auth/pages/unit-password-page'), 'SetLoginPwdPage');
const SetQtLoginPwdPage = named(() => import('../features/auth/pages/unit-password-page'), 'SetQtLoginPwdPage');
const UnitDepositPage = named(() => import('../features/auth/pages/unit-deposit-page'), 'UnitDepositPage');

/** Pages by the component name a menu entry gives (spec 2.2); any other name is a business page not yet built. */
const MENU_PAGES: Readonly<Record<string, ComponentType>> = {
  GrwtHome,
  DwwtHome,
  KfswtHome,
  MenuScreen: MenuScreenPage,
};

/** The public pages built so far; the other routes of spec 2.1 say the page is not open yet. */
const PUBLIC_PAGES: Readonly<Record<string, ReactNode>> = {
  '/login': <LoginPage />,
  '/forgotPwd': <ForgotPasswordPage />,
  '/loanRate': <LoanRatePage />,
  '/dkcs': <LoanCalculatorPage />,
  '/pubNotice': <PubNoticePage />,
  '/policyInfo': <PolicyInfoPage />,
  '/policyDetail': <PolicyDetailPage />,
  '/404': <NotFoundPage />,
  '/401': <ConfigMissingPage />,
  '/loginOut': <LoginOutPage />,
  '/qrConfirm': <QrConfirmPage />,
  '/qrTwoCheck': <QrTwoCheckPage />,
  '/mobileSign': <MobileSignPage />,
  '/zwLogin': <ZwLoginPage />,
  '/userRegister': <UserRegisterPage />,
  '/lhjyrysl': <FlexibleSetupPage />,
  '/yddkryzc': <RemoteLoanRegisterPage />,
  '/dwRegister': <DwRegisterPage />,
  '/setLoginPwd': <SetLoginPwdPage />,
  '/setQtLoginPwd': <SetQtLoginPwdPage />,
  '/UnitDeposit': <UnitDepositPage />,
  '/goodBadReviews': <GoodBadReviewsPage />,
  '/evaluationInformation': <EvaluationInformationPage />,
  '/startEvaluation': <StartEvaluationPage />,
  '/evaluationRecords': <EvaluationRecordsPage />,
  '/operationVideo': <OperationVideoPage />,
  '/znts': <ZntsPage />,
  '/complaintJY': <ComplaintListPage />,
  '/complaintJYInfo': <ComplaintDetailPage />,
  '/complaintJYAdd': <ComplaintAddPage />,
  '/introToCenter': <IntroPage />,
  '/cooperation': <CooperationPage />,
  '/commonDownload': <DownloadsPage />,
  '/ylOfd': <YlOfdPage />,
  '/ylOfdBase64': <YlOfdBase64Page />,
  [PORTAL_HOME]: <PortalHomePage />,
  '/complaintQuery': <ComplaintQueryPage />,
  '/jczmVerify': <JczmVerifyPage />,
  '/tqhdVerify': <TqhdVerifyPage />,
  '/dwjczmVerify': <DwjczmVerifyPage />,
  '/dkjqzmVerify': <DkjqzmVerifyPage />,
};

const pageLoading = (
  <p className="page page--center" role="status">
    正在加载，请稍候…
  </p>
);

function menuElement({ route, redirect }: FlatRoute): ReactNode {
  if (redirect) return <Navigate to={redirect} replace />;
  const Page = route.component?.kind === 'page' ? MENU_PAGES[route.component.name] : undefined;
  return Page ? <Page /> : <MenuPage />;
}

function menuRouteElements(routes: readonly MenuRoute[]): ReactNode[] {
  return layoutGroups(routes).map(({ layout, pages, index }) => (
    <Route
      key={layout.fullPath}
      path={layout.component?.kind === 'layout' ? layout.fullPath : undefined}
      element={
        <Suspense fallback={<FullScreenLoader />}>
          <Shell />
        </Suspense>
      }
    >
      {index && <Route index element={<Navigate to={index} replace />} />}
      {pages.map((page) => (
        <Route key={page.route.fullPath} path={page.route.fullPath} element={menuElement(page)} />
      ))}
    </Route>
  ));
}

/**
 * Every route of the hall: the public ones of spec 2.1 in the public layout, the signed-in user's built from their
 * menus (spec 2.2) in the shell, the root to the home path, a paused entry's address to its pause note, anything
 * else to /404. Rendered for the location the
 * guard has let through, so a page never shows before the guard has decided.
 */
export function AppRoutes({ location }: { location: Location }) {
  const menuRoutes = useStore($menuRoutes);
  const homePath = useStore($homePath);
  const signedIn = useStore(stores.session.$signedIn);
  return (
    <Routes location={location}>
      <Route element={<PublicLayout />}>
        {[...PUBLIC_ROUTES, ...OWN_PUBLIC_ROUTES, ...PORTAL_ROUTES].map((path) => (
          <Route
            key={path}
            path={path}
            element={<Suspense fallback={pageLoading}>{PUBLIC_PAGES[path] ?? <PublicNotOpenPage />}</Suspense>}
          />
        ))}
      </Route>
      {/* Pages a host frames (issue 22): no banner, no footer. */}
      {FRAME_ROUTES.map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <main id="main">
              <Suspense fallback={pageLoading}>
                <DzdaPage />
              </Suspense>
            </main>
          }
        />
      ))}
      {menuRouteElements(menuRoutes)}
      {/* Signed in, the guard sends / to the home path before this renders; signed out, / is the public home's. */}
      <Route path="/" element={<Navigate to={homePath || PORTAL_HOME} replace />} />
      {/* Signed out, the guard sends unknown addresses to /login; the moment between signing out and that
          navigation must not add a /404 to the history. Signed in, a paused entry's address shows its pause note,
          anything else goes to /404. */}
      <Route
        path="*"
        element={
          signedIn ? (
            <Suspense fallback={<FullScreenLoader />}>
              <UnknownAddressPage />
            </Suspense>
          ) : null
        }
      />
    </Routes>
  );
}
