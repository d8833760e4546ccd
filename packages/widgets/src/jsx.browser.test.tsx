// What the JSX typings (src/jsx.ts, `@gjj-hall/widgets/jsx`) promise, in React 19: a kebab-case attribute reaches the
// element as written, an `ongjj-<event>` prop listens to the element's event, and a property's name (providentRates)
// sets the property of a registered element.
import type {} from './jsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { defineElements } from './elements';
import { COMMERCIAL, PROVIDENT } from './loan-calculator/test-support';
import type { PolicyListLoadDetail } from './policy-list/policy-list';
import { mount } from './shared/test-mount';

const apiBase = inject('apiBase');

describe('a React host using the <gjj-…> elements through the JSX typings', () => {
  beforeAll(() => {
    defineElements(['gjj-policy-list', 'gjj-rate-table', 'gjj-loan-calculator']);
  });

  it('sets page-size and api-base as attributes and hears gjj-load through ongjj-load', async () => {
    const loads: PolicyListLoadDetail[] = [];
    const host = mount(<gjj-policy-list api-base={apiBase} page-size={10} ongjj-load={(e) => void loads.push(e.detail)} />);
    const el = host.querySelector('gjj-policy-list');
    expect(el?.getAttribute('page-size')).toBe('10');
    expect(el?.getAttribute('api-base')).toBe(apiBase);
    await expect.poll(() => loads.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(loads[0]?.pageSize).toBe(10);
  });

  it('hears gjj-error through ongjj-error', async () => {
    const errors: string[] = [];
    mount(<gjj-rate-table api-base="http://127.0.0.1:9" ongjj-error={(e) => void errors.push(e.detail.message)} />);
    await expect.poll(() => errors.length, { timeout: 10_000 }).toBe(1);
    expect(errors[0]).toMatch(/[\u4e00-\u9fa5]/); // a Chinese reason, as the event's detail says
  });

  it('sets an array as the property of a registered element (providentRates), and label names its landmarks', async () => {
    const host = mount(<gjj-loan-calculator mode="local" label="首套房" providentRates={PROVIDENT} commercialRates={COMMERCIAL} />);
    const el = host.querySelector('gjj-loan-calculator') as HTMLElement & { providentRates?: unknown };
    expect(el.providentRates).toBe(PROVIDENT);
    expect(el.hasAttribute('providentrates')).toBe(false);
    const root = el.shadowRoot as ShadowRoot;
    await expect.poll(() => root.querySelector('form')?.getAttribute('aria-label')).toBe('首套房：贷款信息');
    // The rates came from the array, without the server: the listed five-year-plus rate of PROVIDENT is in the form.
    const months = [...root.querySelectorAll('label')].find((l) => l.textContent === '贷款期限（月）');
    const input = root.getElementById(months?.htmlFor ?? '') as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '360');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const rate = [...root.querySelectorAll('label')].find((l) => l.textContent === '公积金贷款年利率（%）');
    await expect.poll(() => (root.getElementById(rate?.htmlFor ?? '') as HTMLInputElement | null)?.value).toBe('2.6');
  });
});
