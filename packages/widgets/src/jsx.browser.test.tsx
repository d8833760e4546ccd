// What the JSX typings (src/jsx.ts, `@gjj-hall/widgets/jsx`) promise, in React 19: a kebab-case attribute reaches the
// element as written, and an `ongjj-<event>` prop listens to the element's event.
import type {} from './jsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { defineElements } from './elements';
import type { PolicyListLoadDetail } from './policy-list/policy-list';
import { mount } from './shared/test-mount';

const apiBase = inject('apiBase');

describe('a React host using the <gjj-…> elements through the JSX typings', () => {
  beforeAll(() => {
    defineElements(['gjj-policy-list', 'gjj-rate-table']);
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
});
