import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../shared/ui/tabs';
import { usePageTitle } from '../../shared/use-page-title';

// The rent menu entry /grwt/tqSys/tqyw/zfzj_tq with two tabs (docs/decisions.md › 按月/按季租房提取: the spec has no
// menu entry of its own): 单次提取 (the TQ0107 wizard, withdrawal-pages.tsx) and 按月/按季提取 (standing-page.tsx). The
// tab is in the address (?tab=standing), each a chunk of its own.

const RentPage = lazy(async () => {
  const [{ WithdrawalPage }, { kindByPath }] = await Promise.all([import('./withdrawal-pages'), import('./kinds')]);
  const rent = kindByPath('zfzj_tq')!;
  return { default: () => <WithdrawalPage kind={rent} /> };
});
const StandingPage = lazy(async () => ({ default: (await import('./standing-page')).StandingPage }));

const TABS = [
  { key: 'once', label: '单次提取' },
  { key: 'standing', label: '按月/按季提取' },
] as const;

export function RentTabs() {
  const [params, setParams] = useSearchParams();
  const [active, setActive] = useState(params.get('tab') === 'standing' ? 1 : 0);
  usePageTitle(active === 1 ? '按月/按季租房提取' : '');
  const choose = (index: number) => {
    setActive(index);
    setParams(index === 1 ? { tab: 'standing' } : {}, { replace: true });
  };
  return (
    <div className="rent-tabs">
      <Tabs label="租房提取方式" items={TABS} active={active} onChange={choose}>
        <Suspense fallback={<p role="status">正在加载，请稍候…</p>}>{active === 1 ? <StandingPage /> : <RentPage />}</Suspense>
      </Tabs>
    </div>
  );
}
