import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { dismissPrompts, signIn, tokenOf, type DemoLogin } from './support';

// Flexible employment (issue 24, GJ0801–GJ0815) as 郑浩, the flexible login of seed step 17, whose account
// (201000000305) no other spec touches: the menu's flexible pages, a monthly amount adjustment, a 补缴 read back
// through the API, 封存 then 启封. One sign-in; the rules row by row are the server's tests (flexible.test.ts).

const ZHENG: DemoLogin = { type: '个人', account: '370102199302145532', name: '郑浩', home: '/grwt/home', screens: [] };
const BASE = '/grwt/zhxx/lhjyryyw';
const shot = (name: string) => (process.env.GJJ_SCREENS ? `${process.env.GJJ_SCREENS}/${name}` : test.info().outputPath(name));

interface Info {
  grzhztmc: string;
  yjce: string;
  unpaid: Array<{ period: string }>;
  payments: Array<{ period: string; kind: string; kindName: string; amount: string; ywbh: string }>;
}
async function lhjyInfo(page: Page): Promise<Info> {
  const response = await page.request.get(`${new URL(page.url()).origin}/api/izfgjj-zhfw/v1/lhjy/info`, { headers: { token: await tokenOf(page), client: 'pc' } });
  return ((await response.json()) as { data: Info }).data;
}

async function screens(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot(`flexible-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shot(`flexible-${name}-1280.png`), fullPage: true });
}

/** The wizard on screen: the shell keeps pages left alive (hidden), so every look is scoped to the visible one. */
const wizard = (page: Page) => page.locator('section.wizard:visible');

/** Opens a flexible page, agrees to its notice and goes past the guide to the first form step. */
async function open(page: Page, path: string, title: string) {
  await page.goto(`/home.html#${BASE}/${path}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const notice = page.getByRole('dialog', { name: '用户办理须知' });
  await notice.getByLabel('我已阅读并同意上述条款约定').check();
  await notice.getByRole('button', { name: /^确认/ }).click({ timeout: 15_000 });
  await expect(notice).toBeHidden();
  await expect(wizard(page).locator('.wizard__heading')).toContainText('办事指南');
  await expectNoAxeViolations(page);
  await wizard(page).getByRole('button', { name: '下一步' }).click();
}

/** From the last form step: no materials, the check, submit; waits for the confirmation. */
async function submitWithoutMaterials(page: Page) {
  await wizard(page).getByRole('button', { name: '下一步' }).click();
  await expect(wizard(page).getByText('本次办理无需提供材料')).toBeVisible();
  await wizard(page).getByRole('button', { name: '下一步' }).click();
  await expect(wizard(page).locator('.wizard__heading')).toContainText('核对信息');
  await expectNoAxeViolations(page);
  await wizard(page).getByRole('button', { name: '提交申请' }).click();
  await expect(wizard(page).getByText('申请已提交并已办结')).toBeVisible();
}

test('郑浩: the flexible pages in the menu, a monthly amount adjustment, a 补缴 in the journal, 封存 then 启封', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  await signIn(page, ZHENG);
  await dismissPrompts(page);

  // The menu: every flexible code of spec 2.4 has its tile.
  await page.goto('/home.html#/grwt/zhxx');
  await page.getByRole('tab', { name: '灵活就业人员业务' }).click();
  for (const title of ['灵活就业人员信息变更', '月缴存额调整', '扣款账户变更', '灵活就业人员账户封存', '灵活就业人员账户启封', '灵活就业人员账户转移', '灵活就业人员开户', '灵活就业人员补缴', '灵活就业人员财政补贴申请']) {
    await expect(page.getByRole('button', { name: new RegExp(title) })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  // 月缴存额调整: completes at once and the confirmation shows the account after it.
  await open(page, 'yjce_tz', '月缴存额调整');
  const facts = wizard(page).getByRole('region', { name: '当前账户' });
  await expect(facts).toContainText('926.00 元');
  await wizard(page).getByLabel('月缴存基数（元）', { exact: true }).fill('40000');
  await wizard(page).getByRole('button', { name: '下一步' }).click();
  await expect(wizard(page).getByText('月缴存基数须在 2200 至 33000 元之间')).toBeVisible();
  await wizard(page).getByLabel('月缴存基数（元）', { exact: true }).fill('5000');
  await wizard(page).getByLabel('缴存比例', { exact: true }).selectOption('12');
  await expect(wizard(page).getByText('月缴存额：1200.00 元')).toBeVisible();
  await expectNoAxeViolations(page);
  await screens(page, 'yjce-form');
  await submitWithoutMaterials(page);
  await expect(wizard(page).getByRole('region', { name: '调整后的账户' })).toContainText('1200.00 元');
  await expectNoAxeViolations(page);
  await screens(page, 'yjce-done');

  // 补缴: the first unpaid month, posted to the journal at the new monthly amount.
  const before = await lhjyInfo(page);
  expect(before.yjce).toBe('1200.00');
  const month = before.unpaid[0]!.period;
  await open(page, 'lhjyry_ybj', '灵活就业人员补缴');
  await wizard(page).getByRole('checkbox', { name: new RegExp(`${month.slice(0, 4)} 年 ${Number(month.slice(4))} 月`) }).check();
  await expect(wizard(page).getByText(/补缴 1 个月，合计 1200\.00 元/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screens(page, 'ybj-form');
  await submitWithoutMaterials(page);
  await expect(wizard(page).getByRole('table', { name: '最近缴存记录' })).toContainText('补缴');
  const after = await lhjyInfo(page);
  expect(after.payments[0]).toMatchObject({ period: month, kind: '02', kindName: '补缴', amount: '1200.00' });
  expect(after.unpaid.map((u) => u.period)).not.toContain(month);

  // 封存, then 启封.
  await open(page, 'lhjy_fc', '灵活就业人员账户封存');
  await wizard(page).getByLabel('封存原因', { exact: true }).selectOption('01');
  await expectNoAxeViolations(page);
  await submitWithoutMaterials(page);
  await expect(wizard(page).getByRole('region', { name: '封存后的账户' })).toContainText('封存');
  expect((await lhjyInfo(page)).grzhztmc).toBe('封存');

  await open(page, 'lhjy_qf', '灵活就业人员账户启封');
  await expect(wizard(page).getByRole('region', { name: '当前账户' })).toContainText('封存');
  await submitWithoutMaterials(page);
  await expect(wizard(page).getByRole('region', { name: '启封后的账户' })).toContainText('正常');
  await expectNoAxeViolations(page);
  expect((await lhjyInfo(page)).grzhztmc).toBe('正常');
  expect(problems).toEqual([]);
});
