import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { checkBusinessAccess } from '@gjj-hall/sdk/auth';
import { menuTrail } from '../../shared/menu-view';
import { client } from '../../shared/services';
import { useClosePage } from '../../shared/use-close-page';
import { useMenuTree } from '../../shared/use-menu-tree';
import { usePageTitle } from '../../shared/use-page-title';
import { registerBuiltPages, SERVICE_NOT_OPEN_MESSAGE } from '../../shared/open-pages';
import { NotOpenNotice } from '../../shared/ui/not-open-notice';
import { TwoCheckGate } from '../../shared/ui/two-check-gate';
import { useCurrentRoute } from '../shell/current-route';

const named = (load: () => Promise<Record<string, unknown>>, name: string) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

// The feature pages a menu names by component (spec 2.2), each a chunk of its own. They are found here, in the menu
// page's chunk, rather than in the route table, so the initial JavaScript does not grow with each business built.
const myOfficePages = () => import('../../features/myoffice/pages/my-office-page');
const WithdrawalRoute = named(() => import('../../features/withdrawals/withdrawal-pages'), 'WithdrawalRoute');
const loanPages = () => import('../../features/loans/loan-pages');
const DeveloperRoute = named(() => import('../../features/developer/developer-pages'), 'DeveloperRoute');
const BUILT_PAGES: Readonly<Record<string, ComponentType>> = {
  MyOffice: named(myOfficePages, 'MyOfficePage'),
  DWmyOffice: named(myOfficePages, 'DWmyOfficePage'),
  MyOfficeDetail: named(() => import('../../features/myoffice/pages/my-office-detail-page'), 'MyOfficeDetailPage'),
  TodoList: named(() => import('../../features/myoffice/pages/todo-page'), 'TodoPage'),
  // Businesses on the handling wizard (shared/wizard), named by their menu path (issue 21).
  'grwt/zhxx/zhxxbg/grzhxxbg': named(() => import('../../features/personal/gj0302/gj0302-page'), 'Gj0302Page'),
  'grwt/zhxx/zhxxbg/sjhbg': named(() => import('../../features/personal/gj0313/gj0313-page'), 'Gj0313Page'),
  'grwt/zhxx/zhxxbg/tczy': named(() => import('../../features/personal/gj0314/gj0314-page'), 'Gj0314Page'),
  // The messages page of spec 2.1 (issue 23), under the hidden /sysMsg entry every role's menus carry.
  'sysMsg/msgHome': named(() => import('../../features/messages/pages/msg-home-page'), 'MsgHomePage'),
  // The withdrawal kinds (issue 33, spec 2.4), 提取进度 and 提取历史: one chunk, one page that reads its address.
  ...Object.fromEntries(
    'tqyw/gmzzf tqyw/chdk_tq tqyw/jzfj_tq tqyw/ltx_tq tqyw/cjdj_tq tqyw/ssldl_tq tqyw/qtyy_tq tqcx/tqjd tqcx/tqls'
      .split(' ')
      .map((path) => [`grwt/tqSys/${path}`, WithdrawalRoute]),
  ),
  // 租赁住房提取 (issue 33, TQ0107: the same withdrawal page) with the tab 按月/按季提取 (the rent standing order).
  'grwt/tqSys/tqyw/zfzj_tq': named(() => import('../../features/withdrawals/rent-tabs'), 'RentTabs'),
  // 缴存证明打印 (issue 24).
  'grwt/zhxx/zhcx/jczm': named(() => import('../../features/personal/jczm/jczm-page'), 'JczmPage'),
  // 个人账户信息 (issue 24).
  'grwt/zhxx/zhcx/grzhxx': named(() => import('../../features/personal/account-info/account-info-page'), 'AccountInfoPage'),
  // Flexible employment (issue 24, GJ0801–GJ0815): one chunk for the nine pages.
  ...Object.fromEntries(
    (
      [
        ['lhjyrykh', 'LhjyryKhPage'],
        ['lhjyryxxbg', 'LhjyryXxbgPage'],
        ['yjce_tz', 'YjceTzPage'],
        ['kkzh_bg', 'KkzhBgPage'],
        ['lhjy_fc', 'LhjyFcPage'],
        ['lhjy_qf', 'LhjyQfPage'],
        ['lhjyry_zy', 'LhjyryZyPage'],
        ['lhjyry_ybj', 'LhjyryYbjPage'],
        ['dzzbys_czbtsq', 'CzbtsqPage'],
      ] as const
    ).map(([path, name]) => [`grwt/zhxx/lhjyryyw/${path}`, named(() => import('../../features/flexible/flexible-pages'), name)]),
  ),
  // The unit's pages (issue 34): one chunk.
  ...Object.fromEntries(
    (
      [
        ['jcyw/dw_huij', 'DwHuijPage'],
        ['jcyw/dw_bj', 'DwBjPage'],
        ['jcyw/jd_bl', 'JdBlPage'],
        ['jcyw/dw_huanj', 'DwHuanjPage'],
        ['jcyw/grzh_sl', 'GrzhSlPage'],
        ['jcyw/grzh_fc', 'GrzhFcPage'],
        ['cxyw/dwlxd_cx', 'DwlxdPage'],
        ['jcyw/kjdwjc_zm', 'KjdwjcZmPage'],
        ['zhxxbg/plxg_sjh', 'PlxgSjhPage'],
      ] as const
    ).map(([path, name]) => [`dwwt/${path}`, named(() => import('../../features/unit/unit-pages'), name)]),
  ),
  // The loan pages (issue 38): one chunk.
  'grwt/dkSys/dkyw/dksq': named(loanPages, 'LoanApplyPage'),
  'grwt/dkSys/dkyw/dkxx_cx': named(loanPages, 'LoanInfoPage'),
  // The developer's pages (issue 38): one chunk, one page that reads its address.
  'kfswt/cx_yw/xx_cx/lpxx_cx': DeveloperRoute,
  'kfswt/cx_yw/xx_cx/dkjd_cx': DeveloperRoute,
  'kfswt/cx_yw/xx_cx/bzj_cx': DeveloperRoute,
  'grwt/dkSys/dkyw/gjj_tqhd': named(loanPages, 'LoanPrepayPage'),
  // 职工信息查询 (issue 34): a chunk of its own (the table's code is not the unit pages').
  'dwwt/cxyw/zgxx_cx': named(() => import('../../features/unit/employees-page'), 'ZgxxCxPage'),
  'grwt/zhxx/zhcx/grmxcx': named(() => import('../../features/personal/grmx/detail-page'), 'DetailPage'),
};

const isBuilt = (name: string) => Object.prototype.hasOwnProperty.call(BUILT_PAGES, name);

// The menus, the sign-in prompts and the to-dos ask this table whether a page exists (shared/open-pages, issue 30).
registerBuiltPages(isBuilt);

/**
 * The page of a menu entry whose component the route table does not name: a feature's page when one is built
 * (`BUILT_PAGES`), else the notice that it is not open yet; a built entry with enable 10 only once the server holds
 * this session's second check for it (`TwoCheckGate`). An entry not built says so without a second check.
 */
export function MenuPage() {
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const entry = menuTrail(useMenuTree(), pathname).at(-1)?.entry;
  // Not built: no second check, and for an enable-10 entry no ywbl/check either (the server would ask for the second
  // check there, a QR scan for a page that only says it is not open).
  if (!isBuilt(route?.component?.kind === 'page' ? route.component.name : '')) return <MenuPageBody askAccess={entry?.enable !== 10} />;
  return (
    <TwoCheckGate entry={entry}>
      <MenuPageBody />
    </TwoCheckGate>
  );
}

function MenuPageBody({ askAccess = true }: { askAccess?: boolean }) {
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  useEffect(() => {
    // Whether the user may still handle the page's business (GET ywbl/check), built or not: a withdrawn grant answers
    // 403 and the no-permission dialog shows; 401 and 403 are answered by the app's dialogs, anything else by a toast.
    if (askAccess) checkBusinessAccess(client, pathname).catch(() => undefined);
  }, [pathname, askAccess]);
  const name = route?.component?.kind === 'page' ? route.component.name : '';
  const Built = isBuilt(name) ? BUILT_PAGES[name] : undefined;
  if (!Built) return <NotOpenMenuPage />;
  return (
    <Suspense
      fallback={
        <p className="page page--center" role="status">
          正在加载，请稍候…
        </p>
      }
    >
      <Built />
    </Suspense>
  );
}

/**
 * A business page of the menus whose screen is not built yet (spec 4.2: 功能暂未开放，敬请期待). The buttons the
 * server grants (permission keys) are for the code that draws a built page's buttons, never printed. Like a built
 * page, it asks on opening whether the user may still handle the page's business (GET ywbl/check, in MenuPageBody).
 */
function NotOpenMenuPage() {
  const route = useCurrentRoute();
  const title = route?.meta.title || '功能暂未开放';
  usePageTitle(title);
  const { ask, dialog } = useClosePage();

  return (
    <NotOpenNotice title={title}>
      <p className="not-open__text">{SERVICE_NOT_OPEN_MESSAGE}</p>
      <p>
        <button type="button" className="btn" onClick={ask}>
          关闭页面
        </button>
      </p>
      {dialog}
    </NotOpenNotice>
  );
}
