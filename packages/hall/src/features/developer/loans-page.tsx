import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../shared/use-page-title';
import { usePermission } from '../../shared/use-permission';
import { useKeysetPaged } from '../../shared/use-keyset-paged';
import { KeysetPager } from '../../shared/ui/keyset-pager';
import { DataTable, ExportButtons, type TableColumn } from '../../shared/table';
import { fetchLoans, fetchProjects, LOAN_EXPORT, type LoanPage, type LoanRow } from './api';
import './developer.css';

/** The page's path: its buttons (export) are keyed on it (spec 5.5, 6). */
const PATH = '/kfswt/cx_yw/xx_cx/dkjd_cx';

const COLUMNS: TableColumn<LoanRow>[] = [
  { prop: 'xmmc', label: '楼盘', disabled: true },
  { prop: 'lx', label: '类型' },
  { prop: 'zt', label: '状态', disabled: true },
  { prop: 'je', label: '金额（元）', type: 'money' },
  { prop: 'rq', label: '日期', className: 'nowrap' },
  { prop: 'jkr', label: '借款人' },
];

/**
 * 购房贷款进度查询 (/kfswt/cx_yw/xx_cx/dkjd_cx; docs/api-developer.md): the provident fund loans and the loan
 * applications under way on the developer's projects (status, amount, date; the borrower's name masked, nothing else
 * personal), by project, by keyset pages, with export.
 */
export function DeveloperLoansPage() {
  usePageTitle('购房贷款进度查询');
  const { pathname } = useLocation();
  const [xmbh, setXmbh] = useState('');
  const [pageSize, setPageSize] = useState(20);
  const [projects, setProjects] = useState<ReadonlyArray<readonly [string, string]>>([]);
  const canExport = usePermission(PATH, 'export');
  useEffect(() => {
    let live = true;
    fetchProjects(undefined, 50).then(
      (p) => live && setProjects(p.list.filter((r) => r.shzt === 'approved').map((r) => [r.xmbh, r.xmmc] as const)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const list = useKeysetPaged<LoanPage>((after, signal) => fetchLoans({ xmbh, after, size: pageSize }, signal), `${xmbh}/${pageSize}`);
  const page = list.state.page;
  const projectName = projects.find(([v]) => v === xmbh)?.[1] ?? '全部楼盘';
  return (
    <section className="page" aria-labelledby="dkjd-title">
      <h1 id="dkjd-title">购房贷款进度查询</h1>
      <p className="page__lead">在本开发商楼盘购房的住房公积金贷款及办理中的贷款申请。为保护个人信息，借款人只显示姓。</p>
      <div className="search-bar" role="search" aria-label="筛选贷款">
        <label>
          楼盘
          <select value={xmbh} onChange={(e) => setXmbh(e.target.value)}>
            <option value="">全部楼盘</option>
            {projects.map(([v, text]) => (
              <option key={v} value={v}>
                {text}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.state.status === 'error' && (
        <div className="content-error" role="alert">
          <p>{list.state.message}</p>
          <button type="button" className="btn" onClick={list.reload}>
            重新加载
          </button>
        </div>
      )}
      {page === null && list.state.status === 'loading' && <p role="status">正在加载，请稍候…</p>}
      {page && (
        <DataTable
          caption={`${projectName}的住房公积金贷款`}
          columns={COLUMNS}
          rows={page.list}
          rowKey={(r) => `${r.xmbh}/${r.lx}/${r.rq}/${r.jkr}/${r.je ?? ''}/${r.zt}`}
          busy={list.state.status === 'loading'}
          emptyText="暂无贷款"
          settings={{ path: pathname, navName: 'kfsdk', name: '楼盘贷款' }}
          toolbar={canExport ? <ExportButtons path={LOAN_EXPORT} params={xmbh ? { xmbh } : {}} fileName="楼盘贷款信息" /> : null}
        />
      )}
      {page && page.list.length > 0 && (
        <KeysetPager total={null} pageNum={list.pageNum} pageSize={pageSize} hasNext={list.hasNext} onPrev={list.prev} onNext={list.next} onSize={setPageSize} label="楼盘贷款分页" />
      )}
    </section>
  );
}
