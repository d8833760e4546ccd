export { RateTable } from './rate-table/rate-table';
export type { RateTableProps } from './rate-table/rate-table';
export { rateTableMeta } from './rate-table/rate-table.meta';
export type { AttributeMeta, EventMeta, StyleHookMeta, WidgetMeta } from './shared/meta';
export { adoptStyles, setStyleNonce } from './shared/styles';
