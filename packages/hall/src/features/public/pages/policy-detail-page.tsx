import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PolicyDetail } from '@gjj-hall/widgets';
import { client } from '../../../shared/services';
import { Breadcrumb } from '../../../shared/ui/breadcrumb';
import { RichText } from '../../../shared/ui/rich-text';
import { usePageTitle } from '../../../shared/use-page-title';
import './policy-pages.css';

/** Where "back to the list" goes: the list address the policy was opened from (its search and page), else the list. */
function listPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/policyInfo') ? from : '/policyInfo';
}

/**
 * /policyDetail?id=: one policy (spec 2.1) through the widget's `PolicyDetail`, its body shown with the hall's
 * `RichText` (DOMPurify). Unknown and withdrawn policies show the server's message; a missing id says so.
 */
export function PolicyDetailPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const id = params.get('id')?.trim() ?? '';
  const back = listPath(location.state);
  // The policy's title once loaded (document title, breadcrumb), with the id it belongs to.
  const [loaded, setLoaded] = useState<{ id: string; title: string } | null>(null);
  const title = loaded && loaded.id === id ? loaded.title : null;
  usePageTitle(title ?? '政策详情');
  return (
    <section className="page policy-detail-page" aria-labelledby={title ? undefined : 'policy-detail-title'}>
      <Breadcrumb items={[{ title: '政策信息', path: back }, { title: '政策详情' }]} />
      {!title && (
        <h1 id="policy-detail-title" className="policy-detail-page__heading">
          政策详情
        </h1>
      )}
      {id ? (
        <PolicyDetail
          key={id}
          id={id}
          client={client}
          headingLevel={1}
          renderBody={(html) => <RichText html={html} className="rich-text policy-detail-page__body" />}
          onLoad={(policy) => setLoaded({ id, title: policy.title })}
        />
      ) : (
        <p className="policy-detail-page__missing" role="alert">
          缺少政策编号，无法显示政策详情。请从政策信息列表中选择要查看的政策。
        </p>
      )}
      <p className="policy-detail-page__back">
        <Link to={back}>返回政策列表</Link>
      </p>
    </section>
  );
}

export default PolicyDetailPage;
