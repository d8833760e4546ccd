import { useLocation } from 'react-router';
import { ProjectsPage } from './projects-page';
import { DeveloperLoansPage } from './loans-page';

// The developer's pages (issue 38): one chunk, one component the menu page names for both entries (fewer bytes in the
// signed-in chunk than a lazy entry each), which draws the page of its address.
export { ProjectsPage, DeveloperLoansPage };

/** 楼盘信息查询 (/kfswt/cx_yw/xx_cx/lpxx_cx) or 购房贷款进度查询 (/kfswt/cx_yw/xx_cx/dkjd_cx), by the address. */
export function DeveloperRoute() {
  const { pathname } = useLocation();
  return pathname.endsWith('/dkjd_cx') ? <DeveloperLoansPage /> : <ProjectsPage />;
}
