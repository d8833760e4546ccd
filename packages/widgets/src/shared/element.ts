import type { ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import type { WidgetMeta } from './meta';

/** The version stamped on every element class, to tell a harmless double registration from a clash. */
export const WIDGETS_VERSION = '0.1.0';

/** r2wc keeps the props it renders with under this registry symbol (stable in @r2wc/core 1.x, pinned). */
const R2WC_PROPS = Symbol.for('r2wc.props');

/** A custom element class made from a widget, carrying its version. */
export interface WidgetElementClass extends CustomElementConstructor {
  readonly gjjVersion: string;
}

/**
 * Wraps a React component as a custom element class with an open shadow root. Attributes come from the
 * widget's description; each callback prop named there dispatches a bubbling, composed `gjj-*` CustomEvent.
 * Call it only where `HTMLElement` exists.
 */
export function createWidgetElement<P extends object>(Component: ComponentType<P>, meta: WidgetMeta<P>): WidgetElementClass {
  const props = Object.fromEntries(meta.attributes.map((a) => [a.prop, a.type]));
  // r2wc types props per component; our attribute list is data, so the component is seen as a string-keyed bag here.
  const Base = r2wc(Component as unknown as ComponentType<Record<string, unknown>>, { shadow: 'open', props }) as unknown as new () => HTMLElement;

  return class GjjWidgetElement extends Base {
    static readonly gjjVersion = WIDGETS_VERSION;
    constructor() {
      super();
      const bag = (this as unknown as Record<symbol, Record<string, unknown>>)[R2WC_PROPS];
      if (!bag) return;
      for (const event of meta.events) {
        bag[event.prop] = (detail: unknown) =>
          this.dispatchEvent(new CustomEvent(event.name, { detail, bubbles: true, composed: true }));
      }
    }
  };
}
