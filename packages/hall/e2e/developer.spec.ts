import type { Page } from '@playwright/test';
import { seededDataDir } from '../../../test/support/e2e-data';
import { startServer } from '../../../test/support/server-process';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, expectWizardStep, materialPng, signIn } from './support';

// 示例置业 registers a project (楼盘信息登记, KH0201) through the wizard (a price range the wrong way round refused on
// the page first), sees it waiting in 楼盘信息查询, the centre accepts and completes it through its API, and the project
// is then approved in the list and published on /cooperation (docs/api-developer.md). On a server of this file's own:
// the partner list's count is content.spec.ts's on the shared one. Then 保证金查询 (seed step 67). axe at each step,
// at 1280 and 390 px.

const LIST = '/kfswt/cx_yw/xx_cx/lpxx_cx';
const NAME = '示例·观澜苑';
const shot = (name: string) => (process.env.GJJ_SCREENS ? `${process.env.GJJ_SCREENS}/${name}` : test.info().outputPath(name));

async function centre(url: string, path: string, body: object): Promise<void> {
  const res = await fetch(`${url}/api/centre/v1${path}`, {
    method: 'POST',
    headers: { 'x-centre-key': process.env.GJJ_E2E_CENTRE_KEY ?? '', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string };
  expect(json.code, json.msg).toBe(0);
}

async function axeAtBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a developer registers a project, the centre approves it, it shows on /cooperation', async ({ browser }) => {
  test.setTimeout(240_000);
  const server = await startServer({ dataDir: seededDataDir('gjj-e2e-developer-') });
  // The support's captcha and outbox readers ask the server of GJJ_E2E_URL: this spec's own, while it runs.
  const shared = process.env.GJJ_E2E_URL;
  process.env.GJJ_E2E_URL = server.url;
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signIn(page, DEMO.developer);
    await dismissPrompts(page);

    // The list: three approved projects and the pending one (seed steps 19, 30, 65).
    await page.goto(`/home.html#${LIST}`);
    await expect(page.getByRole('heading', { level: 1, name: '楼盘信息查询' })).toBeVisible();
    const table = page.getByRole('table', { name: '本开发商的楼盘' });
    await expect(table.getByRole('row', { name: /示例·云栖府（三期）/ })).toContainText('待审核');
    await expect(table.getByRole('row', { name: /示例·云栖府（一期）/ })).toContainText('已通过');
    await axeAtBothWidths(page);

    // 登记新楼盘: the notice, the guide, the two form steps.
    await page.getByRole('link', { name: '登记新楼盘' }).click();
    const notice = page.getByRole('dialog', { name: '用户办理须知' });
    await expect(notice).toContainText('阶段性担保');
    await notice.getByLabel('我已阅读并同意上述条款约定').check();
    await notice.getByRole('button', { name: /^确认/ }).click({ timeout: 15_000 });
    await expectWizardStep(page, 1, '办事指南');
    await page.getByRole('button', { name: '下一步' }).click();

    await expectWizardStep(page, 2, '楼盘信息');
    await page.getByLabel('楼盘名称', { exact: true }).fill(NAME);
    await page.getByLabel('所在区域', { exact: true }).fill('历下区');
    await page.getByLabel('楼盘地址', { exact: true }).fill('示范市历下区观澜路 18 号');
    await page.getByLabel('预售许可证号', { exact: true }).fill('示房预售证第2026101号、示房预售证第2026102号');
    await page.getByLabel('楼栋', { exact: true }).fill('1号楼、2号楼');
    await page.getByLabel('总套数', { exact: true }).fill('260');
    await page.getByLabel('开盘时间', { exact: true }).fill('2026-12-20');
    await axeAtBothWidths(page);
    await page.getByRole('button', { name: '下一步' }).click();

    // The price range the wrong way round: the page says so, under the field, and keeps what was typed.
    await expectWizardStep(page, 3, '价格、担保与监管账户');
    await page.getByLabel('参考价格最低（元/平方米）', { exact: true }).fill('21500');
    await page.getByLabel('参考价格最高（元/平方米）', { exact: true }).fill('18000');
    await page.getByLabel('阶段性担保', { exact: true }).selectOption('1');
    await page.getByLabel('监管银行', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('预售资金监管账号', { exact: true }).fill('1602012309000999001');
    await page.getByLabel('售楼电话', { exact: true }).fill('0531-88009001');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.locator('.field__error', { hasText: '参考价格的最高价不能低于最低价' })).toBeVisible();
    await expect(page.getByLabel('预售资金监管账号', { exact: true })).toHaveValue('1602012309000999001');
    await axeAtBothWidths(page);
    await page.getByLabel('参考价格最低（元/平方米）', { exact: true }).fill('18000');
    await page.getByLabel('参考价格最高（元/平方米）', { exact: true }).fill('21500');
    await page.getByRole('button', { name: '下一步' }).click();

    await expectWizardStep(page, 4, '申请材料');
    for (const label of ['上传商品房预售许可证', '上传预售资金监管协议']) {
      await page.getByLabel(label, { exact: true }).setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: materialPng([160, 90, 30]) });
    }
    await expect(page.locator('.archive-file[data-file-id]')).toHaveCount(2);
    await page.getByRole('button', { name: '下一步' }).click();

    await expectWizardStep(page, 5, '核对信息');
    await expect(page.locator('.wizard-check')).toContainText(NAME);
    await expect(page.locator('.wizard-check')).toContainText('18000-21500 元/平方米');
    await axeAtBothWidths(page);
    await page.getByRole('button', { name: '提交申请' }).click();
    await expectWizardStep(page, 6, '办理完成');
    const ywbh = ((await page.locator('.wizard-done__ywbh').textContent()) ?? '').trim();
    expect(ywbh).toMatch(/^KH0201\d{16}$/);
    await page.screenshot({ path: shot('developer-registered-1280.png'), fullPage: true });

    // Waiting: in the developer's list, not on the partner list.
    await page.goto(`/home.html#${LIST}`);
    await page.reload();
    await expect(table.getByRole('row', { name: new RegExp(NAME) })).toContainText('待审核');
    await page.goto('/home.html#/cooperation');
    await expect(page.getByRole('table', { name: '合作楼盘列表' })).toBeVisible();
    await expect(page.getByRole('table', { name: '合作楼盘列表' }).getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);

    // The centre accepts and completes it: approved, and on /cooperation with its permits and escrow bank.
    await centre(server.url, `/applications/${ywbh}/accept`, { operator: '王审核' });
    await centre(server.url, `/applications/${ywbh}/complete`, { operator: '王审核' });
    await page.goto(`/home.html#${LIST}`);
    await page.reload();
    const row = table.getByRole('row', { name: new RegExp(NAME) });
    await expect(row).toContainText('已通过');
    await expect(row.getByRole('link', { name: `变更${NAME}` })).toBeVisible();
    await axeAtBothWidths(page);

    await page.goto('/home.html#/cooperation');
    const partner = page.getByRole('table', { name: '合作楼盘列表' }).getByRole('row', { name: new RegExp(NAME) });
    await expect(partner).toContainText('示例置业发展有限公司');
    await expect(partner).toContainText('示房预售证第2026101号、示房预售证第2026102号');
    await axeAtBothWidths(page);
    await page.screenshot({ path: shot('developer-cooperation-1280.png'), fullPage: true });

    // 保证金查询: the balance, and 刘安居's guaranteed loan holding its share (seed step 67), his name masked.
    await page.goto('/home.html#/kfswt/cx_yw/xx_cx/bzj_cx');
    await expect(page.getByRole('heading', { level: 1, name: '保证金查询' })).toBeVisible();
    await expect(page.locator('.developer-facts')).toContainText('25,000.00 元');
    const deposit = page.getByRole('table', { name: '担保贷款的保证金' }).getByRole('row', { name: /示例·云栖府（一期）/ });
    await expect(deposit).toContainText('刘**');
    await expect(deposit).toContainText('占用中');
    await expect(page.getByRole('button', { name: '导出 Excel' })).toBeVisible();
    await axeAtBothWidths(page);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    if (shared) process.env.GJJ_E2E_URL = shared;
    else delete process.env.GJJ_E2E_URL;
    await server.stop();
  }
});
