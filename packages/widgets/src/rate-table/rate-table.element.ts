import { createWidgetElement, type WidgetElementClass } from '../shared/element';
import { RateTable } from './rate-table';
import { rateTableMeta } from './rate-table.meta';

let elementClass: WidgetElementClass | undefined;

/** The `<gjj-rate-table>` element class, made on first use (never at import, so Node can import this file). */
export function getRateTableElement(): WidgetElementClass {
  elementClass ??= createWidgetElement(RateTable, rateTableMeta);
  return elementClass;
}

declare global {
  interface HTMLElementTagNameMap {
    'gjj-rate-table': HTMLElement & { apiBase?: string };
  }
}
