// 关怀模式 (care mode, docs/care-mode.md) in the built hall: the header's switch turns it on, the choice survives a
// reload and sign-in, and the pages a person meets (sign-in, the signed-in home, the calculator) keep its promises at
// 390 px: axe with 7:1 contrast, text of 18 px and more, line height 1.3 and more, targets of 44 × 44 px.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from '../../../test/support/e2e';
import { careProblems } from '../../../test/support/care';
import { dismissPrompts, submitLogin, openLogin, DEMO } from './support';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// careProblems is self-contained, so Playwright can send it to the page; there it checks the document with window.axe.
const inPage = careProblems as unknown as () => Promise<string[]>;

async function expectCare(page: Page): Promise<void> {
  await page.evaluate(axeSource);
  expect(await page.evaluate(inPage)).toEqual([]);
}

const careSwitch = (page: Page) => page.getByRole('button', { name: '关怀模式' });

test.describe('care mode (关怀模式)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header switch turns it on; it stays on after a reload and after sign-in, and off when turned off', async ({ page }) => {
    await page.goto('/home.html#/login');
    await expect(page.getByRole('heading', { level: 1, name: '用户登录' })).toBeVisible();
    await expect(careSwitch(page)).toHaveAttribute('aria-pressed', 'false');
    const bodySize = () => page.evaluate(() => getComputedStyle(document.body).fontSize);
    expect(await bodySize()).toBe('14px');
    // The checks below find what care mode changes: the normal page has smaller text and less contrast.
    await page.evaluate(axeSource);
    const normal = await page.evaluate(inPage);
    expect(normal.filter((p) => p.startsWith('text under 18 px'))).not.toEqual([]);
    expect(normal.filter((p) => p.startsWith('color-contrast-enhanced'))).not.toEqual([]);

    await careSwitch(page).click();
    await expect(careSwitch(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-care', '');
    expect(await bodySize()).toBe('18px');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '用户登录' })).toBeVisible();
    await expect(careSwitch(page)).toHaveAttribute('aria-pressed', 'true');
    expect(await bodySize()).toBe('18px');
    await expectCare(page);

    const uuid = await openLogin(page);
    await submitLogin(page, DEMO.personal, uuid);
    await expect(page).toHaveURL(/#\/grwt\/home$/);
    await dismissPrompts(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('tab').first()).toBeVisible();
    await expect(careSwitch(page)).toHaveAttribute('aria-pressed', 'true');
    await expectCare(page);

    await careSwitch(page).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-care');
    await page.reload();
    await expect(careSwitch(page)).toHaveAttribute('aria-pressed', 'false');
    expect(await bodySize()).toBe('14px');
  });

  test('the calculator page in care mode, with a result, at 390 px', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('gjj-care-mode', '1'));
    await page.goto('/home.html#/dkcs');
    const amount = page.getByLabel('贷款金额（万元）').first();
    await amount.fill('100');
    await page.getByLabel('贷款期限（月）').first().fill('240');
    await page.getByRole('button', { name: '计算' }).first().click();
    await expect(page.locator('.gjj-loan__money').first()).not.toHaveText('0.00');
    await expectCare(page);
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  // Screenshots to look at (docs/care-mode.md): GJJ_SHOTS=<dir> npx playwright test packages/hall/e2e/care-mode.spec.ts
  test('screenshots of the sign-in page, the signed-in home and the calculator in care mode, at 390 and 1280 px', async ({ page }) => {
    const dir = process.env.GJJ_SHOTS;
    test.skip(!dir, 'GJJ_SHOTS not set');
    // The header with the switch in the normal mode too.
    await page.goto('/home.html#/login');
    await expect(page.getByRole('heading', { level: 1, name: '用户登录' })).toBeVisible();
    await page.screenshot({ path: `${dir}/normal-login-390.png` });
    await page.addInitScript(() => localStorage.setItem('gjj-care-mode', '1'));
    const shoot = async (name: string) => {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.screenshot({ path: `${dir}/care-${name}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 390, height: 844 });
    };
    await page.goto('/home.html#/dkcs');
    await page.getByLabel('贷款金额（万元）').first().fill('100');
    await page.getByLabel('贷款期限（月）').first().fill('240');
    await page.getByRole('button', { name: '计算' }).first().click();
    await expect(page.locator('.gjj-loan__money').first()).not.toHaveText('0.00');
    await shoot('calculator');
    const uuid = await openLogin(page);
    await shoot('login');
    await submitLogin(page, DEMO.personal, uuid);
    await dismissPrompts(page);
    await expect(page.getByRole('tab').first()).toBeVisible();
    await shoot('home');
  });
});
