import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Page, type PageQuery } from '@gjj-hall/sdk/public';
import { errorMessage } from '@gjj-hall/sdk';

/** A list's state: loading, failed with a Chinese message, or a page. */
export type PagedState<T> =
  | { status: 'loading'; page: Page<T> | null }
  | { status: 'error'; message: string; page: Page<T> | null }
  | { status: 'ready'; page: Page<T> };

/** The page number and size kept in the address (`page`, `size`), so Back from a detail returns to the same page. */
export function usePageParams(): {
  pageNum: number;
  pageSize: number;
  params: URLSearchParams;
  /** Replaces the given query values (empty string removes one) and keeps the others. */
  update: (values: Record<string, string | number>) => void;
} {
  const [params, setParams] = useSearchParams();
  const rawNum = Number(params.get('page'));
  const rawSize = Number(params.get('size'));
  const pageNum = Number.isInteger(rawNum) && rawNum >= 1 ? rawNum : 1;
  const pageSize = PAGE_SIZES.includes(rawSize) ? rawSize : DEFAULT_PAGE_SIZE;
  const update = useCallback(
    (values: Record<string, string | number>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(values)) {
          if (v === '' || v === undefined) next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      }),
    [setParams],
  );
  return { pageNum, pageSize, params, update };
}

/**
 * Loads a page whenever the query changes (a newer load wins; the previous page stays on screen while the next
 * loads). `key` is what the query is made of, as a string.
 *
 * @example
 * const { state, reload } = usePaged((q, signal) => fetchDownloads(client, q, { signal }), { pageNum, pageSize }, `${pageNum}/${pageSize}`)
 */
export function usePaged<T>(
  load: (query: PageQuery, signal: AbortSignal) => Promise<Page<T>>,
  query: PageQuery,
  key: string,
): { state: PagedState<T>; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PagedState<T>>({ status: 'loading', page: null });
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', page: s.page }));
    load(query, controller.signal).then(
      (page) => !controller.signal.aborted && setState({ status: 'ready', page }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setState((s) => ({
          status: 'error',
          message: errorMessage(error, '加载失败，请稍后重试'),
          page: s.page,
        })),
    );
    return () => controller.abort();
    // `key` stands for `query` and `load`, which callers make anew on every render.
  }, [key, attempt]);
  return { state, reload: () => setAttempt((n) => n + 1) };
}
