import { createWidgetElement, type WidgetElementClass } from '../shared/element';
import { PolicyList, type OpenPolicyDetail } from './policy-list';
import { POLICY_LIST_ELEMENT } from './policy-list.props';

let elementClass: WidgetElementClass | undefined;

/** The `<gjj-policy-list>` element class, made on first use (never at import, so Node can import this file). */
export function getPolicyListElement(): WidgetElementClass {
  elementClass ??= createWidgetElement(PolicyList, POLICY_LIST_ELEMENT);
  return elementClass;
}

declare global {
  interface HTMLElementTagNameMap {
    'gjj-policy-list': HTMLElement & { apiBase?: string; category?: string; pageSize?: number };
  }
  interface GlobalEventHandlersEventMap {
    // Cancelable: preventDefault() keeps the widget from opening its own detail view.
    'gjj-open-policy': CustomEvent<OpenPolicyDetail>;
  }
}
