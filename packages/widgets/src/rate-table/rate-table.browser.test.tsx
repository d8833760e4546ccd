import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoanRates } from '@gjj-hall/sdk/rates';
import { axeViolations } from '../../../../test/support/axe';
import { defineElements } from '../elements';
import { RateTable } from './rate-table';
import { mount, track } from '../shared/test-mount';

const apiBase = inject('apiBase');
// A loopback port nothing listens on: the browser gets a real connection failure.
const deadApi = 'http://127.0.0.1:9';


const rowTexts = (root: ParentNode, kind: string) =>
  [...root.querySelectorAll(`table[data-kind="${kind}"] tbody tr`)].map((tr) => (tr as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

describe('<RateTable> (React)', () => {
  it('shows both rate lists from the server, codes in words, with effective dates, and passes axe', async () => {
    let loaded: LoanRates | undefined;
    const host = mount(<RateTable apiBase={apiBase} onLoad={(r) => (loaded = r)} />);
    expect(host.querySelector('[role="status"]')?.textContent).toContain('正在加载');

    await expect.poll(() => rowTexts(host, 'provident').length).toBe(4);
    expect(rowTexts(host, 'provident')).toEqual([
      '首套住房，贷款期限五年以下（含五年） 2.10% 2025-05-08',
      '首套住房，贷款期限五年以上 2.60% 2025-05-08',
      '第二套住房，贷款期限五年以下（含五年） 2.525% 2025-05-08',
      '第二套住房，贷款期限五年以上 3.075% 2025-05-08',
    ]);
    expect(rowTexts(host, 'commercial')).toEqual([
      '首套住房，贷款期限五年以下（含五年） 3.00% 2025-05-20',
      '首套住房，贷款期限五年以上 3.50% 2025-05-20',
      '第二套住房，贷款期限五年以下（含五年） 3.00% 2025-05-20',
      '第二套住房，贷款期限五年以上 3.50% 2025-05-20',
    ]);
    expect(host.querySelector('table[data-kind="provident"] caption')?.textContent).toBe('个人住房公积金贷款利率自 2025-05-08 起执行');
    expect(host.querySelector('table[data-kind="commercial"] caption')?.textContent).toBe('商业性个人住房贷款利率自 2025-05-20 起执行');
    expect(loaded?.provident).toHaveLength(4);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('styles itself through an adopted stylesheet, so no inline <style> is needed under a CSP', async () => {
    const host = mount(<RateTable apiBase={apiBase} />);
    await expect.poll(() => rowTexts(host, 'commercial').length).toBe(4);
    expect([...document.querySelectorAll('style')].some((s) => s.textContent?.includes('gjj-rate-table'))).toBe(false);
    const adopted = document.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText));
    expect(adopted.some((rule) => rule.startsWith('.gjj-rate-table__table'))).toBe(true);
    const th = host.querySelector('thead th') as HTMLElement;
    expect(getComputedStyle(th).backgroundColor).toBe('rgb(241, 242, 243)');
  });

  it('says in Chinese when the server cannot be reached, reports it, and retries on request', async () => {
    const errors: string[] = [];
    const host = mount(<RateTable apiBase={deadApi} onError={(e) => errors.push(e.message)} />);
    await expect.poll(() => host.querySelector('[role="alert"]')?.textContent ?? '').toContain('贷款利率加载失败：网络连接失败，请检查网络后重试');
    expect(errors).toEqual(['网络连接失败，请检查网络后重试']);
    expect(await axeViolations(host)).toEqual([]);

    const retry = host.querySelector('button') as HTMLButtonElement;
    expect(retry.textContent).toBe('重新加载');
    retry.click();
    await expect.poll(() => errors.length).toBe(2);
  });
});

describe('<gjj-rate-table> (custom element)', () => {
  beforeAll(() => {
    // Every element of the package, in the registry's order (each test file has its own page, so none is defined yet).
    expect(defineElements()).toEqual(['gjj-rate-table', 'gjj-loan-calculator', 'gjj-complaint-form', 'gjj-policy-list', 'gjj-archive-collector', 'gjj-qr-signing']);
  });

  it('renders in its shadow root from the api-base attribute and fires gjj-load', async () => {
    const el = document.createElement('gjj-rate-table');
    const events: CustomEvent[] = [];
    document.body.addEventListener('gjj-load', (e) => events.push(e as CustomEvent), { once: true });
    el.setAttribute('api-base', apiBase);
    document.body.append(el);
    track(el);

    const shadow = el.shadowRoot as ShadowRoot;
    expect(shadow).not.toBeNull();
    await expect.poll(() => rowTexts(shadow, 'commercial').length).toBe(4);
    expect(rowTexts(shadow, 'provident')[1]).toBe('首套住房，贷款期限五年以上 2.60% 2025-05-08');
    // The event bubbled out of the shadow root to the page, with the rates in detail.
    expect(events).toHaveLength(1);
    expect((events[0]?.detail as LoanRates).commercial.map((r) => r.llmc)).toEqual(['21', '22', '23', '24']);
    expect(shadow.adoptedStyleSheets.length).toBeGreaterThan(0);
    expect(await axeViolations(el)).toEqual([]);
  });

  it('fires a composed gjj-error with the Chinese reason', async () => {
    const el = document.createElement('gjj-rate-table');
    el.setAttribute('api-base', deadApi);
    const detail = new Promise<{ message: string }>((resolve) =>
      document.addEventListener('gjj-error', (e) => resolve((e as CustomEvent<{ message: string }>).detail), { once: true }),
    );
    document.body.append(el);
    track(el);
    expect((await detail).message).toBe('网络连接失败，请检查网络后重试');
  });

  it('skips a tag it already defined instead of throwing', () => {
    expect(defineElements(['gjj-rate-table'])).toEqual([]);
  });
});
