import { useLocation } from 'react-router';
import { usePageTitle } from '../../shared/use-page-title';
import { NotOpenNotice } from '../../shared/ui/not-open-notice';

/** A public route of spec 2.1 whose page is not built yet. */
export function PublicNotOpenPage() {
  const { pathname } = useLocation();
  usePageTitle('功能暂未开放');
  return <NotOpenNotice title="功能暂未开放" path={pathname} />;
}
