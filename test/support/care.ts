import axe from 'axe-core';

// What 关怀模式 (care mode, MIIT 适老化; docs/care-mode.md) promises, checked on what the browser shows: axe with its
// AAA contrast rule (color-contrast-enhanced: 7:1 for text, 4.5:1 for large text) on top of the usual rules, and, on
// every visible element of the page and of the shadow roots in it, text at least 18 px with a line height at least
// 1.3 times it, and targets (buttons, fields, tabs, choices with their labels) at least 44 × 44 px.

type AxeRun = (context: Element | Document, options: object) => Promise<{ violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }>;

/**
 * Every way `context` falls short of care mode, readable: axe's violations with color-contrast-enhanced on, text under
 * 18 px or with a line height under 1.3, and targets under 44 × 44 px. Self-contained (helpers inside), so a
 * Playwright test can run it in the page: `page.evaluate(careProblems)` after axe is there.
 *
 * @example
 * expect(await careProblems(document, axe.run)).toEqual([]);
 */
export async function careProblems(context: Element | Document = document, run?: AxeRun): Promise<string[]> {
  const axeRun: AxeRun = run ?? ((c, o) => (globalThis as unknown as { axe: { run: AxeRun } }).axe.run(c, o));
  // The elements of `root` and of every open shadow root inside it, in document order.
  const composed = (root: ParentNode): Element[] =>
    [...root.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [el, ...composed(el.shadowRoot)] : [el]));
  const shownText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
  // Rendered, and not a visually hidden text for screen readers only (1 × 1 px).
  const seen = (el: Element) => {
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.opacity !== '0' && !el.closest('[aria-hidden="true"], [hidden]');
  };
  const name = (el: Element) =>
    `<${el.localName}${typeof el.className === 'string' && el.className ? ` class="${el.className}"` : ''}> ${(el.textContent ?? '').trim().slice(0, 16)}`;
  // What a person points at: controls, tabs, and a radio or checkbox through the label around it.
  const target = (el: Element): Element | null => {
    if (el.matches('input[type=radio], input[type=checkbox]')) return el.closest('label') ?? el;
    if (el.matches('button, select, textarea, input:not([type=hidden]), [role=tab], summary')) return el;
    return null;
  };

  const result = await axeRun(context, { resultTypes: ['violations'], rules: { 'color-contrast-enhanced': { enabled: true } } });
  const found = result.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  const targets = new Set<Element>();
  const start = context instanceof Element && context.shadowRoot ? [context, ...composed(context.shadowRoot)] : composed(context);
  for (const el of start) {
    if (!seen(el)) continue;
    const style = getComputedStyle(el);
    const size = parseFloat(style.fontSize);
    if (shownText(el)) {
      if (size < 18) found.push(`text under 18 px (${style.fontSize}): ${name(el)}`);
      const line = style.lineHeight === 'normal' ? size * 1.2 : parseFloat(style.lineHeight);
      // A one-line control's line box is its own height; the spacing rule is about lines of text.
      if (!target(el) && line < size * 1.3 - 0.5) found.push(`line height under 1.3 (${style.lineHeight} at ${style.fontSize}): ${name(el)}`);
    }
    const point = target(el);
    if (point && !targets.has(point)) {
      targets.add(point);
      const box = point.getBoundingClientRect();
      if (box.width < 43.5 || box.height < 43.5) found.push(`target under 44 × 44 px (${Math.round(box.width)} × ${Math.round(box.height)}): ${name(point)}`);
    }
  }
  return found;
}

/**
 * careProblems with the axe-core of the test's own bundle (vitest browser mode).
 *
 * @example
 * expect(await careViolations(el)).toEqual([]);
 */
export function careViolations(context: Element | Document = document): Promise<string[]> {
  return careProblems(context, (c, o) => axe.run(c, o) as never);
}
