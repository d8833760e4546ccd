import { useEffect, useId, useRef, useState } from 'react';
import { PLAN_DIALOG } from '@gjj-hall/sdk';
import type { ScheduleRow } from '@gjj-hall/sdk/loan';
import { useWidgetStyles } from '../shared/styles';
import { money } from './logic';
import { chartPaths, PLAN_COLUMNS, planCsv, planFileName } from './plan';
import { PLAN_DIALOG_CSS } from './plan-dialog.styles';
import type { PlanRequest } from './types';

/** How long the CSV's object URL lives after the click: long enough for the browser to start the download. */
const REVOKE_AFTER_MS = 10_000;
const CHART = { width: 600, height: 120 } as const;

/** Saves the plan as `还款计划-<label>.csv` through a Blob URL (no server round trip, nothing inline). */
export function downloadPlan(label: string, rows: readonly ScheduleRow[]): void {
  const url = URL.createObjectURL(new Blob([planCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = planFileName(label);
  a.rel = 'noopener';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

function chartLabel(label: string, rows: readonly ScheduleRow[]): string {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return `${label}还款构成图：暂无数据`;
  return (
    `${label}还款构成图，共 ${rows.length} 期，每期偿还本金（下）与偿还利息（上）叠加显示：` +
    `第 ${first.period} 期本金 ${money(first.principal)} 元、利息 ${money(first.interest)} 元，` +
    `第 ${last.period} 期本金 ${money(last.principal)} 元、利息 ${money(last.interest)} 元。逐期数据见下方还款计划表。`
  );
}

/**
 * A small stacked chart of principal against interest, in the theme's colours (--gjj-color-principal, else
 * --gjj-color-primary; --gjj-color-interest). Its text alternative is the summary printed under it, which the image is
 * labelled by, and the table below, period by period.
 */
function PlanChart({ label, rows }: { label: string; rows: readonly ScheduleRow[] }) {
  const paths = chartPaths(rows, CHART.width, CHART.height);
  const summaryId = `${useId()}-summary`;
  return (
    <figure className="gjj-loan__chart" part="chart">
      <svg
        role="img"
        aria-labelledby={summaryId}
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        preserveAspectRatio="none"
        className="gjj-loan__chart-svg"
      >
        <path d={paths.principal} className="gjj-loan__chart-principal" />
        <path d={paths.interest} className="gjj-loan__chart-interest" />
      </svg>
      <figcaption className="gjj-loan__legend" aria-hidden="true">
        <span className="gjj-loan__key gjj-loan__key--principal">偿还本金</span>
        <span className="gjj-loan__key gjj-loan__key--interest">偿还利息</span>
        <span>横轴：期次（1 - {rows.length}）</span>
      </figcaption>
      <p id={summaryId} className="gjj-loan__chart-summary" part="chart-summary">
        {chartLabel(label, rows)}
      </p>
    </figure>
  );
}

interface PagerButtonProps {
  label: string;
  disabled: boolean;
  onPress: () => void;
}

// aria-disabled rather than disabled: a button that disables itself under the keyboard would drop focus out of the dialog.
function PagerButton({ label, disabled, onPress }: PagerButtonProps) {
  return (
    <button type="button" className="gjj-loan__pager-button" aria-disabled={disabled || undefined} onClick={() => !disabled && onPress()}>
      {label}
    </button>
  );
}

function PlanContent({ plan, titleId, close }: { plan: PlanRequest; titleId: string; close: () => void }) {
  const uid = useId();
  const [page, setPage] = useState(1);
  const size = PLAN_DIALOG.pageSize;
  const pages = Math.max(1, Math.ceil(plan.rows.length / size));
  const rows = plan.rows.slice((page - 1) * size, page * size);
  const captionId = `${uid}-caption`;
  return (
    <>
      <div className="gjj-loan__dialog-head">
        <h2 id={titleId} className="gjj-loan__dialog-title">
          还款计划（{plan.label}）
        </h2>
        <button type="button" className="gjj-loan__close" aria-label="关闭" onClick={close}>
          ×
        </button>
      </div>
      <PlanChart label={plan.label} rows={plan.rows} />
      {/* Scrolls sideways on phones: focusable so the keyboard can scroll it too (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="gjj-loan__table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="gjj-loan__plan-table" part="plan-table">
          <caption id={captionId} className="gjj-loan__plan-caption">
            {plan.label}还款计划（第 {page} 页，共 {pages} 页）
          </caption>
          <thead>
            <tr>
              {PLAN_COLUMNS.map((c) => (
                <th key={c.key} scope="col" className={c.money ? 'gjj-loan__num' : undefined}>
                  {c.title}
                  {c.money ? <span className="gjj-loan__unit">（元）</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={PLAN_COLUMNS.length}>暂无数据</td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.period}>
                  {PLAN_COLUMNS.map((c) =>
                    c.money ? (
                      <td key={c.key} className="gjj-loan__num">
                        {money(r[c.key])}
                      </td>
                    ) : (
                      <td key={c.key}>{r[c.key] || '--'}</td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="gjj-loan__dialog-foot">
        <nav className="gjj-loan__pager" part="pager" aria-label="还款计划分页">
          <PagerButton label="首页" disabled={page <= 1} onPress={() => setPage(1)} />
          <PagerButton label="上一页" disabled={page <= 1} onPress={() => setPage(page - 1)} />
          <span className="gjj-loan__page" aria-live="polite" data-page="">
            第 {page} 页，共 {pages} 页
          </span>
          <PagerButton label="下一页" disabled={page >= pages} onPress={() => setPage(page + 1)} />
          <PagerButton label="末页" disabled={page >= pages} onPress={() => setPage(pages)} />
        </nav>
        <div className="gjj-loan__dialog-actions">
          <button type="button" className="gjj-button gjj-button--plain" part="csv-button" onClick={() => downloadPlan(plan.label, plan.rows)}>
            下载还款计划（CSV）
          </button>
          <button type="button" className="gjj-button" onClick={close}>
            关闭
          </button>
        </div>
      </div>
    </>
  );
}

/**
 * The repayment plan dialog (spec 2.11): a native modal `<dialog>`, so the browser traps focus, closes it on Esc
 * and keeps the page behind inert. Focus goes back to the button that opened it.
 */
export function PlanDialog({ plan, serial, onClosed }: { plan: PlanRequest | null; serial: number; onClosed: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useWidgetStyles(ref, PLAN_DIALOG_CSS);
  const titleId = `${useId()}-plan-title`;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (plan && !dialog.open) dialog.showModal();
    if (!plan && dialog.open) dialog.close();
  }, [plan]);
  return (
    <dialog
      ref={ref}
      className="gjj-loan__dialog"
      part="dialog"
      aria-labelledby={titleId}
      onClose={() => {
        onClosed();
        plan?.opener?.focus();
      }}
    >
      {plan ? <PlanContent key={serial} plan={plan} titleId={titleId} close={() => ref.current?.close()} /> : null}
    </dialog>
  );
}
