// Angular attaches an element to the page, then sets its [prop] bindings in the same task (issue 19): each element
// waits for them before its first request, so it calls only the server it was given (never the page's default /api/
// first) and uses what it was given (the calculator's rates, not the server's).
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { configure } from '@gjj-hall/sdk/host';
import { defineElements } from '../elements';
import { field, type } from '../loan-calculator/test-support';
import type { LoanRateInput } from '../loan-calculator/types';
import { track } from './test-mount';

const apiBase = inject('apiBase');
// Not the server's (02: 2.6 %): the figure tells where the rates came from.
const PROVIDENT: LoanRateInput[] = [
  { llmc: '01', zxll: 2.35 },
  { llmc: '02', zxll: 2.85 },
  { llmc: '71', zxll: 2.775 },
  { llmc: '72', zxll: 3.325 },
];
const COMMERCIAL: LoanRateInput[] = [
  { llmc: '21', zxll: 3.45 },
  { llmc: '22', zxll: 3.95 },
  { llmc: '23', zxll: 3.45 },
  { llmc: '24', zxll: 3.95 },
];

/** The address of every request the page makes from now on. */
function recordRequests(): string[] {
  const sent: string[] = [];
  const realFetch = window.fetch.bind(window);
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    sent.push(input instanceof Request ? input.url : String(input));
    return realFetch(input, init);
  });
  return sent;
}

/** As Angular renders `<gjj-… [apiBase]="…">`: the element appended first, its bindings set right after, in the same task. */
function attachThenBind<K extends keyof HTMLElementTagNameMap>(tag: K, bindings: Record<string, unknown>): HTMLElementTagNameMap[K] {
  const el = track(document.createElement(tag));
  document.body.append(el);
  Object.assign(el, bindings);
  return el;
}

const frames = (n: number) => new Promise<void>((resolve) => {
  const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
  next(n);
});

beforeAll(() => {
  defineElements();
});

afterEach(() => {
  configure({ apiBase: undefined });
});

describe('properties set right after the element is attached (Angular)', () => {
  it('every element calls only the server given as its apiBase property, from its first request on', async () => {
    const sent = recordRequests();
    const table = attachThenBind('gjj-rate-table', { apiBase });
    const list = attachThenBind('gjj-policy-list', { apiBase, pageSize: 10 });
    const form = attachThenBind('gjj-complaint-form', { apiBase });
    await expect.poll(() => table.shadowRoot?.querySelectorAll('table[data-kind="provident"] tbody tr').length).toBe(4);
    await expect.poll(() => list.shadowRoot?.querySelectorAll('.gjj-policy-list__link').length).toBe(10);
    await expect.poll(() => form.shadowRoot?.querySelectorAll('select option').length).toBeGreaterThan(2);
    await frames(3);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.filter((url) => !url.startsWith(`${apiBase}/`))).toEqual([]);
    // The page size reached the list's first request too.
    const pages = sent.filter((url) => url.includes('zcxx/') && url.includes('pageNum='));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((url) => !/[?&]pageSize=10(&|$)/.test(url))).toEqual([]);
  });

  it("the calculator uses the rates given as properties and asks no server for them, not even the page's own", async () => {
    const sent = recordRequests();
    const el = attachThenBind('gjj-loan-calculator', { apiBase, mode: 'remote', providentRates: PROVIDENT, commercialRates: COMMERCIAL });
    const root = el.shadowRoot as ShadowRoot;
    await expect.poll(() => root.querySelector('form')).not.toBeNull();
    await type(field(root, '贷款期限（月）'), '360');
    await expect.poll(() => field(root, '公积金贷款年利率（%）').value).toBe('2.85');
    expect(el.getAttribute('mode')).toBe('remote');
    await frames(3);
    expect(sent).toEqual([]);
  });
});
