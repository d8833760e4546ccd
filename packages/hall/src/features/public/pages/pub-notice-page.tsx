import { useEffect, useState } from 'react';
import { fetchNotices, fetchServiceSwitch, type Notice } from '@gjj-hall/sdk/auth';
import { client } from '../../../shared/services';
import { sanitizeNotice } from '../../../shared/sanitize';
import { usePageTitle } from '../../../shared/use-page-title';

/** The date part of a notice time. */
const day = (value: string) => (typeof value === 'string' ? value.slice(0, 10) : '');

/**
 * /pubNotice: the centre's announcements (spec 2.1), where every page goes while the service is switched off (spec
 * 4.1); it says so when it is.
 */
export function PubNoticePage() {
  usePageTitle('系统公告');
  const [closed, setClosed] = useState(false);
  const [notices, setNotices] = useState<Notice[] | null>(null);
  useEffect(() => {
    let live = true;
    void fetchServiceSwitch(client).then((qdzt) => live && setClosed(qdzt === '0'));
    fetchNotices(client, { publishedOnly: true })
      .then((list) => live && setNotices(list))
      .catch(() => live && setNotices([]));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="page" aria-labelledby="notice-title">
      <h1 id="notice-title">系统公告</h1>
      {closed && (
        <p className="service-closed" role="status">
          网上业务大厅正在维护，暂停服务，给您带来不便，敬请谅解。
        </p>
      )}
      {notices === null ? (
        <p role="status">正在加载，请稍候…</p>
      ) : notices.length === 0 ? (
        <p className="empty">暂无数据</p>
      ) : (
        <ul className="notices">
          {notices.map((n) => (
            <li key={n.id} className="notices__item">
              <h2 className="notices__title">{n.tgmc}</h2>
              <p className="page__muted">发布时间：{day(n.startsj)}</p>
              <div className="notices__body" dangerouslySetInnerHTML={{ __html: sanitizeNotice(n.tgnr ?? '') }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
