import type { ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { WIDGETS_VERSION } from './version';

/** r2wc keeps the props it renders with under this registry symbol (stable in @r2wc/core 1.x, pinned). */
const R2WC_PROPS = Symbol.for('r2wc.props');

/** How an attribute's text becomes a prop (r2wc's transforms). */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

/**
 * What the element needs of a widget at run time, and no more: each attribute's prop and type (the attribute is the
 * prop in kebab-case), and each event's name and the callback prop that fires it. The widget's documentation
 * (`*.meta.ts`) is built on this list, so the two cannot disagree, but stays out of the bundles.
 *
 * @example
 * const props: ElementProps<RateTableProps> = { attributes: [['apiBase', 'string']], events: [['gjj-load', 'onLoad']] }
 */
export interface ElementProps<P> {
  attributes: ReadonlyArray<readonly [prop: Extract<keyof P, string>, type: AttributeType]>;
  events: ReadonlyArray<readonly [name: `gjj-${string}`, prop: Extract<keyof P, string>]>;
}

/** A custom element class made from a widget, carrying its version. */
export interface WidgetElementClass extends CustomElementConstructor {
  readonly gjjVersion: string;
}

/**
 * Wraps a React component as a custom element class with an open shadow root. Attributes come from the
 * widget's element props; each callback prop named there dispatches a bubbling, composed `gjj-*` CustomEvent.
 * Call it only where `HTMLElement` exists.
 */
export function createWidgetElement<P extends object>(Component: ComponentType<P>, element: ElementProps<P>): WidgetElementClass {
  const props = Object.fromEntries(element.attributes);
  // r2wc types props per component; our attribute list is data, so the component is seen as a string-keyed bag here.
  const Base = r2wc(Component as unknown as ComponentType<Record<string, unknown>>, { shadow: 'open', props }) as unknown as new () => HTMLElement;

  return class GjjWidgetElement extends Base {
    static readonly gjjVersion = WIDGETS_VERSION;
    constructor() {
      super();
      const bag = (this as unknown as Record<symbol, Record<string, unknown>>)[R2WC_PROPS];
      if (!bag) return;
      for (const [name, prop] of element.events) {
        bag[prop] = (detail: unknown) => this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
      }
    }
  };
}
