import { createWidgetElement, type WidgetElementClass } from '../shared/element';
import { ComplaintForm, type ComplaintSubmittedDetail } from './complaint-form';
import { COMPLAINT_FORM_ELEMENT } from './complaint-form.props';

let elementClass: WidgetElementClass | undefined;

/**
 * The `<gjj-complaint-form>` element class, made on first use (never at import, so Node can import this file).
 *
 * @example
 * customElements.define('gjj-complaint-form', getComplaintFormElement())
 */
export function getComplaintFormElement(): WidgetElementClass {
  elementClass ??= createWidgetElement(ComplaintForm, COMPLAINT_FORM_ELEMENT);
  return elementClass;
}

declare global {
  interface HTMLElementTagNameMap {
    'gjj-complaint-form': HTMLElement & { apiBase?: string };
  }
  interface GlobalEventHandlersEventMap {
    'gjj-submitted': CustomEvent<ComplaintSubmittedDetail>;
  }
}
