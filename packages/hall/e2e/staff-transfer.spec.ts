import type { Page } from '@playwright/test';
import { centreDecide } from '../../../test/support/centre';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { dismissPrompts, materialPng, signIn, tokenOf, type DemoLogin } from './support';

// 个人账户同城转移 (GJ0314, issue 24) as 程立新 (seed step 18, packages/server/src/seed/transfer.ts): his account at
// 示范市第一建筑工程有限公司 was sealed and he now works at 示范市恒通物流有限公司. No other test uses him: this file moves his
// account, and the centre completes it through its API.

const CHENG: DemoLogin = { type: '个人', account: '370102198912063011', name: '程立新', home: '/grwt/home', screens: [] };
const PATH = '/grwt/zhxx/zhxxbg/tczy';
const GRZH = '201000000501';
const OLD_UNIT = '示范市第一建筑工程有限公司';
const NEW_UNIT = { dwzh: '100200300103', dwmc: '示范市恒通物流有限公司' };
const ZHFW = '/api/izfgjj-zhfw/v1';
const shot = (name: string) => (process.env.GJJ_SCREENS ? `${process.env.GJJ_SCREENS}/${name}` : test.info().outputPath(name));

async function hallGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${new URL(page.url()).origin}${ZHFW}/${path}`, { headers: { token: await tokenOf(page), client: 'pc' } });
  return ((await response.json()) as { data: T }).data;
}

async function screens(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot(`transfer-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shot(`transfer-${name}-1280.png`), fullPage: true });
}

const heading = (page: Page) => page.locator('.wizard__heading');
async function expectStep(page: Page, n: number, title: string) {
  await expect(heading(page)).toHaveText(new RegExp(`第 ${n} 步，共 6 步：${title}$`));
  await expectNoAxeViolations(page);
}

test('a depositor moves his sealed account to his new unit; the centre completes it and the account belongs to the new unit', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  await signIn(page, CHENG);
  await dismissPrompts(page);

  await page.goto(`/home.html#${PATH}`);
  const notice = page.getByRole('dialog', { name: '用户办理须知' });
  await expect(notice).toContainText('同城转移');
  await notice.getByLabel('我已阅读并同意上述条款约定').check();
  const agree = notice.getByRole('button', { name: /^确认/ });
  await expect(agree).toBeEnabled({ timeout: 10_000 });
  await agree.click();
  await expectStep(page, 1, '办事指南');
  await expect(page.locator('.wizard-guide')).toContainText('个人账号不变');
  await page.getByRole('button', { name: '下一步' }).click();

  // His accounts: the sealed one at the old unit, with its balance.
  await expectStep(page, 2, '选择账户');
  const account = page.getByRole('radio', { name: new RegExp(`个人账号 ${GRZH}`) });
  await expect(account).toBeEnabled();
  await expect(page.locator('.transfer-account')).toContainText(OLD_UNIT);
  await expect(page.locator('.transfer-account')).toContainText('封存');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('radiogroup', { name: '选择要转移的个人账户' })).toContainText('请选择要转移的个人账户');
  await account.check();
  await screens(page, '1-account');
  await page.getByRole('button', { name: '下一步' }).click();

  // The new unit: a name that does not match is refused with the words that reveal nothing, then the right one passes.
  await expectStep(page, 3, '转入单位');
  await page.getByLabel('转入单位账号', { exact: true }).fill(NEW_UNIT.dwzh);
  await page.getByLabel('转入单位名称', { exact: true }).fill('恒通物流');
  await page.getByLabel('转移原因', { exact: true }).selectOption('01');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.locator('.field__error').first()).toHaveText('转入单位账号与单位名称不一致，或该单位未在本中心开户，请向新单位经办人核实后重新填写');
  await expect(page.getByLabel('转入单位账号', { exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
  await screens(page, '2-unit');
  await page.getByLabel('转入单位名称', { exact: true }).fill(NEW_UNIT.dwmc);
  // The answer concerned the name as much as the number: correcting the name clears it.
  await expect(page.locator('.field__error').first()).toHaveText('');
  await page.getByRole('button', { name: '下一步' }).click();

  // The reason calls for the contract (or offer letter).
  await expectStep(page, 4, '申请材料');
  const collector = page.locator('.archive-item[data-clbh="LDHT"]');
  await expect(collector).toBeVisible();
  await page.getByLabel('上传劳动合同或录用证明', { exact: true }).setInputFiles({ name: '劳动合同.png', mimeType: 'image/png', buffer: materialPng() });
  await expect(collector.locator('.archive-file[data-file-id]')).toHaveCount(1);
  await page.getByRole('button', { name: '下一步' }).click();

  await expectStep(page, 5, '核对信息');
  const check = page.locator('.wizard-check');
  await expect(check).toContainText(`${GRZH}（${OLD_UNIT}）`);
  await expect(check).toContainText(`${NEW_UNIT.dwmc}（单位账号 ${NEW_UNIT.dwzh}）`);
  await expect(check).toContainText('工作调动');
  await expect(check.locator('.wizard-check__uploaded')).toHaveText('劳动合同或录用证明：1 个文件');
  await screens(page, '3-check');
  await page.getByRole('button', { name: '提交申请' }).click();

  await expectStep(page, 6, '办理完成');
  const ywbh = (await page.locator('.wizard-done__ywbh').textContent()) ?? '';
  expect(ywbh).toMatch(/^GJ0314\d{16}$/);
  await expect(page.locator('.wizard-done')).toContainText('已提交');
  await expect(page.locator('.wizard-done')).toContainText('个人账号不变');
  await screens(page, '4-done');
  // Nothing moves before the centre decides.
  expect((await hallGet<{ dwmc: string }>(page, 'grxx/loginGrxx')).dwmc).toBe(OLD_UNIT);

  await centreDecide('accept', ywbh);
  expect((await centreDecide('complete', ywbh)).zt).toBe('03');
  const info = await hallGet<{ grzh: string; dwmc: string; grzhzt: string }>(page, 'grxx/loginGrxx');
  expect([info.grzh, info.dwmc, info.grzhzt]).toEqual([GRZH, NEW_UNIT.dwmc, '01']);
  const accounts = await hallGet<Array<{ grzh: string; dwmc: string; ztmc: string }>>(page, 'grzy/accounts');
  expect(accounts.map((a) => [a.grzh, a.dwmc, a.ztmc])).toEqual([[GRZH, NEW_UNIT.dwmc, '正常']]);
  // The refused check of the wrong name is a 400 the browser logs; nothing else went wrong.
  expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
});
