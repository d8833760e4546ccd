import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { errorMessage, type GjjClient } from '@gjj-hall/sdk';
import { fetchPolicy, type PolicyDetail as PolicyData } from '@gjj-hall/sdk/public';
import { useWidgetStyles } from '../shared/styles';
import { useClient } from '../shared/use-client';
import { hasValue, withoutRepeatedTitle } from './policy-body';
import { POLICY_LIST_CSS } from './policy-list.styles';

/** Props of {@link PolicyDetail}. */
export interface PolicyDetailProps {
  /** The policy's id (`zcxx/getInfo?id=`). */
  id: string;
  /**
   * Base URL of the centre's server;
   * when unset, the `apiBase` given to `configure()` (@gjj-hall/sdk/host), else the page's own origin.
   */
  apiBase?: string;
  /** A client to load with, instead of one made from `apiBase`. */
  client?: GjjClient;
  /** Shows a 返回列表 button that calls this. */
  onBack?: () => void;
  /** The text of the back button. @default '返回列表' */
  backLabel?: string;
  /** The title's heading level. @default 2 */
  headingLevel?: 1 | 2 | 3;
  /** Moves focus to the title once the policy is shown (for a view that replaces a list). @default false */
  focusOnLoad?: boolean;
  /**
   * Renders the (untrusted) body; the default sanitizes it with DOMPurify (`sanitizeHtml` of shared/sanitize.ts). A host
   * with its own sanitizing rich-text component passes it here.
   */
  renderBody?: (html: string) => ReactNode;
  /** The policy is loaded. */
  onLoad?: (policy: PolicyData) => void;
  /** Loading failed: `status` is the HTTP status (404 unknown, 410 withdrawn; 0 no connection). */
  onError?: (detail: { message: string; status: number }) => void;
}

type State = { status: 'loading' } | { status: 'error'; message: string; code: number } | { status: 'ready'; policy: PolicyData };

// DOMPurify loads with the first detail shown (a chunk of its own in a bundler; inside the script-tag bundle), so a
// host that imports only another widget, or shows bodies with its own sanitizer (`renderBody`), does not carry it.
const loadSanitizer = () => import('../shared/sanitize').then((m) => m.sanitizeHtml);

/** A failure the same request could fix on a retry (not an unknown or withdrawn policy, not a bad id). */
const retryable = (code: number) => code !== 400 && code !== 404 && code !== 410;

/**
 * One policy: title, 文号, 来源, 发布日期 (each only when it has a value) and the body, sanitized, without a first
 * line that repeats the title. Unknown (404) and withdrawn (410) policies show the
 * server's Chinese message.
 *
 * @example
 * <PolicyDetail apiBase="https://gjj.example.gov.cn" id="12" onBack={() => setOpen(null)} />
 */
export function PolicyDetail({
  id,
  apiBase,
  client,
  onBack,
  backLabel = '返回列表',
  headingLevel = 2,
  focusOnLoad = false,
  renderBody,
  onLoad,
  onError,
}: PolicyDetailProps) {
  const ref = useRef<HTMLElement>(null);
  useWidgetStyles(ref, POLICY_LIST_CSS);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const api = useClient(client, apiBase);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ key: string; api: GjjClient; state: State } | null>(null);
  const key = `${id}/${attempt}`;
  const callbacks = useRef({ onLoad, onError });
  useEffect(() => {
    callbacks.current = { onLoad, onError };
  });

  useEffect(() => {
    const controller = new AbortController();
    fetchPolicy(api, id, { signal: controller.signal, silent: true }).then(
      (policy) => {
        if (controller.signal.aborted) return;
        setOutcome({ key, api, state: { status: 'ready', policy } });
        callbacks.current.onLoad?.(policy);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = errorMessage(error, '政策加载失败');
        const code = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;
        setOutcome({ key, api, state: { status: 'error', message, code } });
        callbacks.current.onError?.({ message, status: code });
      },
    );
    return () => controller.abort();
  }, [api, id, key]);

  const state: State = outcome && outcome.key === key && outcome.api === api ? outcome.state : { status: 'loading' };

  useEffect(() => {
    if (focusOnLoad && state.status === 'ready') heading.current?.focus();
  }, [focusOnLoad, state.status]);

  const Heading = `h${headingLevel}` as 'h2';
  const Body = `h${Math.min(headingLevel + 1, 6)}` as 'h3';
  // The body without a first line that repeats the title the heading already shows.
  const source = state.status === 'ready' ? withoutRepeatedTitle(state.policy.body ?? '', state.policy.title) : '';
  const html = renderBody ? '' : source;
  // The sanitized body, tagged with the HTML it was made from; nothing unsanitized is ever rendered.
  const [clean, setClean] = useState<{ html: string; body: string } | null>(null);
  useEffect(() => {
    if (!html) return;
    let live = true;
    void loadSanitizer().then((sanitize) => live && setClean({ html, body: sanitize(html) }));
    return () => {
      live = false;
    };
  }, [html]);
  const body = clean && clean.html === html ? clean.body : '';
  const back = onBack ? (
    <button type="button" className="gjj-policy-detail__back" onClick={onBack}>
      {backLabel}
    </button>
  ) : null;

  return (
    <article ref={ref} className="gjj-root gjj-policy-detail" aria-busy={state.status === 'loading'} aria-labelledby={state.status === 'ready' ? titleId : undefined}>
      {back}
      {state.status === 'loading' ? (
        <p className="gjj-policy-list__status" role="status">
          正在加载政策…
        </p>
      ) : state.status === 'error' ? (
        <div className="gjj-policy-list__error" role="alert">
          <span>{state.message}</span>
          {retryable(state.code) && (
            <button type="button" className="gjj-button" onClick={() => setAttempt((n) => n + 1)}>
              重新加载
            </button>
          )}
        </div>
      ) : (
        <>
          <Heading id={titleId} ref={heading} tabIndex={-1} className="gjj-policy-detail__title">
            {state.policy.title}
          </Heading>
          <dl className="gjj-policy-detail__meta">
            {/* A label with no value is left out, not shown empty or as 无. */}
            {hasValue(state.policy.docNo) && (
              <div>
                <dt>文号</dt>
                <dd>{state.policy.docNo}</dd>
              </div>
            )}
            {hasValue(state.policy.source) && (
              <div>
                <dt>来源</dt>
                <dd>{state.policy.source}</dd>
              </div>
            )}
            <div>
              <dt>发布日期</dt>
              <dd>
                <time dateTime={state.policy.publishDate}>{state.policy.publishDate}</time>
              </dd>
            </div>
            {hasValue(state.policy.categoryName) && (
              <div>
                <dt>分类</dt>
                <dd>{state.policy.categoryName}</dd>
              </div>
            )}
          </dl>
          {/* The body's own headings (h3 under a dropped title line, say) sit under this one: the outline stays whole. */}
          <Body className="gjj-visually-hidden">正文</Body>
          {renderBody ? (
            renderBody(source)
          ) : (
            <div className="gjj-policy-detail__body" dangerouslySetInnerHTML={{ __html: body }} />
          )}
        </>
      )}
    </article>
  );
}
