// 关怀模式 (care mode, docs/care-mode.md) on every element: with `care`, at 390 px, axe finds nothing, AAA contrast
// (7:1) included, every text is at least 18 px with a line height of at least 1.3, and every target at least 44 × 44 px.
// Without `care` the element is as it was (the normal look is not the care look).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { page } from 'vitest/browser';
import { careViolations } from '../../../../test/support/care';
import { defineElements } from '../elements';
import { RATE_ATTRIBUTES as RATES } from '../loan-calculator/test-support';
import { element } from './test-mount';

const apiBase = inject('apiBase');
const shadowOf = (el: HTMLElement) => el.shadowRoot as ShadowRoot;

beforeAll(async () => {
  defineElements();
  await page.viewport(390, 844);
});
afterAll(async () => {
  await page.viewport(1280, 800);
});

/** Each element with what it needs to show its content, and how to tell it has. */
const ELEMENTS = [
  {
    tag: 'gjj-loan-calculator',
    attributes: { mode: 'local', ...RATES },
    shown: (root: ShadowRoot) => root.querySelectorAll('.gjj-loan__figure').length > 0,
  },
  { tag: 'gjj-rate-table', attributes: { 'api-base': apiBase }, shown: (root: ShadowRoot) => root.querySelectorAll('tbody tr').length > 1 },
  { tag: 'gjj-policy-list', attributes: { 'api-base': apiBase }, shown: (root: ShadowRoot) => root.querySelectorAll('.gjj-policy-list__link').length > 0 },
  {
    tag: 'gjj-complaint-form',
    attributes: { 'api-base': apiBase },
    shown: (root: ShadowRoot) => ((root.querySelector('select:last-of-type') as HTMLSelectElement | null)?.options.length ?? 0) > 1,
  },
  // Without an application number each shows what it says then; the QR and the frame's page come from the server.
  { tag: 'gjj-qr-signing', attributes: { 'api-base': apiBase }, shown: (root: ShadowRoot) => !!root.querySelector('.gjj-qr-signing__hint') },
  { tag: 'gjj-archive-collector', attributes: {}, shown: (root: ShadowRoot) => !!root.querySelector('[role="alert"]') },
] as const;

describe.each(ELEMENTS)('<$tag care>', ({ tag, attributes, shown }) => {
  it('at 390 px: no axe violation with 7:1 contrast, text of 18 px and more, line height 1.3 and more, targets of 44 × 44 px', async () => {
    const el = element(tag as keyof HTMLElementTagNameMap, { ...attributes, care: '' });
    await expect.poll(() => el.shadowRoot && shown(shadowOf(el)), { timeout: 10_000 }).toBe(true);
    expect((el as HTMLElement & { care?: boolean }).care).toBe(true);
    expect(shadowOf(el).querySelector('.gjj-root')?.hasAttribute('data-care')).toBe(true);
    expect(await careViolations(el)).toEqual([]);
    // Nothing wider than the phone.
    expect(el.getBoundingClientRect().width).toBeLessThanOrEqual(390);
  });

  it('without care, keeps its normal look (care is not the default)', async () => {
    const el = element(tag as keyof HTMLElementTagNameMap, attributes);
    await expect.poll(() => el.shadowRoot && shown(shadowOf(el)), { timeout: 10_000 }).toBe(true);
    expect(shadowOf(el).querySelector('[data-care]')).toBeNull();
    expect(getComputedStyle(shadowOf(el).querySelector('.gjj-root') as Element).fontSize).toBe('14px');
    // The same checks find what care mode changes: the normal look has text under 18 px.
    const normal = await careViolations(el);
    expect(normal.filter((v) => v.startsWith('text under 18 px'))).not.toEqual([]);
    expect(normal.filter((v) => v.startsWith('color-contrast-enhanced'))).not.toEqual([]);
  });
});

describe('care, set and unset', () => {
  it('follows the property and the attribute, and reflects the property to the attribute', async () => {
    const el = element('gjj-rate-table', { 'api-base': apiBase }) as HTMLElement & { care?: boolean };
    await expect.poll(() => el.shadowRoot?.querySelector('.gjj-root')).toBeTruthy();
    const root = () => shadowOf(el).querySelector('.gjj-root') as Element;
    el.care = true;
    await expect.poll(() => getComputedStyle(root()).fontSize).toBe('18px');
    expect(el.hasAttribute('care')).toBe(true);
    el.removeAttribute('care');
    await expect.poll(() => getComputedStyle(root()).fontSize).toBe('14px');
    el.setAttribute('care', 'true');
    await expect.poll(() => getComputedStyle(root()).fontSize).toBe('18px');
  });
});
