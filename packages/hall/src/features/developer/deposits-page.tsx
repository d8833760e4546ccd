import { useState } from 'react';
import { useLocation } from 'react-router';
import { formatMoney } from '@gjj-hall/sdk/format';
import { usePageTitle } from '../../shared/use-page-title';
import { usePermission } from '../../shared/use-permission';
import { useKeysetPaged } from '../../shared/use-keyset-paged';
import { KeysetPager } from '../../shared/ui/keyset-pager';
import { DataTable, ExportButtons, type TableColumn } from '../../shared/table';
import { DEPOSIT_EXPORT, fetchDeposits, type DepositPage, type DepositRow } from './api';
import './developer.css';

/** The page's path: its buttons (export) are keyed on it (spec 5.5, 6). */
const PATH = '/kfswt/cx_yw/xx_cx/bzj_cx';

const COLUMNS: TableColumn<DepositRow>[] = [
  { prop: 'xmmc', label: '楼盘', disabled: true },
  { prop: 'jkr', label: '借款人' },
  { prop: 'dkje', label: '贷款金额（元）', type: 'money' },
  { prop: 'jcje', label: '缴存保证金（元）', type: 'money', disabled: true },
  { prop: 'jcrq', label: '缴存日期', className: 'nowrap' },
  { prop: 'sfje', label: '释放金额（元）', type: 'money' },
  { prop: 'sfrq', label: '释放日期', className: 'nowrap' },
  { prop: 'zt', label: '状态', disabled: true },
];

/**
 * 保证金查询 (/kfswt/cx_yw/xx_cx/bzj_cx; docs/api-developer.md › 保证金): the staged guarantee's deposit the developer
 * keeps with the centre: the balance, and what each guaranteed loan holds and released (when its mortgage was
 * registered), by keyset pages, with export.
 */
export function DepositsPage() {
  usePageTitle('保证金查询');
  const { pathname } = useLocation();
  const [pageSize, setPageSize] = useState(20);
  const canExport = usePermission(PATH, 'export');
  const list = useKeysetPaged<DepositPage>((after, signal) => fetchDeposits(after, pageSize, signal), String(pageSize));
  const page = list.state.page;
  const first = list.first;
  return (
    <section className="page" aria-labelledby="bzj-title">
      <h1 id="bzj-title">保证金查询</h1>
      <p className="page__lead">提供阶段性担保的楼盘，每笔担保贷款发放后按中心规定比例缴存保证金，借款人办妥抵押登记后释放。</p>
      {first && (
        <dl className="developer-facts">
          <div>
            <dt>保证金余额</dt>
            <dd>{formatMoney(first.ye)} 元</dd>
          </div>
          <div>
            <dt>占用中的担保贷款</dt>
            <dd>{first.zybs} 笔</dd>
          </div>
        </dl>
      )}
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
          caption="担保贷款的保证金"
          columns={COLUMNS}
          rows={page.list}
          rowKey={(r) => `${r.xmbh}/${r.jcrq}/${r.jkr}/${r.dkje}`}
          busy={list.state.status === 'loading'}
          emptyText="暂无担保贷款的保证金"
          settings={{ path: pathname, navName: 'bzj', name: '保证金' }}
          toolbar={canExport ? <ExportButtons path={DEPOSIT_EXPORT} params={{}} fileName="保证金明细" /> : null}
        />
      )}
      {page && page.list.length > 0 && (
        <KeysetPager total={null} pageNum={list.pageNum} pageSize={pageSize} hasNext={list.hasNext} onPrev={list.prev} onNext={list.next} onSize={setPageSize} label="保证金分页" />
      )}
    </section>
  );
}
