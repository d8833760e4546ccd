import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import { loginTypeArea } from '@gjj-hall/sdk/menu';
import { useStore } from '@nanostores/react';
import { isOpenPage, SERVICE_NOT_OPEN_MESSAGE } from '../../../shared/open-pages';
import { $menuRoutes, stores } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { fetchTodos, type TodoItem } from '../api';
import { OFFICE_COMPONENTS, routePathOf, todoLead, todoTarget } from '../office';
import '../myoffice.css';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: TodoItem[] };

const KIND_LABELS: Readonly<Record<string, { tag: string; action: string }>> = {
  returned: { tag: '已退回', action: '去修改' },
  statement: { tag: '待确认', action: '去确认' },
};

/**
 * 待办事项: what the centre asks of the user. Each item links to its screen (spec 2.4's code table by the user's
 * area, `?ywbh=`): a returned application to its detail in 我的业务, where it is corrected and resubmitted; a unit's
 * interest statement to the statement query. The lead names only what the user's kind of login is asked (the interest
 * statement is a unit's); an item whose screen the hall has not built yet has no link and says so (issue 30).
 */
export function TodoPage() {
  usePageTitle('待办事项');
  const area = loginTypeArea(useStore(stores.session.$loginType));
  const routes = useStore($menuRoutes);
  const detailPath = routePathOf(routes, [OFFICE_COMPONENTS.detail]);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchTodos(controller.signal).then(
      (items) => !controller.signal.aborted && setLoaded({ status: 'ready', items }),
      (error: unknown) => !controller.signal.aborted && setLoaded({ status: 'error', message: errorMessage(error, '加载失败，请稍后重试') }),
    );
    return () => controller.abort();
  }, [attempt]);

  return (
    <section className="page office" aria-labelledby="todo-title">
      <h1 id="todo-title">待办事项</h1>
      <p className="page__lead">{todoLead(area)}</p>
      {loaded.status === 'loading' && <p role="status">正在加载，请稍候…</p>}
      {loaded.status === 'error' && (
        <div className="content-error" role="alert">
          <p>{loaded.message}</p>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            重新加载
          </button>
        </div>
      )}
      {loaded.status === 'ready' &&
        (loaded.items.length === 0 ? (
          <p className="empty">暂无待办事项</p>
        ) : (
          <ul className="office-todos" aria-label={`待办事项，共 ${loaded.items.length} 项`}>
            {loaded.items.map((item) => {
              const kind = KIND_LABELS[item.kind] ?? { tag: '待处理', action: '去处理' };
              const target = todoTarget(item, area, detailPath);
              const open = isOpenPage(routes, target);
              return (
                <li key={item.id} className="office-todo">
                  <span className="status-tag office-tag office-tag--pending">{kind.tag}</span>
                  <div className="office-todo__body">
                    <p className="office-todo__title">{item.title}</p>
                    <p className="page__muted">
                      {item.ywbh ? `业务编号：${item.ywbh}，` : ''}提出时间：<time dateTime={item.createdAt}>{item.createdAt}</time>
                    </p>
                    {!open && <p className="page__muted">{SERVICE_NOT_OPEN_MESSAGE}</p>}
                  </div>
                  {open && (
                    <Link className="btn btn--primary" to={target} aria-label={`${kind.action}：${item.title}`}>
                      {kind.action}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        ))}
    </section>
  );
}
