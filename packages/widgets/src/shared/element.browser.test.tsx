import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWidgetElement, type ElementProps } from './element';

interface DemoProps {
  label?: string;
  count?: number;
  open?: boolean;
  items?: string[];
  onPick?: (detail: { label: string }) => void;
}

function Demo({ label = '无', count, open, items, onPick }: DemoProps) {
  return (
    <button type="button" data-count={count} data-open={String(open)} onClick={() => onPick?.({ label })}>
      {label}
      {items?.join('、')}
    </button>
  );
}

const DEMO: ElementProps<DemoProps> = {
  attributes: [
    ['label', 'string'],
    ['count', 'number'],
    ['open', 'boolean'],
    ['items', 'json'],
  ],
  events: [['gjj-pick', 'onPick']],
};
customElements.define('gjj-demo', createWidgetElement(Demo, DEMO));

type DemoElement = HTMLElement & DemoProps;
const mounted: HTMLElement[] = [];
afterEach(() => mounted.splice(0).forEach((el) => el.remove()));

function demo(attributes: Record<string, string> = {}): DemoElement {
  const el = document.createElement('gjj-demo') as DemoElement;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  mounted.push(el);
  return el;
}
const shown = (el: HTMLElement) => el.shadowRoot?.querySelector('button');

describe('createWidgetElement', () => {
  it('renders into an open shadow root from its attributes, each parsed by its type', async () => {
    const el = demo({ label: '公积金', count: '3.5', open: 'true', items: '["甲","乙"]' });
    await expect.poll(() => shown(el)?.textContent).toBe('公积金甲、乙');
    expect(shown(el)?.dataset.count).toBe('3.5');
    expect(shown(el)?.dataset.open).toBe('true');
    expect(el.label).toBe('公积金');
    expect(el.items).toEqual(['甲', '乙']);
  });

  it('follows attribute and property changes; a removed attribute unsets its prop', async () => {
    const el = demo({ label: '一' });
    await expect.poll(() => shown(el)?.textContent).toBe('一');
    el.setAttribute('label', '二');
    await expect.poll(() => shown(el)?.textContent).toBe('二');
    el.label = '三';
    await expect.poll(() => shown(el)?.textContent).toBe('三');
    el.removeAttribute('label');
    await expect.poll(() => shown(el)?.textContent).toBe('无');
    el.setAttribute('open', 'no');
    await expect.poll(() => shown(el)?.dataset.open).toBe('false');
  });

  it('dispatches its events as bubbling, composed CustomEvents with the detail', async () => {
    const el = demo({ label: '乙' });
    const detail = new Promise<unknown>((resolve) => document.addEventListener('gjj-pick', (e) => resolve((e as CustomEvent).detail), { once: true }));
    await expect.poll(() => shown(el)).not.toBeNull();
    shown(el)?.click();
    expect(await detail).toEqual({ label: '乙' });
  });

  it('renders an element upgraded in place with all its attributes from the first render on', async () => {
    const seen: DemoProps[] = [];
    function Probe(props: DemoProps) {
      seen.push(props);
      return null;
    }
    const el = document.createElement('gjj-probe');
    el.setAttribute('label', '甲');
    el.setAttribute('count', '2');
    document.body.append(el);
    mounted.push(el);
    customElements.define('gjj-probe', createWidgetElement(Probe, DEMO));
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    expect(seen.map((p) => [p.label, p.count])).toEqual(seen.map(() => ['甲', 2]));
  });

  it('renders nothing until connected, unmounts when removed and renders again when put back', async () => {
    const el = document.createElement('gjj-demo') as DemoElement;
    el.setAttribute('label', '甲');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown(el)).toBeNull();
    document.body.append(el);
    mounted.push(el);
    await expect.poll(() => shown(el)?.textContent).toBe('甲');
    el.remove();
    await expect.poll(() => shown(el)).toBeNull();
    document.body.append(el);
    await expect.poll(() => shown(el)?.textContent).toBe('甲');
    expect((customElements.get('gjj-demo') as unknown as { gjjVersion: string }).gjjVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('is removed and put back by a React host without React warning of an unmount while it renders', async () => {
    // React removes the element in its commit phase: an unmount of the element's own root right then (from
    // disconnectedCallback) makes React warn "Attempted to synchronously unmount a root while React was already
    // rendering". The element unmounts a moment later instead, and not at all when it was put back meanwhile.
    const errors = vi.spyOn(console, 'error');
    function Host({ shownHere, left }: { shownHere: boolean; left: boolean }) {
      const element = createElement('gjj-demo', { key: 'demo', label: '甲' });
      return shownHere ? (
        <div>
          <section>{left ? element : null}</section>
          <section>{left ? null : element}</section>
        </div>
      ) : null;
    }
    const container = document.createElement('div');
    document.body.append(container);
    mounted.push(container);
    const root = createRoot(container);
    try {
      flushSync(() => root.render(<Host shownHere left />));
      const first = container.querySelector('gjj-demo') as HTMLElement;
      await expect.poll(() => shown(first)?.textContent).toBe('甲');

      flushSync(() => root.render(<Host shownHere={false} left />));
      expect(container.querySelector('gjj-demo')).toBeNull();
      await expect.poll(() => shown(first)).toBeNull();

      flushSync(() => root.render(<Host shownHere left />));
      const second = container.querySelector('gjj-demo') as HTMLElement;
      await expect.poll(() => shown(second)?.textContent).toBe('甲');

      // Moved by hand within one task (disconnected, then connected again): it keeps what it shows, unmounted never.
      const button = shown(second);
      const section = container.querySelectorAll('section')[1] as HTMLElement;
      section.append(second);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(shown(second)).toBe(button);
      expect(button?.isConnected).toBe(true);
      container.querySelectorAll('section')[0]?.append(second);

      flushSync(() => root.render(<Host shownHere left={false} />));
      await expect.poll(() => shown(container.querySelector('gjj-demo') as HTMLElement)?.textContent).toBe('甲');
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    } finally {
      root.unmount();
      errors.mockRestore();
    }
  });

  // The script loaded after the page's framework rendered: what the page set before the element was defined arrives.
  it('takes properties set before it was defined, and attributes named as the prop, as a framework sets them then', async () => {
    interface LateProps extends DemoProps {
      openNow?: boolean;
    }
    const seen: LateProps[] = [];
    function Late(props: LateProps) {
      seen.push(props);
      return <button type="button">{props.label}</button>;
    }
    const LATE: ElementProps<LateProps> = { attributes: [...DEMO.attributes, ['openNow', 'boolean']], events: [] };
    const byProperty = document.createElement('gjj-late') as DemoElement;
    byProperty.items = ['甲', '乙'];
    byProperty.count = 2;
    const byFramework = document.createElement('gjj-late');
    byFramework.setAttribute('label', '丙');
    // React 19 and Vue 3 name the attribute as the prop when the element has no such property yet.
    byFramework.setAttribute('count', '3');
    byFramework.setAttribute('openNow', 'true');
    document.body.append(byProperty, byFramework);
    mounted.push(byProperty, byFramework);
    customElements.define('gjj-late', createWidgetElement(Late, LATE));

    expect(Object.hasOwn(byProperty, 'items')).toBe(false);
    expect(byProperty.items).toEqual(['甲', '乙']);
    expect((byFramework as HTMLElement & LateProps).openNow).toBe(true);
    expect(seen.every((p) => p.count !== undefined)).toBe(true);
    await expect.poll(() => seen.some((p) => p.items?.join() === '甲,乙' && p.count === 2)).toBe(true);
    await expect.poll(() => shown(byFramework)?.textContent).toBe('丙');
  });

  it('reports an object or array that arrives as attribute text, and leaves it out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const el = demo({ label: '甲' });
      el.setAttribute('items', String([{ a: 1 }]));
      expect(el.items).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/<gjj-demo> items="\[object Object\]" 已忽略.*el\.items = .*items 属性中写 JSON/);
    } finally {
      warn.mockRestore();
    }
  });

  it('upgrades an element whose attribute holds object text: reported, left out, the others taken', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.error);
    window.addEventListener('error', onError);
    try {
      const el = document.createElement('gjj-upgrade-text') as DemoElement;
      el.setAttribute('items', String([{ a: 1 }]));
      el.setAttribute('label', '甲');
      document.body.append(el);
      mounted.push(el);
      customElements.define('gjj-upgrade-text', createWidgetElement(Demo, DEMO));
      await expect.poll(() => shown(el)?.textContent).toBe('甲');
      expect(el.items).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('<gjj-upgrade-text> items="[object Object]" 已忽略');
      expect(errors).toEqual([]);
    } finally {
      window.removeEventListener('error', onError);
      warn.mockRestore();
    }
  });

  it('keeps a property without reflect as given (an array stays that array) and out of the attributes', async () => {
    const el = demo({ label: '甲' });
    const items = ['乙', '丙'];
    el.items = items;
    el.count = 4;
    await expect.poll(() => shown(el)?.textContent).toBe('甲乙、丙');
    expect(el.items).toBe(items);
    expect(shown(el)?.dataset.count).toBe('4');
    expect(el.hasAttribute('items') || el.hasAttribute('count')).toBe(false);
  });

  it('reflects a property marked so to its attribute, and an attribute change back to the property', () => {
    interface ModeProps {
      mode?: string;
    }
    customElements.define('gjj-reflect', createWidgetElement((_: ModeProps) => null, { attributes: [['mode', 'string', 'reflect']], events: [] }));
    const el = document.createElement('gjj-reflect') as HTMLElement & ModeProps;
    el.mode = 'remote';
    expect(el.getAttribute('mode')).toBe('remote');
    el.setAttribute('mode', 'local');
    expect(el.mode).toBe('local');
    el.mode = undefined;
    expect(el.hasAttribute('mode')).toBe(false);
  });
});
