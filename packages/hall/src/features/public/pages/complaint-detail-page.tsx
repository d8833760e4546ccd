import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { fetchComplaint, type Complaint } from '@gjj-hall/sdk/public';
import { errorMessage } from '@gjj-hall/sdk';
import { client } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { ComplaintReply, ComplaintStatus } from './complaint-status';
import './complaint.css';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; item: Complaint };

/**
 * /complaintJYInfo?id=: one complaint or suggestion (one's own, or one the centre published): reference number, type,
 * department, content, the contact phone masked (only to its owner), when it was sent, its status, and the centre's
 * reply with its time or 中心尚未回复.
 */
export function ComplaintDetailPage() {
  usePageTitle('投诉建议详情');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const back = `/complaintJY${typeof from === 'string' && from.startsWith('?') ? from : ''}`;
  const [attempt, setAttempt] = useState(0);
  // The outcome of one load, tagged with what it loaded, so a stale outcome reads as "loading".
  const [loaded, setLoaded] = useState<{ id: string; attempt: number; state: State } | null>(null);
  const state: State = !id
    ? { status: 'error', message: '缺少编号' }
    : loaded && loaded.id === id && loaded.attempt === attempt
      ? loaded.state
      : { status: 'loading' };

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    const settle = (next: State) => !controller.signal.aborted && setLoaded({ id, attempt, state: next });
    fetchComplaint(client, id, { signal: controller.signal, silent: true }).then(
      (item) => settle({ status: 'ready', item }),
      (error: unknown) => settle({ status: 'error', message: errorMessage(error, '加载失败，请稍后重试') }),
    );
    return () => controller.abort();
  }, [id, attempt]);

  return (
    <section className="page" aria-labelledby="complaint-detail-title">
      <h1 id="complaint-detail-title">投诉建议详情</h1>
      {state.status === 'loading' ? <p role="status">正在加载，请稍候…</p> : null}
      {state.status === 'error' ? (
        <div className="complaint-alert" role="alert">
          <span>{state.message}</span>
          {/^(未找到|缺少|编号)/.test(state.message) ? null : (
            <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
              重新加载
            </button>
          )}
        </div>
      ) : null}
      {state.status === 'ready' ? <ComplaintDetail item={state.item} /> : null}
      <p className="complaint-actions">
        <Link className="btn" to={back}>
          返回列表
        </Link>
      </p>
    </section>
  );
}

function ComplaintDetail({ item }: { item: Complaint }) {
  return (
    <>
      <dl className="complaint-detail">
        <dt>受理编号</dt>
        <dd>{item.sqbh}</dd>
        <dt>类型</dt>
        <dd>{item.tslxmc}</dd>
        <dt>责任部门</dt>
        <dd>{item.zrbmmc}</dd>
        <dt>意见内容</dt>
        <dd>{item.nr}</dd>
        {item.mine ? (
          <>
            <dt>联系电话</dt>
            <dd>{item.lxdh || '未填写'}</dd>
          </>
        ) : null}
        <dt>提交时间</dt>
        <dd>{item.tjsj}</dd>
        <dt>办理状态</dt>
        <dd>
          <ComplaintStatus item={item} />
        </dd>
      </dl>
      <h2 className="complaint-subtitle">中心回复</h2>
      {item.hfnr ? (
        <ComplaintReply item={item} />
      ) : (
        <p className="complaint-reply complaint-reply--none">中心尚未回复，请耐心等待。</p>
      )}
    </>
  );
}

export default ComplaintDetailPage;
