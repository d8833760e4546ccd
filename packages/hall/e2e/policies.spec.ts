import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';

// The seeded policies (packages/server/src/seed/public.ts, step 7) are fixed content no test changes: 33, two of them
// withdrawn, so 31 published, newest first.
const NEWEST = '关于调整2026年度住房公积金缴存基数上下限的通知';
const UNSAFE_TITLE = '关于住房公积金业务“跨省通办”事项清单的通知';
const WITHDRAWN_TITLE = '关于购买自住住房提取住房公积金的办理指南';
const LAST = '关于开发商楼盘申请住房公积金贷款合作的规定';

const list = (page: Page) => page.getByRole('main').getByRole('list').filter({ has: page.locator('.gjj-policy-list__item') });
const titles = (page: Page) => page.locator('.gjj-policy-list__link');
const count = (page: Page) => page.locator('.gjj-policy-list__total');
const pager = (page: Page) => page.getByRole('navigation', { name: '政策列表分页' });

test.describe('/policyInfo and /policyDetail', () => {
  test('the list shows the published policies with the total, pages by number and size, and passes axe', async ({ page }) => {
    await page.goto('/home.html#/policyInfo');
    await expect(page).toHaveTitle('政策信息 - 网上业务大厅');
    await expect(page.getByRole('heading', { level: 1, name: '政策信息' })).toBeVisible();
    await expect(count(page)).toHaveText('共 31 条');
    await expect(titles(page)).toHaveCount(20);
    await expect(titles(page).first()).toHaveText(NEWEST);
    await expect(list(page).getByRole('listitem')).toHaveCount(20);
    await expect(page.getByText(WITHDRAWN_TITLE)).toHaveCount(0);
    await expect(pager(page).getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);

    // Page 2 has the other 11 rows, none of page 1's, and the address keeps the page.
    const first = await titles(page).allTextContents();
    await pager(page).getByRole('button', { name: '下一页' }).click();
    await expect(titles(page)).toHaveCount(11);
    await expect(page).toHaveURL(/#\/policyInfo\?page=2$/);
    expect((await titles(page).allTextContents()).filter((t) => first.includes(t))).toEqual([]);
    await expect(titles(page).last()).toHaveText(LAST);

    // A new size starts at page 1.
    await pager(page).getByLabel('每页条数').selectOption('10');
    await expect(titles(page)).toHaveCount(10);
    await expect(page).toHaveURL(/#\/policyInfo\?size=10$/);
    await expect(pager(page).getByRole('button', { name: /^第 \d+ 页$/ })).toHaveText(['1', '2', '3', '4']);
    await pager(page).getByRole('button', { name: '第 4 页' }).click();
    await expect(titles(page)).toHaveText([LAST]);
  });

  test('searching by keyword (Enter) and filtering by category return the right rows; nothing matching says 暂无数据', async ({ page }) => {
    await page.goto('/home.html#/policyInfo');
    await expect(count(page)).toHaveText('共 31 条');

    const keyword = page.getByRole('search', { name: '政策检索' }).getByLabel('政策标题');
    await keyword.fill('跨省通办');
    await keyword.press('Enter');
    await expect(titles(page)).toHaveText([UNSAFE_TITLE]);
    await expect(count(page)).toHaveText('共 1 条');
    await expect(page).toHaveURL(/keyword=%E8%B7%A8%E7%9C%81%E9%80%9A%E5%8A%9E/);

    await keyword.fill('提取');
    await page.getByRole('button', { name: '查询' }).click();
    await expect(count(page)).toHaveText('共 6 条');
    for (const title of await titles(page).allTextContents()) expect(title).toContain('提取');

    // 提取 among the loan policies: none.
    await page.getByRole('group', { name: '政策分类' }).getByRole('button', { name: /^贷款政策/ }).click();
    await expect(page.locator('.gjj-policy-list__empty')).toHaveText('暂无数据');
    await expect(count(page)).toHaveText('共 0 条');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: '重置' }).click();
    await expect(count(page)).toHaveText('共 31 条');
    await expect(keyword).toHaveValue('');

    const loans = page.getByRole('group', { name: '政策分类' }).getByRole('button', { name: /^贷款政策/ });
    await expect(loans).toHaveText('贷款政策（9）');
    await loans.click();
    await expect(loans).toHaveAttribute('aria-pressed', 'true');
    await expect(count(page)).toHaveText('共 9 条');
    await expect(page.locator('.gjj-policy-list__tag')).toHaveText(Array(9).fill('贷款政策'));
    await expect(page).toHaveURL(/category=dkzc/);
  });

  test('a policy opens at /policyDetail, and Back returns to the same search, category and page', async ({ page }) => {
    await page.goto('/home.html#/policyInfo?keyword=%E8%B4%B7%E6%AC%BE&category=dkzc&size=10');
    await expect(page.getByLabel('政策标题')).toHaveValue('贷款');
    await expect(count(page)).toHaveText(/^共 [1-9] 条$/);
    const total = await count(page).textContent();
    for (const t of await titles(page).allTextContents()) expect(t).toContain('贷款');

    await titles(page).first().click();
    await expect(page).toHaveURL(/#\/policyDetail\?id=\d+$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('贷款');
    await expect(page).toHaveTitle(`${await heading.textContent()} - 网上业务大厅`);
    await expect(page.getByRole('main')).toContainText('文号');
    await expect(page.getByRole('main')).toContainText('发布日期');
    await expect(page.getByRole('main')).toContainText('贷款政策');
    await expect(page.locator('.rich-text')).toContainText('本通知自发布之日起施行');
    await expectNoAxeViolations(page);

    await page.goBack();
    await expect(page).toHaveURL(/#\/policyInfo\?keyword=%E8%B4%B7%E6%AC%BE&category=dkzc&size=10$/);
    await expect(page.getByLabel('政策标题')).toHaveValue('贷款');
    await expect(count(page)).toHaveText(total ?? '');
    await expect(page.getByRole('group', { name: '政策分类' }).getByRole('button', { name: /^贷款政策/ })).toHaveAttribute('aria-pressed', 'true');
    // Focus is back on the policy's link, so a keyboard user keeps their place.
    await expect(titles(page).first()).toBeFocused();

    // The breadcrumb's link goes back to the same page of the list too.
    await page.goto('/home.html#/policyInfo?size=10');
    await pager(page).getByRole('button', { name: '第 4 页' }).click();
    await expect(titles(page)).toHaveText([LAST]);
    await titles(page).first().click();
    await expect(page.getByRole('heading', { level: 1, name: LAST })).toBeVisible();
    await page.getByRole('navigation', { name: '当前位置' }).getByRole('link', { name: '政策信息' }).click();
    await expect(page).toHaveURL(/#\/policyInfo\?size=10&page=4$/);
    await expect(titles(page)).toHaveText([LAST]);
  });

  test('unknown, withdrawn and missing policies get a clear Chinese message', async ({ page }) => {
    await page.goto('/home.html#/policyDetail?id=999999');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('该政策不存在');
    await expect(page.getByRole('heading', { level: 1, name: '政策详情' })).toBeVisible();
    await expectNoAxeViolations(page);

    // A withdrawn one (not listed, so its id is a gap in the listed ids): the server's 410 message, and no retry offered.
    const withdrawn = await findWithdrawnId(page);
    await page.goto(`/home.html#/policyDetail?id=${withdrawn}`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('该政策已撤回，不再公开');
    await expect(page.getByRole('main').getByRole('button', { name: '重新加载' })).toHaveCount(0);

    await page.goto('/home.html#/policyDetail');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('缺少政策编号');
    await page.getByRole('link', { name: '返回政策列表' }).click();
    await expect(page).toHaveURL(/#\/policyInfo$/);
    await expect(count(page)).toHaveText('共 31 条');
  });

  test('the unsafe policy renders without running any of its payloads, whatever is hovered or clicked', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/home.html#/policyInfo?keyword=%E8%B7%A8%E7%9C%81%E9%80%9A%E5%8A%9E');
    await expect(titles(page)).toHaveText([UNSAFE_TITLE]);
    await titles(page).first().hover();
    await titles(page).first().click();
    await expect(page.getByRole('heading', { level: 1, name: UNSAFE_TITLE })).toBeVisible();
    const body = page.locator('.rich-text');
    await expect(body).toContainText('本通知自发布之日起施行');
    expect(await body.locator('script, iframe').count()).toBe(0);
    expect(await body.innerHTML()).not.toMatch(/\son\w+=|javascript:/i);
    expect(await page.evaluate(() => (window as { __policyXss?: unknown }).__policyXss)).toBeUndefined();

    // Hover and click everything the payloads hung on: the image, the link, the paragraphs.
    for (const target of await body.locator('p, a, img').all()) {
      await target.hover();
      await target.click({ force: true });
    }
    await expect(page).toHaveURL(/#\/policyDetail\?id=\d+$/);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __policyXss?: unknown }).__policyXss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await expectNoAxeViolations(page);
  });
});

/** The id of a withdrawn policy: the published ones are listed, so the gap in their ids is a withdrawn one. */
async function findWithdrawnId(page: Page): Promise<string> {
  const answer = await page.request.get('/api/izfgjj-zhfw/v1/zcxx/getList?pageNum=1&pageSize=50');
  const ids = new Set(((await answer.json()) as { data: { list: Array<{ id: string }> } }).data.list.map((p) => Number(p.id)));
  const max = Math.max(...ids);
  for (let id = 1; id <= max; id += 1) if (!ids.has(id)) return String(id);
  throw new Error('no withdrawn policy found');
}
