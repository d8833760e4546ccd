import { usePageTitle } from '../../shared/use-page-title';

/** /401: where the guard sends everyone while the system configuration is empty (spec 2.1, 4.1). */
export function ConfigMissingPage() {
  usePageTitle('系统配置缺失');
  return (
    <section className="page page--center" aria-labelledby="cfg-title">
      <p className="error-code" aria-hidden="true">401</p>
      <h1 id="cfg-title">系统配置缺失，暂时无法提供服务</h1>
      <p>网上业务大厅的系统配置为空，请联系管理员完成系统配置后再试。</p>
    </section>
  );
}
