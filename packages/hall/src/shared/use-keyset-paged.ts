import { useEffect, useState } from 'react';
import { errorMessage } from '@gjj-hall/sdk';

/** A page of a list read by keyset: its rows and where the next page starts (null on the last page). */
export interface KeysetPage<T> {
  list: T[];
  next: string | null;
}

/** Loading (the page before stays on screen), failed with a Chinese message, or ready. */
export type KeysetState<P> = { status: 'loading'; page: P | null } | { status: 'error'; message: string; page: P | null } | { status: 'ready'; page: P };

/**
 * A list read page by page by keyset (docs/api-personal.md, 个人明细查询): page 1, then each next page after the
 * cursor the server gave; the cursors of the pages seen are kept, so 上一页 goes back without the server counting
 * rows. `key` stands for the query (filters and page size): when it changes, the list starts again at page 1.
 * `first` is the first page's answer of this query (where a list answers its summary).
 *
 * @example
 * const list = useKeysetPaged((after, signal) => fetchDetail({ ...query, after }, signal), `${grzh}/${start}/${end}/${size}`)
 */
export function useKeysetPaged<P extends KeysetPage<unknown>>(
  load: (after: string | undefined, signal: AbortSignal) => Promise<P>,
  key: string,
): { state: KeysetState<P>; first: P | null; pageNum: number; hasNext: boolean; next: () => void; prev: () => void; reload: () => void } {
  const [position, setPosition] = useState<{ key: string; cursors: Array<string | undefined> }>({ key, cursors: [undefined] });
  const cursors = position.key === key ? position.cursors : [undefined];
  const after = cursors[cursors.length - 1];
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<KeysetState<P>>({ status: 'loading', page: null });
  const [first, setFirst] = useState<{ key: string; page: P } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', page: s.page }));
    load(after, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState({ status: 'ready', page });
        if (after === undefined) setFirst({ key, page });
      },
      (error: unknown) =>
        !controller.signal.aborted && setState((s) => ({ status: 'error', message: errorMessage(error, '加载失败，请稍后重试'), page: s.page })),
    );
    return () => controller.abort();
    // `key` and the cursor stand for `load`, which callers make anew on every render.
  }, [key, after, cursors.length, attempt]);

  const ready = state.status === 'ready';
  return {
    state,
    first: first && first.key === key ? first.page : null,
    pageNum: cursors.length,
    hasNext: ready && !!state.page.next,
    next: () => {
      if (state.status === 'ready' && state.page.next) setPosition({ key, cursors: [...cursors, state.page.next] });
    },
    prev: () => {
      if (cursors.length > 1) setPosition({ key, cursors: cursors.slice(0, -1) });
    },
    reload: () => setAttempt((n) => n + 1),
  };
}
