import { useState } from 'react';
import { fetchPushItem, fetchPushItems, type PushItem } from '@gjj-hall/sdk/public';
import { client } from '../../../shared/services';
import { DetailDialog } from '../../../shared/ui/detail-dialog';
import { Pager } from '../../../shared/ui/pager';
import { RichText } from '../../../shared/ui/rich-text';
import { usePageParams, usePaged } from '../../../shared/use-paged';
import { usePageTitle } from '../../../shared/use-page-title';
import './guidance.css';
import { PagedView } from '../../../shared/ui/paged-view';

/**
 * /znts (the guard asks for sign-in): the smart-push items, newest first, paged; opening one shows its body,
 * sanitized, in a dialog.
 */
export function ZntsPage() {
  usePageTitle('智能推送');
  const { pageNum, pageSize, update } = usePageParams();
  const { state, reload } = usePaged((q, signal) => fetchPushItems(client, q, { signal }), { pageNum, pageSize }, `${pageNum}/${pageSize}`);
  const [open, setOpen] = useState<PushItem | null>(null);
  const page = state.page;
  return (
    <section className="page" aria-labelledby="znts-title">
      <h1 id="znts-title">智能推送</h1>
      <p className="page__lead">中心根据业务办理和政策变化为您推送的提醒。</p>
      <PagedView state={state} onRetry={reload}>
        {(page, busy) => (
          <ul className="push-list" aria-label="推送列表" aria-busy={busy}>
            {page.list.map((item) => (
              <li key={item.id} className="push-item">
                <div className="push-item__head">
                  <span className="status-tag">{item.tag}</span>
                  <h2 className="push-item__heading">
                    <button type="button" className="push-item__title" aria-haspopup="dialog" onClick={() => setOpen(item)}>
                      {item.title}
                    </button>
                  </h2>
                  <span className="push-item__date">{item.publishDate}</span>
                </div>
                <p className="push-item__summary">{item.summary}</p>
              </li>
            ))}
          </ul>
        )}
      </PagedView>
      {page && page.total > 0 && (
        <Pager total={page.total} pageNum={pageNum} pageSize={pageSize} label="推送列表分页" onChange={(n, s) => update({ page: n, size: s })} />
      )}
      <DetailDialog
        id={open?.id ?? null}
        title={open?.title ?? '推送详情'}
        load={(id, signal) => fetchPushItem(client, id, { signal, silent: true })}
        onClose={() => setOpen(null)}
      >
        {(item) => (
          <>
            <p className="push-detail__meta">
              <span className="status-tag">{item.tag}</span> 发布日期：{item.publishDate}
            </p>
            <RichText html={item.body} />
          </>
        )}
      </DetailDialog>
    </section>
  );
}
