import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, signIn, tokenOf } from './support';

// 个人明细查询 (issue 24; docs/api-personal.md) as 张三: the menu's second check (enable 10) confirmed on a phone, the
// journal of the default period, a longer period paged by keyset, the export (xlsx read with exceljs, CSV) equal to
// the screen's rows and summary, the other account, keyboard and axe, 390 px and 1280 px. Read only: it compares the
// screen with the export at the same moment, so movements other specs may post change nothing here.

const MENU = '个人明细查询';
const PATH = '/grwt/zhxx/zhcx/grmxcx';
const ZHFW = '/api/izfgjj-zhfw/v1';
const HEADERS = ['记账日期', '业务类型', '摘要', '收入（元）', '支出（元）', '余额（元）', '业务流水号'];

const table = (page: Page) => page.getByRole('table', { name: /^个人明细/ });

/** The body rows as their cells' text. */
const bodyRows = (page: Page) =>
  table(page)
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td, th')].map((c) => (c as HTMLElement).innerText.trim())));
/** The foot's rows (期初余额, 本期合计) as their cells' text. */
const footRows = (page: Page) =>
  table(page)
    .locator('tfoot tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td, th')].map((c) => (c as HTMLElement).innerText.trim())));

/** A spreadsheet value as the screen writes it: money with thousands and two decimals, signed where the column is. */
function asScreen(value: unknown, column: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'number') return String(value);
  const text = Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const signed = column === 3 || column === 4;
  return value < 0 ? `-${text}` : signed && value > 0 ? `+${text}` : text;
}

/** Opens the menu: the QR dialog of the second check, confirmed by 张三 signed in on a phone (a context of its own). */
async function openDetail(page: Page, browser: Browser, baseURL: string | undefined): Promise<void> {
  await page.getByRole('tab', { name: '账户信息' }).click();
  const qr = page.waitForResponse((r) => r.url().includes('/twoCheck/getQrCode') && r.ok());
  await page.getByRole('button', { name: new RegExp(MENU) }).click();
  const { data } = (await (await qr).json()) as { data: { codeId: string } };
  const phone = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 390, height: 844 } });
  try {
    const mobile = await phone.newPage();
    await signIn(mobile, DEMO.personal);
    await mobile.goto(`/home.html#/qrTwoCheck?codeId=${data.codeId}`);
    await mobile.getByRole('button', { name: '确认验证' }).click();
    await expect(mobile.getByText('已确认，请回到电脑上继续办理。')).toBeVisible();
  } finally {
    await phone.close();
  }
  await expect(page).toHaveURL(new RegExp(`#${PATH}`));
}

test.describe('个人明细查询', () => {
  test.slow();

  test('张三: the default period, a longer one by keyset, export equal to the screen, the other account, 390 px', async ({ page, browser, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    await openDetail(page, browser, baseURL);
    await expect(page.getByRole('heading', { level: 1, name: MENU })).toBeVisible();

    // The default period is the configured default_time (3 months) back from today, in the centre's time zone.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const search = page.getByRole('search', { name: '查询个人明细' });
    await expect(search.getByLabel('结束日期')).toHaveValue(today);
    const start = await search.getByLabel('开始日期').inputValue();
    const back = new Date(`${today}T00:00:00Z`);
    back.setUTCMonth(back.getUTCMonth() - 3);
    expect(start.slice(0, 7)).toBe(back.toISOString().slice(0, 7));
    await expect(search.getByLabel('个人账号')).toHaveValue('201000000101');
    await expect(search.getByLabel('个人账号').locator('option')).toHaveText([/^201000000101（单位缴存/, /^201000000188（灵活就业缴存/]);
    await expect(table(page).getByRole('columnheader')).toHaveText(HEADERS);
    await expect(table(page).locator('tfoot tr')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('detail-1280.png'), fullPage: true });

    // Ten years: page 1 of 20 rows, then page 2 after the cursor of the last row.
    await search.getByLabel('开始日期').fill('2015-01-01');
    const first = page.waitForResponse((r) => r.url().includes(`${ZHFW}/grmx/list`) && r.ok());
    await search.getByRole('button', { name: '查询', exact: true }).click();
    const answer = (await (await first).json()) as { data: { summary: { count: number; income: string; outgo: string; opening: string; closing: string } } };
    const summary = answer.data.summary;
    expect(summary.count).toBeGreaterThan(120);
    await expect(table(page)).toHaveAccessibleName(new RegExp(`共 ${summary.count} 笔`));
    await expect(table(page).locator('tbody tr')).toHaveCount(20);
    const page1 = await bodyRows(page);
    const foot = await footRows(page);
    expect(foot[0]![0]).toBe('期初余额');
    expect(foot[0]![5]).toBe('0.00');
    expect(foot[1]!.slice(0, 1)).toEqual([`本期合计（共 ${summary.count} 笔）`]);
    expect(foot[1]![3]).toMatch(/^\+\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(foot[1]![4]).toMatch(/^-\d{1,3}(,\d{3})*\.\d{2}$/);
    // The closing balance is the newest row's balance; money in is +, money out -, right-aligned.
    expect(foot[1]![5]).toBe(page1[0]![5]);
    for (const row of page1) expect(row[3] === '' ? row[4] : row[3]).toMatch(/^[+-]\d/);
    const money = table(page).locator('tbody tr:first-child td').nth(5);
    expect(await money.evaluate((td) => getComputedStyle(td).textAlign)).toBe('right');

    const pager = page.getByRole('navigation', { name: '个人明细分页' });
    await expect(pager).toContainText(`第 1 / ${Math.ceil(summary.count / 20)} 页`);
    const second = page.waitForResponse((r) => r.url().includes(`${ZHFW}/grmx/list`) && r.url().includes('after='));
    await pager.getByRole('button', { name: '下一页' }).click();
    expect((await second).status()).toBe(200);
    await expect(pager).toContainText('第 2 / ');
    // The page shown stays until the next has come (aria-busy), then the older rows replace it.
    await expect(table(page)).toHaveAttribute('aria-busy', 'false');
    await expect.poll(() => bodyRows(page)).not.toEqual(page1);
    const page2 = await bodyRows(page);
    expect(page2[0]![0]! <= page1[19]![0]!).toBe(true);
    expect(page2.map((r) => r[6])).not.toContain(page1[19]![6]);
    await pager.getByRole('button', { name: '上一页' }).click();
    await expect(pager).toContainText('第 1 / ');
    await expect.poll(() => bodyRows(page)).toEqual(page1);

    // Keyboard: from the account, Tab reaches every control of the page in order.
    await search.getByLabel('个人账号').focus();
    const reached: string[] = [];
    for (let i = 0; i < 24; i += 1) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() || document.activeElement?.getAttribute('aria-label') || ''));
    }
    for (const name of ['查询', '重置', '导出 Excel', '导出 CSV', '打印', '下一页']) expect(reached).toContain(name);

    // xlsx: the whole period; its first rows are the screen's page 1, its foot the screen's foot.
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 Excel' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/^个人明细_201000000101_\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await xlsx.path());
    const sheet = book.getWorksheet('个人明细')!;
    const cells = (n: number) => HEADERS.map((_, i) => sheet.getRow(n).getCell(i + 1).value);
    const headerAt = [...Array(sheet.rowCount).keys()].map((i) => i + 1).find((n) => sheet.getRow(n).getCell(1).value === '记账日期')!;
    expect(cells(headerAt)).toEqual(HEADERS);
    expect(String(sheet.getRow(headerAt - 2).getCell(1).value)).toBe(`查询期间：2015-01-01 至 ${today}`);
    expect(sheet.rowCount).toBe(headerAt + summary.count + 2);
    const exported = (n: number) => cells(n).map(asScreen);
    page1.forEach((row, i) => expect(exported(headerAt + 1 + i)).toEqual(row));
    page2.forEach((row, i) => expect(exported(headerAt + 21 + i)).toEqual(row));
    expect(exported(headerAt + summary.count + 1)).toEqual(foot[0]);
    expect(exported(headerAt + summary.count + 2)).toEqual(foot[1]);

    // CSV: the same rows and foot, UTF-8 with a BOM, amounts signed.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 CSV' }).click();
    const bytes = await readFile(await (await csvDownload).path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3)).trim().split('\r\n');
    const at = lines.indexOf(HEADERS.join(','));
    const plain = (row: string[]) => row.map((c) => c.replace(/,/g, '')).join(',');
    expect(lines.slice(at + 1, at + 21)).toEqual(page1.map(plain));
    expect(lines.slice(-2)).toEqual(foot.map(plain));

    // 打印: the page on screen under the print head (centre, title, account and period), without the toolbar.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.gjj-print-head')).toContainText('个人明细');
    await expect(page.locator('.gjj-print-head')).toContainText(`个人账号 201000000101；查询期间 2015-01-01 至 ${today}；第 1 页`);
    await expect(page.getByRole('button', { name: '导出 Excel' })).toBeHidden();
    await expect(table(page).locator('tfoot tr')).toHaveCount(2);
    await page.emulateMedia({ media: 'screen' });

    // Another login's account answers 403 whatever the page is asked (the server's rule, not the page's).
    const token = await tokenOf(page);
    for (const call of ['list', 'export']) {
      const response = await page.request.get(`${baseURL}${ZHFW}/grmx/${call}`, {
        headers: { token, client: 'pc' },
        params: { grzh: '201000000402', startTime: '2015-01-01', endTime: today, format: 'xlsx' },
      });
      expect(response.status()).toBe(403);
      expect(((await response.json()) as { msg: string }).msg).toBe('您无权查看该账户的明细');
    }

    // The flexible account: its own rows (since 2024), and a start after the end is refused before any call.
    await search.getByLabel('个人账号').selectOption('201000000188');
    await search.getByRole('button', { name: '查询', exact: true }).click();
    await expect(table(page)).toHaveAccessibleName(/^个人明细（201000000188，2015-01-01 至/);
    const flexible = await bodyRows(page);
    expect(flexible.length).toBeGreaterThan(5);
    expect(flexible.every((r) => r[0]! >= '2024-01-01')).toBe(true);
    await search.getByLabel('开始日期').fill('2026-05-01');
    await search.getByLabel('结束日期').fill('2026-04-01');
    await search.getByRole('button', { name: '查询', exact: true }).click();
    await expect(search.getByText('开始日期不能晚于结束日期')).toBeVisible();
    await expect(search.getByLabel('开始日期')).toHaveValue('2026-05-01');

    // 390 px: the rows are cards of labelled values, nothing wider than the screen.
    await search.getByRole('button', { name: '重置' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table(page).locator('tbody tr').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const card = table(page).locator('tbody tr:first-child td').nth(5);
    expect(await card.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"余额（元）"');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('detail-390.png'), fullPage: true });
  });
});
