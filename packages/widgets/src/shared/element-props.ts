// What an element is made of, as data (`*.props.ts` write it, `*.meta.ts` document it): no code of r2wc or React,
// so the documentation and a bundle that imports only a component stay free of the element machinery.

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

/** `apiBase` -> `api-base`. */
export const attributeName = (prop: string): string => prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);
