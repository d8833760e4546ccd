import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { errorMessage, type GjjClient } from '@gjj-hall/sdk';
import {
  DEFAULT_PAGE_SIZE,
  fetchPolicies,
  fetchPolicyCategories,
  PAGE_SIZES,
  pageWindow,
  type Page,
  type PolicyCategory,
  type PolicyListItem,
} from '@gjj-hall/sdk/public';
import { named, useInstanceName } from '../shared/instance-name';
import { useWidgetStyles } from '../shared/styles';
import { useClient } from '../shared/use-client';
import { PolicyDetail, type PolicyDetailProps } from './policy-detail';
import { POLICY_LIST_CSS } from './policy-list.styles';

/** What the list shows: keyword (title contains), category code ('' for all), page and page size. */
export interface PolicyListQuery {
  keyword: string;
  category: string;
  pageNum: number;
  pageSize: number;
}

/** `gjj-open-policy` detail: the policy someone opened. */
export interface OpenPolicyDetail {
  id: string;
  title: string;
  category: string;
}

/** `gjj-load` detail: the page shown and what it was loaded for. */
export interface PolicyListLoadDetail extends Page<PolicyListItem> {
  keyword: string;
  category: string;
}

/** Props of {@link PolicyList}. */
export interface PolicyListProps {
  /**
   * 关怀模式 (care mode, MIIT 适老化): text at least 18 px, contrast at least 7:1, targets at least 44 × 44 px, nothing that
   * moves (docs/care-mode.md). Also on when an ancestor in the page has `data-care` (the hall's `<html data-care>`).
   */
  care?: boolean;
  /**
   * Base URL of the centre's server;
   * when unset, the `apiBase` given to `configure()` (@gjj-hall/sdk/host), else the page's own origin.
   */
  apiBase?: string;
  /**
   * This list's name for screen readers, put before its landmarks' names (贷款政策：政策检索), such as the page's
   * heading above it; set it when the page has two. Without it a second unnamed list is 政策信息 2.
   */
  label?: string;
  /** A client to load with, instead of one made from `apiBase` (React use only). */
  client?: GjjClient;
  /** The category code to start with (jczc, tqzc, dkzc, zhgl); 重置 returns to it. All categories when empty. */
  category?: string;
  /** Rows per page to start with: 10, 20, 30 or 50. @default 20 */
  pageSize?: number;
  /** React only: the query, for a host that keeps it (in its address, say); use with `onQueryChange`. */
  query?: PolicyListQuery;
  /** React only: the person searched, filtered or paged. */
  onQueryChange?: (query: PolicyListQuery) => void;
  /** React only: each title becomes a link to this address (a host with its own detail page). */
  policyHref?: (item: PolicyListItem) => string;
  /** React only: gives focus to this policy's link once it is listed (a host coming back from its own detail page). */
  focusPolicyId?: string;
  /** React only: how the detail view renders the body (see {@link PolicyDetailProps.renderBody}). */
  renderBody?: PolicyDetailProps['renderBody'];
  /**
   * A policy was opened. Returning `false` (the element: `preventDefault()` on `gjj-open-policy`) keeps the widget
   * from showing its own detail view: the host shows the policy. Element event: `gjj-open-policy` (cancelable).
   */
  onOpenPolicy?: (detail: OpenPolicyDetail) => boolean | void;
  /** A page is shown. Element event: `gjj-load`. */
  onLoad?: (detail: PolicyListLoadDetail) => void;
  /** Loading failed. Element event: `gjj-error`. */
  onError?: (detail: { message: string }) => void;
}

const validSize = (n: number | undefined) => (n !== undefined && PAGE_SIZES.includes(n) ? n : DEFAULT_PAGE_SIZE);

/** The page numbers to offer: first, last, and two either side of the current one, with gaps as null. */
function Pager({ total, pageNum, pageSize, onChange, name }: { total: number; pageNum: number; pageSize: number; onChange: (pageNum: number, pageSize: number) => void; name: string }) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (n: number) => onChange(Math.min(Math.max(n, 1), pages), pageSize);
  return (
    <nav className="gjj-policy-list__pager" aria-label={name} part="pager">
      <label htmlFor={sizeId} className="gjj-visually-hidden">
        每页条数
      </label>
      <select id={sizeId} value={pageSize} onChange={(e) => onChange(1, Number(e.target.value))}>
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {s} 条/页
          </option>
        ))}
      </select>
      <button type="button" onClick={() => go(pageNum - 1)} disabled={pageNum <= 1}>
        上一页
      </button>
      <ul>
        {pageWindow(pageNum, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button type="button" aria-current={n === pageNum ? 'page' : undefined} aria-label={`第 ${n} 页`} onClick={() => go(n)}>
                {n}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" onClick={() => go(pageNum + 1)} disabled={pageNum >= pages}>
        下一页
      </button>
    </nav>
  );
}

/**
 * The published policies: keyword search on the title, a category filter with counts, paging (10/20/30/50 a page) and
 * a detail view with the body sanitized by DOMPurify.
 *
 * @example
 * <PolicyList apiBase="https://gjj.example.gov.cn" pageSize={10} onOpenPolicy={(p) => console.log(p.title)} />
 */
export function PolicyList({
  apiBase,
  label,
  client,
  category,
  pageSize,
  query,
  onQueryChange,
  policyHref,
  focusPolicyId,
  renderBody,
  care,
  onOpenPolicy,
  onLoad,
  onError,
}: PolicyListProps) {
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, POLICY_LIST_CSS);
  const instance = useInstanceName('政策信息', label);
  const keywordId = useId();
  const api = useClient(client, apiBase);

  // The query: the host's when it keeps it, else the widget's own, started (and restarted) from the attributes.
  const start = (): PolicyListQuery => ({ keyword: '', category: category ?? '', pageNum: 1, pageSize: validSize(pageSize) });
  const [own, setOwn] = useState(start);
  const [attrs, setAttrs] = useState({ category, pageSize });
  if (attrs.category !== category || attrs.pageSize !== pageSize) {
    setAttrs({ category, pageSize });
    setOwn((q) => ({
      ...q,
      category: attrs.category !== category ? (category ?? '') : q.category,
      pageSize: attrs.pageSize !== pageSize ? validSize(pageSize) : q.pageSize,
      pageNum: 1,
    }));
  }
  const q: PolicyListQuery = query ? { ...query, pageSize: validSize(query.pageSize), pageNum: Math.max(1, query.pageNum || 1) } : own;
  const change = (next: Partial<PolicyListQuery>) => {
    const merged = { ...q, ...next };
    if (!query) setOwn(merged);
    onQueryChange?.(merged);
  };

  // What is typed in the search box, reset whenever the query's keyword changes (a reset, Back in the host).
  const [draft, setDraft] = useState(q.keyword);
  const [shownKeyword, setShownKeyword] = useState(q.keyword);
  if (shownKeyword !== q.keyword) {
    setShownKeyword(q.keyword);
    setDraft(q.keyword);
  }

  const callbacks = useRef({ onLoad, onError, onOpenPolicy });
  useEffect(() => {
    callbacks.current = { onLoad, onError, onOpenPolicy };
  });

  const [categories, setCategories] = useState<PolicyCategory[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchPolicyCategories(api, { signal: controller.signal, silent: true }).then(
      (list) => !controller.signal.aborted && setCategories(list),
      // Without the counts the filter still offers 全部; the list reports the failure if the server is down.
      () => !controller.signal.aborted && setCategories([]),
    );
    return () => controller.abort();
  }, [api]);

  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([q.keyword, q.category, q.pageNum, q.pageSize, attempt]);
  // Each outcome is tagged with its query and client, so one for an older query (or api-base) reads as loading.
  const [result, setResult] = useState<{ key: string; api: GjjClient | null; page: Page<PolicyListItem> | null; error: string | null }>({
    key: '',
    api: null,
    page: null,
    error: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    const { keyword, category: code } = q;
    fetchPolicies(api, { keyword, category: code, pageNum: q.pageNum, pageSize: q.pageSize }, { signal: controller.signal, silent: true }).then(
      (page) => {
        if (controller.signal.aborted) return;
        setResult({ key, api, page, error: null });
        callbacks.current.onLoad?.({ ...page, keyword, category: code });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = errorMessage(error, '政策加载失败');
        setResult((r) => ({ key, api, page: r.page, error: message }));
        callbacks.current.onError?.({ message });
      },
    );
    return () => controller.abort();
    // `key` stands for the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key]);

  const loading = result.key !== key || result.api !== api;
  const error = loading ? null : result.error;
  // While the next page loads the previous one stays on screen (marked busy), so the list does not jump.
  const page = result.page;

  // The detail view, and the row to give focus back to when it closes.
  const [openId, setOpenId] = useState<string | null>(null);
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (openId !== null || returnTo.current === null) return;
    const id = returnTo.current;
    returnTo.current = null;
    ref.current?.querySelector<HTMLElement>(`[data-policy-id="${CSS.escape(id)}"] .gjj-policy-list__link`)?.focus();
  }, [openId]);

  // The host's policy to focus, once, when its row is shown.
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!focusPolicyId || focusedFor.current === focusPolicyId || !page) return;
    const link = ref.current?.querySelector<HTMLElement>(`[data-policy-id="${CSS.escape(focusPolicyId)}"] .gjj-policy-list__link`);
    if (!link) return;
    focusedFor.current = focusPolicyId;
    link.focus();
  }, [focusPolicyId, page]);

  const open = (item: PolicyListItem, event: MouseEvent) => {
    // A link opened in a new tab or window is the browser's business.
    if (policyHref && (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0)) return;
    event.preventDefault();
    const allowed = callbacks.current.onOpenPolicy?.({ id: item.id, title: item.title, category: item.category }) !== false;
    if (!allowed) return;
    returnTo.current = item.id;
    setOpenId(item.id);
  };

  const total = categories?.reduce((sum, c) => sum + c.total, 0);
  const choices: Array<{ code: string; name: string; total: number | undefined }> = [
    { code: '', name: '全部', total },
    ...(categories ?? []).map((c) => ({ code: c.code, name: c.name, total: c.total })),
  ];

  let rows: ReactNode;
  if (error && !page) rows = null;
  else if (!page) {
    rows = (
      <p className="gjj-policy-list__status" role="status">
        正在加载政策…
      </p>
    );
  } else if (page.list.length === 0) {
    rows = <p className="gjj-policy-list__empty">暂无数据</p>;
  } else {
    rows = (
      <ul className="gjj-policy-list__items" part="list">
        {page.list.map((item) => (
          <li key={item.id} className="gjj-policy-list__item" data-policy-id={item.id}>
            {policyHref ? (
              <a className="gjj-policy-list__link" href={policyHref(item)} onClick={(e) => open(item, e)}>
                {item.title}
              </a>
            ) : (
              <button type="button" className="gjj-policy-list__link" onClick={(e) => open(item, e)}>
                {item.title}
              </button>
            )}
            <span className="gjj-policy-list__meta">
              <span className="gjj-policy-list__tag">{item.categoryName}</span>
              {item.docNo && <span>{item.docNo}</span>}
              <time dateTime={item.publishDate}>{item.publishDate}</time>
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div ref={ref} className="gjj-root gjj-policy-list" data-care={care || undefined}>
      {openId !== null && (
        <PolicyDetail id={openId} client={api} onBack={() => setOpenId(null)} focusOnLoad renderBody={renderBody} onError={(e) => callbacks.current.onError?.({ message: e.message })} />
      )}
      <div className="gjj-policy-list__main" hidden={openId !== null} aria-busy={loading}>
        <form
          role="search"
          aria-label={named(instance, '政策检索')}
          className="gjj-policy-list__search"
          onSubmit={(e) => {
            e.preventDefault();
            change({ keyword: draft.trim(), pageNum: 1 });
          }}
        >
          <label htmlFor={keywordId}>政策标题</label>
          <input
            id={keywordId}
            type="search"
            name="keyword"
            maxLength={50}
            autoComplete="off"
            placeholder="请输入标题关键字"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="gjj-button">
            查询
          </button>
          <button
            type="button"
            className="gjj-button gjj-button--plain"
            onClick={() => {
              setDraft('');
              change({ keyword: '', category: category ?? '', pageNum: 1 });
            }}
          >
            重置
          </button>
        </form>
        <div className="gjj-policy-list__categories" role="group" aria-label="政策分类" part="categories">
          {choices.map((c) => (
            <button
              key={c.code}
              type="button"
              aria-pressed={q.category === c.code}
              data-category={c.code}
              onClick={() => change({ category: c.code, pageNum: 1 })}
            >
              {c.name}
              {c.total !== undefined && <span className="gjj-policy-list__count-badge">（{c.total}）</span>}
            </button>
          ))}
        </div>
        <p className="gjj-policy-list__total" aria-live="polite">
          {page && !error ? `共 ${page.total} 条` : ''}
        </p>
        {error && (
          <div className="gjj-policy-list__error" role="alert">
            <span>政策加载失败：{error}</span>
            <button type="button" className="gjj-button" onClick={() => setAttempt((n) => n + 1)}>
              重新加载
            </button>
          </div>
        )}
        {loading && page && (
          <p className="gjj-visually-hidden" role="status">
            正在加载…
          </p>
        )}
        {!error && rows}
        {page && !error && page.total > 0 && (
          <Pager total={page.total} pageNum={q.pageNum} pageSize={q.pageSize} onChange={(pageNum, size) => change({ pageNum, pageSize: size })} name={named(instance, '政策列表分页')} />
        )}
      </div>
    </div>
  );
}
