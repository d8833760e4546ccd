import type { ReactNode } from 'react';
import { formatMoney } from '@gjj-hall/sdk/format';

/** How a column's value is shown (spec 3.10). */
export type ColumnType = 'tofix2' | 'money' | 'formatNum' | 'custom';

/** One column of a {@link DataTable} (spec 3.10). */
export interface TableColumn<T> {
  /** The field of the row, and the column's key in the saved settings. */
  prop: string;
  label: string;
  width?: string;
  minWidth?: string;
  /** Money and numbers are right-aligned unless told otherwise. */
  align?: 'left' | 'center' | 'right';
  type?: ColumnType;
  /** A dictionary type: the value is a code shown by its label. */
  filterKey?: string;
  /** For `custom`: the cell's content. */
  render?: (row: T) => ReactNode;
  /** The cell as text (export, print, sorting); defaults to the formatted value. */
  text?: (row: T) => string;
  /** Always shown: the column chooser cannot hide it. */
  disabled?: boolean;
  /** Hidden until the user shows it. */
  hidden?: boolean;
  /** Extra class of the cells. */
  className?: string;
  /** The row's name: its cells are row headers (`<th scope="row">`), so a screen reader says it with each value. */
  rowHeader?: boolean;
}

/** One column of a saved setting (spec 3.10; docs/api-table.md). */
export interface ColumnRule {
  prop: string;
  label?: string;
  isShow: 0 | 1;
  disabled?: boolean;
}

/** Looks a code up in a dictionary: the label, or the code itself. */
export type DictionaryLabel = (type: string, code: unknown) => string;

const raw = <T>(row: T, prop: string): unknown => (row as Record<string, unknown>)[prop];

/** A number with thousands separators, its decimals kept as they are (formatNum). */
function formatNum(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text === '' ? '--' : text;
  const decimals = text.split('.')[1]?.length ?? 0;
  return formatMoney(text, { decimals });
}

/**
 * A cell as text: money with thousands and two decimals, `tofix2` two decimals, `formatNum` thousands, a dictionary
 * code as its label, empty as `--`.
 *
 * @example
 * cellText({ prop: 'je', label: '金额', type: 'money' }, { je: '1234.5' }) // '1,234.50'
 */
export function cellText<T>(column: TableColumn<T>, row: T, dictionaryLabel?: DictionaryLabel): string {
  if (column.text) return column.text(row);
  const value = raw(row, column.prop);
  if (column.filterKey && dictionaryLabel) return value === null || value === undefined || value === '' ? '--' : dictionaryLabel(column.filterKey, value);
  switch (column.type) {
    case 'money':
      return formatMoney(value);
    case 'tofix2':
      return formatMoney(value).replace(/,/g, '');
    case 'formatNum':
      return formatNum(value);
    default:
      return value === null || value === undefined || value === '' ? '--' : String(value);
  }
}

/** Where a column's cells align: as told, else money and numbers right. */
export function alignOf<T>(column: TableColumn<T>): 'left' | 'center' | 'right' {
  return column.align ?? (column.type === 'money' || column.type === 'tofix2' || column.type === 'formatNum' ? 'right' : 'left');
}

/** A column as the chooser shows it: shown or not, and whether it may be hidden. */
export interface ColumnState<T> {
  column: TableColumn<T>;
  shown: boolean;
}

/**
 * The columns in the order and visibility of a saved setting. Props the page no longer has are dropped; columns the
 * setting does not name (added since it was saved) follow, as the page defines them; a `disabled` column is always
 * shown.
 *
 * @example
 * applyRule(columns, [{ prop: 'zt', isShow: 1 }, { prop: 'ywbh', isShow: 0 }])
 */
export function applyRule<T>(columns: readonly TableColumn<T>[], rule: readonly ColumnRule[] | null | undefined): ColumnState<T>[] {
  const byProp = new Map(columns.map((c) => [c.prop, c]));
  const out: ColumnState<T>[] = [];
  const seen = new Set<string>();
  for (const r of rule ?? []) {
    const column = byProp.get(r.prop);
    if (!column || seen.has(r.prop)) continue;
    seen.add(r.prop);
    out.push({ column, shown: column.disabled ? true : r.isShow === 1 });
  }
  for (const column of columns) if (!seen.has(column.prop)) out.push({ column, shown: column.disabled ? true : !column.hidden });
  return out;
}

/** The setting the server stores for the chooser's state. */
export function toRule<T>(states: readonly ColumnState<T>[]): ColumnRule[] {
  return states.map(({ column, shown }) => ({
    prop: column.prop,
    label: column.label,
    isShow: shown ? 1 : 0,
    ...(column.disabled ? { disabled: true } : {}),
  }));
}

/**
 * The sum of a column over the rows, exact to the fen (each value taken as a decimal of at most two places):
 * for the summary row.
 *
 * @example
 * sumColumn([{ je: '0.1' }, { je: '0.2' }], 'je') // '0.30'
 */
export function sumColumn<T>(rows: readonly T[], prop: string): string {
  let fen = 0n;
  for (const row of rows) {
    const text = String(raw(row, prop) ?? '').trim();
    const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
    if (!m) continue;
    const value = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
    fen += m[1] ? -value : value;
  }
  const neg = fen < 0n;
  const abs = neg ? -fen : fen;
  return `${neg ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
