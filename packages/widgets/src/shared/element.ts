import type { ComponentType } from 'react';
import type { R2WCOptions } from '@r2wc/core';
import { r2wc } from './r2wc';
import { attributeName, type AttributeType, type ElementProps } from './element-props';
import { WIDGETS_VERSION } from './version';

export { attributeName, type AttributeType, type ElementProps } from './element-props';

/** A custom element class made from a widget, carrying its version. */
export interface WidgetElementClass extends CustomElementConstructor {
  readonly gjjVersion: string;
}

// r2wc's own keys (registered symbols, so the same in every copy of it): the props it renders with, its render, its
// "connected" flag and its renderer's context. The version is pinned exactly; element.browser.test.tsx covers each use.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');
const R2WC_CONNECTED = Symbol.for('r2wc.connected');
const R2WC_CONTEXT = Symbol.for('r2wc.context');
// Ours: whether the first render may happen (undefined: not connected yet, false: waiting for the bindings).
const SETTLED = Symbol('gjj.settled');

/** The class r2wc makes, as this file uses it. */
interface R2wcElement extends HTMLElement {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_CONNECTED]: boolean;
  [R2WC_CONTEXT]?: unknown;
  [R2WC_RENDER](): void;
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void;
}
type R2wcClass = (new () => R2wcElement) & { readonly observedAttributes: string[] };

/** An empty attribute's prop, by type. */
// A boolean attribute present but empty is on, as HTML's own are (`<gjj-loan-calculator care>`).
const EMPTY: Readonly<Partial<Record<AttributeType, unknown>>> = { string: '', boolean: true };

// True while r2wc's constructor runs: it reads the attributes there, which the element takes through
// attributeChangedCallback instead (an upgrade calls it for each), so every attribute meets the same checks.
let constructing = false;

/**
 * Waits for the bindings a framework sets right after attaching the element (Angular appends it, then sets its
 * `[prop]`s in the same task): until the next frame, or a timer where a hidden page draws no frames.
 */
function afterBindings(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(once);
  setTimeout(once, 100);
}

/**
 * Makes a custom element class from a React component with `r2wc` of @r2wc/react-to-web-component (in the script-tag
 * files, @r2wc/core with a preact renderer): an open shadow root it renders into while connected, each attribute of
 * `element` setting its prop parsed by its type. Around it, what a page of any framework needs:
 *
 * - the first render waits for the next frame after connection, so properties a framework sets right after attaching
 *   the element are there before the widget's first request;
 * - it unmounts a microtask after it is removed, unless it was put back by then (a move keeps what it shows);
 * - a removed attribute unsets its prop; an attribute named as the prop (`apibase`, what React 19 and Vue 3 set for a
 *   property the element does not have yet) counts as the attribute; an object or array that arrives as attribute
 *   text ("[object Object]") is left out, with a console warning that says how to pass it;
 * - a property marked `'reflect'` is r2wc's (set, it sets its attribute, so a host's `[mode=remote]` styles match);
 *   any other property keeps the value as given (an array stays an array) and stays out of the attributes;
 * - a property set on the element before it was defined is taken off it and set again through the accessor;
 * - each event's callback prop dispatches a bubbling, composed `gjj-*` CustomEvent with the callback's argument as
 *   `detail` (a cancelable one's callback returns false when it was cancelled).
 *
 * Call it only where `HTMLElement` exists.
 *
 * @example
 * customElements.define('gjj-rate-table', createWidgetElement(RateTable, RATE_TABLE_ELEMENT))
 */
export function createWidgetElement<P extends object>(Component: ComponentType<P>, element: ElementProps<P>): WidgetElementClass {
  const byAttribute = new Map<string, string>();
  const types: Record<string, AttributeType> = {};
  for (const [prop, type] of element.attributes) {
    types[prop] = type;
    byAttribute.set(attributeName(prop), prop);
    // The attribute a framework sets, named as the prop (attribute names are lower case in HTML).
    byAttribute.set(prop.toLowerCase(), prop);
  }

  // r2wc adds a `container` prop (the shadow root), which the widgets ignore.
  const Base = r2wc(Component, { shadow: 'open', props: types as R2WCOptions<P>['props'] }) as unknown as R2wcClass;

  // No class fields: the es2020 script-tag bundles would emulate them with a helper.
  class GjjWidgetElement extends Base {
    static get gjjVersion(): string {
      return WIDGETS_VERSION;
    }

    static override get observedAttributes(): string[] {
      return [...byAttribute.keys()];
    }

    declare [SETTLED]: boolean | undefined;

    constructor() {
      constructing = true;
      try {
        super();
      } finally {
        constructing = false;
      }
      // r2wc starts out "connected"; nothing renders here before connectedCallback.
      this[R2WC_CONNECTED] = false;
      for (const [name, prop, cancelable] of element.events) {
        // Returns false when a listener cancelled a cancelable event, as the React callback would.
        this[R2WC_PROPS][prop] = (detail: unknown) =>
          this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: cancelable === 'cancelable' }));
      }
      // Set on the element before it was defined, a property hides the class's accessor: take it off, set it again.
      for (const [prop] of element.attributes) {
        if (!Object.prototype.hasOwnProperty.call(this, prop)) continue;
        const value = (this as unknown as Record<string, unknown>)[prop];
        delete (this as unknown as Record<string, unknown>)[prop];
        (this as unknown as Record<string, unknown>)[prop] = value;
      }
    }

    override getAttribute(name: string): string | null {
      return constructing ? null : super.getAttribute(name);
    }

    override connectedCallback(): void {
      super.connectedCallback();
      if (this[SETTLED] !== undefined) return;
      this[SETTLED] = false;
      afterBindings(() => {
        this[SETTLED] = true;
        this[R2WC_RENDER]();
      });
    }

    // Unmounts a moment later (a microtask), not at once: a React host removes the element in its commit, when
    // unmounting another root makes React warn that it is already rendering. Put back meanwhile (moved), it stays.
    override disconnectedCallback(): void {
      queueMicrotask(() => {
        if (!this.isConnected) super.disconnectedCallback();
      });
    }

    override attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void {
      const prop = byAttribute.get(name);
      if (!prop) return;
      if (value?.includes('[object ')) {
        console.warn(`[gjj] <${this.localName}> ${name}="${value}" 已忽略：对象或数组请设置 property（el.${prop} = …），或在 ${attributeName(prop)} 属性中写 JSON`);
        return;
      }
      if (!value) {
        // r2wc leaves the prop of a removed or emptied attribute as it was: here a removed one unsets it, an empty one
        // is '' (true for a boolean, as in HTML; unset for a number or JSON).
        this[R2WC_PROPS][prop] = value === '' ? EMPTY[types[prop] as AttributeType] : undefined;
        this[R2WC_RENDER]();
        return;
      }
      super.attributeChangedCallback(attributeName(prop), oldValue, value);
    }

    // The first render waits for the bindings (connectedCallback); after it, r2wc's render (mount or update).
    override [R2WC_RENDER](): void {
      if (this[SETTLED]) super[R2WC_RENDER]();
    }
  }

  for (const [prop, , reflect] of element.attributes) {
    if (reflect) continue;
    Object.defineProperty(GjjWidgetElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: GjjWidgetElement) {
        return this[R2WC_PROPS][prop];
      },
      set(this: GjjWidgetElement, value: unknown) {
        this[R2WC_PROPS][prop] = value;
        this[R2WC_RENDER]();
      },
    });
  }
  return GjjWidgetElement;
}
