// Several instances of one element on a page stay independent (issue 8, item 5): their own inputs, results and state,
// their own events (each with its own element as target), and one configure() reaching all of them.
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { configure } from '@gjj-hall/sdk/host';
import { defineElements } from '../elements';
import { RATE_ATTRIBUTES as RATES, field, panel, tick, type } from '../loan-calculator/test-support';
import type { LoanCalculateDetail } from '../loan-calculator/types';
import type { PolicyListLoadDetail } from '../policy-list/policy-list';
import { element } from './test-mount';

const apiBase = inject('apiBase');
const deadApi = 'http://127.0.0.1:9';
const shadowOf = (el: HTMLElement) => el.shadowRoot as ShadowRoot;

async function compute(root: ShadowRoot, amount: string) {
  await type(field(root, '贷款金额（万元）'), amount);
  await type(field(root, '贷款期限（月）'), '360');
  await type(field(root, '贷款发放日期'), '2024-05-20');
  ([...panel(root).querySelectorAll('button')].find((b) => b.textContent === '计算') as HTMLButtonElement).click();
  await tick();
  await expect.poll(() => panel(root).querySelector('[aria-busy="true"]')).toBeNull();
}

/** What a person sees of a calculator: the values of its inputs and its result figures. */
const snapshot = (root: ShadowRoot) => ({
  inputs: [...panel(root).querySelectorAll('input')].map((i) => (i.type === 'radio' ? String(i.checked) : i.value)),
  figures: [...panel(root).querySelectorAll('.gjj-loan__figure')].map((f) => f.textContent),
});

const titles = (root: ParentNode) => [...root.querySelectorAll('.gjj-policy-list__link')].map((a) => a.textContent);
const alertText = (root: ParentNode) => root.querySelector('[role="alert"]')?.textContent ?? '';

beforeAll(() => {
  defineElements(['gjj-loan-calculator', 'gjj-policy-list']);
});

afterEach(() => {
  configure({ apiBase: undefined });
});

describe('two <gjj-loan-calculator> on one page', () => {
  it('typing and computing in one leaves the other untouched, and each gjj-calculate names its own element', async () => {
    const events: Array<{ target: EventTarget | null; detail: LoanCalculateDetail }> = [];
    const listen = (e: Event) => events.push({ target: e.target, detail: (e as CustomEvent<LoanCalculateDetail>).detail });
    document.addEventListener('gjj-calculate', listen);
    try {
      const a = element('gjj-loan-calculator', { mode: 'local', ...RATES });
      const b = element('gjj-loan-calculator', { mode: 'local', ...RATES });
      await expect.poll(() => shadowOf(a).querySelector('form') && shadowOf(b).querySelector('form')).toBeTruthy();
      const bBefore = snapshot(shadowOf(b));
      // Nothing computed yet: every figure reads 0.00 元.
      expect(bBefore.figures.length).toBeGreaterThan(0);
      expect(bBefore.figures.every((f) => f?.endsWith('0.00 元'))).toBe(true);

      await compute(shadowOf(a), '100');
      const aAfter = snapshot(shadowOf(a));
      expect(aAfter.figures.length).toBeGreaterThan(0);
      expect(aAfter.figures.join()).toContain('4,003.40');
      expect(snapshot(shadowOf(b))).toEqual(bBefore);
      expect(events.map((e) => e.target)).toEqual([a]);

      await compute(shadowOf(b), '50');
      expect(snapshot(shadowOf(a))).toEqual(aAfter);
      const bAfter = snapshot(shadowOf(b));
      expect(bAfter.figures.join()).toContain('2,001.70');
      expect(bAfter.figures).not.toEqual(aAfter.figures);
      expect(events.map((e) => e.target)).toEqual([a, b]);
      expect(events[1]?.detail).not.toEqual(events[0]?.detail);

      // Another tab in one: the other keeps its own.
      (shadowOf(a).querySelectorAll<HTMLElement>('[role="tab"]')[1] as HTMLElement).click();
      await expect.poll(() => shadowOf(a).querySelector('[role="tab"][aria-selected="true"]')?.textContent).not.toBe(
        shadowOf(b).querySelector('[role="tab"][aria-selected="true"]')?.textContent,
      );
      expect(snapshot(shadowOf(b))).toEqual(bAfter);
    } finally {
      document.removeEventListener('gjj-calculate', listen);
    }
  });
});

describe('two <gjj-policy-list> on one page', () => {
  it('one configure() reaches both; a search in one leaves the other, and each gjj-load names its own element', async () => {
    configure({ apiBase: deadApi });
    const a = element('gjj-policy-list', { 'page-size': '10' });
    const b = element('gjj-policy-list', { 'page-size': '10' });
    const calcs = [element('gjj-loan-calculator', { mode: 'remote' }), element('gjj-loan-calculator', { mode: 'remote' })];
    for (const el of [a, b, ...calcs]) await expect.poll(() => alertText(shadowOf(el))).toContain('网络连接失败');

    const loads: Array<{ target: EventTarget | null; detail: PolicyListLoadDetail }> = [];
    const listen = (e: Event) => loads.push({ target: e.target, detail: (e as CustomEvent<PolicyListLoadDetail>).detail });
    document.addEventListener('gjj-load', listen);
    try {
      configure({ apiBase });
      await expect.poll(() => titles(shadowOf(a)).length).toBe(10);
      await expect.poll(() => titles(shadowOf(b)).length).toBe(10);
      for (const el of calcs) await expect.poll(() => alertText(shadowOf(el))).toBe('');
      expect(new Set(loads.map((l) => l.target))).toEqual(new Set([a, b]));
      const bTitles = titles(shadowOf(b));

      loads.length = 0;
      const search = shadowOf(a).querySelector('input[type="search"]') as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(search, '电梯');
      search.dispatchEvent(new Event('input', { bubbles: true }));
      (shadowOf(a).querySelector('form') as HTMLFormElement).requestSubmit();
      await expect.poll(() => titles(shadowOf(a))).toEqual(['关于既有住宅加装电梯提取住房公积金的通知']);
      await expect.poll(() => loads.length).toBe(1);
      expect(loads[0]?.target).toBe(a);
      expect(titles(shadowOf(b))).toEqual(bTitles);
      expect((shadowOf(b).querySelector('input[type="search"]') as HTMLInputElement).value).toBe('');
    } finally {
      document.removeEventListener('gjj-load', listen);
    }
  });
});
