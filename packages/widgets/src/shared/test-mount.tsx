// What every widget browser test needs: React components mounted in the page and gjj elements added to it, all
// removed (and any spies restored) after each test. Test-only: no entry of the package imports it.
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, vi } from 'vitest';

let roots: Root[] = [];
const mounted: HTMLElement[] = [];

/** Renders `ui` synchronously into a new host element, so the first state can be seen before the network answers. */
export function mount(ui: React.ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  mounted.push(host);
  const root = createRoot(host);
  roots.push(root);
  flushSync(() => root.render(ui));
  return host;
}

/** Adds a `<tag>` with the given attributes to the page. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  mounted.push(el);
  return el;
}

/** Removes an element made by hand with the others after the test. */
export function track<T extends HTMLElement>(el: T): T {
  mounted.push(el);
  return el;
}

afterEach(() => {
  roots.forEach((r) => r.unmount());
  roots = [];
  mounted.splice(0).forEach((el) => el.remove());
  vi.restoreAllMocks();
});

/** Unmounts the component mounted last (its host stays until the test ends). */
export function unmountLast(): void {
  roots.pop()?.unmount();
}
