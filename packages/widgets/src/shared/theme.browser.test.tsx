// Theming (issue 8, item 4): the documented --gjj-* properties set by the host on an ancestor reach inside every
// element's shadow root, ::part() styles the named pieces, and without them the elements show the hall's defaults.
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { defineElements } from '../elements';
import { RATE_ATTRIBUTES as RATES } from '../loan-calculator/test-support';
import { element } from './test-mount';

const apiBase = inject('apiBase');

/** Each element, what it is made with, and the selector of its outermost layout (the one --gjj-spacing spaces). */
const ELEMENTS = [
  { tag: 'gjj-rate-table', attributes: { 'api-base': apiBase }, layout: '.gjj-rate-table', ready: 'table' },
  { tag: 'gjj-loan-calculator', attributes: { mode: 'local', ...RATES }, layout: '.gjj-loan', ready: 'button' },
  { tag: 'gjj-policy-list', attributes: { 'api-base': apiBase }, layout: '.gjj-policy-list', ready: 'li' },
  { tag: 'gjj-complaint-form', attributes: { 'api-base': apiBase }, layout: '.gjj-complaint__form', ready: 'option + option' },
] as const;

const HOST_CSS = `.host-theme{--gjj-spacing:5px;--gjj-color-primary:rgb(1, 2, 3);--gjj-radius:7px;--gjj-font-family:serif}
gjj-complaint-form::part(submit),gjj-loan-calculator::part(button){letter-spacing:3px}`;
let hostSheet: CSSStyleSheet;

beforeAll(() => {
  defineElements();
  hostSheet = new CSSStyleSheet();
  hostSheet.replaceSync(HOST_CSS);
});

afterEach(() => {
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== hostSheet);
  document.body.classList.remove('host-theme');
});

/** The element, once it shows what it loads first (`ready`). */
async function rendered(tag: string, attributes: Record<string, string>, layout: string, ready: string): Promise<{ root: ShadowRoot; box: HTMLElement }> {
  const el = element(tag as 'div', attributes);
  const root = el.shadowRoot as ShadowRoot;
  await expect.poll(() => root.querySelector(ready), { timeout: 5000 }).not.toBeNull();
  return { root, box: root.querySelector(layout) as HTMLElement };
}

/** Whether any piece of `root` is drawn in `colour` (text, background or a border). */
const drawsIn = (root: ShadowRoot, colour: string) =>
  [...root.querySelectorAll('*')].some((el) => {
    const s = getComputedStyle(el);
    return [s.color, s.backgroundColor, s.borderLeftColor, s.borderBottomColor].includes(colour);
  });

describe('theming', () => {
  it.each(ELEMENTS.map((e) => [e.tag, e] as const))("<%s> shows the hall's defaults when the host sets nothing", async (_tag, { tag, attributes, layout, ready }) => {
    const { root, box } = await rendered(tag, attributes, layout, ready);
    expect(getComputedStyle(box).rowGap).toBe('16px');
    expect(drawsIn(root, 'rgb(21, 89, 181)')).toBe(true);
  });

  it.each(ELEMENTS.map((e) => [e.tag, e] as const))("<%s> takes the host's --gjj-* properties from an ancestor", async (_tag, { tag, attributes, layout, ready }) => {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, hostSheet];
    document.body.classList.add('host-theme');
    const { root, box } = await rendered(tag, attributes, layout, ready);
    expect(getComputedStyle(box).rowGap).toBe('5px');
    expect(getComputedStyle(root.querySelector('.gjj-root') ?? box).fontFamily).toBe('serif');
    expect(drawsIn(root, 'rgb(1, 2, 3)')).toBe(true);
    expect(drawsIn(root, 'rgb(21, 89, 181)')).toBe(false);
    expect([...root.querySelectorAll('*')].some((el) => getComputedStyle(el).borderTopLeftRadius === '7px')).toBe(true);
  });

  it('::part() reaches the named pieces and nothing else', async () => {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, hostSheet];
    const { root } = await rendered('gjj-complaint-form', { 'api-base': apiBase }, '.gjj-complaint__form', 'option + option');
    const submit = root.querySelector('[part~="submit"]') as HTMLElement;
    expect(getComputedStyle(submit).letterSpacing).toBe('3px');
    const label = root.querySelector('[part~="label"]') as HTMLElement;
    expect(getComputedStyle(label).letterSpacing).toBe('normal');
  });
});
