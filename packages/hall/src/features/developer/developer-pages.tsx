import { useLocation } from 'react-router';
import { ProjectsPage } from './projects-page';
import { DeveloperLoansPage } from './loans-page';
import { DepositsPage } from './deposits-page';

// The developer's pages (issue 38): one chunk, one component the menu page names for both entries (fewer bytes in the
// signed-in chunk than a lazy entry each), which draws the page of its address.
export { ProjectsPage, DeveloperLoansPage, DepositsPage };

/** 楼盘信息查询 (…/lpxx_cx), 购房贷款进度查询 (…/dkjd_cx) or 保证金查询 (…/bzj_cx) under /kfswt/cx_yw/xx_cx/, by the address. */
export function DeveloperRoute() {
  const { pathname } = useLocation();
  if (pathname.endsWith('/dkjd_cx')) return <DeveloperLoansPage />;
  return pathname.endsWith('/bzj_cx') ? <DepositsPage /> : <ProjectsPage />;
}
