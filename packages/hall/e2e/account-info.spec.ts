import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { careProblems } from '../../../test/support/care';
import { DEMO, dismissPrompts, signIn, tokenOf } from './support';
import { balanceDay, e2eCalendar as cal, lastRemitted } from '../../../test/support/demo-calendar';


// 个人账户信息 and the individual's home figures (issue 24) against the built server and its seeded records: 张三's
// two accounts with their balances, the print, the home's balance and to-do count, and the flexible-employment login's
// own account. Reads only: nothing here changes the server.

const ZHFW = '/api/izfgjj-zhfw/v1';
/** Screenshots (390 and 1280 px, the print's first page) only when GJJ_SCREENS names a folder for them: they cost time. */
const SCREENS = process.env.GJJ_SCREENS;
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage });
}

/** A call of the hall's API with the page's own token, as the user's client would make it. */
async function hallGet(page: Page, path: string): Promise<{ status: number; data: unknown }> {
  const response = await page.request.get(`${process.env.GJJ_E2E_URL}${ZHFW}/${path}`, { headers: { token: await tokenOf(page), client: 'pc' } });
  return { status: response.status(), data: ((await response.json()) as { data: unknown }).data };
}

test.describe('个人账户信息 and the home figures', () => {
  test('张三: the home shows his balance and to-do count; the page both accounts, masked, printable', async ({ page }) => {
    // One sign-in for the whole walk (home, page, phone width, print, care mode): ~15 s idle, more on a loaded machine.
    test.setTimeout(60_000);
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);

    // The home: the current (unit) account's balance and the to-do count todo/list answers.
    const figures = page.getByRole('list', { name: '账户概况' });
    await expect(figures.getByRole('listitem').filter({ hasText: '账户余额（元）' })).toContainText('86,542.35');
    const todos = ((await hallGet(page, 'todo/list')).data as unknown[]).length;
    await expect(figures.getByRole('listitem').filter({ hasText: '待办事项' })).toContainText(`${todos} 项`);
    await expect(figures.getByRole('listitem').filter({ hasText: '最近一笔资金变动' })).toContainText(balanceDay(cal)); // the demo calendar's day that left him 86,542.35
    await expect(figures.getByRole('listitem').filter({ hasText: /\d{4}年缴存额/ })).toContainText(/\d[\d,]*\.\d{2}/);
    await page.setViewportSize({ width: 390, height: 900 });
    await shoot(page, 'home-figures-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'home-figures-1280', false);

    // From the home's 账户信息 tab, as a user gets there.
    const lists: string[] = [];
    page.on('request', (r) => void (r.url().includes('/grzhxx/list') && lists.push(r.url())));
    await page.getByRole('tab', { name: '账户信息' }).click();
    await page.getByRole('button', { name: /个人账户信息$/ }).click();
    await expect(page).toHaveURL(/#\/grwt\/zhxx\/zhcx\/grzhxx$/);
    await expect(page.getByRole('heading', { level: 1, name: '个人账户信息' })).toBeVisible();
    const unit = page.getByRole('region', { name: '单位缴存账户 201000000101' });
    const flexible = page.getByRole('region', { name: '灵活就业账户 201000000188' });
    await expect(unit).toContainText('86,542.35');
    await expect(unit).toContainText('示例科技有限公司（100200300001）');
    await expect(unit).toContainText('当前账户');
    await expect(unit.getByRole('definition').filter({ hasText: '年' }).first()).toHaveText(`${lastRemitted(cal).slice(0, 4)}年${lastRemitted(cal).slice(4)}月`);
    await expect(flexible).toContainText('12,800.00');
    await expect(flexible).toContainText('正常');
    const holder = page.getByRole('region', { name: '个人基本信息' });
    await expect(holder).toContainText('110***********2316');
    await expect(holder).toContainText('138****8000');
    // Masked everywhere (spec 5.6): the full ID number and phone are nowhere on the page.
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('110101199003072316');
    expect(text).not.toContain('13800138000');
    await expectNoAxeViolations(page);
    await shoot(page, 'account-info-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoAxeViolations(page);
    await shoot(page, 'account-info-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // 打印 opens the browser's print dialog over the print stylesheet: the centre's head, no buttons.
    await page.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => void (w.printed += 1);
    });
    await page.getByRole('button', { name: '打印' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.gjj-print-head')).toContainText('示范市住房公积金管理中心');
    await expect(page.locator('.gjj-print-head')).toContainText('名下全部个人账户（2 个）');
    await expect(page.getByRole('button', { name: '打印' })).toBeHidden();
    const pdf = test.info().outputPath('account-info-print.pdf');
    await page.pdf({ path: pdf, format: 'A4', preferCSSPageSize: true });
    if (SCREENS) await promisify(execFile)('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, `${SCREENS}/account-info-print`]);
    const printed = (await promisify(execFile)('pdftotext', ['-layout', pdf, '-'])).stdout;
    expect(printed).toContain('201000000188');
    expect(printed).toContain('86,542.35');
    await page.emulateMedia({ media: 'screen' });

    // 关怀模式 at phone width (docs/care-mode.md): 7:1 contrast, text of 18 px and more, targets of 44 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '关怀模式' }).click();
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
    expect(await page.evaluate(careProblems as unknown as () => Promise<string[]>)).toEqual([]);
    await shoot(page, 'account-info-care-390');

    // Left and opened again, the page asks again (not kept alive), so a change made meanwhile shows.
    await page.getByRole('navigation', { name: '当前位置' }).getByRole('link', { name: '首页' }).click();
    await page.getByRole('tab', { name: '账户信息' }).click();
    await page.getByRole('button', { name: /个人账户信息$/ }).click();
    await expect(page.getByRole('region', { name: '单位缴存账户 201000000101' })).toBeVisible();
    expect(lists).toHaveLength(2);

    // Another person's account number answers 403 and tells nothing.
    const other = await hallGet(page, 'grzhxx/info?grzh=201000000233');
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.data ?? null)).not.toContain('5230');
  });

  test('the flexible-employment login sees their own account, and the home its figures', async ({ page }) => {
    await signIn(page, DEMO.flexible);
    await dismissPrompts(page);
    await expect(page.getByRole('list', { name: '账户概况' })).toContainText('5,230.00');
    await page.goto('/home.html#/grwt/zhxx/zhcx/grzhxx');
    const account = page.getByRole('region', { name: '灵活就业账户 201000000233' });
    await expect(account).toContainText('5,230.00');
    await expect(account).toContainText('灵活就业人员（个人缴存）');
    await expect(page.getByRole('region', { name: /缴存账户 2010/ })).toHaveCount(0);
    await expect(page.getByText('您名下共有 1 个住房公积金个人账户')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
