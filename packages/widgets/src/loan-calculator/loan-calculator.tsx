import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { errorMessage, type GjjClient } from '@gjj-hall/sdk';
import { DEFAULT_LOAN_LIMITS, type LoanLimits, type LoanRates } from '@gjj-hall/sdk/loan';
import { named, useInstanceName } from '../shared/instance-name';
import { useWidgetStyles } from '../shared/styles';
import { useLazyClient } from '../shared/use-client';
import { ComparePanel } from './compare-panel';
import type { LoanCalculatorExtras } from './extras-shared';
import { loadExtras } from './load-extras';
import { loadClient } from './load-modules';
import { rateRecord, readRateList, sinceRecord } from './logic';
import { LOAN_CALCULATOR_CSS } from './loan-calculator.styles';
import type {
  LoanCalculateDetail,
  LoanCalculatorErrorDetail,
  LoanCalculatorMode,
  LoanCalculatorTab,
  LoanRateInput,
  PanelContext,
  PlanRequest,
  RatesView,
} from './types';

/**
 * Props of {@link LoanCalculator}.
 *
 * @example
 * const props: LoanCalculatorProps = { apiBase: 'https://gjj.example.gov.cn', mode: 'local' }
 */
export interface LoanCalculatorProps {
  /**
   * 关怀模式 (care mode, MIIT 适老化): text at least 18 px, contrast at least 7:1, targets at least 44 × 44 px, nothing that
   * moves (docs/care-mode.md). Also on when an ancestor in the page has `data-care` (the hall's `<html data-care>`).
   */
  care?: boolean;
  /**
   * Base URL of the centre's server (rates, and the calculation in `remote` mode);
   * when unset, the `apiBase` given to `configure()` (@gjj-hall/sdk/host), else the page's own origin.
   */
  apiBase?: string;
  /**
   * This calculator's name for screen readers, put before its landmarks' names (首套房：计算结果), such as the page's
   * heading above it; set it when the page has two. Without it a second unnamed calculator is 贷款计算器 2.
   */
  label?: string;
  /**
   * `remote`: the comparison is computed by the server (`hkjh/gjjsdcs`); `local`: in the browser.
   * @default 'remote'
   */
  mode?: LoanCalculatorMode;
  /** Provident fund rates (codes 01, 02, 71, 72), as an array or its JSON text; loaded from the server when absent. */
  providentRates?: readonly LoanRateInput[] | string;
  /** Commercial rates (codes 21-24), as an array or its JSON text; loaded from the server when absent. */
  commercialRates?: readonly LoanRateInput[] | string;
  // With both lists given and `apiBase` set, the centre's current rates are loaded too, and the calculator says when
  // the page's are older (issue 23: a rate change used to leave a bank's page silently stale).
  /** A client to call with, instead of one made from `apiBase` (React use only). */
  client?: GjjClient;
  /** After each successful calculation, on any tab. Element event: `gjj-calculate`. */
  onCalculate?: (detail: LoanCalculateDetail) => void;
  /** A remote calculation or the rate loading failed. Element event: `gjj-error`. */
  onError?: (detail: LoanCalculatorErrorDetail) => void;
}

/**
 * The mode used when `mode` is not given: `remote` for the React component and, unless the registering code sets
 * another with `setLoanCalculatorDefaultMode`, for the element (the script-tag bundle sets `local`).
 *
 * @example
 * import { LOAN_CALCULATOR_DEFAULT_MODE } from '@gjj-hall/widgets' // 'remote'
 */
export const LOAN_CALCULATOR_DEFAULT_MODE: LoanCalculatorMode = 'remote';

const TABS: ReadonlyArray<{ key: LoanCalculatorTab; label: string }> = [
  { key: 'compare', label: '公积金与商业贷款对比' },
  { key: 'combined', label: '组合贷款' },
  { key: 'prepay', label: '提前还款试算' },
];

/** The centre's rates; `newer`: the date of the centre's rates the host's lists do not have yet (null: none). */
type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rates: LoanRates; newer?: string | null };

/** The parts used less often (combined and prepayment tabs, plan dialog): not asked for, on their way, there, or failed. */
type Extras = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; parts: LoanCalculatorExtras };

interface LazyPartProps {
  /** The part in words, for the status and the alert: 组合贷款, 还款计划… */
  name: string;
  extras: Extras;
  retry: () => void;
  render: (parts: LoanCalculatorExtras) => ReactNode;
}

/**
 * A part loaded on first use: a short status while it arrives, an alert with a retry button if it cannot be loaded
 * (the rest of the calculator keeps working), then the part itself.
 */
function LazyPart({ name, extras, retry, render }: LazyPartProps) {
  if (extras.status === 'ready') return render(extras.parts);
  return extras.status === 'failed' ? (
    <div className="gjj-loan__notice" role="alert">
      <span>{name}未能加载，请检查网络后重试。</span>
      <button type="button" className="gjj-button gjj-button--plain" onClick={retry}>
        重新加载
      </button>
    </div>
  ) : (
    <p className="gjj-loan__loading" role="status">
      正在加载{name}…
    </p>
  );
}

/** The host's lists win over the loaded ones; without a provident list the rate is typed by hand. */
function ratesView(
  provident: readonly LoanRateInput[] | null | undefined,
  commercial: readonly LoanRateInput[] | null | undefined,
  loaded: Loaded,
  retry: () => void,
): RatesView {
  const fetched = loaded.status === 'ready' ? loaded.rates : undefined;
  const p = provident ?? fetched?.provident;
  const c = commercial ?? fetched?.commercial ?? [];
  if (p) return { status: 'ready', provident: rateRecord(p), commercial: rateRecord(c), since: { ...sinceRecord(p), ...sinceRecord(c) } };
  return loaded.status === 'error' ? { status: 'error', message: loaded.message, retry } : { status: 'loading' };
}

/**
 * The loan calculator (spec 2.10, 2.11, 4.7, 5.1): a provident fund loan against a commercial loan with their
 * repayment plans, plus a combined-loan tab and an early-repayment trial. Rates come from the props or the server.
 *
 * @example
 * <LoanCalculator apiBase="https://gjj.example.gov.cn" onCalculate={(d) => console.log(d.tab, d.results)} />
 * <LoanCalculator mode="local" providentRates={[{ llmc: '02', zxll: 2.6 }]} commercialRates={[{ llmc: '22', zxll: 3.5 }]} />
 */
export function LoanCalculator({
  apiBase,
  label,
  mode,
  providentRates,
  commercialRates,
  client,
  care,
  onCalculate,
  onError,
}: LoanCalculatorProps) {
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, LOAN_CALCULATOR_CSS);
  const uid = useId();
  const instance = useInstanceName('贷款计算器', label);
  // The host's client, or one made from apiBase or the host configuration once its module has loaded (a chunk of its
  // own where there are chunks).
  const api = useLazyClient(client, apiBase, loadClient);
  const computeMode: LoanCalculatorMode = mode === 'local' || mode === 'remote' ? mode : LOAN_CALCULATOR_DEFAULT_MODE;
  // Hosts pass new callback identities on every render; keep the latest without re-running anything.
  const callbacks = useRef({ onCalculate, onError });
  useEffect(() => {
    callbacks.current = { onCalculate, onError };
  });

  // --- rates: given by the host, else loaded once from the server -------------------------------------------------
  const givenProvident = useMemo(() => readRateList(providentRates), [providentRates]);
  const givenCommercial = useMemo(() => readRateList(commercialRates), [commercialRates]);
  // The centre's rates are loaded when the host gives none, or, with apiBase, to tell whether the host's are current.
  const mustLoad = !givenProvident || !givenCommercial;
  // The host's lists as the rate check compares them when the centre's arrive.
  const given = useRef<LoanRateInput[] | null>(null);
  useEffect(() => {
    given.current = givenProvident && givenCommercial ? [...givenProvident, ...givenCommercial] : null;
  }, [givenProvident, givenCommercial]);
  // With the host's rates given, the check of them against the centre's and the centre's bounds wait for the first
  // 计算 (a form submitted): a page that gave its rates sees no call until then, as the framework hosts expect (issue
  // 19); the bounds beside the fields use the sdk's table until the centre's arrives (the server enforces its own).
  const [engaged, setEngaged] = useState(false);
  useEffect(() => {
    const root = ref.current;
    if (engaged || !root) return;
    const engage = () => setEngaged(true);
    root.addEventListener('submit', engage);
    return () => root.removeEventListener('submit', engage);
  }, [engaged]);
  const loads = mustLoad || (engaged && (!!apiBase || !!client));
  useEffect(() => {
    for (const [name, list] of [['provident-rates', givenProvident], ['commercial-rates', givenCommercial]] as const) {
      if (list === null) console.warn(`[gjj] <gjj-loan-calculator> ${name} 不是有效的利率列表（JSON 数组），已改为从服务端加载。`);
    }
  }, [givenProvident, givenCommercial]);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ api: Promise<GjjClient>; attempt: number; loaded: Loaded } | null>(null);
  useEffect(() => {
    if (!loads) return;
    const controller = new AbortController();
    Promise.all([api, loadClient()])
      .then(([c, m]) =>
        m.fetchLoanRates(c, controller.signal).then((rates) => {
          const page = given.current;
          return { rates, newer: page ? m.newerRates(page, [...rates.provident, ...rates.commercial]) : null };
        }),
      )
      .then(
        ({ rates, newer }) => {
          if (!controller.signal.aborted) setOutcome({ api, attempt, loaded: { status: 'ready', rates, newer } });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = errorMessage(error, '利率加载失败');
          setOutcome({ api, attempt, loaded: { status: 'error', message } });
          // Only a load the calculator needs is reported; the check of the host's rates fails quietly.
          if (mustLoad) callbacks.current.onError?.({ message });
        },
      );
    return () => controller.abort();
  }, [api, loads, mustLoad, attempt]);

  // --- the centre's bounds: its server's when the calculator talks to it, else the sdk's defaults ------------------
  const [limits, setLimits] = useState<LoanLimits>(DEFAULT_LOAN_LIMITS);
  const asksServer = loads || (engaged && computeMode === 'remote');
  useEffect(() => {
    if (!asksServer) return;
    const controller = new AbortController();
    // Silent: without the centre's table the defaults apply, and the server enforces its own anyway.
    Promise.all([api, loadClient()])
      .then(([c, m]) => m.fetchLoanLimits(c, controller.signal))
      .then((l) => controller.signal.aborted || setLimits(l), () => undefined);
    return () => controller.abort();
  }, [api, asksServer]);

  const fetched: Loaded = outcome && outcome.api === api && outcome.attempt === attempt ? outcome.loaded : { status: 'loading' };
  const loaded: Loaded = !mustLoad ? { status: 'ready', rates: { provident: [], commercial: [] } } : fetched;
  // The host's rates against the centre's: the date of the centre's newer ones, until the user takes them.
  const [useLatest, setUseLatest] = useState(false);
  const latest = !mustLoad && fetched.status === 'ready' ? fetched.rates : null;
  const newer = (latest && fetched.status === 'ready' && fetched.newer) ?? null;
  const rates =
    latest && useLatest
      ? ratesView(latest.provident, latest.commercial, fetched, () => undefined)
      : ratesView(givenProvident, givenCommercial, loaded, () => setAttempt((n) => n + 1));

  // --- parts loaded on first use: another tab shown or a plan asked for the first time (or a retry) -----------------
  const [extras, setExtras] = useState<Extras>({ status: 'idle' });
  // After a failure only the alert's 重新加载 button tries again.
  const loadParts = (again = false) => {
    if (extras.status !== 'idle' && !(again && extras.status === 'failed')) return;
    setExtras({ status: 'loading' });
    loadExtras().then(
      (parts) => setExtras({ status: 'ready', parts }),
      (error: unknown) => {
        console.error('[gjj] <gjj-loan-calculator> 组合贷款、提前还款试算和还款计划未能加载：', error);
        setExtras({ status: 'failed' });
      },
    );
  };

  // --- tabs ---------------------------------------------------------------------------------------------------------
  const [active, setActive] = useState<LoanCalculatorTab>('compare');
  // A tab is rendered from its first visit on (and then kept, with what was typed in it).
  const [visited, setVisited] = useState<ReadonlySet<LoanCalculatorTab>>(() => new Set(['compare']));
  const select = (key: LoanCalculatorTab) => {
    if (key !== 'compare') loadParts();
    setActive(key);
    setVisited((v) => (v.has(key) ? v : new Set(v).add(key)));
  };
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const at = TABS.findIndex((t) => t.key === active);
    const to =
      e.key === 'ArrowRight' ? (at + 1) % TABS.length
      : e.key === 'ArrowLeft' ? (at - 1 + TABS.length) % TABS.length
      : e.key === 'Home' ? 0
      : e.key === 'End' ? TABS.length - 1
      : -1;
    if (to < 0) return;
    e.preventDefault();
    select((TABS[to] as (typeof TABS)[number]).key);
    tabRefs.current[to]?.focus();
  };

  // --- plan dialog --------------------------------------------------------------------------------------------------
  const [plan, setPlan] = useState<{ request: PlanRequest; serial: number } | null>(null);
  // The dialog is loaded when a plan is first asked for, then kept (closed) for the next one.
  const [planWanted, setPlanWanted] = useState(false);
  const serial = useRef(0);
  const context: PanelContext = {
    rates,
    limits,
    openPlan: (request) => {
      serial.current += 1;
      setPlan({ request, serial: serial.current });
      setPlanWanted(true);
      loadParts();
    },
    calculated: (detail) => callbacks.current.onCalculate?.(detail),
    named: (text) => named(instance, text),
  };

  const tabId = (key: string) => `${uid}-tab-${key}`;
  const panelId = (key: string) => `${uid}-panel-${key}`;
  return (
    <div ref={ref} className="gjj-root gjj-loan" lang="zh-CN" data-care={care || undefined}>
      {rates.status === 'error' ? (
        <div className="gjj-loan__notice" role="alert" part="notice">
          <span>贷款利率加载失败：{rates.message}。请手动输入公积金贷款年利率后计算。</span>
          <button type="button" className="gjj-button gjj-button--plain" onClick={rates.retry}>
            重新加载利率
          </button>
        </div>
      ) : null}
      {newer !== null && !useLatest ? (
        <div className="gjj-loan__notice gjj-loan__notice--info" role="status" part="notice">
          <span>
            本页所列利率不是公积金中心的最新利率{newer ? `（中心最新利率自 ${newer} 起执行）` : ''}，按本页利率计算的结果可能与实际不符。
          </span>
          <button type="button" className="gjj-button gjj-button--plain" onClick={() => setUseLatest(true)}>
            改用最新利率
          </button>
        </div>
      ) : null}
      <div role="tablist" aria-label={instance || '贷款计算器'} className="gjj-loan__tabs" part="tabs">
        {TABS.map((t, k) => (
          <button
            key={t.key}
            ref={(el) => {
              tabRefs.current[k] = el;
            }}
            type="button"
            role="tab"
            id={tabId(t.key)}
            className="gjj-loan__tab"
            part={active === t.key ? 'tab tab-selected' : 'tab'}
            aria-selected={active === t.key}
            aria-controls={panelId(t.key)}
            tabIndex={active === t.key ? 0 : -1}
            onClick={() => select(t.key)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div key={t.key} role="tabpanel" id={panelId(t.key)} aria-labelledby={tabId(t.key)} hidden={active !== t.key} className="gjj-loan__panel" part="panel">
          {t.key === 'compare' ? (
            <ComparePanel {...context} mode={computeMode} client={api} failed={(message) => callbacks.current.onError?.({ message })} />
          ) : visited.has(t.key) ? (
            <LazyPart
              name={t.label}
              extras={extras}
              retry={() => loadParts(true)}
              render={(parts) => (t.key === 'combined' ? <parts.CombinedPanel {...context} /> : <parts.PrepayPanel {...context} />)}
            />
          ) : null}
        </div>
      ))}
      {planWanted ? (
        <LazyPart
          name="还款计划"
          extras={extras}
          retry={() => loadParts(true)}
          render={(parts) => <parts.PlanDialog plan={plan?.request ?? null} serial={plan?.serial ?? 0} onClosed={() => setPlan(null)} />}
        />
      ) : null}
    </div>
  );
}
