import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { WIDGETS_VERSION } from './version';

/** How an attribute's text becomes a prop. */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

/**
 * What the element needs of a widget at run time, and no more: each attribute's prop and type (the attribute is the
 * prop in kebab-case; with `'reflect'` third, setting the property sets the attribute too, so a host's
 * `[mode=remote]` styles match), and each event's name and the callback prop that fires it (with `'cancelable'` third,
 * the event can be cancelled, and the callback returns `false` when a listener called `preventDefault()`). The
 * widget's documentation (`*.meta.ts`) is built on this list, so the two cannot disagree, but stays out of the bundles.
 *
 * @example
 * const props: ElementProps<RateTableProps> = { attributes: [['apiBase', 'string']], events: [['gjj-load', 'onLoad']] }
 */
export interface ElementProps<P> {
  attributes: ReadonlyArray<readonly [prop: Extract<keyof P, string>, type: AttributeType, reflect?: 'reflect']>;
  events: ReadonlyArray<readonly [name: `gjj-${string}`, prop: Extract<keyof P, string>, cancelable?: 'cancelable']>;
}

/** A custom element class made from a widget, carrying its version. */
export interface WidgetElementClass extends CustomElementConstructor {
  readonly gjjVersion: string;
}

const PARSE: Readonly<Record<AttributeType, (text: string) => unknown>> = {
  string: (text) => text,
  number: (text) => parseFloat(text),
  boolean: (text) => /^[ty1-9]/i.test(text),
  json: (text) => JSON.parse(text),
};

/** `apiBase` -> `api-base`. */
export const attributeName = (prop: string): string => prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

// Symbol keys rather than #private members, which es2020 output would emulate with helpers.
const PROPS = Symbol('gjj.props');
const ROOT = Symbol('gjj.root');
const SET = Symbol('gjj.set');
const RENDER = Symbol('gjj.render');

/**
 * Makes a custom element class from a React component: it renders into an open shadow root while connected (and
 * unmounts a microtask after it is removed, unless it was put back by then); each attribute of `element` sets its
 * prop, parsed by its type (a removed attribute unsets it), and so does the same-named property; each event's
 * callback prop dispatches a bubbling, composed `gjj-*` CustomEvent with the callback's argument as `detail` (a
 * cancelable one's callback returns false when it was cancelled). Call it only where `HTMLElement` exists.
 *
 * Pages that set things before the element is defined (the script loaded after the page's framework rendered) are
 * met: a property set on the element then is taken off it and set again through the property, and an attribute
 * named as the prop (`apibase`, what React 19 and Vue 3 set for a property the element does not have yet) counts as
 * the attribute. An object or array that arrives as attribute text ("[object Object]") is left out, with a console
 * warning that says how to pass it.
 *
 * @example
 * customElements.define('gjj-rate-table', createWidgetElement(RateTable, RATE_TABLE_ELEMENT))
 */
export function createWidgetElement<P extends object>(Component: ComponentType<P>, element: ElementProps<P>): WidgetElementClass {
  const byAttribute = new Map<string, readonly [string, AttributeType]>();
  for (const [prop, type] of element.attributes) {
    byAttribute.set(attributeName(prop), [prop, type]);
    // The attribute a framework sets, named as the prop (attribute names are lower case in HTML).
    byAttribute.set(prop.toLowerCase(), [prop, type]);
  }
  const reflected = new Set<string>(element.attributes.filter(([, , reflect]) => reflect).map(([prop]) => prop));

  // No class fields: the es2020 script-tag bundles would emulate them with a helper.
  class GjjWidgetElement extends HTMLElement {
    static get gjjVersion(): string {
      return WIDGETS_VERSION;
    }

    static get observedAttributes(): string[] {
      return [...byAttribute.keys()];
    }

    declare [PROPS]: Record<string, unknown>;
    declare [ROOT]: Root | undefined;

    constructor() {
      super();
      this[PROPS] = {};
      this.attachShadow({ mode: 'open' });
      for (const [name, prop, cancelable] of element.events) {
        // Returns false when a listener cancelled a cancelable event, as the React callback would.
        this[PROPS][prop] = (detail: unknown) =>
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

    connectedCallback(): void {
      this[RENDER]();
    }

    // Unmounts a moment later (a microtask), not at once: a React host removes the element in its commit, when
    // unmounting another root makes React warn that it is already rendering. Put back meanwhile (moved), it stays.
    disconnectedCallback(): void {
      const root = this[ROOT];
      if (!root) return;
      queueMicrotask(() => {
        if (this.isConnected || this[ROOT] !== root) return;
        this[ROOT] = undefined;
        root.unmount();
      });
    }

    attributeChangedCallback(name: string): void {
      const [prop, type] = byAttribute.get(name) ?? [];
      if (!prop || !type) return;
      // The attribute as it is now: on an upgrade, the calls for the attributes it had come after the constructor,
      // which may have reflected a property set before the upgrade.
      const text = this.getAttribute(name);
      if (text?.includes('[object ')) {
        console.warn(`[gjj] <${this.localName}> ${name}="${text}" 已忽略：对象或数组请设置 property（el.${prop} = …），或在 ${attributeName(prop)} 属性中写 JSON`);
        return;
      }
      this[SET](prop, text === null ? undefined : PARSE[type](text));
    }

    // Before the first render (an element being upgraded gets one call per attribute), only the prop is set: the
    // first render, on connection, has them all.
    [SET](prop: string, value: unknown): void {
      this[PROPS][prop] = value;
      if (this[ROOT]) this[RENDER]();
    }

    [RENDER](): void {
      if (!this.isConnected) return;
      this[ROOT] ??= createRoot(this.shadowRoot as ShadowRoot);
      this[ROOT].render(createElement(Component, { ...this[PROPS] } as P));
    }
  }

  for (const [prop] of element.attributes) {
    Object.defineProperty(GjjWidgetElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: GjjWidgetElement) {
        return this[PROPS][prop];
      },
      set(this: GjjWidgetElement, value: unknown) {
        if (reflected.has(prop)) {
          const name = attributeName(prop);
          if (value === undefined || value === null) this.removeAttribute(name);
          else if (this.getAttribute(name) !== String(value)) this.setAttribute(name, String(value));
        }
        this[SET](prop, value);
      },
    });
  }
  return GjjWidgetElement;
}
