import { Link } from 'react-router';
import { usePageTitle } from '../../shared/use-page-title';

/**
 * /401: where the guard sends everyone while the system configuration is empty (spec 2.1, 4.1). The visitor cannot
 * fix a configuration, so the page says what they can do (come back later, call 12329, go to a branch) in a heading a
 * person reads, never the status code.
 */
export function ConfigMissingPage() {
  usePageTitle('暂时无法提供服务');
  return (
    <section className="page page--center" aria-labelledby="cfg-title">
      <h1 id="cfg-title">网上业务大厅暂时无法提供服务</h1>
      <p>系统正在维护，请稍后再试。如急需办理，请拨打 12329 服务热线，或到住房公积金服务网点办理。</p>
      <p>
        <Link className="button" to="/login">
          重新进入
        </Link>
      </p>
    </section>
  );
}
