import { useCallback, useState } from 'react';
import type { LoanRates } from '@gjj-hall/sdk/rates';
import { ComplaintForm, LoanCalculator, PolicyDetail, PolicyList, type LoanCalculateDetail, type OpenPolicyDetail } from '@gjj-hall/widgets';
// Types only: checks the attributes and events of <gjj-…> tags in this app's JSX.
import type {} from '@gjj-hall/widgets/jsx';

const yuan = (text: string) => `${Number(text).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`;

/** The custom element, listened to through a ref: the host learns when the rates are there. */
function Rates() {
  const [open, setOpen] = useState(true);
  const [rates, setRates] = useState<LoanRates | null>(null);
  // A callback ref with a cleanup (React 19): listens to each <gjj-rate-table> React puts on the page, stops when it goes.
  const listen = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const onLoad = (event: Event) => setRates((event as CustomEvent<LoanRates>).detail);
    element.addEventListener('gjj-load', onLoad);
    return () => element.removeEventListener('gjj-load', onLoad);
  }, []);

  return (
    <section className="host-card" aria-labelledby="rates-title">
      <div className="host-card__head">
        <h2 id="rates-title">贷款利率</h2>
        <button
          type="button"
          className="host-toggle"
          aria-expanded={open}
          onClick={() => {
            setOpen(!open);
            setRates(null);
          }}
        >
          {open ? '收起利率表' : '展开利率表'}
        </button>
      </div>
      {open ? <gjj-rate-table ref={listen}></gjj-rate-table> : null}
      <p className="host-note" role="status">
        {!open ? '利率表已收起。' : rates ? `利率已更新：公积金贷款 ${rates.provident.length} 项，商业贷款 ${rates.commercial.length} 项。` : '正在获取利率…'}
      </p>
    </section>
  );
}

/** What the host makes of the calculator's result: one line under it. */
function describe(detail: LoanCalculateDetail): string {
  if (detail.tab === 'compare') {
    const { provident, difference } = detail.results;
    return `公积金贷款月供 ${yuan(provident.monthlyPayment)}，比商业贷款少付利息 ${yuan(difference.totalInterest)}。`;
  }
  if (detail.tab === 'combined') return `组合贷款首月月供 ${yuan(detail.results.total.monthlyPayment)}。`;
  return `提前还款 ${yuan(detail.results.prepayAmount)}。`;
}

function Calculator() {
  const [line, setLine] = useState('');
  return (
    <section className="host-card" aria-labelledby="calc-title">
      <h2 id="calc-title">贷款计算器</h2>
      <LoanCalculator onCalculate={(detail) => setLine(describe(detail))} />
      <p className="host-note" role="status">
        {line ? `试算结果：${line}有意向可预约我们的置业顾问。` : ''}
      </p>
    </section>
  );
}

/** The list opens a policy; the app shows it itself, in its own panel, and the list keeps its place. */
function Policies() {
  const [open, setOpen] = useState<OpenPolicyDetail | null>(null);
  return (
    <section className="host-card host-policies" aria-labelledby="policy-title">
      <h2 id="policy-title">公积金政策</h2>
      <div className="host-policies__columns">
        <PolicyList
          pageSize={10}
          onOpenPolicy={(detail) => {
            setOpen(detail);
            return false; // the widget shows no detail view of its own
          }}
        />
        {open ? (
          <aside className="host-policy" aria-label="政策详情">
            <PolicyDetail key={open.id} id={open.id} headingLevel={3} focusOnLoad onBack={() => setOpen(null)} backLabel="关闭详情" />
          </aside>
        ) : null}
      </div>
    </section>
  );
}

function Complaints() {
  const [sqbh, setSqbh] = useState('');
  return (
    <section className="host-card" aria-labelledby="complaint-title">
      <h2 id="complaint-title">投诉建议</h2>
      <ComplaintForm onSubmitted={(detail) => setSqbh(detail.sqbh)} />
      <p className="host-note" role="status">
        {sqbh ? `已提交，编号 ${sqbh}。公积金中心将在 5 个工作日内答复。` : ''}
      </p>
    </section>
  );
}

export function App() {
  return (
    <>
      <header className="host-header">
        <p className="host-brand">安居置业网</p>
        <p className="host-tagline">住房公积金服务 · 由市住房公积金管理中心提供</p>
      </header>
      <main className="host-main">
        <h1>公积金贷款与政策</h1>
        <Rates />
        <Calculator />
        <Policies />
        <Complaints />
      </main>
      <footer className="host-footer">安居置业网 © 2026 · 示例页面</footer>
    </>
  );
}
