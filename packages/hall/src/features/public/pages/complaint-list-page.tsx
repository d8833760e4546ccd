import { Link, useLocation } from 'react-router';
import { fetchComplaints, type Complaint } from '@gjj-hall/sdk/public';
import { useStore } from '@nanostores/react';
import { client, stores } from '../../../shared/services';
import { Pager } from '../../../shared/ui/pager';
import { usePageParams, usePaged } from '../../../shared/use-paged';
import { usePageTitle } from '../../../shared/use-page-title';
import { ComplaintReply, ComplaintStatus } from './complaint-status';
import './complaint.css';

function ComplaintRow({ item, from }: { item: Complaint; from: string }) {
  return (
    <li className="complaint-item">
      <p className="complaint-item__head">
        <Link to={`/complaintJYInfo?id=${encodeURIComponent(item.id)}`} state={{ from }}>
          {item.tslxmc} · 受理编号 {item.sqbh}
        </Link>
        <ComplaintStatus item={item} />
      </p>
      <p className="complaint-item__content">{item.nr}</p>
      <p className="complaint-item__meta">
        <span>责任部门：{item.zrbmmc}</span>
        <span>提交时间：{item.tjsj}</span>
      </p>
      {item.hfnr ? <ComplaintReply item={item} heading="中心回复" /> : null}
    </li>
  );
}

/**
 * /complaintJY: signed in, the person's own complaints and suggestions (every status, the centre's reply where there
 * is one); signed out, the ones the centre published with their replies. Paged; the page is kept in the address.
 */
export function ComplaintListPage() {
  usePageTitle('投诉建议');
  const signedIn = useStore(stores.session.$signedIn);
  const location = useLocation();
  const { pageNum, pageSize, update } = usePageParams();
  const { state, reload } = usePaged(
    (q, signal) => fetchComplaints(client, q, { signal, silent: true }),
    { pageNum, pageSize },
    `${signedIn ? 'mine' : 'public'}/${pageNum}/${pageSize}`,
  );
  const page = state.page;
  const title = signedIn ? '我的投诉建议' : '公开的投诉建议';
  return (
    <section className="page" aria-labelledby="complaint-title">
      <h1 id="complaint-title">投诉建议</h1>
      <p className="page__lead">
        {signedIn
          ? '以下是您提交的投诉建议及办理情况，中心回复后在此显示。'
          : '以下是中心公开的投诉建议及回复。登录后可查看您本人提交的投诉建议和办理情况。'}
      </p>
      <div className="complaint-toolbar">
        <h2 id="complaint-list-title">{title}</h2>
        <span className="complaint-actions">
          <Link className="btn" to="/complaintQuery">
            凭受理编号查询
          </Link>
          <Link className="button" to="/complaintJYAdd">
            我要投诉建议
          </Link>
        </span>
      </div>
      {state.status === 'error' ? (
        <div className="complaint-alert" role="alert">
          <span>投诉建议加载失败：{state.message}</span>
          <button type="button" className="btn" onClick={reload}>
            重新加载
          </button>
        </div>
      ) : null}
      {state.status === 'loading' && !page ? <p role="status">正在加载，请稍候…</p> : null}
      {page && page.list.length === 0 ? (
        <p className="empty">{signedIn ? '您还没有提交过投诉建议' : '暂无公开的投诉建议'}</p>
      ) : null}
      {page && page.list.length > 0 ? (
        <>
          <ul className="complaint-list" aria-labelledby="complaint-list-title" aria-busy={state.status === 'loading'}>
            {page.list.map((item) => (
              <ComplaintRow key={item.id} item={item} from={location.search} />
            ))}
          </ul>
          <Pager
            total={page.total}
            pageNum={pageNum}
            pageSize={pageSize}
            label="投诉建议分页"
            onChange={(n, s) => update({ page: n, size: s })}
          />
        </>
      ) : null}
    </section>
  );
}

export default ComplaintListPage;
