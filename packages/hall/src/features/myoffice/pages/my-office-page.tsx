import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useStore } from '@nanostores/react';
import { $menuRoutes } from '../../../shared/services';
import { PagedView } from '../../../shared/ui/paged-view';
import { Pager } from '../../../shared/ui/pager';
import { usePageParams, usePaged } from '../../../shared/use-paged';
import { usePageTitle } from '../../../shared/use-page-title';
import { DataTable, ExportButtons, PrintButton, PrintHead, type TableColumn } from '../../../shared/table';
import { APPLICATIONS_EXPORT, fetchApplications, type ApplicationRow } from '../api';
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
  const { pathname } = useLocation();
  const statusLabel = zt ? STATUS_OPTIONS.find((o) => o.value === zt)?.label : '';
  const period = `状态：${statusLabel || '全部'}；业务编号：${ywbh || '全部'}；第 ${pageNum} 页`;
  const columns = useMemo<TableColumn<ApplicationRow>[]>(
    () => [
      { prop: 'ywmc', label: '业务名称', disabled: true, className: 'office-table__name' },
      { prop: 'ywbh', label: '业务编号', className: 'nowrap' },
      { prop: 'zt', label: '状态', type: 'custom', render: (row) => <StatusTag zt={row.zt} ztmc={row.ztmc} />, text: (row) => row.ztmc },
      { prop: 'submittedAt', label: '提交时间', text: (row) => dash(row.submittedAt) },
      { prop: 'promisedDate', label: '承诺办结日期', text: (row) => dash(row.promisedDate) },
      {
        prop: 'actions',
        label: '操作',
        disabled: true,
        type: 'custom',
        className: 'no-print-cell',
        render: (row) =>
          detailPath ? (
            <Link className="btn" to={`${detailPath}?ywbh=${encodeURIComponent(row.ywbh)}`} aria-label={`查看 ${row.ywmc} ${row.ywbh}`}>
              查看
            </Link>
          ) : (
            '—'
          ),
      },
    ],
    [detailPath],
  );
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
      <PrintHead title="我的业务" period={period} />
      <PagedView state={state} onRetry={reload} ownEmpty>
        {(page, busy) => (
          <DataTable
            caption={`我的业务${statusLabel ? `（${statusLabel}）` : ''}，共 ${page.total} 条`}
            columns={columns}
            rows={page.list}
            rowKey={(row) => row.ywbh}
            busy={busy}
            className="office-table"
            settings={{ path: pathname, navName: 'wdyw', name: '我的业务' }}
            toolbar={
              <>
                <ExportButtons path={APPLICATIONS_EXPORT} params={{ zt: zt || undefined, ywbh: ywbh || undefined }} fileName="我的业务" />
                <PrintButton />
              </>
            }
          />
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
