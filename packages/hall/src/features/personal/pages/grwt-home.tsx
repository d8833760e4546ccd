import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { stores } from '../../../shared/services';
import { HomeView } from '../../../shared/ui/home-view';
import { flexibleHiddenPaths, unitFact } from '../flexible-home';

// The figures come from the server in a chunk of their own, after the home shows (issue 24).
const HomeFigures = lazy(() => import('../account-info/home-figures').then((m) => ({ default: m.HomeFigures })));

/**
 * GrwtHome: the individual's home page (spec 2.2), with the personal account summary (grxx/loginGrxx) and the current
 * account's figures (balance, this year's deposits, the last movement, the to-do count). Takes the `activeIndex`
 * query value, the selected business tab. A login whose identity is not verified sees why first, and no figures;
 * one with an initial password sees them once it is changed.
 */
export function GrwtHome() {
  const info = useStore(stores.session.$personalInfo) ?? {};
  const userInfo = useStore(stores.session.$userInfo);
  useStore(stores.config.$dictionary);
  // A flexible depositor's home offers only the businesses the account's state allows (issue 30).
  const hidden = flexibleHiddenPaths(userInfo?.roles, info.grzhzt);
  return (
    <>
      {/* A login registered without proof of identity (issue 18): the server's words on why it can do no business and
          how to verify (getUserInfo's identityNotice; its business calls answer 403 with the same reason). */}
      {userInfo?.identityNotice ? <p className="page home__notice">{String(userInfo.identityNotice)}</p> : null}
      <HomeView
        areaTitle="个人业务"
        facts={[
          { label: '姓名', value: info.xingming },
          { label: '个人账号', value: info.grzh },
          { label: '账户状态', value: info.grzhzt ? stores.config.dictionaryLabel('GRZHZT', info.grzhzt) : '' },
          { label: '所在单位', value: unitFact(userInfo?.roles, info.dwmc) },
          { label: '手机号码', value: info.sjhm },
        ]}
        hides={(node) => hidden.includes(node.fullPath)}
      >
        {/* Nor while the password is an initial one (pwdStatus '0', spec 3.1): the server refuses every business call
            until it is changed; the figures load once it is. */}
        {userInfo?.identityNotice || String(userInfo?.pwdStatus) === '0' ? null : (
          <div className="home-figures-slot">
            <Suspense fallback={null}>
              <HomeFigures />
            </Suspense>
          </div>
        )}
      </HomeView>
    </>
  );
}
