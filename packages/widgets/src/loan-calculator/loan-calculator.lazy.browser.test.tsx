// The parts loaded on first use (the combined and prepayment tabs, the plan dialog): what the user sees while one
// arrives and when one cannot be loaded. The loader is replaced by one the test settles.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../../test/support/axe';
import type { LoanCalculatorExtras } from './extras-shared';
import * as extras from './extras';
import { loadExtras } from './load-extras';
import { LoanCalculator } from './loan-calculator';
import { mount } from '../shared/test-mount';

vi.mock('./load-extras', () => ({ loadExtras: vi.fn() }));

const localProps = {
  mode: 'local',
  providentRates: [{ llmc: '02', zxll: 2.6 }],
  commercialRates: [{ llmc: '22', zxll: 3.5 }],
} as const;

const mountCalculator = (): HTMLElement => mount(<LoanCalculator {...localProps} />);

afterEach(() => {
  vi.mocked(loadExtras).mockReset();
});

/** A load the test settles when it wants. */
function deferred() {
  let settle!: { resolve: (m: LoanCalculatorExtras) => void; reject: (e: Error) => void };
  const promise = new Promise<LoanCalculatorExtras>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const tabs = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>('[role="tab"]')];
const visiblePanel = (host: HTMLElement) => host.querySelector('[role="tabpanel"]:not([hidden])') as HTMLElement;

describe('parts loaded on first use', () => {
  it('loads nothing more until a part is used, and says so while the part arrives', async () => {
    const load = deferred();
    vi.mocked(loadExtras).mockReturnValue(load.promise);
    const host = mountCalculator();
    await tick();
    expect(loadExtras).not.toHaveBeenCalled();
    // The other tabs are there (named, reachable by keyboard) before their code is.
    expect(tabs(host).map((t) => t.textContent)).toEqual(['公积金与商业贷款对比', '组合贷款', '提前还款试算']);

    tabs(host)[1]?.click();
    await tick();
    expect(loadExtras).toHaveBeenCalled();
    const status = visiblePanel(host).querySelector('[role="status"]');
    expect(status?.textContent).toBe('正在加载组合贷款…');
    expect(await axeViolations(host)).toEqual([]);

    load.resolve(extras);
    await expect.poll(() => visiblePanel(host).querySelector('form')?.getAttribute('aria-label')).toBe('组合贷款信息');
    expect(visiblePanel(host).querySelector('[role="status"]')).toBeNull();
    expect(visiblePanel(host).querySelector('h2')?.textContent).toBe('组合贷款信息');
  });

  it('says when a part cannot be loaded, keeps the rest working, and loads it again on request', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(loadExtras).mockRejectedValueOnce(new Error('network down'));
    const host = mountCalculator();

    tabs(host)[2]?.click();
    await expect.poll(() => visiblePanel(host).querySelector('[role="alert"]')?.textContent ?? '').toContain(
      '提前还款试算未能加载，请检查网络后重试。',
    );
    expect(logged.mock.calls.flat().map(String).join(' ')).toMatch(/提前还款试算.*未能加载.*network down/);
    expect(await axeViolations(host)).toEqual([]);

    // The comparison tab is untouched.
    tabs(host)[0]?.click();
    await tick();
    expect(visiblePanel(host).querySelector('h2')?.textContent).toBe('贷款信息');

    vi.mocked(loadExtras).mockResolvedValue(extras);
    tabs(host)[2]?.click();
    await tick();
    const retry = [...visiblePanel(host).querySelectorAll('button')].find((b) => b.textContent === '重新加载') as HTMLButtonElement;
    retry.click();
    await expect.poll(() => visiblePanel(host).querySelector('h2')?.textContent).toBe('提前还款信息');
    expect(visiblePanel(host).querySelector('[role="alert"]')).toBeNull();
  });

  it('shows a status while the plan dialog arrives, then opens it', async () => {
    const load = deferred();
    vi.mocked(loadExtras).mockReturnValue(load.promise);
    const host = mountCalculator();
    const input = (label: string) => {
      const l = [...visiblePanel(host).querySelectorAll('label')].find((el) => el.textContent === label) as HTMLLabelElement;
      return document.getElementById(l.htmlFor) as HTMLInputElement;
    };
    for (const [label, value] of [['贷款金额（万元）', '100'], ['贷款期限（月）', '360']] as const) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input(label), value);
      input(label).dispatchEvent(new Event('input', { bubbles: true }));
      await tick();
    }
    ([...visiblePanel(host).querySelectorAll('button')].find((b) => b.textContent === '计算') as HTMLButtonElement).click();
    const planButton = () => visiblePanel(host).querySelector<HTMLButtonElement>('button[part="plan-button"]');
    await expect.poll(() => planButton()?.disabled).toBe(false);

    planButton()?.click();
    await expect.poll(() => host.querySelector('[role="status"].gjj-loan__loading')?.textContent).toBe('正在加载还款计划…');
    expect(host.querySelector('dialog')).toBeNull();

    load.resolve(extras);
    await expect.poll(() => host.querySelector('dialog')?.open).toBe(true);
    expect(host.querySelector('dialog h2')?.textContent).toBe('还款计划（公积金贷款）');
    expect(host.querySelector('.gjj-loan__loading')).toBeNull();
  });
});
