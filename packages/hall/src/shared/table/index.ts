// The hall's table (issue 21; spec 2.14, 3.10, 4.11): one component for every list, its column settings, export
// and print. Imported by business pages only (each a lazy chunk), never by the entry or the login page.
export { DataTable } from './data-table';
export type { DataTableProps, SummaryRow, TableSelection } from './data-table';
export { alignOf, applyRule, cellText, sumColumn, toRule } from './columns';
export type { ColumnRule, ColumnState, ColumnType, TableColumn } from './columns';
export { getColumnSetting, resetColumnSetting, updateColumnSetting, useColumnSetting } from './column-settings';
export type { SettingsKey } from './column-settings';
export { ExportButtons } from './export-buttons';
export type { ExportButtonsProps } from './export-buttons';
export { PrintButton, PrintHead } from './print';
export type { PrintHeadProps } from './print';
export { saveBlob } from '../save-blob';
