import { useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@gjj-hall/sdk/public';
import { PolicyList, type PolicyListQuery } from '@gjj-hall/widgets';
import { client } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { usePageParams } from '../../../shared/use-paged';
import './policy-pages.css';

const detailPath = (id: string) => `/policyDetail?id=${encodeURIComponent(id)}`;

// The policy last opened from the list, so that Back from it puts focus on its link again (keyboard users keep their
// place). Module state: it lives as long as the hall does, like the history entry it answers.
let lastOpened: string | undefined;

/**
 * /policyInfo: the published policies (spec 2.1) with title search, the category filter and paging, through the
 * `PolicyList` widget. Keyword, category, page and size live in the address, so Back from a policy returns to the
 * same search and page; a policy opens at /policyDetail.
 */
export function PolicyInfoPage() {
  usePageTitle('政策信息');
  const navigate = useNavigate();
  const location = useLocation();
  const { pageNum, pageSize, params, update } = usePageParams();
  const query: PolicyListQuery = { keyword: params.get('keyword') ?? '', category: params.get('category') ?? '', pageNum, pageSize };
  // Coming back with Back: focus the policy opened last (if it is listed here).
  const navigationType = useNavigationType();
  const [focusId] = useState(() => (navigationType === 'POP' ? lastOpened : undefined));
  return (
    <section className="page" aria-labelledby="policy-info-title">
      <h1 id="policy-info-title">政策信息</h1>
      <p className="page__lead">本中心发布的住房公积金缴存、提取、贷款和综合管理政策，可按标题关键字查询或按分类查看。</p>
      <PolicyList
        client={client}
        query={query}
        onQueryChange={(q) =>
          update({
            keyword: q.keyword,
            category: q.category,
            page: q.pageNum > 1 ? q.pageNum : '',
            size: q.pageSize === DEFAULT_PAGE_SIZE ? '' : q.pageSize,
          })
        }
        policyHref={(p) => `#${detailPath(p.id)}`}
        focusPolicyId={focusId}
        onOpenPolicy={(p) => {
          lastOpened = p.id;
          navigate(detailPath(p.id), { state: { from: `${location.pathname}${location.search}` } });
          return false;
        }}
      />
    </section>
  );
}

export default PolicyInfoPage;
