// 关怀模式 (care mode, docs/care-mode.md) in the hall's public shell, in real Chromium at 390 px: the header's switch
// turns it on, the page then keeps every promise (axe with 7:1 contrast, text of 18 px and more, line height 1.3 and
// more, targets of 44 × 44 px), the choice is kept across a reload (the store read afresh), and turned off it is gone.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LoanCalculator } from '@gjj-hall/widgets';
import { careViolations } from '../../../../../test/support/care';
import { $careMode, CARE_MODE_KEY, setCareMode } from '../../shared/care-mode';
import { PublicLayout } from '../layout';
import '../styles.css';

const PROVIDENT = [{ llmc: '02', zxll: 2.6 }];
const COMMERCIAL = [{ llmc: '22', zxll: 3.5 }];

let root: Root | null = null;

beforeAll(async () => {
  // The public shell's calls (menu, configuration) have no server here: they fail, and the shell shows its defaults.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{"code":500,"msg":"无服务"}', { status: 500 }));
  await page.viewport(390, 844);
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <MemoryRouter initialEntries={['/dkcs']}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route
              path="/dkcs"
              element={
                <div className="page">
                  <h1>贷款计算器</h1>
                  <p className="page__lead">比较公积金贷款与商业贷款的月供和利息。</p>
                  <LoanCalculator mode="local" providentRates={PROVIDENT} commercialRates={COMMERCIAL} />
                </div>
              }
            />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
  });
});

afterAll(async () => {
  await act(async () => root?.unmount());
  setCareMode(false);
  vi.restoreAllMocks();
  await page.viewport(1280, 800);
});

beforeEach(() => setCareMode(false));

const careSwitch = () => page.getByRole('button', { name: '关怀模式' });

describe('the care mode switch in the header', () => {
  it('is off at first: the normal page has text under 18 px and contrast under 7:1', async () => {
    await expect.element(careSwitch()).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.hasAttribute('data-care')).toBe(false);
    const normal = await careViolations(document);
    expect(normal.filter((v) => v.startsWith('text under 18 px'))).not.toEqual([]);
    expect(normal.filter((v) => v.startsWith('color-contrast-enhanced'))).not.toEqual([]);
  });

  it('turns care mode on: the public shell and the calculator in it keep every promise at 390 px', async () => {
    await userEvent.click(careSwitch());
    await expect.element(careSwitch()).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.hasAttribute('data-care')).toBe(true);
    expect(getComputedStyle(document.body).fontSize).toBe('18px');
    expect(await careViolations(document)).toEqual([]);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  });

  it('is remembered: a reload (the store read afresh from storage) starts in care mode; turned off, it is forgotten', async () => {
    await userEvent.click(careSwitch());
    expect(localStorage.getItem(CARE_MODE_KEY)).toBe('1');
    vi.resetModules();
    const reloaded = await import('../../shared/care-mode');
    expect(reloaded.$careMode.get()).toBe(true);

    await userEvent.click(careSwitch());
    expect($careMode.get()).toBe(false);
    expect(document.documentElement.hasAttribute('data-care')).toBe(false);
    expect(localStorage.getItem(CARE_MODE_KEY)).toBeNull();
    vi.resetModules();
    expect((await import('../../shared/care-mode')).$careMode.get()).toBe(false);
  });
});
