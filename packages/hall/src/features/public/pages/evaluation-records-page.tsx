import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { fetchEvaluation, fetchEvaluationRecords, type EvaluationRecord } from '@gjj-hall/sdk/public';
import { client } from '../../../shared/services';
import { DetailDialog } from '../../../shared/ui/detail-dialog';
import { Pager } from '../../../shared/ui/pager';
import { usePageParams, usePaged } from '../../../shared/use-paged';
import { usePageTitle } from '../../../shared/use-page-title';
import type { EvaluationDone } from './start-evaluation-page';
import './evaluation.css';
import { PagedView } from '../../../shared/ui/paged-view';
import { DataTable, type TableColumn } from '../../../shared/table';

/**
 * /evaluationRecords (session): the signed-in person's own evaluations, newest first, paged, each with its detail.
 * Arriving from a successful evaluation, the new one's number is said above the table.
 */
export function EvaluationRecordsPage() {
  usePageTitle('我的评价');
  const { pageNum, pageSize, update } = usePageParams();
  const location = useLocation();
  const done = (location.state as EvaluationDone | null)?.pjbh;
  const { state, reload } = usePaged((q, signal) => fetchEvaluationRecords(client, q, { signal }), { pageNum, pageSize }, `${pageNum}/${pageSize}`);
  const [open, setOpen] = useState<string | null>(null);
  // The person's own short list: no column chooser.
  const columns: TableColumn<EvaluationRecord>[] = [
    { prop: 'pjbh', label: '评价编号' },
    { prop: 'sxmc', label: '事项' },
    { prop: 'mydmc', label: '满意度' },
    { prop: 'pjnr', label: '评价内容', text: (r) => r.pjnr || '—' },
    { prop: 'pjsj', label: '评价时间' },
    {
      prop: 'actions',
      label: '操作',
      type: 'custom',
      render: (r) => (
        <button type="button" className="btn" aria-label={`详情：${r.pjbh}`} onClick={() => setOpen(r.id)}>
          详情
        </button>
      ),
    },
  ];
  const page = state.page;
  return (
    <section className="page" aria-labelledby="eval-records-title">
      <h1 id="eval-records-title">我的评价</h1>
      <p className="page__lead">
        您提交过的满意度评价，新的在前。<Link to="/startEvaluation">我要评价</Link>
      </p>
      {done && (
        <p className="eval-receipt" role="status">
          评价成功，评价编号：{done}
        </p>
      )}
      <PagedView state={state} onRetry={reload}>
        {(page, busy) => (
          <DataTable caption="我的评价记录" className="eval-table" columns={columns} rows={page.list} rowKey={(r) => r.id} busy={busy} isCurrent={(r) => r.pjbh === done} />
        )}
      </PagedView>
      {page && page.total > 0 && (
        <Pager total={page.total} pageNum={pageNum} pageSize={pageSize} label="评价记录分页" onChange={(n, s) => update({ page: n, size: s })} />
      )}
      <DetailDialog
        id={open}
        title="评价详情"
        load={(id, signal) => fetchEvaluation(client, id, { signal, silent: true })}
        onClose={() => setOpen(null)}
      >
        {(record) => (
          <dl className="eval-detail">
            <dt>评价编号</dt>
            <dd>{record.pjbh}</dd>
            <dt>评价事项</dt>
            <dd>{record.sxmc}</dd>
            <dt>满意度</dt>
            <dd>{record.mydmc}</dd>
            <dt>评价内容</dt>
            <dd>{record.pjnr || '（未填写）'}</dd>
            <dt>评价时间</dt>
            <dd>{record.pjsj}</dd>
          </dl>
        )}
      </DetailDialog>
    </section>
  );
}
