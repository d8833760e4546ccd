import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { formatMoney } from '@gjj-hall/sdk/format';
import { DEFAULT_PAGE_SIZE } from '@gjj-hall/sdk/public';
import { errorMessage } from '@gjj-hall/sdk';
import { usePageTitle } from '../../../shared/use-page-title';
import { useKeysetPaged } from '../../../shared/use-keyset-paged';
import { KeysetPager } from '../../../shared/ui/keyset-pager';
import { DataTable, ExportButtons, PrintButton, PrintHead, type SummaryRow, type TableColumn } from '../../../shared/table';
import { DETAIL_EXPORT, fetchAccounts, fetchDetail, type DetailAccount, type DetailPeriod, type DetailRow } from './api';
import { periodProblem, signedMoney } from './detail';
import './detail.css';

const COLUMNS: TableColumn<DetailRow>[] = [
  { prop: 'jzrq', label: '记账日期', disabled: true, className: 'nowrap' },
  { prop: 'ywlxmc', label: '业务类型' },
  { prop: 'zy', label: '摘要' },
  { prop: 'srje', label: '收入（元）', type: 'money', text: (r) => signedMoney(r.srje) },
  { prop: 'zcje', label: '支出（元）', type: 'money', text: (r) => signedMoney(r.zcje) },
  { prop: 'ye', label: '余额（元）', type: 'money', disabled: true },
  { prop: 'ywbh', label: '业务流水号', className: 'nowrap' },
];

const accountName = (a: DetailAccount) => `${a.grzh}（${a.zhlx}${a.dwmc ? `，${a.dwmc}` : ''}）`;

/**
 * 个人明细查询 (menu /grwt/zhxx/zhcx/grmxcx; issue 24, docs/api-personal.md): the journal of one of the login's
 * accounts over a period (by default the configured `default_time` back from today), newest first, read by keyset; the
 * amounts signed (收入 +, 支出 -) and right-aligned, the balance after each movement, and in the table's foot the
 * period's 期初余额 and 本期合计 (count, in, out, closing balance) as the server sums them. Export (xlsx, CSV) is the
 * whole period with the same columns and summary; 打印 prints the page on screen.
 */
export function DetailPage() {
  usePageTitle('个人明细查询');
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const [accounts, setAccounts] = useState<{ list: DetailAccount[]; period: DetailPeriod } | { error: string } | null>(null);
  // The default period is the server's: default_time back from the centre's today (docs/api-personal.md).
  const defaults = accounts && 'period' in accounts ? accounts.period : { startTime: '', endTime: '' };
  const startTime = params.get('start') ?? defaults.startTime;
  const endTime = params.get('end') ?? defaults.endTime;
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [draft, setDraft] = useState<{ start: string; end: string } | null>(null);
  const shown = draft ?? { start: startTime, end: endTime };
  // An address typed with a wrong period says so, as the form would.
  const [problem, setProblem] = useState(() => (params.get('start') || params.get('end') ? periodProblem(params.get('start') ?? '', params.get('end') ?? '') : ''));
  const hintId = useId();

  useEffect(() => {
    const controller = new AbortController();
    fetchAccounts(controller.signal).then(
      (answer) => !controller.signal.aborted && setAccounts(answer),
      (error: unknown) => !controller.signal.aborted && setAccounts({ error: errorMessage(error, '账户加载失败，请稍后重试') }),
    );
    return () => controller.abort();
  }, []);
  const list = accounts && 'list' in accounts ? accounts.list : [];
  const chosen = list.find((a) => a.grzh === params.get('grzh')) ?? list.find((a) => a.current) ?? list[0];
  const grzh = chosen?.grzh ?? '';
  const ready = grzh !== '' && periodProblem(startTime, endTime) === '';

  const detail = useKeysetPaged(
    (after, signal) => (ready ? fetchDetail({ grzh, startTime, endTime, pageSize, after }, signal) : Promise.resolve({ list: [], next: null, summary: null })),
    `${grzh}/${startTime}/${endTime}/${pageSize}`,
  );
  const summary = detail.first?.summary ?? null;
  const page = detail.state.page;

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = { start: String(form.get('start') ?? ''), end: String(form.get('end') ?? '') };
    const wrong = periodProblem(next.start, next.end);
    setProblem(wrong);
    if (wrong) return;
    setDraft(null);
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.set('grzh', String(form.get('grzh') ?? grzh));
      p.set('start', next.start);
      p.set('end', next.end);
      return p;
    });
  };
  const reset = () => {
    setDraft(null);
    setProblem('');
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.delete('start');
      p.delete('end');
      return p;
    });
  };

  const foot: SummaryRow[] = summary
    ? [
        { label: '期初余额', values: { ye: formatMoney(summary.opening) } },
        {
          label: `本期合计（共 ${summary.count} 笔）`,
          values: { srje: signedMoney(summary.income), zcje: signedMoney(summary.outgo), ye: formatMoney(summary.closing) },
        },
      ]
    : [];
  const period = `${startTime} 至 ${endTime}`;

  return (
    <section className="page grmx" aria-labelledby="grmx-title">
      <h1 id="grmx-title">个人明细查询</h1>
      <p className="page__lead">本人公积金账户每一笔资金变动，新的在前。收入记“+”，支出记“-”；余额为该笔记账后的账户余额；表尾为所选期间的期初余额和合计。</p>
      {accounts && 'error' in accounts && (
        <div className="content-error" role="alert">
          <p>{accounts.error}</p>
        </div>
      )}
      {accounts && 'list' in accounts && list.length === 0 && <p className="empty">您名下暂无可查询明细的个人账户</p>}
      {chosen && (
        <form className="grmx-search" role="search" aria-label="查询个人明细" onSubmit={search} noValidate>
          <div className="search-bar">
            {list.length > 1 ? (
              <label>
                个人账号
                <select name="grzh" defaultValue={grzh} key={grzh}>
                  {list.map((a) => (
                    <option key={a.grzh} value={a.grzh}>
                      {accountName(a)}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <p className="grmx-account">
                <span>个人账号</span> {accountName(chosen)}
                <input type="hidden" name="grzh" value={grzh} />
              </p>
            )}
            <label>
              开始日期
              <input
                type="date"
                name="start"
                value={shown.start}
                max={shown.end || undefined}
                required
                aria-invalid={problem.startsWith('开始') || problem === '请选择开始日期' ? true : undefined}
                aria-describedby={hintId}
                onChange={(e) => setDraft({ ...shown, start: e.target.value })}
              />
            </label>
            <label>
              结束日期
              <input
                type="date"
                name="end"
                value={shown.end}
                min={shown.start || undefined}
                required
                aria-invalid={problem.startsWith('结束') || problem === '请选择结束日期' ? true : undefined}
                aria-describedby={hintId}
                onChange={(e) => setDraft({ ...shown, end: e.target.value })}
              />
            </label>
            <button type="submit" className="btn btn--primary">
              查询
            </button>
            <button type="button" className="btn" onClick={reset}>
              重置
            </button>
          </div>
          <p id={hintId} className={`grmx-hint${problem ? ' grmx-hint--error' : ''}`} aria-live="polite">
            {problem || `查询期间：${period}`}
          </p>
        </form>
      )}
      {chosen && <PrintHead title="个人明细" period={`个人账号 ${grzh}；查询期间 ${period}；第 ${detail.pageNum} 页`} />}
      {detail.state.status === 'error' && (
        <div className="content-error" role="alert">
          <p>{detail.state.message}</p>
          <button type="button" className="btn" onClick={detail.reload}>
            重新加载
          </button>
        </div>
      )}
      {chosen && page === null && detail.state.status === 'loading' && <p role="status">正在加载，请稍候…</p>}
      {chosen && page && (
        <DataTable
          caption={`个人明细（${grzh}，${period}）${summary ? `，共 ${summary.count} 笔` : ''}`}
          columns={COLUMNS}
          rows={page.list}
          rowKey={(r) => r.id}
          busy={detail.state.status === 'loading'}
          className="grmx-table"
          emptyText="所选期间没有资金变动"
          settings={{ path: pathname, navName: 'grmx', name: '个人明细' }}
          summary={foot}
          toolbar={
            <>
              <ExportButtons path={DETAIL_EXPORT} params={{ grzh, startTime, endTime }} fileName={`个人明细_${grzh}`} />
              <PrintButton />
            </>
          }
        />
      )}
      {chosen && page && page.list.length > 0 && (
        <KeysetPager
          total={summary?.count ?? null}
          pageNum={detail.pageNum}
          pageSize={pageSize}
          hasNext={detail.hasNext}
          onPrev={detail.prev}
          onNext={detail.next}
          onSize={setPageSize}
          label="个人明细分页"
        />
      )}
    </section>
  );
}
