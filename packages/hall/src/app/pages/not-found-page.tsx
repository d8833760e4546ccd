import { Link } from 'react-router';
import { usePageTitle } from '../../shared/use-page-title';

/** /404: where every unknown path lands (spec 2.1). */
export function NotFoundPage() {
  usePageTitle('页面不存在');
  return (
    <section className="page page--center" aria-labelledby="nf-title">
      <p className="error-code" aria-hidden="true">404</p>
      <h1 id="nf-title">抱歉，您访问的页面不存在</h1>
      <p>页面地址可能有误，或页面已被移除。</p>
      <p>
        <Link className="button" to="/">
          返回首页
        </Link>
      </p>
    </section>
  );
}
