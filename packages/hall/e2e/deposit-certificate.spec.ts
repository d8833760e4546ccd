import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, signIn } from './support';

// 缴存证明打印 (issue 24 item 3; docs/api-personal.md › 缴存证明): 张三 issues a certificate for his first account, the
// PDF downloads and reads back (pdftotext; rendered with pdftoppm), its QR leads to the public page /jczmVerify, which
// says it is valid; once revoked it says 已作废; an aged one (the development call moves its dates back) 已过期.
// Certificates are 张三's own new rows: nothing another spec reads changes.

test.describe.configure({ mode: 'serial' });

const SCREENS = process.env.GJJ_SCREENSHOTS;
const PATH = '/home.html#/grwt/zhxx/zhcx/jczm';

async function shots(page: Page, name: string) {
  if (!SCREENS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
}

/** The month `n` months before this one (centre time), YYYY-MM. */
function monthsAgo(n: number): string {
  const now = new Date(Date.now() + 8 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1));
  return d.toISOString().slice(0, 7);
}

test('张三 issues a certificate, reads the PDF, checks it through its QR; revoked it says 已作废, aged 已过期', async ({ page, browser, baseURL }) => {
  // One walk through two browsers, two PDFs and three renderings: about 20 s alone, more beside other specs.
  test.setTimeout(90_000);
  const problems = watchProblems(page);
  await signIn(page, DEMO.personal);
  await dismissPrompts(page);
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: '缴存证明打印' })).toBeVisible();

  // Both accounts to choose from; the first chosen, the last 12 months proposed.
  const form = page.getByRole('form', { name: '出具缴存证明' });
  await expect(form.getByRole('radio')).toHaveCount(2);
  await expect(form.getByRole('radio', { name: /201000000101/ })).toBeChecked();
  await expect(form.getByLabel('起始月份')).toHaveValue(monthsAgo(11));
  await expect(form.getByLabel('截止月份')).toHaveValue(monthsAgo(0));
  await expect(form.getByLabel('起始月份')).toHaveAttribute('min', '2015-11');
  await expectNoAxeViolations(page);
  await shots(page, 'jczm-form');

  // A period the page refuses before sending: the start after the end.
  await form.getByLabel('起始月份').fill(monthsAgo(0));
  await form.getByLabel('截止月份').fill(monthsAgo(1));
  await form.getByRole('button', { name: '生成缴存证明' }).click();
  await expect(form.getByText('起始月份不能晚于截止月份')).toBeVisible();
  await expect(form.getByLabel('起始月份')).toBeFocused();

  const from = monthsAgo(5);
  const to = monthsAgo(0);
  await form.getByLabel('起始月份').fill(from);
  await form.getByLabel('截止月份').fill(to);
  await form.getByLabel('证明用途（可选）').selectOption('租房');
  const downloading = page.waitForEvent('download');
  await form.getByRole('button', { name: '生成缴存证明' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^缴存证明_JCZM\d{14}\.pdf$/);
  const issued = page.locator('.jczm-issued');
  await expect(issued.getByRole('heading', { name: '缴存证明已生成' })).toBeVisible();
  const code = ((await issued.locator('dd.jczm-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  const zmbh = download.suggestedFilename().slice(5, -4);
  const row = page.getByRole('row').filter({ hasText: zmbh });
  await expect(row.getByText('有效', { exact: true })).toBeVisible();

  // The PDF: its text, its picture (pdftoppm, 80 dpi), and its QR.
  const dir = mkdtempSync(join(tmpdir(), 'jczm-e2e-'));
  const file = join(dir, 'jczm.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  const month = (ym: string) => `${ym.slice(0, 4)}年${ym.slice(5, 7)}月`;
  for (const words of ['住房公积金缴存证明', '示范市住房公积金管理中心', '张三', '110***********2316', '201000000101', `${month(from)}至${month(to)}共 6 个月`, `验证码：${code}`, zmbh, '用于租房']) {
    expect(text).toContain(words);
  }
  expect(text).not.toContain('110101199003072316');
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, join(dir, 'jczm-80')]);
  const picture = PNG.sync.read(readFileSync(join(dir, 'jczm-80.png')));
  // A4 at 80 dpi: 661.4 × 935.4 px, rounded either way.
  expect([Math.abs(picture.width - 661.4), Math.abs(picture.height - 935.4)].every((d) => d < 1)).toBe(true);
  if (SCREENS) execFileSync('cp', [join(dir, 'jczm-80.png'), `${SCREENS}/jczm-pdf-80.png`]);
  // The QR read as a phone's camera would, from a sharper rendering.
  execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', file, join(dir, 'jczm-150')]);
  const sharp = PNG.sync.read(readFileSync(join(dir, 'jczm-150.png')));
  const link = jsQR(new Uint8ClampedArray(sharp.data), sharp.width, sharp.height)?.data ?? '';
  expect(link).toBe(`${baseURL}/home.html#/jczmVerify?code=${code.replace(/-/g, '')}`);

  // The verifier's phone: no session.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  const phoneProblems = watchProblems(phone);
  await phone.goto(link);
  const verdict = phone.getByRole('status').filter({ hasText: /该缴存证明/ });
  await expect(verdict).toHaveText('该缴存证明真实有效');
  const facts = phone.locator('.jczm-verify__facts');
  await expect(facts).toContainText('张*');
  await expect(facts).toContainText('110***********2316');
  await expect(facts).toContainText('2010****0101');
  await expect(facts).toContainText(`${month(from)}至${month(to)}，共 6 个月`);
  await expect(facts).not.toContainText('张三');
  await expectNoAxeViolations(phone);
  await shots(phone, 'jczm-verify-valid');

  // A code typed wrong says the same as one that does not exist.
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.getByLabel('验证码').fill('ABCD-EFGH-JKMN-PQRS');
  await phone.getByRole('button', { name: '核验' }).click();
  await expect(phone.getByRole('status').filter({ hasText: /验证码不存在/ })).toHaveText('验证码不存在，请核对后重新输入');
  await expect(phone.locator('.jczm-verify__facts')).toHaveCount(0);

  // Revoked by its owner: the page says so, and the phone's check too.
  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole('button', { name: `作废 ${zmbh}` }).click();
  const dialog = page.getByRole('alertdialog', { name: '作废缴存证明' });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: '确定作废' }).click();
  await expect(row.getByText('已作废', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `作废 ${zmbh}` })).toHaveCount(0);
  await shots(page, 'jczm-list');
  await phone.goto(link);
  await expect(phone.getByRole('status').filter({ hasText: /该缴存证明/ })).toHaveText('该缴存证明已作废');
  await expect(phone.getByLabel('验证码')).toHaveValue(code.replace(/-/g, ''));
  await expect(phone.locator('.jczm-verify__facts')).not.toContainText('张*');
  await expectNoAxeViolations(phone);
  await shots(phone, 'jczm-verify-revoked');

  // Another one, aged past its last valid day: 已过期.
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('radio', { name: /201000000188/ }).check();
  const second = page.waitForEvent('download');
  await form.getByRole('button', { name: '生成缴存证明' }).click();
  await second;
  const secondCode = ((await issued.locator('dd.jczm-code').textContent()) ?? '').trim();
  expect(secondCode).not.toBe(code);
  const aged = await page.request.post(`${baseURL}/dev/jczm/age`, { data: { code: secondCode, days: 120 } });
  expect(aged.ok()).toBe(true);
  await phone.goto(`${baseURL}/home.html#/jczmVerify`);
  // The same page without the link's code: it has emptied the field (and left the link's result) before one types.
  await expect(phone.getByLabel('验证码')).toHaveValue('');
  await phone.getByLabel('验证码').fill(secondCode.toLowerCase());
  await phone.getByRole('button', { name: '核验' }).click();
  await expect(phone.getByRole('status').filter({ hasText: /该缴存证明/ })).toHaveText('该缴存证明已过期');
  await expectNoAxeViolations(phone);

  expect(problems).toEqual([]);
  expect(phoneProblems).toEqual([]);
  await context.close();
});
