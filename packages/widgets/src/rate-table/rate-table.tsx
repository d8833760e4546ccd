import { useEffect, useRef, useState } from 'react';
import { errorMessage, type GjjClient } from '@gjj-hall/sdk';
import { fetchLoanRates, type LoanRate, type LoanRates } from '@gjj-hall/sdk/rates';
import { useWidgetStyles } from '../shared/styles';
import { useClient } from '../shared/use-client';
import { RATE_TABLE_CSS } from './rate-table.styles';

/** Props of {@link RateTable}. */
export interface RateTableProps {
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
  /** A client to load with, instead of one made from `apiBase` (React use only). */
  client?: GjjClient;
  /** Rates already at hand; nothing is loaded when given (React use only). */
  rates?: LoanRates;
  /** Both lists are loaded. Element event: `gjj-load`. */
  onLoad?: (rates: LoanRates) => void;
  /** Loading failed. Element event: `gjj-error`. */
  onError?: (detail: { message: string }) => void;
}

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rates: LoanRates };

const TITLES = { provident: '个人住房公积金贷款利率', commercial: '商业性个人住房贷款利率' } as const;

/** The newest effective date in a list, for the caption. */
function effectiveSince(list: readonly LoanRate[]): string | undefined {
  return list.reduce<string | undefined>((max, r) => (!max || r.sxrq > max ? r.sxrq : max), undefined);
}

function formatRate(rate: number): string {
  return `${rate.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}%`;
}

function RateList({ kind, list }: { kind: keyof LoanRates; list: readonly LoanRate[] }) {
  const since = effectiveSince(list);
  return (
    <table className="gjj-rate-table__table" part="table" data-kind={kind}>
      <caption className="gjj-rate-table__caption" part="caption">
        {TITLES[kind]}
        {since ? <span className="gjj-rate-table__date">自 {since} 起执行</span> : null}
      </caption>
      <thead>
        <tr>
          <th scope="col">贷款种类</th>
          <th scope="col" className="gjj-rate-table__rate">年利率</th>
          <th scope="col" className="gjj-rate-table__when">执行日期</th>
        </tr>
      </thead>
      <tbody>
        {list.length === 0 ? (
          <tr>
            <td colSpan={3}>暂无数据</td>
          </tr>
        ) : (
          list.map((r) => (
            <tr key={r.llmc} data-code={r.llmc}>
              <th scope="row">{r.llsm}</th>
              <td className="gjj-rate-table__rate">{formatRate(r.zxll)}</td>
              <td className="gjj-rate-table__when">{r.sxrq}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/**
 * The loan rate table: provident fund and commercial rates in force, each with the date it took effect.
 *
 * @example
 * <RateTable apiBase="https://gjj.example.gov.cn" onError={(e) => console.warn(e.message)} />
 */
export function RateTable({ apiBase, client, rates, care, onLoad, onError }: RateTableProps) {
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, RATE_TABLE_CSS);
  const api = useClient(client, apiBase);
  const [attempt, setAttempt] = useState(0);
  // The outcome of one load, tagged with what it loaded, so a stale outcome reads as "loading".
  const [outcome, setOutcome] = useState<{ api: GjjClient; attempt: number; state: State } | null>(null);
  // Hosts pass new callback identities on every render; keep the latest without reloading.
  const callbacks = useRef({ onLoad, onError });
  useEffect(() => {
    callbacks.current = { onLoad, onError };
  });

  useEffect(() => {
    if (rates) return;
    const controller = new AbortController();
    fetchLoanRates(api, controller.signal).then(
      (loaded) => {
        if (controller.signal.aborted) return;
        setOutcome({ api, attempt, state: { status: 'ready', rates: loaded } });
        callbacks.current.onLoad?.(loaded);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = errorMessage(error, '利率加载失败');
        setOutcome({ api, attempt, state: { status: 'error', message } });
        callbacks.current.onError?.({ message });
      },
    );
    return () => controller.abort();
  }, [api, rates, attempt]);

  const state: State = rates
    ? { status: 'ready', rates }
    : outcome && outcome.api === api && outcome.attempt === attempt
      ? outcome.state
      : { status: 'loading' };

  return (
    <div ref={ref} className="gjj-root gjj-rate-table" data-care={care || undefined} aria-busy={state.status === 'loading'}>
      {state.status === 'loading' ? (
        <p className="gjj-rate-table__status" role="status">
          正在加载贷款利率…
        </p>
      ) : state.status === 'error' ? (
        <div className="gjj-rate-table__error" role="alert">
          <span>贷款利率加载失败：{state.message}</span>
          <button type="button" className="gjj-button" onClick={() => setAttempt((n) => n + 1)}>
            重新加载
          </button>
        </div>
      ) : (
        <>
          <RateList kind="provident" list={state.rates.provident} />
          <RateList kind="commercial" list={state.rates.commercial} />
        </>
      )}
    </div>
  );
}
