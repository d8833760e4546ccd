/// <reference types="vite/client" />
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createClient } from '@gjj-hall/sdk';
import {
  LOAN_CALCULATION_PATH,
  LOAN_MESSAGES,
  calculateCombinedLoan,
  calculateLoan,
  calculatePrepayment,
  compareLoans,
} from '@gjj-hall/sdk/loan';
import { axeViolations } from '../../../../test/support/axe';
import { LoanCalculator } from './loan-calculator';
import { getLoanCalculatorElement, setLoanCalculatorDefaultMode } from './loan-calculator.element';
import { LOAN_CALCULATOR_DEFAULT_MODE, loanCalculatorMeta } from './loan-calculator.meta';
import packageReadme from '../../README.md?raw';
import readme from './README.md?raw';
import { planCsv } from './plan';
import { COMMERCIAL, PROVIDENT, field, panel, tick, type } from './test-support';
import type { LoanCalculateDetail } from './types';
import { mount, element as addElement } from '../shared/test-mount';

const apiBase = inject('apiBase');
// A loopback port nothing listens on: the browser gets a real connection failure.
const deadApi = 'http://127.0.0.1:9';

function radio(root: ParentNode, legend: string, option: string): HTMLInputElement {
  const set = [...panel(root).querySelectorAll('fieldset')].find((f) => f.querySelector('legend')?.textContent === legend);
  const l = set && [...set.querySelectorAll('label')].find((el) => el.textContent === option);
  const input = l?.querySelector('input');
  if (!input) throw new Error(`no option ${legend} ${option}`);
  return input;
}

async function click(el: HTMLElement) {
  el.click();
  await tick();
}

function button(root: ParentNode, name: string | RegExp): HTMLButtonElement {
  const b = [...root.querySelectorAll('button')].find((el) =>
    typeof name === 'string' ? el.textContent === name : name.test(el.textContent ?? ''),
  );
  if (!b) throw new Error(`no button ${String(name)}`);
  return b;
}

/** Presses 计算 and waits until the calculation is over (the engine and the server answer asynchronously). */
async function calculate(root: ParentNode) {
  await click(button(panel(root), '计算'));
  await expect.poll(() => panel(root).querySelector('[aria-busy="true"]')).toBeNull();
}

/** The plan dialog, once it has loaded (on first use) and opened. */
async function openedDialog(root: ParentNode): Promise<HTMLDialogElement> {
  await expect.poll(() => root.querySelector('dialog')?.open).toBe(true);
  return root.querySelector('dialog') as HTMLDialogElement;
}

/** Shows a tab, and waits until its form has loaded (the combined and prepayment tabs load on first use). */
async function openTab(root: ParentNode, index: number) {
  await click(root.querySelectorAll<HTMLElement>('[role="tab"]')[index] as HTMLElement);
  await expect.poll(() => panel(root).querySelector('form')).not.toBeNull();
}

/** The message shown under an input, read through its aria-describedby. */
function messageOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const root = input.getRootNode() as Document | ShadowRoot;
  return ids
    .map((id) => root.getElementById(id))
    .filter((el) => el?.classList.contains('gjj-loan__error'))
    .map((el) => el?.textContent ?? '')
    .join('');
}

/** A result block's figures as `term: value` lines. */
function figures(root: ParentNode, title: string): string[] {
  const block = [...panel(root).querySelectorAll('section')].find((s) => s.querySelector('h3')?.textContent === title);
  if (!block) throw new Error(`no block ${title}`);
  return [...block.querySelectorAll('.gjj-loan__figure')].map(
    (f) => `${f.querySelector('dt')?.textContent}: ${f.querySelector('dd')?.textContent?.replace(/\s+/g, ' ').trim()}`,
  );
}

/** The results' note before a calculation, or null. */
const emptyState = (root: ParentNode) => panel(root).querySelector('[part="empty"]')?.textContent ?? null;
const EMPTY_TEXT = '尚未计算：请填写贷款金额和贷款期限，点击“计算”，这里将显示公积金贷款与商业贷款的月供、利息和还款总额对比。';

const planButtons = (root: ParentNode) =>
  [...panel(root).querySelectorAll<HTMLButtonElement>('button')].filter((b) => b.textContent?.startsWith('查看还款计划'));

/** Shown as the calculator shows money: 4003.4 -> '4,003.40 元'. */
const yuan = (v: string) => `${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`;

async function fillCompare(root: ParentNode, { amount = '100', months = '360', date = '2024-05-20' } = {}) {
  await type(field(root, '贷款金额（万元）'), amount);
  await type(field(root, '贷款期限（月）'), months);
  await type(field(root, '贷款发放日期'), date);
}

const localProps = { mode: 'local', providentRates: PROVIDENT, commercialRates: COMMERCIAL } as const;

describe('<LoanCalculator> comparison tab, local mode', () => {
  it('computes both loans like calculateLoan, words the difference, announces it and fires gjj-calculate', async () => {
    const events: LoanCalculateDetail[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const host = mount(<LoanCalculator {...localProps} onCalculate={(d) => events.push(d)} />);
    expect(field(host, '贷款发放日期').value).toBe(
      `${new Date().getFullYear()}-${String(new Date().getMonth() + 1).padStart(2, '0')}-${String(new Date().getDate()).padStart(2, '0')}`,
    );
    expect(radio(host, '是否二套房', '否').checked).toBe(true);
    expect(radio(host, '还款方式', '等额本息').checked).toBe(true);
    // Nothing computed yet: no figure (not a red 0.00, issue 23), a note saying what to do, and the plan links are
    // disabled (spec 2.10, 4.7).
    expect(figures(host, '公积金贷款')).toEqual(['月均还款: --', '利息总额: --', '还款总额: --']);
    expect(emptyState(host)).toBe(EMPTY_TEXT);
    expect(planButtons(host).map((b) => b.disabled)).toEqual([true, true]);

    await fillCompare(host);
    await calculate(host);

    const base = { amount: 1_000_000, months: 360, method: '01', issueDate: '2024-05-20' } as const;
    const p = calculateLoan({ ...base, annualRate: 2.6 });
    const c = calculateLoan({ ...base, annualRate: 3.5 });
    const d = compareLoans(p, c);
    expect(p.monthlyPayment).toBe('4003.40');
    expect(figures(host, '公积金贷款')).toEqual([
      `月均还款: ${yuan(p.monthlyPayment)}`,
      `利息总额: ${yuan(p.totalInterest)}`,
      `还款总额: ${yuan(p.totalPayment)}`,
    ]);
    expect(figures(host, '商业贷款')).toEqual([
      `月均还款: ${yuan(c.monthlyPayment)}`,
      `利息总额: ${yuan(c.totalInterest)}`,
      `还款总额: ${yuan(c.totalPayment)}`,
    ]);
    expect(figures(host, '相差')).toEqual([
      `月均还款: 公积金贷款比商业贷款每月少还 ${yuan(d.monthlyPayment)}`,
      `利息总额: 公积金贷款比商业贷款少付利息 ${yuan(d.totalInterest)}`,
      `还款总额: 公积金贷款比商业贷款少还 ${yuan(d.totalPayment)}`,
    ]);
    expect(planButtons(host).map((b) => b.disabled)).toEqual([false, false]);
    expect(emptyState(host)).toBeNull();

    const live = panel(host).querySelector('[aria-live="polite"][data-announcement]');
    expect(live?.closest('[role="region"]')?.getAttribute('aria-label')).toBe('计算结果');
    expect(live?.textContent).toContain(`计算完成。公积金贷款月均还款 4,003.40 元，商业贷款月均还款 ${yuan(c.monthlyPayment)}`);
    expect(live?.textContent).toContain(`少付利息 ${yuan(d.totalInterest)}`);

    expect(events).toHaveLength(1);
    const event = events[0] as Extract<LoanCalculateDetail, { tab: 'compare' }>;
    expect(event.tab).toBe('compare');
    expect(event.mode).toBe('local');
    expect(event.inputs).toEqual({
      amount: '1000000',
      months: 360,
      issueDate: '2024-05-20',
      method: '01',
      secondHome: '0',
      providentRate: '2.6',
      commercialRate: '3.5',
    });
    expect(event.results.provident.totalInterest).toBe(p.totalInterest);
    expect(event.results.commercial.schedule).toEqual(c.schedule);
    expect(event.results.difference).toEqual(d);
    // Local mode with rates at hand: not one request.
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await axeViolations(host)).toEqual([]);
  });

  it('converts ten-thousands to yuan exactly and labels the first month for equal principal', async () => {
    const host = mount(<LoanCalculator {...localProps} />);
    await fillCompare(host, { amount: '12.345', months: '120' });
    await click(radio(host, '还款方式', '等额本金'));
    await calculate(host);
    const p = calculateLoan({ amount: 123_450, months: 120, annualRate: 2.6, method: '02', issueDate: '2024-05-20' });
    expect(figures(host, '公积金贷款')[0]).toBe(`首月还款: ${yuan(p.monthlyPayment)}`);
    expect(figures(host, '相差')[0]).toMatch(/^首月还款: 公积金贷款比商业贷款首月少还 /);
  });
});

describe('<LoanCalculator> validation (spec 5.1)', () => {
  it('shows each message under its field, tied by aria-describedby, keeps what was typed, and focuses the first error', async () => {
    const host = mount(<LoanCalculator {...localProps} />);
    const amount = field(host, '贷款金额（万元）');
    const term = field(host, '贷款期限（月）');
    const rate = field(host, '商业贷款年利率（%）');
    const date = field(host, '贷款发放日期');

    await calculate(host);
    expect(messageOf(amount)).toBe('贷款金额不能为空');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(term)).toBe('贷款期限不能为空');
    expect(messageOf(amount)).toBe(LOAN_MESSAGES.loanAmountEmpty);
    expect((host.getRootNode() as Document).activeElement).toBe(amount);
    // No term yet: no rate to pick, and no second message about it.
    expect(messageOf(rate)).toBe('');

    await type(amount, '0');
    expect(messageOf(amount)).toBe('贷款金额不能为0');
    await type(term, '1000');
    expect(messageOf(term)).toBe('贷款期限只能输入3位以内的数字');
    expect(term.value).toBe('1000');
    await type(term, '360');
    expect(messageOf(term)).toBe('');
    expect(term.hasAttribute('aria-invalid')).toBe(false);

    await type(rate, '10.5');
    expect(messageOf(rate)).toBe('商业贷款年利率不能大于10');
    await type(rate, '-1');
    expect(messageOf(rate)).toBe('商业贷款年利率不能小于0');
    await type(rate, '10');
    expect(messageOf(rate)).toBe('');
    await type(rate, '');
    expect(messageOf(rate)).toBe('商业贷款年利率不能为空');
    await type(rate, '3.5');

    await type(date, '');
    await calculate(host);
    expect(messageOf(date)).toBe('请选择贷款发放日期');
    expect(amount.value).toBe('0');
    expect(figures(host, '公积金贷款')[0]).toBe('月均还款: --');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('checks a field when it is left, before any calculation', async () => {
    const host = mount(<LoanCalculator {...localProps} />);
    const amount = field(host, '贷款金额（万元）');
    await type(amount, '0');
    expect(messageOf(amount)).toBe('');
    amount.focus();
    amount.blur();
    await tick();
    expect(messageOf(amount)).toBe('贷款金额不能为0');
    expect(messageOf(field(host, '贷款期限（月）'))).toBe('');
  });
});

describe('<LoanCalculator> default rates (spec 9)', () => {
  it('picks the provident (read-only) and commercial rates by second home and term', async () => {
    const host = mount(<LoanCalculator {...localProps} />);
    const term = field(host, '贷款期限（月）');
    const provident = () => field(host, '公积金贷款年利率（%）');
    const commercial = () => field(host, '商业贷款年利率（%）');
    expect(provident().readOnly).toBe(true);

    await type(term, '60');
    expect([provident().value, commercial().value]).toEqual(['2.1', '3']); // 01, 21
    await type(term, '61');
    expect([provident().value, commercial().value]).toEqual(['2.6', '3.5']); // 02, 22
    await click(radio(host, '是否二套房', '是'));
    expect([provident().value, commercial().value]).toEqual(['3.075', '3.9']); // 72, 24
    await type(term, '60');
    expect([provident().value, commercial().value]).toEqual(['2.525', '3.2']); // 71, 23
    expect(provident().readOnly).toBe(true);

    // A commercial rate the user typed stays, whatever the term.
    await type(commercial(), '4.1');
    await type(term, '240');
    expect([provident().value, commercial().value]).toEqual(['3.075', '4.1']);
  });

  it('loads the rates from the server when none are given', async () => {
    const host = mount(<LoanCalculator apiBase={apiBase} mode="local" />);
    await type(field(host, '贷款期限（月）'), '360');
    await expect.poll(() => field(host, '公积金贷款年利率（%）').value).toBe('2.6');
    expect(field(host, '商业贷款年利率（%）').value).toBe('3.5');
  });

  it('lets the user type the provident rate when the rates cannot be loaded, and reports it', async () => {
    const errors: string[] = [];
    const host = mount(<LoanCalculator apiBase={deadApi} mode="local" onError={(e) => errors.push(e.message)} />);
    await expect.poll(() => host.querySelector('[role="alert"]')?.textContent ?? '').toContain(
      '贷款利率加载失败：网络连接失败，请检查网络后重试',
    );
    expect(errors).toEqual(['网络连接失败，请检查网络后重试']);
    const provident = field(host, '公积金贷款年利率（%）');
    expect(provident.readOnly).toBe(false);
    await fillCompare(host);
    await type(field(host, '商业贷款年利率（%）'), '3.5');
    await calculate(host);
    expect(messageOf(provident)).toBe('公积金贷款年利率不能为空');
    await type(provident, '2.6');
    await calculate(host);
    expect(figures(host, '公积金贷款')[0]).toBe('月均还款: 4,003.40 元');
    expect(await axeViolations(host)).toEqual([]);
  });
});

describe('<LoanCalculator> reset rules (spec 4.7)', () => {
  it('clears every figure (-- and the note again) and disables the plan links when the method or second-home flag changes', async () => {
    const host = mount(<LoanCalculator {...localProps} />);
    await fillCompare(host);
    await calculate(host);
    expect(figures(host, '公积金贷款')[0]).toBe('月均还款: 4,003.40 元');

    await click(radio(host, '还款方式', '等额本金'));
    for (const title of ['公积金贷款', '商业贷款', '相差']) {
      expect(figures(host, title).every((f) => f.endsWith(': --'))).toBe(true);
    }
    expect(emptyState(host)).toBe(EMPTY_TEXT);
    expect(planButtons(host).every((b) => b.disabled)).toBe(true);

    await calculate(host);
    expect(planButtons(host).every((b) => !b.disabled)).toBe(true);
    expect(figures(host, '公积金贷款')[0]).toMatch(/^首月还款: [1-9]/);

    await click(radio(host, '是否二套房', '是'));
    expect(figures(host, '商业贷款').every((f) => f.endsWith(': --'))).toBe(true);
    expect(planButtons(host).every((b) => b.disabled)).toBe(true);
    // What the user typed is untouched.
    expect(field(host, '贷款金额（万元）').value).toBe('100');
  });
});

describe('repayment plan dialog (spec 2.11)', () => {
  it('is a modal dialog paged by 10, with a chart and right-aligned money; Esc closes it and focus returns', async () => {
    const host = mount(<LoanCalculator {...localProps} />);
    await fillCompare(host);
    await calculate(host);
    const opener = planButtons(host)[0] as HTMLButtonElement;
    opener.focus();
    await click(opener);

    const dialog = await openedDialog(host);
    expect(dialog.open).toBe(true);
    expect(dialog.matches(':modal')).toBe(true);
    expect(dialog.querySelector('h2')?.textContent).toBe('还款计划（公积金贷款）');
    const periods = () => [...dialog.querySelectorAll('tbody tr')].map((tr) => Number(tr.querySelector('td')?.textContent));
    const page = () => dialog.querySelector('[data-page]')?.textContent;
    expect([...dialog.querySelectorAll('thead th')].map((th) => th.textContent?.replace('（元）', ''))).toEqual([
      '期次',
      '还款日期',
      '偿还本金',
      '偿还利息',
      '本息合计',
      '剩余本金',
    ]);
    expect(periods()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(page()).toBe('第 1 页，共 36 页');
    const plan = calculateLoan({ amount: 1_000_000, months: 360, annualRate: 2.6, method: '01', issueDate: '2024-05-20' });
    const cells = [...dialog.querySelectorAll('tbody tr:first-child td')];
    expect(cells.map((td) => td.textContent)).toEqual([
      '1',
      plan.schedule[0]?.date,
      ...[plan.schedule[0]?.principal, plan.schedule[0]?.interest, plan.schedule[0]?.payment, plan.schedule[0]?.balance].map((v) =>
        yuan(v as string).replace(' 元', ''),
      ),
    ]);
    expect(cells.map((td) => getComputedStyle(td).textAlign)).toEqual(['left', 'left', 'right', 'right', 'right', 'right']);
    // The chart's text alternative is printed under it, and names the image.
    const chart = dialog.querySelector('svg[role="img"]');
    const summary = dialog.querySelector(`[id="${chart?.getAttribute('aria-labelledby')}"]`) as HTMLElement | null;
    expect(summary?.textContent).toContain('共 360 期');
    expect(summary?.textContent).toContain(`第 1 期本金 ${yuan(plan.schedule[0]?.principal as string)}`);
    expect(summary?.checkVisibility()).toBe(true);
    expect(chart?.querySelectorAll('path')).toHaveLength(2);

    await click(button(dialog, '下一页'));
    expect(periods()).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(page()).toBe('第 2 页，共 36 页');
    await click(button(dialog, '末页'));
    expect(periods()[0]).toBe(351);
    expect(periods()).toHaveLength(10);
    expect(button(dialog, '下一页').getAttribute('aria-disabled')).toBe('true');
    await click(button(dialog, '下一页'));
    expect(page()).toBe('第 36 页，共 36 页');
    await click(button(dialog, '首页'));
    expect(button(dialog, '上一页').getAttribute('aria-disabled')).toBe('true');

    expect(await axeViolations(host)).toEqual([]);

    // Keyboard: the pager works with Enter, and Esc closes the dialog.
    button(dialog, '下一页').focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(page).toBe('第 2 页，共 36 页');
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);

    // Opened again: back on page 1.
    await click(opener);
    expect(page()).toBe('第 1 页，共 36 页');
    await click(button(dialog, '关闭'));
    await expect.poll(() => dialog.open).toBe(false);
  });

  it('downloads 还款计划-公积金贷款.csv, UTF-8 with a byte order mark, through a Blob URL', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:gjj-test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(`${this.download} ${this.href}`);
    });
    const host = mount(<LoanCalculator {...localProps} />);
    await fillCompare(host);
    await calculate(host);
    await click(planButtons(host)[0] as HTMLButtonElement);
    await click(button(await openedDialog(host), '下载还款计划（CSV）'));

    expect(names).toEqual(['还款计划-公积金贷款.csv blob:gjj-test']);
    const blob = blobs[0] as Blob;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).split('\r\n');
    const first = calculateLoan({ amount: 1_000_000, months: 360, annualRate: 2.6, method: '01', issueDate: '2024-05-20' }).schedule[0];
    expect(lines[0]).toBe('\uFEFF期次,还款日期,偿还本金,偿还利息,本息合计,剩余本金');
    expect(lines[1]).toBe(`1,${first?.date},${first?.principal},${first?.interest},${first?.payment},${first?.balance}`);
    expect(lines).toHaveLength(362); // header, 360 periods, and the final line break
    expect(planCsv([])).toBe('\uFEFF期次,还款日期,偿还本金,偿还利息,本息合计,剩余本金\r\n');
  });
});

describe('<LoanCalculator> remote mode (the reference server)', () => {
  it('loads the rates, asks hkjh/gjjsdcs once for both loans and shows what it answers', async () => {
    const events: LoanCalculateDetail[] = [];
    const calls: string[] = [];
    const client = createClient({
      baseURL: apiBase,
      fetch: (input, init) => {
        calls.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
    });
    const host = mount(<LoanCalculator client={client} onCalculate={(d) => events.push(d)} />);
    await fillCompare(host);
    await expect.poll(() => field(host, '公积金贷款年利率（%）').value).toBe('2.6');
    calls.length = 0;
    await calculate(host);
    await expect.poll(() => figures(host, '公积金贷款')[0]).toBe('月均还款: 4,003.40 元');

    expect(calls).toHaveLength(1);
    const url = new URL(calls[0] as string);
    expect(url.pathname).toBe(LOAN_CALCULATION_PATH);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      htdkje: '1000000',
      dkqs: '360',
      dkffrq: '2024-05-20',
      dkhkfs: '01',
      sdll: '3.5',
      gjjll: '2.6',
      sfstf: '0',
    });
    const base = { amount: 1_000_000, months: 360, method: '01', issueDate: '2024-05-20' } as const;
    const c = calculateLoan({ ...base, annualRate: 3.5 });
    expect(figures(host, '商业贷款')).toEqual([
      `月均还款: ${yuan(c.monthlyPayment)}`,
      `利息总额: ${yuan(c.totalInterest)}`,
      `还款总额: ${yuan(c.totalPayment)}`,
    ]);
    expect(events).toHaveLength(1);
    const event = events[0] as Extract<LoanCalculateDetail, { tab: 'compare' }>;
    expect(event.mode).toBe('remote');
    expect(event.results.commercial.schedule).toEqual(c.schedule);
    expect(event.results.provident.totalPayment).toBe(calculateLoan({ ...base, annualRate: 2.6 }).totalPayment);
  });

  it('pressed before the rates have arrived, says to wait instead of flagging the empty rate field, then computes', async () => {
    // The rates' answers held back, as on a slow connection: the calls reach the real server once released.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const client = createClient({
      baseURL: apiBase,
      fetch: async (input, init) => {
        if (!String(input instanceof Request ? input.url : input).includes('gjjsdcs')) await held;
        return fetch(input, init);
      },
    });
    const events: LoanCalculateDetail[] = [];
    const host = mount(<LoanCalculator client={client} onCalculate={(d) => events.push(d)} />);
    await fillCompare(host);
    await click(button(panel(host), '计算'));
    const alert = () => panel(host).querySelector('.gjj-loan__failure')?.textContent ?? '';
    await expect.poll(alert).toBe('正在加载贷款利率，请稍候再计算');
    expect(messageOf(field(host, '商业贷款年利率（%）'))).toBe('');
    expect(host.ownerDocument.activeElement).not.toBe(field(host, '商业贷款年利率（%）'));
    expect(events).toHaveLength(0);

    release();
    await expect.poll(() => field(host, '商业贷款年利率（%）').value).toBe('3.5');
    expect(alert()).toBe('');
    await calculate(host);
    await expect.poll(() => figures(host, '公积金贷款')[0]).toBe('月均还款: 4,003.40 元');
    expect(events).toHaveLength(1);
  });

  it('says why a remote calculation failed and fires gjj-error', async () => {
    const errors: string[] = [];
    const host = mount(
      <LoanCalculator apiBase={deadApi} providentRates={PROVIDENT} commercialRates={COMMERCIAL} onError={(e) => errors.push(e.message)} />,
    );
    await fillCompare(host);
    await calculate(host);
    await expect.poll(() => panel(host).querySelector('[role="alert"]')?.textContent).toBe('计算失败：网络连接失败，请检查网络后重试');
    expect(errors).toEqual(['网络连接失败，请检查网络后重试']);
    expect(planButtons(host).every((b) => b.disabled)).toBe(true);
  });
});

describe('<LoanCalculator> tabs', () => {
  it('is a tablist operated with the arrow keys', async () => {
    const host = mount(<LoanCalculator {...localProps} />);
    const tabs = [...host.querySelectorAll<HTMLElement>('[role="tab"]')];
    expect(tabs.map((t) => t.textContent)).toEqual(['公积金与商业贷款对比', '组合贷款', '提前还款试算']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    tabs[0]?.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true');
    expect(panel(host).id).toBe(tabs[1]?.getAttribute('aria-controls'));
    expect(panel(host).getAttribute('aria-labelledby')).toBe(tabs[1]?.id);
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[0]);
    await userEvent.keyboard('{End}');
    expect(tabs[2]?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('keeps what was typed in a tab while another is shown', async () => {
    const host = mount(<LoanCalculator {...localProps} />);
    await type(field(host, '贷款金额（万元）'), '88');
    await click(host.querySelectorAll<HTMLElement>('[role="tab"]')[1] as HTMLElement);
    await click(host.querySelectorAll<HTMLElement>('[role="tab"]')[0] as HTMLElement);
    expect(field(host, '贷款金额（万元）').value).toBe('88');
  });

  it('computes a combined loan like calculateCombinedLoan, with the plan of the total', async () => {
    const events: LoanCalculateDetail[] = [];
    const host = mount(<LoanCalculator {...localProps} mode="remote" apiBase={deadApi} onCalculate={(d) => events.push(d)} />);
    await openTab(host, 1);
    await type(field(host, '公积金贷款金额（万元）'), '60');
    await type(field(host, '商业贷款金额（万元）'), '40');
    await type(field(host, '贷款期限（月）'), '360');
    await type(field(host, '贷款发放日期'), '2024-05-20');
    expect(field(host, '公积金贷款年利率（%）').value).toBe('2.6');
    expect(field(host, '商业贷款年利率（%）').value).toBe('3.5');
    await calculate(host);

    const r = calculateCombinedLoan({
      provident: { amount: 600_000, annualRate: 2.6 },
      commercial: { amount: 400_000, annualRate: 3.5 },
      months: 360,
      method: '01',
      issueDate: '2024-05-20',
    });
    expect(figures(host, '组合贷款合计')).toEqual([
      `月均还款: ${yuan(r.total.monthlyPayment)}`,
      `贷款金额: ${yuan(r.total.totalPrincipal)}`,
      `利息总额: ${yuan(r.total.totalInterest)}`,
      `还款总额: ${yuan(r.total.totalPayment)}`,
    ]);
    expect(figures(host, '公积金贷款部分')[0]).toBe(`月均还款: ${yuan(r.provident.monthlyPayment)}`);
    expect(figures(host, '商业贷款部分')[0]).toBe(`月均还款: ${yuan(r.commercial.monthlyPayment)}`);
    // Computed in the browser even in remote mode (the dead server was never needed).
    expect(events.map((e) => [e.tab, e.mode])).toEqual([['combined', 'local']]);
    expect(events[0]?.results).toEqual(r);

    await click(planButtons(host)[0] as HTMLButtonElement);
    const dialog = await openedDialog(host);
    expect(dialog.querySelector('h2')?.textContent).toBe('还款计划（组合贷款）');
    expect(dialog.querySelector('tbody tr td:nth-child(5)')?.textContent).toBe(yuan(r.total.schedule[0]?.payment as string).replace(' 元', ''));
    expect(await axeViolations(host)).toEqual([]);
  });

  it('runs an early-repayment trial like calculatePrepayment', async () => {
    const events: LoanCalculateDetail[] = [];
    const host = mount(<LoanCalculator {...localProps} onCalculate={(d) => events.push(d)} />);
    await openTab(host, 2);
    await type(field(host, '贷款金额（万元）'), '100');
    await type(field(host, '贷款期限（月）'), '240');
    expect(field(host, '贷款年利率（%）').value).toBe('2.6');
    await type(field(host, '贷款年利率（%）'), '4.9');
    await type(field(host, '贷款发放日期'), '2024-01-31');
    await calculate(host);
    expect(messageOf(field(host, '提前还款期次（第几期）'))).toBe('提前还款期次不能为空');
    expect(messageOf(field(host, '提前还款金额（万元）'))).toBe('提前还款金额不能为空');
    await type(field(host, '提前还款期次（第几期）'), '240');
    expect(messageOf(field(host, '提前还款期次（第几期）'))).toBe('提前还款期次应为1至239之间的整数');
    await type(field(host, '提前还款期次（第几期）'), '12');
    await type(field(host, '提前还款金额（万元）'), '10');
    await calculate(host);

    const input = {
      amount: '1000000',
      months: 240,
      annualRate: '4.9',
      method: '01',
      issueDate: '2024-01-31',
      prepayPeriod: 12,
      prepayAmount: '100000',
      mode: 'shorten',
    } as const;
    const shorten = calculatePrepayment(input);
    expect(figures(host, '提前还款试算')).toEqual([
      `原月均还款: ${yuan(shorten.original.monthlyPayment)}`,
      `提前还款后月均还款: ${yuan(shorten.monthlyPayment)}`,
      `实际提前还款金额: 100,000.00 元`,
      `剩余还款期数: ${shorten.remainingMonths} 期（缩短 ${shorten.monthsSaved} 期）`,
      `节省利息: ${yuan(shorten.interestSaved)}`,
    ]);
    expect(shorten.monthsSaved).toBeGreaterThan(0);
    expect(events[0]).toEqual({ tab: 'prepay', mode: 'local', inputs: input, results: shorten });

    await click(radio(host, '提前还款方式', '减少月供（期限不变）'));
    expect(figures(host, '提前还款试算')[1]).toBe('提前还款后月均还款: --');
    await calculate(host);
    const reduce = calculatePrepayment({ ...input, mode: 'reduce' });
    expect(figures(host, '提前还款试算')[1]).toBe(`提前还款后月均还款: ${yuan(reduce.monthlyPayment)}`);
    expect(figures(host, '提前还款试算')[3]).toBe(`剩余还款期数: ${reduce.remainingMonths} 期`);
    expect(Number(reduce.monthlyPayment)).toBeLessThan(Number(reduce.original.monthlyPayment));
    expect(await axeViolations(host)).toEqual([]);
  });
});

describe('<gjj-loan-calculator> (custom element)', () => {
  beforeAll(() => {
    if (!customElements.get('gjj-loan-calculator')) customElements.define('gjj-loan-calculator', getLoanCalculatorElement());
  });

  const element = (attributes: Record<string, string>) => addElement('gjj-loan-calculator', attributes);

  it('renders in its shadow root from attributes, computes locally and fires a composed gjj-calculate', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const el = element({ mode: 'local', 'provident-rates': JSON.stringify(PROVIDENT), 'commercial-rates': JSON.stringify(COMMERCIAL) });
    const shadow = el.shadowRoot as ShadowRoot;
    await expect.poll(() => shadow.querySelector('[role="tablist"]')).not.toBeNull();
    expect(shadow.adoptedStyleSheets.length).toBeGreaterThan(0);
    expect([...document.querySelectorAll('style')].some((s) => s.textContent?.includes('gjj-loan'))).toBe(false);

    const detail = new Promise<LoanCalculateDetail>((resolve) =>
      document.addEventListener('gjj-calculate', (e) => resolve(e.detail), { once: true }),
    );
    await fillCompare(shadow);
    await calculate(shadow);
    const d = await detail;
    expect(d.tab).toBe('compare');
    expect(d.mode).toBe('local');
    expect(figures(shadow, '公积金贷款')[0]).toBe('月均还款: 4,003.40 元');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await axeViolations(el)).toEqual([]);

    await click(planButtons(shadow)[1] as HTMLButtonElement);
    const dialog = await openedDialog(shadow);
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('part')).toBe('dialog');
    expect(await axeViolations(el)).toEqual([]);
    await click(button(dialog, '关闭'));
    await expect.poll(() => dialog.open).toBe(false);
  });

  it('uses the default mode set by the registering code when there is no mode attribute', async () => {
    setLoanCalculatorDefaultMode('local');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const el = element({ 'provident-rates': JSON.stringify(PROVIDENT), 'commercial-rates': JSON.stringify(COMMERCIAL) });
      const shadow = el.shadowRoot as ShadowRoot;
      await expect.poll(() => shadow.querySelector('form')).not.toBeNull();
      await fillCompare(shadow);
      await calculate(shadow);
      expect(figures(shadow, '商业贷款')[0]).toMatch(/^月均还款: 4,490\.45 元$/);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      setLoanCalculatorDefaultMode('remote');
    }
  });

  it('reads unreadable rate JSON as absent: warns, loads from api-base and fires gjj-error when that fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = new Promise<string>((resolve) =>
      document.addEventListener('gjj-error', (e) => resolve(e.detail.message), { once: true }),
    );
    const el = element({ mode: 'local', 'api-base': deadApi, 'provident-rates': '[{llmc:01}', 'commercial-rates': JSON.stringify(COMMERCIAL) });
    expect(await error).toBe('网络连接失败，请检查网络后重试');
    expect(warn.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringContaining('provident-rates 不是有效的利率列表'));
    const shadow = el.shadowRoot as ShadowRoot;
    await expect.poll(() => shadow.querySelector('[role="alert"]')?.textContent ?? '').toContain('请手动输入公积金贷款年利率');
  });
});

describe('loanCalculatorMeta', () => {
  it('is what the READMEs document: every attribute, event and part here, every CSS property in the package README', () => {
    const names = [
      ...loanCalculatorMeta.attributes.flatMap((a) => [a.name, a.prop]),
      ...loanCalculatorMeta.events.flatMap((e) => [e.name, e.prop]),
      ...loanCalculatorMeta.parts.map((p) => p.name),
    ];
    expect(names.filter((n) => !readme.includes(`\`${n}\``))).toEqual([]);
    const section = packageReadme.slice(packageReadme.indexOf(`### \`<${loanCalculatorMeta.tag}>\``));
    expect(loanCalculatorMeta.cssProperties.map((c) => c.name).filter((n) => !section.includes(`| \`${n}\` |`))).toEqual([]);
    expect(loanCalculatorMeta.attributes.find((a) => a.name === 'mode')?.default).toBe(LOAN_CALCULATOR_DEFAULT_MODE);
    expect(LOAN_CALCULATOR_DEFAULT_MODE).toBe('remote');
  });
});
