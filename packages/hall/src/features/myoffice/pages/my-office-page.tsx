import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { $menuRoutes } from '../../../shared/services';
import { PagedView } from '../../../shared/ui/paged-view';
import { Pager } from '../../../shared/ui/pager';
import { usePageParams, usePaged } from '../../../shared/use-paged';
import { usePageTitle } from '../../../shared/use-page-title';
import { fetchApplications } from '../api';
import { OFFICE_COMPONENTS, routePathOf, searchNumber, STATUS_OPTIONS, statusFilter, YWBH_MESSAGE } from '../office';
import { StatusTag } from './status-tag';
import '../myoffice.css';

const dash = (v: string | null | undefined) => v || '—';

/**
 * 我的业务 (MyOffice, DWmyOffice for units; spec 2.2): the account's applications, newest first, filtered by status
 * and searched by business number (both in the address with the page, so Back from a detail shows the same rows);
 * each opens its detail. At 390 px the table's rows become cards.
 */
export function MyOfficePage() {
  usePageTitle('我的业务');
  const { pageNum, pageSize, params, update } = usePageParams();
  const zt = statusFilter(params.get('zt'));
  const ywbh = searchNumber(params.get('ywbh') ?? '') ?? '';
  const [draft, setDraft] = useState(ywbh);
  const [error, setError] = useState('');
  const hintId = useId();
  const detailPath = routePathOf(useStore($menuRoutes), [OFFICE_COMPONENTS.detail]);
  const { state, reload } = usePaged(
    (q, signal) => fetchApplications({ zt, ywbh, pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? pageSize }, signal),
    { pageNum, pageSize },
    `${zt}/${ywbh}/${pageNum}/${pageSize}`,
  );

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const number = searchNumber(String(form.get('ywbh') ?? ''));
    if (number === null) {
      setError(YWBH_MESSAGE);
      return;
    }
    setError('');
    setDraft(number);
    update({ zt: String(form.get('zt') ?? ''), ywbh: number, page: '' });
  };
  const clear = () => {
    setDraft('');
    setError('');
    update({ zt: '', ywbh: '', page: '' });
  };

  const page = state.page;
  return (
    <section className="page office" aria-labelledby="office-title">
      <h1 id="office-title">我的业务</h1>
      <p className="page__lead">您在网上业务大厅申请的业务，新的在前。点击“查看”可了解办理进度、承诺办结日期和中心的意见。</p>
      <form className="office-search" role="search" aria-label="查询我的业务" onSubmit={search} noValidate>
        <div className="search-bar">
          <label>
            状态
            <select name="zt" defaultValue={zt} key={zt}>
              {STATUS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            业务编号
            <input
              name="ywbh"
              value={draft}
              maxLength={30}
              autoComplete="off"
              spellCheck={false}
              placeholder="请输入业务编号"
              aria-invalid={error ? true : undefined}
              aria-describedby={hintId}
              onChange={(e) => {
                setDraft(e.target.value);
                if (error) setError('');
              }}
            />
          </label>
          <button type="submit" className="btn btn--primary">
            查询
          </button>
          {(zt || ywbh) && (
            <button type="button" className="btn" onClick={clear}>
              重置
            </button>
          )}
        </div>
        <p id={hintId} className={`office-hint${error ? ' office-hint--error' : ''}`} aria-live="polite">
          {error}
        </p>
      </form>
      <PagedView state={state} onRetry={reload}>
        {(page, busy) => (
          <table className="data-table office-table" aria-busy={busy}>
            <caption className="visually-hidden">
              我的业务{zt ? `（${STATUS_OPTIONS.find((o) => o.value === zt)?.label}）` : ''}，共 {page.total} 条
            </caption>
            <thead>
              <tr>
                <th scope="col">业务名称</th>
                <th scope="col">业务编号</th>
                <th scope="col">状态</th>
                <th scope="col">提交时间</th>
                <th scope="col">承诺办结日期</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((row) => (
                <tr key={row.ywbh}>
                  <td data-label="业务名称" className="office-table__name">
                    {row.ywmc}
                  </td>
                  <td data-label="业务编号" className="nowrap">
                    {row.ywbh}
                  </td>
                  <td data-label="状态">
                    <StatusTag zt={row.zt} ztmc={row.ztmc} />
                  </td>
                  <td data-label="提交时间">{dash(row.submittedAt)}</td>
                  <td data-label="承诺办结日期">{dash(row.promisedDate)}</td>
                  <td data-label="操作">
                    {detailPath ? (
                      <Link className="btn" to={`${detailPath}?ywbh=${encodeURIComponent(row.ywbh)}`} aria-label={`查看 ${row.ywmc} ${row.ywbh}`}>
                        查看
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedView>
      {page && page.total > 0 && (
        <Pager total={page.total} pageNum={pageNum} pageSize={pageSize} label="我的业务分页" onChange={(n, s) => update({ page: n, size: s })} />
      )}
    </section>
  );
}

/** DWmyOffice: a unit's 我的业务 (spec 2.2 names it apart); the same page. */
export const DWmyOfficePage = MyOfficePage;
