// Several instances of one element on a page stay independent (issue 8, item 5): their own inputs, results and state,
// their own events (each with its own element as target), and one configure() reaching all of them. And a screen
// reader tells them apart (issue 19): every landmark of one has a name that no landmark of the other has.
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { configure } from '@gjj-hall/sdk/host';
import { axeViolations } from '../../../../test/support/axe';
import { defineElements } from '../elements';
import { RATE_ATTRIBUTES as RATES, field, panel, tick, type } from '../loan-calculator/test-support';
import type { LoanCalculateDetail } from '../loan-calculator/types';
import type { PolicyListLoadDetail } from '../policy-list/policy-list';
import { ComplaintForm } from '../complaint-form/complaint-form';
import { element, mount, track, unmountLast } from './test-mount';

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
  defineElements(['gjj-loan-calculator', 'gjj-policy-list', 'gjj-complaint-form', 'gjj-rate-table']);
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
      // Nothing computed yet: every figure reads -- (the empty state of issue 23, not a red 0.00).
      expect(bBefore.figures.length).toBeGreaterThan(0);
      expect(bBefore.figures.every((f) => f?.endsWith('--'))).toBe(true);

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

/** A host page's <main> with this markup in it (removed after the test). */
function hostPage(markup: string): HTMLElement {
  const main = track(document.createElement('main'));
  main.innerHTML = markup;
  document.body.append(main);
  return main;
}

/** The names of the landmarks shown in an element (a hidden tab panel's are not), as its aria-labels give them. */
const landmarks = (el: Element) =>
  [...shadowOf(el as HTMLElement).querySelectorAll('form, nav, section, [role="region"], [role="search"]')]
    .filter((l) => l.checkVisibility())
    .map((l) => l.getAttribute('aria-label'));

const all = (main: HTMLElement, tag: string) => [...main.querySelectorAll(tag)] as [Element, Element];

/** Waits until every element on the page shows what it is named by: forms, results, the policy pager, the rate tables. */
async function shown(main: HTMLElement) {
  for (const el of main.querySelectorAll('gjj-loan-calculator, gjj-complaint-form')) {
    await expect.poll(() => shadowOf(el as HTMLElement).querySelector('form')).toBeTruthy();
  }
  for (const el of main.querySelectorAll('gjj-policy-list')) {
    await expect.poll(() => shadowOf(el as HTMLElement).querySelector('nav'), { timeout: 10_000 }).toBeTruthy();
  }
  for (const el of main.querySelectorAll('gjj-rate-table')) {
    await expect.poll(() => shadowOf(el as HTMLElement).querySelector('table'), { timeout: 10_000 }).toBeTruthy();
  }
}

const RATE_TEXT = Object.entries(RATES)
  .map(([name, value]) => `${name}='${value}'`)
  .join(' ');

describe('two of each element on one page, for a screen reader', () => {
  it('without labels: the second of each is numbered, and axe finds no landmark twice (landmark-unique) nor anything else', async () => {
    const main = hostPage(
      [
        `<gjj-loan-calculator mode="local" ${RATE_TEXT}></gjj-loan-calculator>`,
        `<gjj-complaint-form api-base="${apiBase}"></gjj-complaint-form>`,
        `<gjj-policy-list api-base="${apiBase}" page-size="10"></gjj-policy-list>`,
        `<gjj-rate-table api-base="${apiBase}"></gjj-rate-table>`,
      ]
        .map((one) => one + one)
        .join('\n'),
    );
    await shown(main);
    const [calcA, calcB] = all(main, 'gjj-loan-calculator');
    // The first keeps the names a page with one calculator has; the second says which it is.
    await expect.poll(() => landmarks(calcB)[0]).toBe('贷款计算器 2：贷款信息');
    expect(landmarks(calcA)).toEqual(['贷款信息', '计算结果', '公积金贷款', '商业贷款', '相差']);
    expect(landmarks(calcB)).toEqual(landmarks(calcA).map((name) => `贷款计算器 2：${name}`));
    expect(shadowOf(calcB as HTMLElement).querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('贷款计算器 2');
    const [formA, formB] = all(main, 'gjj-complaint-form');
    expect([landmarks(formA), landmarks(formB)]).toEqual([['投诉建议'], ['投诉建议 2']]);
    const [listA, listB] = all(main, 'gjj-policy-list');
    expect([landmarks(listA), landmarks(listB)]).toEqual([
      ['政策检索', '政策列表分页'],
      ['政策信息 2：政策检索', '政策信息 2：政策列表分页'],
    ]);
    // The rate table has no landmarks: its two tables are named by their captions, as tables.
    for (const table of all(main, 'gjj-rate-table')) expect(landmarks(table)).toEqual([]);
    expect(await axeViolations(main)).toEqual([]);

    // The other tabs (loaded on first use) are named the same way.
    for (const calc of [calcA, calcB]) (shadowOf(calc as HTMLElement).querySelectorAll<HTMLElement>('[role="tab"]')[1] as HTMLElement).click();
    await expect.poll(() => landmarks(calcB)[0], { timeout: 10_000 }).toBe('贷款计算器 2：组合贷款信息');
    await expect.poll(() => landmarks(calcA)[0]).toBe('组合贷款信息');
    expect(landmarks(calcB)).toEqual(landmarks(calcA).map((name) => `贷款计算器 2：${name}`));
    expect(await axeViolations(main)).toEqual([]);
  });

  it("with labels: each instance's landmarks carry the host's name for it, which the attribute and the property change", async () => {
    const main = hostPage(`<h2>首套房</h2><gjj-loan-calculator label="首套房" mode="local" ${RATE_TEXT}></gjj-loan-calculator>
<h2>二套房</h2><gjj-loan-calculator label="二套房" mode="local" ${RATE_TEXT}></gjj-loan-calculator>
<gjj-complaint-form api-base="${apiBase}" label="对服务的意见"></gjj-complaint-form><gjj-complaint-form api-base="${apiBase}"></gjj-complaint-form>
<gjj-policy-list api-base="${apiBase}" page-size="10" label="贷款政策" category="dkzc"></gjj-policy-list>
<gjj-policy-list api-base="${apiBase}" page-size="10" label="提取政策" category="tqzc"></gjj-policy-list>`);
    await shown(main);
    const [first, second] = all(main, 'gjj-loan-calculator') as [HTMLElement & { label?: string }, HTMLElement];
    await expect.poll(() => landmarks(first)[1]).toBe('首套房：计算结果');
    expect(landmarks(second)).toEqual(landmarks(first).map((name) => name?.replace('首套房', '二套房')));
    // The unlabelled complaint form is the first unnamed one: its plain name is already unique.
    expect(all(main, 'gjj-complaint-form').map(landmarks)).toEqual([['对服务的意见'], ['投诉建议']]);
    expect(all(main, 'gjj-policy-list').map(landmarks)).toEqual([
      ['贷款政策：政策检索', '贷款政策：政策列表分页'],
      ['提取政策：政策检索', '提取政策：政策列表分页'],
    ]);
    expect(await axeViolations(main)).toEqual([]);

    first.label = '改善型住房';
    await expect.poll(() => landmarks(first)[1]).toBe('改善型住房：计算结果');
    second.setAttribute('label', '公积金贷款');
    await expect.poll(() => landmarks(second)[1]).toBe('公积金贷款：计算结果');
  });

  it('the React components are numbered the same way, and a number is free again once its instance is gone', async () => {
    const formNames = (host: HTMLElement) => [...host.querySelectorAll('form')].map((f) => f.getAttribute('aria-label'));
    const first = mount(
      <>
        <ComplaintForm apiBase={deadApi} />
        <ComplaintForm apiBase={deadApi} />
      </>,
    );
    await expect.poll(() => formNames(first)).toEqual(['投诉建议', '投诉建议 2']);
    unmountLast();
    // Mounted again, they are the first two once more: the numbers went with the unmounted ones.
    const second = mount(
      <>
        <ComplaintForm apiBase={deadApi} label="对窗口服务的意见" />
        <ComplaintForm apiBase={deadApi} />
        <ComplaintForm apiBase={deadApi} />
      </>,
    );
    await expect.poll(() => formNames(second)).toEqual(['对窗口服务的意见', '投诉建议', '投诉建议 2']);
  });
});
