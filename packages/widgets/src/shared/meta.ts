/** One attribute of a widget's custom element, mapped to a prop of its React component. */
export interface AttributeMeta<P> {
  /** Attribute name on the element, kebab-case. */
  name: string;
  /** Prop of the React component it sets. */
  prop: Extract<keyof P, string>;
  type: 'string' | 'number' | 'boolean' | 'json';
  description: string;
  default?: string;
}

/** One event the element dispatches, fed by a callback prop of the React component. */
export interface EventMeta<P> {
  /** Event name, `gjj-` prefixed, lowercase kebab-case. */
  name: `gjj-${string}`;
  /** Callback prop of the React component that fires it. */
  prop: Extract<keyof P, string>;
  /** TypeScript type of `event.detail`. */
  detail: string;
  description: string;
  /** Stable events keep their name and detail across minor versions. */
  stable: boolean;
}

/** A CSS part or custom property a host page may style. */
export interface StyleHookMeta {
  name: string;
  description: string;
  default?: string;
}

/**
 * Everything a host needs to know about one widget, as data: it drives the element's attributes and events,
 * the custom-elements manifest and the README tables.
 */
export interface WidgetMeta<P> {
  tag: `gjj-${string}`;
  summary: string;
  attributes: ReadonlyArray<AttributeMeta<P>>;
  events: ReadonlyArray<EventMeta<P>>;
  parts: readonly StyleHookMeta[];
  cssProperties: readonly StyleHookMeta[];
}
