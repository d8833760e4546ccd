// The engine (the sdk's, with decimal.js) arrives after the form: the form is usable before it, the engine is fetched
// while the page is idle (local mode only), a 计算 pressed before it is there shows that it is working and then the
// result, and a failed load is an alert with a retry. The loader is replaced by one the test settles.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calculateLoan } from '@gjj-hall/sdk/loan';
import { axeViolations } from '../../../../test/support/axe';
import * as compute from './compute';
import { loadEngine } from './load-modules';
import type * as LoadModules from './load-modules';
import { LoanCalculator } from './loan-calculator';
import { COMMERCIAL, PROVIDENT, field, panel, tick, type } from './test-support';
import { mount } from '../shared/test-mount';

vi.mock('./load-modules', async (original) => ({ ...(await original<typeof LoadModules>()), loadEngine: vi.fn() }));

type Compute = typeof compute;

afterEach(() => {
  vi.mocked(loadEngine).mockReset();
});

/** A load the test settles when it wants. */
function deferred() {
  let settle!: { resolve: (m: Compute) => void; reject: (e: Error) => void };
  const promise = new Promise<Compute>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

/** Resolves once the browser has been idle (after the calculator's own idle callback, which was asked for first). */
const idle = () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 }));

const submit = (root: ParentNode) =>
  [...panel(root).querySelectorAll<HTMLButtonElement>('button[type="submit"]')][0] as HTMLButtonElement;

/** The first figure (the monthly payment) of a result block. */
const monthly = (root: ParentNode, title: string) =>
  [...panel(root).querySelectorAll('section')]
    .find((s) => s.querySelector('h3')?.textContent === title)
    ?.querySelector('.gjj-loan__money')?.textContent;

/** The first figure of a block while there is no result: '--' (issue 23: no red 0.00). */
const pending = (root: ParentNode, title: string) =>
  [...panel(root).querySelectorAll('section')]
    .find((s) => s.querySelector('h3')?.textContent === title)
    ?.querySelector('.gjj-loan__none')?.textContent;

async function fillLoan(root: ParentNode) {
  await type(field(root, '贷款金额（万元）'), '100');
  await type(field(root, '贷款期限（月）'), '360');
  await type(field(root, '贷款发放日期'), '2024-05-20');
}

const localProps = { mode: 'local', providentRates: PROVIDENT, commercialRates: COMMERCIAL } as const;
const base = { amount: 1_000_000, months: 360, method: '01', issueDate: '2024-05-20' } as const;
/** Shown as the calculator shows money: 4003.4 -> '4,003.40'. */
const shown = (v: string) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('the engine, loaded after the form', () => {
  it('shows a usable form before the engine, and fetches the engine only once the page is idle', async () => {
    vi.mocked(loadEngine).mockReturnValue(deferred().promise);
    const host = mount(<LoanCalculator {...localProps} />);
    // Rendered, with the listed rates, and not yet asked for the engine.
    expect(panel(host).querySelector('h2')?.textContent).toBe('贷款信息');
    expect(submit(host).textContent).toBe('计算');
    expect(loadEngine).not.toHaveBeenCalled();
    await type(field(host, '贷款期限（月）'), '360');
    expect(field(host, '公积金贷款年利率（%）').value).toBe('2.6');
    // A field left wrong is told without the engine.
    await type(field(host, '贷款金额（万元）'), '0');
    submit(host).click();
    await tick();
    expect(panel(host).textContent).toContain('贷款金额不能为0');
    expect(loadEngine).not.toHaveBeenCalled();

    await idle();
    await expect.poll(() => vi.mocked(loadEngine).mock.calls.length).toBe(1);
  });

  it('computing on the server never fetches the engine', async () => {
    vi.mocked(loadEngine).mockReturnValue(deferred().promise);
    mount(<LoanCalculator mode="remote" providentRates={PROVIDENT} commercialRates={COMMERCIAL} apiBase="http://127.0.0.1:9" />);
    await idle();
    await idle();
    expect(loadEngine).not.toHaveBeenCalled();
  });

  it('a 计算 pressed before the engine arrives shows that it is working, then the right result', async () => {
    const load = deferred();
    vi.mocked(loadEngine).mockReturnValue(load.promise);
    const host = mount(<LoanCalculator {...localProps} />);
    await fillLoan(host);
    submit(host).click();
    await tick();
    expect(loadEngine).toHaveBeenCalled();
    const button = submit(host);
    expect(button.textContent).toBe('正在计算…');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(panel(host).querySelector('[role="region"]')?.getAttribute('aria-busy')).toBe('true');
    expect(pending(host, '公积金贷款')).toBe('--');
    // Pressed again while working: nothing more happens.
    button.click();
    await tick();
    expect(await axeViolations(host)).toEqual([]);

    load.resolve(compute);
    const p = calculateLoan({ ...base, annualRate: 2.6 });
    const c = calculateLoan({ ...base, annualRate: 3.5 });
    await expect.poll(() => monthly(host, '公积金贷款')).toBe('4,003.40');
    expect(p.monthlyPayment).toBe('4003.40');
    expect(monthly(host, '商业贷款')).toBe(shown(c.monthlyPayment));
    expect(submit(host).textContent).toBe('计算');
    expect(submit(host).hasAttribute('aria-busy')).toBe(false);
    expect(panel(host).querySelector('[role="region"]')?.hasAttribute('aria-busy')).toBe(false);
  });

  it('says so when the engine cannot be loaded, keeps what was typed, and computes after 重新加载', async () => {
    vi.mocked(loadEngine).mockRejectedValue(new Error('组件文件加载失败，请检查网络后重试'));
    const host = mount(<LoanCalculator {...localProps} />);
    await fillLoan(host);
    submit(host).click();
    const alert = () => panel(host).querySelector('[role="alert"]');
    await expect.poll(() => alert()?.textContent ?? '').toBe('计算功能未能加载，请检查网络后重试。 重新加载');
    expect(submit(host).textContent).toBe('计算');
    expect(field(host, '贷款金额（万元）').value).toBe('100');
    expect(pending(host, '公积金贷款')).toBe('--');
    expect(await axeViolations(host)).toEqual([]);

    const load = deferred();
    vi.mocked(loadEngine).mockReturnValue(load.promise);
    const retry = [...(alert()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === '重新加载') as HTMLButtonElement;
    retry.click();
    await expect.poll(() => submit(host).textContent).toBe('正在计算…');
    expect(alert()).toBeNull();
    load.resolve(compute);
    await expect.poll(() => monthly(host, '公积金贷款')).toBe('4,003.40');
    expect(alert()).toBeNull();
  });
});
