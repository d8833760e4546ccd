import type { ReactNode } from 'react';
import type { Page } from '@gjj-hall/sdk/public';
import type { PagedState } from '../use-paged';

export interface PagedViewProps<T> {
  state: PagedState<T>;
  /** The rows of a loaded page; `busy` while the next page loads (the current one stays on screen). */
  children: (page: Page<T>, busy: boolean) => ReactNode;
  /** Offers 重新加载 after a failure. */
  onRetry?: (() => void) | undefined;
  /** Renders `children` for an empty page too (a table keeps its header), with 暂无数据 below. */
  keepEmpty?: boolean;
  /** Renders `children` for an empty page and leaves 暂无数据 to them (the shared table says it in its body). */
  ownEmpty?: boolean;
}

/**
 * The states every paged list of the public pages shows alike: the failure's Chinese message (and 重新加载), the
 * first load, 暂无数据 (spec 8.4), and the page itself.
 *
 * @example
 * <PagedView state={state} onRetry={reload}>{(page, busy) => <ul aria-busy={busy}>…</ul>}</PagedView>
 */
export function PagedView<T>({ state, children, onRetry, keepEmpty = false, ownEmpty = false }: PagedViewProps<T>) {
  const page = state.page;
  const empty = page !== null && page.list.length === 0;
  return (
    <>
      {state.status === 'error' && (
        <div className="content-error" role="alert">
          <p>{state.message}</p>
          {onRetry && (
            <button type="button" className="btn" onClick={onRetry}>
              重新加载
            </button>
          )}
        </div>
      )}
      {page === null
        ? state.status === 'loading' && <p role="status">正在加载，请稍候…</p>
        : (!empty || keepEmpty || ownEmpty) && children(page, state.status === 'loading')}
      {empty && !ownEmpty && <p className="empty">暂无数据</p>}
    </>
  );
}
