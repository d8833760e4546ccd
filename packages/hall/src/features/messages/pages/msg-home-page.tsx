import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import { usePageTitle } from '../../../shared/use-page-title';
import { fetchMessages, markAllRead, markRead, type UserMessage } from '../api';
import '../messages.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; list: UserMessage[]; next: string | null; unread: number; more: boolean };

/**
 * /sysMsg/msgHome (spec 2.1, 2.2, 2.5): the signed-in user's messages, newest first, ten at a time with 加载更多 (the
 * server pages by keyset), all or only the unread; a message is marked read with its own button, or all at once.
 */
export function MsgHomePage() {
  usePageTitle('我的消息');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    fetchMessages({ unread: unreadOnly }, controller.signal).then(
      (page) => !controller.signal.aborted && setLoaded({ status: 'ready', ...page, more: false }),
      (error: unknown) => !controller.signal.aborted && setLoaded({ status: 'error', message: errorMessage(error, '消息加载失败，请稍后重试') }),
    );
    return () => controller.abort();
  }, [unreadOnly, attempt]);

  const ready = loaded.status === 'ready' ? loaded : null;

  const loadMore = async () => {
    if (!ready?.next) return;
    setLoaded({ ...ready, more: true });
    try {
      const page = await fetchMessages({ before: ready.next, unread: unreadOnly });
      setLoaded({ status: 'ready', list: [...ready.list, ...page.list], next: page.next, unread: page.unread, more: false });
    } catch (error) {
      setLoaded({ ...ready, more: false });
      setNotice(errorMessage(error, '加载失败，请稍后重试'));
    }
  };

  const read = async (message: UserMessage) => {
    if (!ready) return;
    try {
      const updated = await markRead(message.id);
      setLoaded({
        ...ready,
        list: ready.list.map((m) => (m.id === updated.id ? updated : m)),
        unread: Math.max(0, ready.unread - (message.read ? 0 : 1)),
      });
      setNotice(`“${message.title}”已标为已读`);
    } catch {
      // The client's hook has said why (403, 401, network).
    }
  };

  const readAll = async () => {
    try {
      const count = await markAllRead();
      setNotice(count ? `已将 ${count} 条消息标为已读` : '没有未读消息');
      setAttempt((n) => n + 1);
    } catch {
      // The client's hook has said why.
    }
  };

  return (
    <section className="page messages" aria-labelledby="messages-title">
      <h1 id="messages-title">我的消息</h1>
      <div className="messages__toolbar">
        <p className="messages__count">{ready ? (ready.unread ? `您有 ${ready.unread} 条未读消息` : '没有未读消息') : '\u00a0'}</p>
        <fieldset className="messages__filter">
          <legend className="visually-hidden">显示哪些消息</legend>
          {[
            { value: false, label: '全部消息' },
            { value: true, label: '只看未读' },
          ].map((option) => (
            <label key={option.label} className={`segment${unreadOnly === option.value ? ' segment--on' : ''}`}>
              <input type="radio" name="messages-filter" checked={unreadOnly === option.value} onChange={() => {
                  setLoaded({ status: 'loading' });
                  setUnreadOnly(option.value);
                }} />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
        <button type="button" className="btn" disabled={!ready || ready.unread === 0} onClick={() => void readAll()}>
          全部标为已读
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {notice}
      </p>
      {loaded.status === 'loading' ? <p role="status">正在加载，请稍候…</p> : null}
      {loaded.status === 'error' ? (
        <div className="messages__alert" role="alert">
          <span>{loaded.message}</span>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setLoaded({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            重新加载
          </button>
        </div>
      ) : null}
      {ready && ready.list.length === 0 ? <p className="empty">{unreadOnly ? '没有未读消息' : '暂无消息'}</p> : null}
      {ready && ready.list.length > 0 ? (
        <>
          <ul className="messages__list" aria-label={unreadOnly ? '未读消息' : '全部消息'}>
            {ready.list.map((m) => (
              <li key={m.id} className={`message${m.read ? '' : ' message--unread'}`}>
                <article aria-labelledby={`message-${m.id}`}>
                  <header className="message__head">
                    <span className="message__tag">{m.categoryName}</span>
                    <h2 id={`message-${m.id}`} className="message__title">
                      {m.read ? null : <span className="visually-hidden">未读：</span>}
                      {m.title}
                    </h2>
                    <time className="message__time" dateTime={m.createdAt.replace(' ', 'T')}>
                      {m.createdAt}
                    </time>
                  </header>
                  <p className="message__body">{m.body}</p>
                  <p className="message__actions">
                    {m.link ? <Link to={m.link}>查看详情</Link> : null}
                    {m.read ? (
                      <span className="page__muted">已读</span>
                    ) : (
                      <button type="button" className="link-button" aria-label={`标为已读：${m.title}`} onClick={() => void read(m)}>
                        标为已读
                      </button>
                    )}
                  </p>
                </article>
              </li>
            ))}
          </ul>
          {ready.next ? (
            <p className="messages__more">
              <button type="button" className="btn" disabled={ready.more} onClick={() => void loadMore()}>
                {ready.more ? '正在加载…' : '加载更多'}
              </button>
            </p>
          ) : (
            <p className="messages__end page__muted">已显示全部消息</p>
          )}
        </>
      ) : null}
    </section>
  );
}

export default MsgHomePage;
