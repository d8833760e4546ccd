import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { fetchEvaluation, fetchEvaluationRecords } from '@gjj-hall/sdk/public';
import { client } from '../../../shared/services';
import { DetailDialog } from '../../../shared/ui/detail-dialog';
import { Pager } from '../../../shared/ui/pager';
import { usePageParams, usePaged } from '../../../shared/use-paged';
import { usePageTitle } from '../../../shared/use-page-title';
import type { EvaluationDone } from './start-evaluation-page';
import './evaluation.css';
import { PagedView } from '../../../shared/ui/paged-view';

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
          <table className="data-table eval-table" aria-busy={busy}>
            <caption className="visually-hidden">我的评价记录</caption>
            <thead>
              <tr>
                <th scope="col">评价编号</th>
                <th scope="col">事项</th>
                <th scope="col">满意度</th>
                <th scope="col">评价内容</th>
                <th scope="col">评价时间</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((r) => (
                <tr key={r.id} aria-current={r.pjbh === done ? 'true' : undefined}>
                  <td>{r.pjbh}</td>
                  <td>{r.sxmc}</td>
                  <td>{r.mydmc}</td>
                  <td>{r.pjnr || '—'}</td>
                  <td>{r.pjsj}</td>
                  <td>
                    <button type="button" className="btn" aria-label={`详情：${r.pjbh}`} onClick={() => setOpen(r.id)}>
                      详情
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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
