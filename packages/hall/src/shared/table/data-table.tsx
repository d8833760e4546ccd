import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { stores } from '../services';
import { toast } from '../toast';
import { ColumnChooser } from './column-chooser';
import { getColumnSetting, resetColumnSetting, updateColumnSetting, useColumnSetting, type SettingsKey } from './column-settings';
import { alignOf, applyRule, cellText, sumColumn, toRule, type ColumnRule, type TableColumn } from './columns';
import './table.css';

/** A row of the table's foot: its label (合计 by default), and the props summed over the rows or the values given. */
export interface SummaryRow {
  label?: string;
  sum?: readonly string[];
  values?: Readonly<Record<string, ReactNode>>;
}

/** Selection: the selected keys, and which rows may not be selected. */
export interface TableSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  isDisabled?: (row: T) => boolean;
}

export interface DataTableProps<T> {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The table's accessible name (a caption, hidden on screen unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  /** Saves the user's columns on the server (spec 3.10) under this page and table; without it, no chooser. */
  settings?: SettingsKey;
  selection?: TableSelection<T>;
  /** An index column (序号); `offset` is the rows before this page. */
  index?: { offset: number };
  /**
   * The summary (合计) in the table's foot: one row, or several (期初余额, then 本期合计): each sums props over the
   * rows or shows the values given (e.g. the server's totals of a whole range).
   */
  summary?: SummaryRow | readonly SummaryRow[];
  /** While the next page loads. */
  busy?: boolean;
  /** Beside the column chooser: export and print buttons. */
  toolbar?: ReactNode;
  className?: string;
  emptyText?: string;
  /** The row the user has just made (marked `aria-current`, e.g. the evaluation just submitted). */
  isCurrent?: (row: T) => boolean;
}

/**
 * Whether the element's content is wider than the element (a table that does not fit and scrolls sideways), kept
 * current as either resizes.
 */
function useOverflowsX<E extends HTMLElement>(shown: boolean): [RefObject<E | null>, boolean] {
  const ref = useRef<E>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [shown]);
  return [ref, overflows];
}

/**
 * The one table of the hall (spec 2.14, 3.10, 4.11): the column chooser with the settings saved per user and page,
 * optional selection and index columns, a summary row, the column types of spec 3.10 with money right-aligned,
 * 暂无数据 and 表格配置为空. At 640 px and below each row is a card, every value labelled (table.css); wider, a table
 * that does not fit scrolls sideways in a region that is labelled and reachable by keyboard (Tab, then the arrows).
 *
 * @example
 * <DataTable caption="我的业务" columns={columns} rows={page.list} rowKey={(r) => r.ywbh} settings={{ path: '/grwt/wdbj/wdyw', navName: 'list' }} />
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  showCaption = false,
  settings,
  selection,
  index,
  summary,
  busy = false,
  toolbar,
  className,
  emptyText = '暂无数据',
  isCurrent,
}: DataTableProps<T>) {
  const [rule, setRule] = useColumnSetting(settings);
  const [scrollRef, overflows] = useOverflowsX<HTMLDivElement>(!(rule === undefined && settings));
  const states = useMemo(() => applyRule(columns, rule), [columns, rule]);
  const visible = states.filter((s) => s.shown).map((s) => s.column);
  const dictionaryLabel = (type: string, code: unknown) => stores.config.dictionaryLabel(type, code);

  const save = async (next: ColumnRule[] | null) => {
    if (!settings) return;
    // Shown at once; saved, then read back, so what is shown is what the server keeps. A failure is ignored
    // (spec 4.11): the columns stay as chosen for this visit.
    setRule(next);
    try {
      const msg = next ? await updateColumnSetting(settings, next) : await resetColumnSetting(settings);
      setRule(await getColumnSetting(settings));
      toast.success(msg || '操作成功');
    } catch {
      /* spec 4.11: silently ignored */
    }
  };

  const selectable = selection ? rows.filter((r) => !selection.isDisabled?.(r)) : [];
  const allSelected = selection !== undefined && selectable.length > 0 && selectable.every((r) => selection.selected.has(rowKey(r)));
  const toggleRow = (row: T) => {
    if (!selection || selection.isDisabled?.(row)) return;
    const next = new Set(selection.selected);
    const key = rowKey(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const r of selectable) {
      if (allSelected) next.delete(rowKey(r));
      else next.add(rowKey(r));
    }
    selection.onChange(next);
  };

  const extra = (selection ? 1 : 0) + (index ? 1 : 0);
  const summaryRows: readonly SummaryRow[] = summary === undefined ? [] : Array.isArray(summary) ? summary : [summary as SummaryRow];
  const span = Math.max(1, visible.length + extra);
  if (rule === undefined && settings) return <p role="status">正在加载，请稍候…</p>;

  return (
    <div className={`gjj-table${className ? ` ${className}` : ''}`}>
      {(settings || toolbar) && (
        <div className="gjj-table__toolbar no-print">
          {toolbar}
          {settings && (
            <ColumnChooser
              label={caption}
              states={states}
              onSubmit={(shown) => void save(toRule(states.map((s) => ({ column: s.column, shown: shown.has(s.column.prop) }))))}
              onReset={() => void save(null)}
            />
          )}
        </div>
      )}
      <div
        ref={scrollRef}
        className="gjj-table__scroll"
        {...(overflows ? { role: 'region', tabIndex: 0, 'aria-label': `${caption}（可左右滚动）` } : {})}
      >
        <table className="data-table gjj-table__table" aria-busy={busy}>
          <caption className={showCaption ? undefined : 'visually-hidden'}>{caption}</caption>
          <thead>
            <tr>
              {selection && (
                <th scope="col" className="gjj-table__check">
                  <input type="checkbox" aria-label="全选本页" checked={allSelected} disabled={selectable.length === 0} onChange={toggleAll} />
                </th>
              )}
              {index && (
                <th scope="col" className="gjj-table__index">
                  序号
                </th>
              )}
              {visible.map((c) => (
                <th key={c.prop} scope="col" style={{ width: c.width, minWidth: c.minWidth }} className={`gjj-table__cell--${alignOf(c)}${c.className ? ` ${c.className}` : ''}`}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr className="gjj-table__empty">
                <td colSpan={span}>表格配置为空</td>
              </tr>
            ) : rows.length === 0 ? (
              <tr className="gjj-table__empty">
                <td colSpan={span}>{emptyText}</td>
              </tr>
            ) : (
              rows.map((row, i) => {
                const key = rowKey(row);
                const checked = selection?.selected.has(key) ?? false;
                const disabled = selection?.isDisabled?.(row) ?? false;
                return (
                  <tr
                    key={key}
                    aria-selected={selection ? checked : undefined}
                    aria-current={isCurrent?.(row) ? 'true' : undefined}
                    className={selection && !disabled ? 'gjj-table__row--selectable' : undefined}
                    onClick={
                      selection
                        ? (e) => {
                            // Clicks on a control of the row (a link, a button, the checkbox) are theirs.
                            if ((e.target as HTMLElement).closest('a, button, input, select, textarea, label')) return;
                            toggleRow(row);
                          }
                        : undefined
                    }
                  >
                    {selection && (
                      <td className="gjj-table__check" data-label="选择">
                        <input type="checkbox" aria-label={`选择第 ${(index?.offset ?? 0) + i + 1} 行`} checked={checked} disabled={disabled} onChange={() => toggleRow(row)} />
                      </td>
                    )}
                    {index && (
                      <td className="gjj-table__index" data-label="序号">
                        {index.offset + i + 1}
                      </td>
                    )}
                    {visible.map((c) => {
                      const Cell = c.rowHeader ? 'th' : 'td';
                      return (
                        <Cell key={c.prop} scope={c.rowHeader ? 'row' : undefined} data-label={c.label} className={`gjj-table__cell--${alignOf(c)}${c.className ? ` ${c.className}` : ''}`}>
                          {c.type === 'custom' && c.render ? c.render(row) : cellText(c, row, dictionaryLabel)}
                        </Cell>
                      );
                    })}
                  </tr>
                );
              })
            )}
          </tbody>
          {summaryRows.length > 0 && rows.length > 0 && visible.length > 0 && (
            <tfoot>
              {summaryRows.map((summary, n) => (
                <tr key={n} className="gjj-table__summary">
                  {extra > 0 && <th scope="row" colSpan={extra}>{summary.label ?? '合计'}</th>}
                  {visible.map((c, i) => {
                    const value = summary.values?.[c.prop] ?? (summary.sum?.includes(c.prop) ? cellText({ prop: c.prop, label: c.label, type: c.type ?? 'money' }, { [c.prop]: sumColumn(rows, c.prop) }) : null);
                    if (i === 0 && extra === 0 && value === null) {
                      return (
                        <th key={c.prop} scope="row">
                          {summary.label ?? '合计'}
                        </th>
                      );
                    }
                    return (
                      <td key={c.prop} data-label={c.label} className={`gjj-table__cell--${alignOf(c)}`}>
                        {value}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tfoot>
          )}
        </table>
      </div>
    </div>
  );
}
