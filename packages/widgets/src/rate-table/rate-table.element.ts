import { createWidgetElement, type WidgetElementClass } from '../shared/element';
import { RateTable } from './rate-table';
import { RATE_TABLE_ELEMENT } from './rate-table.props';

let elementClass: WidgetElementClass | undefined;

/** The `<gjj-rate-table>` element class, made on first use (never at import, so Node can import this file). */
export function getRateTableElement(): WidgetElementClass {
  elementClass ??= createWidgetElement(RateTable, RATE_TABLE_ELEMENT);
  return elementClass;
}

declare global {
  interface HTMLElementTagNameMap {
    'gjj-rate-table': HTMLElement & { apiBase?: string };
  }
}
