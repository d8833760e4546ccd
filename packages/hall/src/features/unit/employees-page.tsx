import { useState } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../shared/use-page-title';
import { usePermission } from '../../shared/use-permission';
import { useKeysetPaged, type KeysetPage } from '../../shared/use-keyset-paged';
import { KeysetPager } from '../../shared/ui/keyset-pager';
import { DataTable, ExportButtons, PrintButton, PrintHead, type TableColumn } from '../../shared/table';
import { loadPage, type Employee } from './api';
import './unit.css';

/** The page's path: its buttons (export, print) are keyed on it (spec 5.5, 6). */
const PATH = '/dwwt/cxyw/zgxx_cx';
const EXPORT = '/api/izfgjj-zhfw/v1/dwyw/zgcx/export';

/** Status filter: the personal account statuses a clerk may filter by (dictionary GRZHZT). */
const STATUSES: ReadonlyArray<readonly [string, string]> = [
  ['', '全部'],
  ['01', '正常'],
  ['02', '封存'],
  ['06', '冻结'],
  ['05', '提取销户'],
  ['03', '合并销户'],
  ['04', '外部转出销户'],
  ['99', '其他'],
];

const COLUMNS: TableColumn<Employee>[] = [
  { prop: 'grzh', label: '个人账号', disabled: true, className: 'nowrap' },
  { prop: 'xingming', label: '姓名', disabled: true },
  { prop: 'grzhztmc', label: '账户状态' },
  { prop: 'jcjs', label: '缴存基数（元）', type: 'money' },
  { prop: 'dwjcbl', label: '单位比例（%）' },
  { prop: 'grjcbl', label: '个人比例（%）' },
  { prop: 'yjce', label: '月缴存额（元）', type: 'money' },
  { prop: 'ye', label: '账户余额（元）', type: 'money' },
];

type EmployeePage = KeysetPage<Employee>;

/**
 * 职工信息查询 (/dwwt/cxyw/zgxx_cx; docs/api-unit-business.md › 职工查询): the unit's employees (status, base, ratios,
 * monthly deposit, balance), one page at a time through the server's index (keyset on the account number), filtered
 * by status; 导出 and 打印 follow the page's buttons.
 */
export function ZgxxCxPage() {
  usePageTitle('职工信息查询');
  const { pathname } = useLocation();
  const [status, setStatus] = useState('');
  const [pageSize, setPageSize] = useState(20);
  const canExport = usePermission(PATH, 'export');
  const canPrint = usePermission(PATH, 'print');
  const list = useKeysetPaged<EmployeePage>(async (after) => {
    const q = new URLSearchParams({ limit: String(pageSize) });
    if (status) q.set('grzhzt', status);
    if (after) q.set('after', after);
    const data = await loadPage<{ rows: Employee[]; next: string | null }>(`dwyw/zgcx?${q.toString()}`);
    return { list: data.rows, next: data.next };
  }, `${status}/${pageSize}`);
  const page = list.state.page;
  const statusName = STATUSES.find(([v]) => v === status)?.[1] ?? '全部';
  return (
    <section className="page" aria-labelledby="zgxx-title">
      <h1 id="zgxx-title">职工信息查询</h1>
      <p className="page__lead">本单位职工的账户状态、缴存基数、缴存比例、月缴存额和账户余额，按个人账号排列。</p>
      <div className="search-bar" role="search" aria-label="筛选职工">
        <label>
          账户状态
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            {STATUSES.map(([v, text]) => (
              <option key={v} value={v}>
                {text}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PrintHead title="职工信息" period={`账户状态：${statusName}；第 ${list.pageNum} 页`} />
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
          caption={`本单位职工（账户状态：${statusName}）`}
          columns={COLUMNS}
          rows={page.list}
          rowKey={(r) => r.grzh}
          busy={list.state.status === 'loading'}
          emptyText="没有符合条件的职工"
          settings={{ path: pathname, navName: 'zgxx', name: '职工信息' }}
          toolbar={
            <>
              {canExport ? <ExportButtons path={EXPORT} params={status ? { grzhzt: status } : {}} fileName="职工信息" /> : null}
              {canPrint ? <PrintButton /> : null}
            </>
          }
        />
      )}
      {page && page.list.length > 0 && (
        <KeysetPager total={null} pageNum={list.pageNum} pageSize={pageSize} hasNext={list.hasNext} onPrev={list.prev} onNext={list.next} onSize={setPageSize} label="职工信息分页" />
      )}
    </section>
  );
}
