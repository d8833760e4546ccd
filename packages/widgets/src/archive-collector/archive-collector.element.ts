import { createWidgetElement, type WidgetElementClass } from '../shared/element';
import { ArchiveCollector } from './archive-collector';
import { ARCHIVE_COLLECTOR_ELEMENT } from './archive-collector.props';

let elementClass: WidgetElementClass | undefined;

/** The `<gjj-archive-collector>` element class, made on first use (never at import, so Node can import this file). */
export function getArchiveCollectorElement(): WidgetElementClass {
  elementClass ??= createWidgetElement(ArchiveCollector, ARCHIVE_COLLECTOR_ELEMENT);
  return elementClass;
}

declare global {
  interface HTMLElementTagNameMap {
    'gjj-archive-collector': HTMLElement & { ywbh?: string; hallOrigin?: string; label?: string };
  }
}
