import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import { formatMoney } from '@gjj-hall/sdk/format';
import { DataTable, ExportButtons, PrintButton, PrintHead, saveBlob, type TableColumn } from '../../shared/table';
import { KeysetPager } from '../../shared/ui/keyset-pager';
import { Tabs } from '../../shared/ui/tabs';
import { useKeysetPaged } from '../../shared/use-keyset-paged';
import { usePageTitle } from '../../shared/use-page-title';
import { submitApplication } from '../../shared/wizard/api';
import { downloadSettlement, issueSettlement, fetchApplication, fetchLoans, fetchPrepayTrial, fetchPlan, fetchProgress, fetchRepayments, PLAN_EXPORT, type ApplicationDetail, type Loan, type PlanRow, type PrepayTrial, type Progress, type RepaymentRow, type Settlement } from './api';
import './loans.css';

// 贷款信息查询 (menu /grwt/dkSys/dkyw/dkxx_cx; docs/api-loans.md): one page, four tabs (docs/decisions.md › 贷款查询):
// 贷款信息 (the facts of each loan), 还款计划 (the plan by period in the shared table, with export and print),
// 还款记录 (the repayments, newest first) and 贷款进度 (where each application stands, with its timeline). The tab is
// in the address (?tab=), so a reload or a link keeps it.

const TABS = [
  { key: 'dkxx', label: '贷款信息' },
  { key: 'hkjh', label: '还款计划' },
  { key: 'hkjl', label: '还款记录' },
  { key: 'dkjd', label: '贷款进度' },
] as const;

const PLAN_COLUMNS: TableColumn<PlanRow>[] = [
  { prop: 'qc', label: '期次', disabled: true },
  { prop: 'hkrq', label: '应还日期', className: 'nowrap' },
  { prop: 'yhbj', label: '应还本金（元）', type: 'money' },
  { prop: 'yhlx', label: '应还利息（元）', type: 'money' },
  { prop: 'yhje', label: '应还合计（元）', type: 'money', disabled: true },
  { prop: 'syje', label: '剩余本金（元）', type: 'money' },
  { prop: 'yhbjje', label: '已还本金（元）', type: 'money' },
  { prop: 'yhlxje', label: '已还利息（元）', type: 'money' },
  { prop: 'ztmc', label: '状态' },
];

const REPAYMENT_COLUMNS: TableColumn<RepaymentRow>[] = [
  { prop: 'hkrq', label: '还款日期', disabled: true, className: 'nowrap' },
  { prop: 'qc', label: '期次', text: (r) => (r.qc === null || r.qc === undefined ? '—' : String(r.qc)) },
  { prop: 'hkbj', label: '本金（元）', type: 'money' },
  { prop: 'hklx', label: '利息（元）', type: 'money' },
  { prop: 'yqlx', label: '逾期利息（元）', type: 'money' },
  { prop: 'hkje', label: '合计（元）', type: 'money', disabled: true },
  { prop: 'lymc', label: '还款来源' },
];

type Loans = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: Loan[] };

/** The page of the menu entry /grwt/dkSys/dkyw/dkxx_cx. */
export function LoanInfoPage() {
  usePageTitle('贷款信息查询');
  const [params, setParams] = useSearchParams();
  const active = Math.max(
    0,
    TABS.findIndex((tab) => tab.key === params.get('tab')),
  );
  const [loans, setLoans] = useState<Loans>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchLoans(controller.signal).then(
      (list) => !controller.signal.aborted && setLoans({ status: 'ready', list }),
      (error: unknown) => !controller.signal.aborted && setLoans({ status: 'error', message: errorMessage(error, '贷款信息加载失败，请稍后重试') }),
    );
    return () => controller.abort();
  }, [attempt]);
  const list = loans.status === 'ready' ? loans.list : [];
  const chosen = list.find((l) => l.dkzh === params.get('dkzh')) ?? list[0];
  const choose = (dkzh: string) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.set('dkzh', dkzh);
      return p;
    });

  return (
    <section className="page loans" aria-labelledby="loans-title">
      <h1 id="loans-title">贷款信息查询</h1>
      {loans.status === 'error' && (
        <div className="content-error" role="alert">
          <p>{loans.message}</p>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            重新加载
          </button>
        </div>
      )}
      {list.length > 1 && (
        <p className="loans-choose">
          <label>
            贷款账号{' '}
            <select value={chosen?.dkzh ?? ''} onChange={(e) => choose(e.target.value)}>
              {list.map((l) => (
                <option key={l.dkzh} value={l.dkzh}>
                  {l.dkzh}（{l.dkztmc}）
                </option>
              ))}
            </select>
          </label>
        </p>
      )}
      <Tabs
        label="贷款信息查询"
        items={TABS}
        active={active}
        onChange={(i) =>
          setParams((prev) => {
            const p = new URLSearchParams(prev);
            p.set('tab', TABS[i]!.key);
            return p;
          })
        }
      >
        {loans.status === 'loading' && active !== 3 && <p role="status">正在加载，请稍候…</p>}
        {loans.status === 'ready' && !chosen && active !== 3 && <NoLoan />}
        {chosen && active === 0 && <LoanFacts loan={chosen} />}
        {chosen && active === 1 && <PlanTable loan={chosen} />}
        {chosen && active === 2 && <RepaymentTable loan={chosen} />}
        {active === 3 && <ProgressList />}
      </Tabs>
    </section>
  );
}

function NoLoan() {
  return (
    <div className="loans-empty">
      <p>您名下暂无住房公积金贷款。</p>
      <p>
        <Link to="/grwt/dkSys/dkyw/dksq">申请住房公积金贷款</Link>
        {'　'}
        <Link to="?tab=dkjd">查看贷款申请进度</Link>
      </p>
    </div>
  );
}

function LoanFacts({ loan }: { loan: Loan }) {
  const facts: Array<[string, string]> = [
    ['借款合同编号', loan.jkhtbh ?? ''],
    ['贷款账号', loan.dkzh ?? ''],
    ['贷款状态', loan.dkztmc ?? ''],
    ['合同金额', `${formatMoney(loan.htje ?? '0')} 元`],
    ['贷款余额', `${formatMoney(loan.dkye ?? '0')} 元`],
    ['贷款期限', `${loan.dkqx} 个月，剩余 ${loan.syqs} 期`],
    ['年利率', `${loan.dkll}%`],
    ['还款方式', loan.hkfsmc ?? ''],
    ['担保方式', loan.dbfsmc ?? ''],
    ['放款日期', loan.ffrq ?? ''],
    ['房屋坐落', loan.fwdz ?? ''],
    ['下期还款', loan.xqhkrq ? `${loan.xqhkrq}，${formatMoney(loan.xqhkje ?? '0')} 元` : '—'],
    ['逾期', loan.yqqs ? `${loan.yqqs} 期，${formatMoney(loan.yqje ?? '0')} 元` : '无'],
    ['还款账户', `${loan.hkyh ?? ''} ${loan.hkzh ?? ''}`],
    ...(loan.jqrq ? ([['结清日期', loan.jqrq]] as Array<[string, string]>) : []),
  ];
  return (
    <>
      {Boolean(loan.yqqs) && (
        <p className="loans-overdue" role="alert">
          您有 {loan.yqqs} 期逾期未还，共 {formatMoney(loan.yqje ?? '0')} 元，逾期按日计收罚息，请尽快归还。
        </p>
      )}
      <dl className="loans-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="loans-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="no-print">
        <PrintButton />
      </p>
      {loan.dkzt !== '3' && !loan.yqqs && <PrepayTrialForm dkzh={loan.dkzh} />}
      {loan.dkzt === '3' ? (
        <SettlementSection dkzh={loan.dkzh} />
      ) : (
        <p className="loans-trial__hint no-print">贷款结清后，可在此出具结清证明。</p>
      )}
    </>
  );
}

/**
 * 结清证明 of a settled loan (POST dkyw/jqzm, GET dkyw/jqzm/pdf; docs/api-loans.md › 结清证明): issued once from the
 * facts at issue, its number and verification code shown, the PDF downloaded; anyone shown it checks it on the public
 * page #/dkjqzmVerify with the code or the QR.
 */
function SettlementSection({ dkzh }: { dkzh: string }) {
  const id = useId();
  const [state, setState] = useState<{ status: 'idle' } | { status: 'busy' } | { status: 'error'; message: string } | { status: 'ready'; paper: Settlement }>({ status: 'idle' });
  const issue = async () => {
    setState({ status: 'busy' });
    try {
      const paper = await issueSettlement(dkzh);
      saveBlob(await downloadSettlement(dkzh), `结清证明_${paper.zmbh}.pdf`);
      setState({ status: 'ready', paper });
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error, '结清证明出具失败，请稍后重试') });
    }
  };
  return (
    <section className="loans-trial no-print" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>结清证明</h2>
      <p className="loans-trial__hint">贷款已结清，可出具住房公积金贷款结清证明（PDF），用于办理抵押注销等。证明凭验证码或二维码可公开核验。</p>
      <button type="button" className="btn btn--primary" disabled={state.status === 'busy'} onClick={() => void issue()}>
        {state.status === 'busy' ? '正在出具…' : '出具并下载结清证明'}
      </button>
      <div aria-live="polite">
        {state.status === 'error' && <p className="loans-trial__error">{state.message}</p>}
        {state.status === 'ready' && (
          <dl className="loans-facts loans-settlement">
            <div className="loans-facts__row">
              <dt>证明编号</dt>
              <dd>{state.paper.zmbh}</dd>
            </div>
            <div className="loans-facts__row">
              <dt>验证码</dt>
              <dd>
                <Link to={`/dkjqzmVerify?code=${encodeURIComponent(state.paper.yzm.replace(/-/g, ''))}`}>{state.paper.yzm}</Link>
              </dd>
            </div>
            <div className="loans-facts__row">
              <dt>结清日期</dt>
              <dd>{state.paper.jqrq}</dd>
            </div>
            <div className="loans-facts__row">
              <dt>出具时间</dt>
              <dd>{state.paper.cjsj}</dd>
            </div>
          </dl>
        )}
      </div>
    </section>
  );
}

const TRIAL_ROWS: Array<[string, (t: PrepayTrial['shorten']) => string]> = [
  ['提前还款金额', (t) => `${formatMoney(t.tqhkje)} 元`],
  ['随期还款', (t) => `第 ${t.qc} 期（${t.hkrq}）`],
  ['之后的月还款额', (t) => (t.jq ? '一次结清' : `${formatMoney(t.yhje)} 元`)],
  ['剩余期数', (t) => `${t.syqs} 期`],
  ['减少期数', (t) => `${t.jsqs} 期`],
  ['新的到期日', (t) => t.zzrq],
  ['节省利息', (t) => `${formatMoney(t.jslx)} 元`],
];

/**
 * 提前还款试算 (POST dkyw/tqhk/ss): an amount paid with the next instalment, the engine's two ways side by side
 * (缩短期限 keeps the instalment, 减少月供 keeps the end), with the interest each saves; then the application with the
 * way chosen, paid by card (GD0602) or from the provident account (GD0605); the server completes it at once and
 * reshapes the plan.
 */
function PrepayTrialForm({ dkzh, from = 'GD0602' }: { dkzh: string; from?: keyof typeof PAY_FROM }) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [state, setState] = useState<{ status: 'idle' } | { status: 'busy' } | { status: 'error'; message: string } | { status: 'ready'; trial: PrepayTrial; asked: string }>({ status: 'idle' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = amount.trim();
    if (!/^(0|[1-9]\d{0,11})(\.\d{1,2})?$/.test(text) || Number(text) <= 0) return setState({ status: 'error', message: '提前还款金额应为大于 0 的金额，至多两位小数' });
    setState({ status: 'busy' });
    fetchPrepayTrial(dkzh, text).then(
      (trial) => setState({ status: 'ready', trial, asked: text }),
      (error: unknown) => setState({ status: 'error', message: errorMessage(error, '试算失败，请稍后重试') }),
    );
  };
  return (
    <section className="loans-trial no-print" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>提前还款试算</h2>
      <form className="loans-trial__form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-amount`}>提前还款金额（元）</label>
        <input
          id={`${id}-amount`}
          value={amount}
          inputMode="decimal"
          maxLength={15}
          aria-invalid={state.status === 'error' ? true : undefined}
          aria-describedby={`${id}-msg`}
          onChange={(e) => setAmount(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={state.status === 'busy'}>
          试算
        </button>
      </form>
      <p id={`${id}-msg`} className={state.status === 'error' ? 'loans-trial__error' : 'loans-trial__hint'} aria-live="polite">
        {state.status === 'error' ? state.message : state.status === 'busy' ? '正在试算…' : '随下一期还款一并归还，试算结果仅供参考'}
      </p>
      {state.status === 'ready' && (
        <table className="loans-trial__table">
          <caption>两种方式对比</caption>
          <thead>
            <tr>
              <th scope="col">项目</th>
              <th scope="col">缩短期限（月供不变）</th>
              <th scope="col">减少月供（期限不变）</th>
            </tr>
          </thead>
          <tbody>
            {TRIAL_ROWS.map(([label, text]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{text(state.trial.shorten)}</td>
                <td>{text(state.trial.reduce)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {state.status === 'ready' && <PrepayApplyForm dkzh={dkzh} amount={state.asked} most={state.trial.zdje} from={from} />}
    </section>
  );
}

/** Where the early repayment is paid from: GD0602 the repayment card, GD0605 the borrower's provident account. */
const PAY_FROM = {
  GD0602: { label: '还款银行卡', button: '从还款银行卡提前还款', hint: '提交后随下一期还款一并从还款银行卡扣收，并即时办结', done: '已从还款银行卡扣收' },
  GD0605: {
    label: '住房公积金账户（公积金提前还贷）',
    button: '用住房公积金提前还款',
    hint: '提交后随下一期还款一并从本人住房公积金账户支付（按偿还住房贷款提取），并即时办结',
    done: '已从住房公积金账户支付',
  },
} as const;

/**
 * The application after the trial: the amount tried, the way chosen and where it is paid from — GD0602 银行卡提前还款
 * or GD0605 公积金提前还贷; the server pays it and completes it at once.
 */
function PrepayApplyForm({ dkzh, amount, most, from: initial }: { dkzh: string; amount: string; most: string; from: keyof typeof PAY_FROM }) {
  const id = useId();
  const [way, setWay] = useState<'01' | '02'>('01');
  const [from, setFrom] = useState<keyof typeof PAY_FROM>(initial);
  const [state, setState] = useState<{ status: 'idle' } | { status: 'busy' } | { status: 'error'; message: string } | { status: 'done'; ywbh: string }>({ status: 'idle' });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setState({ status: 'busy' });
    submitApplication(from, { dkzh, tqhkje: amount, tqfs: way }).then(
      (result) => setState({ status: 'done', ywbh: result.ywbh }),
      (error: unknown) => setState({ status: 'error', message: errorMessage(error, '提交失败，请稍后重试') }),
    );
  };
  if (state.status === 'done') {
    return (
      <p className="loans-trial__hint" role="status">
        提前还款已办结（业务编号 {state.ywbh}），{PAY_FROM[from].done}。<Link to={`?tab=hkjh&dkzh=${dkzh}`}>查看新的还款计划</Link>
      </p>
    );
  }
  return (
    <form className="loans-prepay" onSubmit={apply} noValidate aria-describedby={`${id}-msg`}>
      <fieldset>
        <legend>按以上试算申请提前还款 {formatMoney(amount)} 元（最多 {formatMoney(most)} 元，即一次结清）</legend>
        <label>
          <input type="radio" name={`${id}-way`} value="01" checked={way === '01'} onChange={() => setWay('01')} /> 缩短还款期限
        </label>
        <label>
          <input type="radio" name={`${id}-way`} value="02" checked={way === '02'} onChange={() => setWay('02')} /> 减少月还款额
        </label>
      </fieldset>
      <fieldset>
        <legend>还款资金来源</legend>
        {(Object.keys(PAY_FROM) as Array<keyof typeof PAY_FROM>).map((code) => (
          <label key={code}>
            <input type="radio" name={`${id}-from`} value={code} checked={from === code} onChange={() => setFrom(code)} /> {PAY_FROM[code].label}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn--primary" disabled={state.status === 'busy'}>
        {PAY_FROM[from].button}
      </button>
      <p id={`${id}-msg`} className={state.status === 'error' ? 'loans-trial__error' : 'loans-trial__hint'} aria-live="polite">
        {state.status === 'error' ? state.message : state.status === 'busy' ? '正在提交…' : PAY_FROM[from].hint}
      </p>
    </form>
  );
}

/**
 * 公积金提前还贷 (menu /grwt/dkSys/dkyw/gjj_tqhd, GD0605): the person's running loan, its trial and the application,
 * paid from the provident account (the card, GD0602, still offered). GD0602's own menu entry (yhk_hk) stays unmapped:
 * its trial and form are on 贷款信息查询, and one more entry in the route table would pass 我的业务's size budget.
 */
function LoanPrepayPage({ title, from }: { title: string; from: keyof typeof PAY_FROM }) {
  usePageTitle(title);
  const [loans, setLoans] = useState<Loans>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchLoans(controller.signal).then(
      (list) => !controller.signal.aborted && setLoans({ status: 'ready', list }),
      (error: unknown) => !controller.signal.aborted && setLoans({ status: 'error', message: errorMessage(error, '贷款信息加载失败，请稍后重试') }),
    );
    return () => controller.abort();
  }, []);
  const loan = loans.status === 'ready' ? loans.list.find((l) => l.dkzt !== '3') : undefined;
  return (
    <section className="page loans" aria-labelledby="loans-prepay-title">
      <h1 id="loans-prepay-title">{title}</h1>
      {loans.status === 'loading' && <p role="status">正在加载，请稍候…</p>}
      {loans.status === 'error' && (
        <p className="content-error" role="alert">
          {loans.message}
        </p>
      )}
      {loans.status === 'ready' && !loan && (
        <div className="loans-empty">
          <p>您名下没有未结清的住房公积金贷款，无需提前还款。</p>
          <p>
            <Link to="/grwt/dkSys/dkyw/dkxx_cx">贷款信息查询</Link>
          </p>
        </div>
      )}
      {loan && (
        <>
          <p>
            贷款账号 {loan.dkzh}，贷款余额 {formatMoney(loan.dkye ?? '0')} 元，剩余 {loan.syqs} 期
            {loan.xqhkrq ? `，下期还款 ${loan.xqhkrq} ${formatMoney(loan.xqhkje ?? '0')} 元` : ''}。
          </p>
          {loan.yqqs ? (
            <p className="loans-overdue" role="alert">
              您有 {loan.yqqs} 期逾期未还，共 {formatMoney(loan.yqje ?? '0')} 元，请先归还逾期款项再申请提前还款。
            </p>
          ) : (
            <PrepayTrialForm dkzh={loan.dkzh} from={from} />
          )}
        </>
      )}
    </section>
  );
}

/** The page of the menu entry /grwt/dkSys/dkyw/gjj_tqhd. */
export const ProvidentPrepayPage = () => <LoanPrepayPage title="公积金提前还贷" from="GD0605" />;

function PlanTable({ loan }: { loan: Loan }) {
  const { pathname } = useLocation();
  const [size, setSize] = useState(12);
  const dkzh = loan.dkzh ?? '';
  const plan = useKeysetPaged(
    async (after, signal) => {
      const page = await fetchPlan(dkzh, Number(after ?? 0), size, signal);
      return { list: page.list ?? [], next: page.next === null || page.next === undefined ? null : String(page.next), total: page.total ?? 0 };
    },
    `${dkzh}/${size}`,
  );
  const page = plan.state.page;
  return (
    <>
      <PrintHead title="还款计划" period={`贷款账号 ${dkzh}；借款合同编号 ${loan.jkhtbh}；第 ${plan.pageNum} 页`} />
      {plan.state.status === 'error' && (
        <div className="content-error" role="alert">
          <p>{plan.state.message}</p>
          <button type="button" className="btn" onClick={plan.reload}>
            重新加载
          </button>
        </div>
      )}
      {page === null && plan.state.status === 'loading' && <p role="status">正在加载，请稍候…</p>}
      {page && (
        <DataTable
          caption={`还款计划（贷款账号 ${dkzh}，共 ${page.total} 期）`}
          columns={PLAN_COLUMNS}
          rows={page.list}
          rowKey={(r) => String(r.qc)}
          busy={plan.state.status === 'loading'}
          settings={{ path: pathname, navName: 'hkjh', name: '还款计划' }}
          isCurrent={(r) => r.zt === '2'}
          toolbar={
            <>
              <ExportButtons path={PLAN_EXPORT} params={{ dkzh }} fileName={`还款计划_${dkzh}`} />
              <PrintButton />
            </>
          }
        />
      )}
      {page && page.list.length > 0 && (
        <KeysetPager total={plan.first?.total ?? null} pageNum={plan.pageNum} pageSize={size} hasNext={plan.hasNext} onPrev={plan.prev} onNext={plan.next} onSize={setSize} label="还款计划分页" />
      )}
    </>
  );
}

function RepaymentTable({ loan }: { loan: Loan }) {
  const { pathname } = useLocation();
  const [size, setSize] = useState(10);
  const dkzh = loan.dkzh ?? '';
  const records = useKeysetPaged(
    async (after, signal) => {
      const page = await fetchRepayments(dkzh, after ?? '', size, signal);
      return { list: page.list ?? [], next: page.next ?? null };
    },
    `${dkzh}/${size}`,
  );
  const page = records.state.page;
  return (
    <>
      <PrintHead title="还款记录" period={`贷款账号 ${dkzh}；第 ${records.pageNum} 页`} />
      {records.state.status === 'error' && (
        <div className="content-error" role="alert">
          <p>{records.state.message}</p>
          <button type="button" className="btn" onClick={records.reload}>
            重新加载
          </button>
        </div>
      )}
      {page === null && records.state.status === 'loading' && <p role="status">正在加载，请稍候…</p>}
      {page && (
        <DataTable
          caption={`还款记录（贷款账号 ${dkzh}）`}
          columns={REPAYMENT_COLUMNS}
          rows={page.list}
          rowKey={(r) => `${r.hkrq}/${r.qc}/${r.ly}/${r.hkje}`}
          busy={records.state.status === 'loading'}
          settings={{ path: pathname, navName: 'hkjl', name: '还款记录' }}
          emptyText="暂无还款记录"
          toolbar={<PrintButton />}
        />
      )}
      {page && page.list.length > 0 && (
        <KeysetPager total={null} pageNum={records.pageNum} pageSize={size} hasNext={records.hasNext} onPrev={records.prev} onNext={records.next} onSize={setSize} label="还款记录分页" />
      )}
    </>
  );
}

type ProgressState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: Progress[] };

function ProgressList() {
  const [state, setState] = useState<ProgressState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchProgress(controller.signal).then(
      (list) => !controller.signal.aborted && setState({ status: 'ready', list }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', message: errorMessage(error, '贷款进度加载失败，请稍后重试') }),
    );
    return () => controller.abort();
  }, []);
  if (state.status === 'loading') return <p role="status">正在加载，请稍候…</p>;
  if (state.status === 'error')
    return (
      <p className="content-error" role="alert">
        {state.message}
      </p>
    );
  if (state.list.length === 0) return <p className="loans-empty">您没有提交过住房公积金贷款申请。</p>;
  return (
    <ul className="loans-progress">
      {state.list.map((p) => (
        <li key={p.ywbh}>
          <ProgressItem item={p} />
        </li>
      ))}
    </ul>
  );
}

/** One application: its facts, and its timeline (the events of 业务详情, read when shown). */
function ProgressItem({ item }: { item: Progress }) {
  const [detail, setDetail] = useState<ApplicationDetail | 'error' | null>(null);
  useEffect(() => {
    let live = true;
    fetchApplication(item.ywbh ?? '', { silent: true }).then(
      (d) => live && setDetail(d),
      () => live && setDetail('error'),
    );
    return () => {
      live = false;
    };
  }, [item.ywbh]);
  return (
    <article className="loans-progress__item" aria-label={`贷款申请 ${item.ywbh}`}>
      <h2 className="loans-progress__title">
        贷款申请 {item.ywbh} <span className="loans-progress__status">{item.ztmc}</span>
      </h2>
      <p>
        申请金额 {formatMoney(item.dkje ?? '0')} 元，期限 {item.dkqx} 个月；{item.fwdz}
      </p>
      <p>
        提交时间 {item.tjsj}
        {item.cnbjrq ? `；承诺办结日期 ${item.cnbjrq}` : ''}
        {item.dkzh ? `；贷款账号 ${item.dkzh}` : ''}
      </p>
      {detail === 'error' && <p role="alert">办理进度暂时无法加载</p>}
      {detail && detail !== 'error' && (
        <ol className="loans-timeline" aria-label={`办理进度（${item.ywbh}）`}>
          {detail.events.map((e, i) => (
            <li key={`${e.at}-${i}`} className="loans-timeline__item">
              <p className="loans-timeline__head">
                <time dateTime={e.at}>{e.at}</time> <strong>{e.ztmc}</strong> <span className="loans-timeline__actor">{e.actorName || e.actor}</span>
              </p>
              {e.note && <p>{e.note}</p>}
              {e.reasons.length > 0 && (
                <ul>
                  {e.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <p>
        <Link to={`/grwt/wdbj/ywxq?ywbh=${encodeURIComponent(item.ywbh ?? '')}`}>业务详情</Link>
      </p>
    </article>
  );
}
