import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LoginType } from '@gjj-hall/sdk';
import { fetchNotices, type Notice } from '@gjj-hall/sdk/auth';
import type { Page, PolicyListItem } from '@gjj-hall/sdk/public';
import { client, stores } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { filterServices, PORTAL_SERVICES } from '../portal-services';
import './portal.css';

/** Announcements shown on the public home; the rest are one click away on the page that lists them all. */
const NOTICE_COUNT = 5;
/** Policies shown for a search; 查看全部 opens /policyInfo with the same words. */
const POLICY_RESULTS = 5;

const SIGN_IN: ReadonlyArray<{ type: LoginType; title: string; note: string }> = [
  { type: 1, title: '个人登录', note: '缴存职工、灵活就业人员、异地贷款人员' },
  { type: 2, title: '单位登录', note: '缴存单位经办人' },
  { type: 3, title: '开发商登录', note: '房地产开发企业' },
];

type PolicySearch =
  | { status: 'idle' }
  | { status: 'loading'; keyword: string }
  | { status: 'done'; keyword: string; page: Page<PolicyListItem> }
  | { status: 'error'; keyword: string; message: string };

/** Sign-in for each kind of user: the login page with that type chosen, and 政务服务网 (spec 2.6, 2.1 /zwLogin). */
function SignInEntries() {
  const navigate = useNavigate();
  return (
    <section className="portal-card" aria-labelledby="portal-sign-in">
      <h2 id="portal-sign-in">登录办理业务</h2>
      <ul className="portal-sign-in">
        {SIGN_IN.map((entry) => (
          <li key={entry.type}>
            <a
              href="#/login"
              className="portal-sign-in__link"
              onClick={(event) => {
                event.preventDefault();
                stores.session.update({ loginType: entry.type });
                navigate('/login');
              }}
            >
              <span className="portal-sign-in__title">{entry.title}</span>
              <span className="portal-sign-in__note">{entry.note}</span>
            </a>
          </li>
        ))}
        <li>
          <a href="#/zwLogin" className="portal-sign-in__link">
            <span className="portal-sign-in__title">政务服务网登录</span>
            <span className="portal-sign-in__note">使用政务服务网账号，免注册</span>
          </a>
        </li>
      </ul>
      <p className="portal-card__foot">
        还没有账号？<Link to="/userRegister">个人注册</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/dwRegister">单位注册</Link>
      </p>
    </section>
  );
}

/** The latest published announcements, each opening in place (its HTML sanitized only when it is opened). */
function LatestNotices() {
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const [bodies, setBodies] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    fetchNotices(client, { publishedOnly: true })
      .then((list) => live && setNotices(list.slice(0, NOTICE_COUNT)))
      .catch(() => live && setNotices([]));
    return () => {
      live = false;
    };
  }, []);
  const open = async (notice: Notice) => {
    if (bodies[notice.id] !== undefined) return;
    // DOMPurify loads only when someone opens an announcement.
    const { sanitizeNotice } = await import('../../../shared/sanitize');
    setBodies((b) => ({ ...b, [notice.id]: sanitizeNotice(notice.tgnr ?? '') }));
  };
  return (
    <section className="portal-card portal-notices" aria-labelledby="portal-notices">
      <h2 id="portal-notices">通知公告</h2>
      {notices === null ? (
        <p role="status" className="page__muted">
          正在加载，请稍候…
        </p>
      ) : notices.length === 0 ? (
        <p className="page__muted">暂无通知公告</p>
      ) : (
        <ul className="portal-notices__list">
          {notices.map((n) => (
            <li key={n.id}>
              <details
                onToggle={(e) => {
                  if (e.currentTarget.open) void open(n);
                }}
              >
                <summary>
                  <span className="portal-notices__title">{n.tgmc}</span>
                  <time className="portal-notices__date" dateTime={String(n.startsj).slice(0, 10)}>
                    {String(n.startsj).slice(0, 10)}
                  </time>
                </summary>
                {/* The centre's HTML, sanitized (shared/sanitize) before it reaches the page. */}
                <div className="portal-notices__body" dangerouslySetInnerHTML={{ __html: bodies[n.id] ?? '' }} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The public home (issue 23): the centre's portal start, where a signed-out visitor lands. Every public service as a
 * labelled entry, a search over the services (here, as the visitor types) and the policies (the server's title
 * search, on 搜索), the latest announcements, and the sign-in of each kind of user.
 */
export function PortalHomePage() {
  usePageTitle('首页');
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<PolicySearch>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const inputId = useId();
  const services = filterServices(PORTAL_SERVICES, query);
  const searching = query.trim() !== '';

  useEffect(() => () => controller.current?.abort(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = query.trim();
    controller.current?.abort();
    if (!keyword) {
      setSearch({ status: 'idle' });
      return;
    }
    const c = new AbortController();
    controller.current = c;
    setSearch({ status: 'loading', keyword });
    // The public services calls (shared with the policy pages) load with the first search, not with the page.
    import('@gjj-hall/sdk/public')
      .then(({ fetchPolicies }) => fetchPolicies(client, { keyword, pageSize: 10 }, { signal: c.signal, silent: true }))
      .then((page) => !c.signal.aborted && setSearch({ status: 'done', keyword, page }))
      .catch((error: unknown) => {
        if (c.signal.aborted) return;
        setSearch({ status: 'error', keyword, message: error instanceof Error ? error.message : '政策查询失败，请稍后再试' });
      });
  };

  return (
    <div className="portal">
      <section className="portal-hero" aria-labelledby="portal-title">
        <h1 id="portal-title">网上业务大厅</h1>
        <p className="portal-hero__lead">查政策、算贷款、看利率、提建议，无需登录；办理缴存、提取、贷款等业务，请先登录。</p>
        <form role="search" aria-label="搜索服务和政策" className="portal-search" onSubmit={submit}>
          <label htmlFor={inputId} className="visually-hidden">
            搜索服务和政策
          </label>
          <input
            id={inputId}
            type="search"
            className="field__input portal-search__input"
            placeholder="如：提取、贷款、利率"
            maxLength={50}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="submit" className="btn btn--primary portal-search__button">
            搜索
          </button>
        </form>
      </section>

      {search.status !== 'idle' ? (
        <section className="portal-card" aria-labelledby="portal-policy-results" aria-busy={search.status === 'loading'}>
          <h2 id="portal-policy-results">政策信息中与“{search.keyword}”相关的</h2>
          {search.status === 'loading' ? <p role="status">正在查询，请稍候…</p> : null}
          {search.status === 'error' ? <p role="alert">{search.message}</p> : null}
          {search.status === 'done' ? (
            search.page.total === 0 ? (
              <p role="status">没有标题含“{search.keyword}”的政策，请换个关键字试试。</p>
            ) : (
              <>
                <p role="status" className="page__muted">
                  共 {search.page.total} 条
                </p>
                <ul className="portal-results">
                  {search.page.list.slice(0, POLICY_RESULTS).map((p) => (
                    <li key={p.id}>
                      <Link to={`/policyDetail?id=${encodeURIComponent(p.id)}`}>{p.title}</Link>
                      <span className="page__muted">
                        {p.categoryName} · {p.publishDate}
                      </span>
                    </li>
                  ))}
                </ul>
                {search.page.total > POLICY_RESULTS ? (
                  <p>
                    <Link to={`/policyInfo?keyword=${encodeURIComponent(search.keyword)}`}>查看全部 {search.page.total} 条政策</Link>
                  </p>
                ) : null}
              </>
            )
          ) : null}
        </section>
      ) : null}

      <div className="portal-columns">
        <section className="portal-card portal-services" aria-labelledby="portal-services">
          <h2 id="portal-services">{searching ? `与“${query.trim()}”相关的服务` : '公共服务'}</h2>
          {searching ? (
            <p className="visually-hidden" role="status">
              {services.length ? `找到 ${services.length} 项服务` : '没有相关的服务'}
            </p>
          ) : null}
          {services.length === 0 ? (
            <p className="page__muted">没有相关的服务，按“搜索”可在政策信息中查找。</p>
          ) : (
            <ul className="portal-services__list">
              {services.map((s) => (
                <li key={s.path}>
                  <Link to={s.path} className="portal-service">
                    <span className="portal-service__title">{s.title}</span>
                    <span className="portal-service__summary">{s.summary}</span>
                    {s.needLogin ? <span className="portal-service__tag">登录后使用</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="portal-side">
          <SignInEntries />
          <LatestNotices />
        </div>
      </div>
    </div>
  );
}

export default PortalHomePage;
