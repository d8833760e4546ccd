import { useEffect, useId, useState } from 'react';
import { fetchNotices, type Notice } from '@gjj-hall/sdk/auth';
import { client } from '../../shared/services';
import { sessionFlags } from '../../shared/session-flags';

/**
 * The notice banner (spec 1, 3.5): the newest published notice (fbzt 1), its text behind 查看详情; closing it keeps
 * it closed for the session.
 */
export function NoticeBanner() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [html, setHtml] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [closed, setClosed] = useState(sessionFlags.noticeClosed.get);
  const [pending, setPending] = useState(true);
  const bodyId = useId();

  useEffect(() => {
    if (closed) return;
    let live = true;
    fetchNotices(client, { publishedOnly: true })
      .then(([first]) => {
        if (!live) return;
        if (first) setNotice(first);
        else setPending(false);
      })
      .catch(() => {
        if (live) setPending(false);
      });
    return () => {
      live = false;
    };
  }, [closed]);

  // DOMPurify (10 KiB) comes only when someone opens the notice's text, not with every page that shows the bar.
  useEffect(() => {
    if (!expanded || !notice || html !== null) return;
    let live = true;
    void import('../../shared/sanitize').then(({ sanitizeNotice }) => {
      if (live) setHtml(sanitizeNotice(notice.tgnr ?? ''));
    });
    return () => {
      live = false;
    };
  }, [expanded, notice, html]);

  if (closed) return null;
  // While the notice is on its way, its bar's place is kept (the tag shown, the title empty), so the breadcrumb and
  // the page below do not move when it comes (issue 23). A centre with no published notice loses the bar then.
  if (!notice) {
    return pending ? (
      <div className="notice-banner" aria-hidden="true">
        <div className="notice-banner__bar">
          <span className="notice-banner__tag">通知公告</span>
          <span className="notice-banner__title">{'\u00a0'}</span>
        </div>
      </div>
    ) : null;
  }
  return (
    <section className="notice-banner" aria-label="通知公告">
      <div className="notice-banner__bar">
        <span className="notice-banner__tag">通知公告</span>
        <span className="notice-banner__title">{notice.tgmc}</span>
        <button type="button" className="link-button" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded((v) => !v)}>
          {expanded ? '收起' : '查看详情'}
        </button>
        <button
          type="button"
          className="notice-banner__close"
          aria-label="关闭通知公告"
          onClick={() => {
            sessionFlags.noticeClosed.set();
            setClosed(true);
          }}
        >
          ×
        </button>
      </div>
      {/* The notice's HTML comes from the centre's administrators; it is sanitized before it reaches the page. */}
      <div
        id={bodyId}
        className="notice-banner__body"
        hidden={!expanded}
        aria-busy={expanded && html === null}
        dangerouslySetInnerHTML={{ __html: html ?? '' }}
      />
    </section>
  );
}
