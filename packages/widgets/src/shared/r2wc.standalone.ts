// The script-tag files' twin of r2wc.ts (rollup.config.mjs swaps it in): @r2wc/core with a preact renderer, which is
// what @r2wc/react-to-web-component is for React (core + mount, update, unmount). Importing that package here would
// need React's `createRoot` from preact/compat, kept whole for it (docs/decisions.md has the figures).
import r2wcCore, { type R2WCOptions } from '@r2wc/core';
import { h, render, type ComponentType as PreactComponent } from 'preact';
import type { ComponentType } from 'react';

interface Context {
  container: HTMLElement;
  Component: PreactComponent<object>;
}

const renderer = {
  mount(container: HTMLElement, Component: ComponentType<object>, props: object): Context {
    const context = { container, Component: Component as unknown as PreactComponent<object> };
    render(h(context.Component, props), container);
    return context;
  },
  update({ container, Component }: Context, props: object): void {
    render(h(Component, props), container);
  },
  unmount({ container }: Context): void {
    render(null, container);
  },
};

/**
 * `r2wc` of @r2wc/react-to-web-component, rendered by preact.
 *
 * @example
 * customElements.define('gjj-x', r2wc(Component, { shadow: 'open', props: { apiBase: 'string' } }))
 */
export function r2wc<P extends object>(Component: ComponentType<P>, options: R2WCOptions<P>): CustomElementConstructor {
  return r2wcCore(Component as ComponentType<object>, options as R2WCOptions<object>, renderer);
}
