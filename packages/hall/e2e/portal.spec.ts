import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { answerCaptcha, DEMO, devState, dismissPrompts, signIn } from './support';
import { e2eCalendar as cal } from '../../../test/support/demo-calendar';


// Issue 23: the public home a signed-out visitor lands on, the anonymous complaint look-up, and /sysMsg/msgHome.

const SCREENS = process.env.GJJ_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
}

/** Every script the page asks for, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

const services = (page: Page) => page.getByRole('region', { name: /公共服务|相关的服务/ });

test.describe('the public home', () => {
  test('a visitor goes from home.html to the calculator, the policies and the complaint look-up without the login page', async ({ page }) => {
    const problems = watchProblems(page);
    const scripts = scriptsOf(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/home.html');
    await expect(page).toHaveURL(/#\/index$/);
    await expect(page).toHaveTitle('首页 - 网上业务大厅');
    await expect(page.getByRole('heading', { level: 1, name: '网上业务大厅' })).toBeVisible();

    // Every public service is a labelled entry; the ones that need a session say so.
    const list = services(page).getByRole('listitem');
    for (const name of ['贷款计算器', '政策信息', '贷款利率', '中心简介', '我要投诉建议', '投诉建议查询', '常用下载', '操作视频', '事项评价']) {
      await expect(services(page).getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(services(page).getByRole('link', { name: /^合作楼盘/ })).toContainText('登录后使用');
    // A sign-in entry for each kind of user and the government platform's.
    const signIns = page.getByRole('region', { name: '登录办理业务' });
    for (const name of ['个人登录', '单位登录', '开发商登录', '政务服务网登录']) await expect(signIns.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    // The latest announcement opens in place.
    const notices = page.getByRole('region', { name: '通知公告' });
    const first = notices.locator('summary').first();
    await expect(first).toContainText(`关于调整${cal.settledYear}年度住房公积金缴存基数的通知`);
    await expect(notices).not.toContainText('草稿');
    await first.click();
    await expect(notices.locator('.portal-notices__body').first()).not.toBeEmpty();
    await first.click();
    await expectNoAxeViolations(page);
    await shot(page, 'portal-home-1280');

    // Services are filtered as the visitor types.
    const search = page.getByRole('searchbox', { name: '搜索服务和政策' });
    await search.fill('月供');
    await expect(services(page)).toHaveAccessibleName('与“月供”相关的服务');
    await expect(list).toHaveCount(1);
    await services(page).getByRole('link', { name: /^贷款计算器/ }).click();
    await expect(page).toHaveURL(/#\/dkcs$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/#\/index$/);

    // 搜索 looks the policies up by title on the server.
    await page.getByRole('searchbox', { name: '搜索服务和政策' }).fill('提取');
    await page.getByRole('button', { name: '搜索' }).click();
    const results = page.getByRole('region', { name: '政策信息中与“提取”相关的' });
    await expect(results.getByRole('status')).toContainText(/共 \d+ 条/);
    const policy = results.getByRole('listitem').first().getByRole('link');
    const title = (await policy.textContent()) ?? '';
    expect(title).toContain('提取');
    await expectNoAxeViolations(page);
    await policy.click();
    await expect(page).toHaveURL(/#\/policyDetail\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title.slice(0, 10));
    // A word no title has says so.
    await page.goto('/home.html#/index');
    await page.getByRole('searchbox', { name: '搜索服务和政策' }).fill('不存在的关键字甲乙');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByRole('status').filter({ hasText: '没有标题含“不存在的关键字甲乙”的政策' })).toBeVisible();
    await expect(page.getByText('没有相关的服务，按“搜索”可在政策信息中查找。')).toBeVisible();

    // The complaint look-up, from the public home.
    await page.getByRole('searchbox', { name: '搜索服务和政策' }).fill('');
    await services(page).getByRole('link', { name: /^投诉建议查询/ }).click();
    await expect(page).toHaveURL(/#\/complaintQuery$/);
    await expect(page.getByRole('heading', { level: 1, name: '投诉建议查询' })).toBeVisible();

    expect(scripts.filter((s) => /\/(login-page|shell|session-loader)-/.test(s))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('reads at 390 px: one column, nothing wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home.html');
    await expect(page.getByRole('heading', { level: 1, name: '网上业务大厅' })).toBeVisible();
    await expect(page.getByRole('region', { name: '通知公告' }).locator('summary').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await shot(page, 'portal-home-390');
  });

  test('the login page leads back to the public home', async ({ page }) => {
    await page.goto('/home.html#/login');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/#\/index$/);
  });
});

test.describe('complaint look-up', () => {
  test('a complaint filed without signing in is looked up by its number and phone; a wrong phone hears the neutral answer', async ({ page }) => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    const nr = `希望增加周末办理时间（e2e ${Date.now().toString(36)}）`;
    await page.goto('/home.html#/complaintJYAdd');
    const form = page.getByRole('form', { name: '投诉建议' });
    await form.getByLabel('类型').selectOption({ label: '建议' });
    await form.getByLabel('责任部门').selectOption({ index: 1 });
    await form.getByLabel('意见内容').fill(nr);
    await form.getByLabel('联系电话（选填）').fill(phone);
    await form.getByRole('button', { name: '提交' }).click();
    const sqbh = ((await page.locator('[data-sqbh]').textContent()) ?? '').trim();
    expect(sqbh).toMatch(/^TS\d{14}$/);

    // The complaint page leads to the look-up.
    await page.getByRole('status').filter({ hasText: '请牢记受理编号' }).getByRole('link', { name: '投诉建议查询' }).click();
    await expect(page).toHaveURL(/#\/complaintQuery$/);
    const query = page.getByRole('form', { name: '投诉建议查询' });

    // Not answered yet.
    await query.getByLabel('受理编号').fill(sqbh);
    await query.getByLabel('联系电话').fill(phone);
    let uuid = await answerCaptcha(page, { scope: query });
    await query.getByRole('button', { name: '查询' }).click();
    const result = page.getByRole('region', { name: new RegExp(`受理编号 ${sqbh}`) });
    await expect(result).toBeFocused();
    await expect(result).toContainText('待处理');
    await expect(result).toContainText(nr);
    await expect(result).toContainText('中心尚未回复');

    // The centre replies; the next look-up shows it.
    await devState(page.request, { replyComplaint: { sqbh, hfnr: '自下月起每周六上午开放办理。' } });
    uuid = await answerCaptcha(page, { scope: query, previous: uuid });
    await query.getByRole('button', { name: '查询' }).click();
    await expect(result).toContainText('已回复');
    await expect(result).toContainText('中心回复');
    await expect(result).toContainText('自下月起每周六上午开放办理。');
    await expectNoAxeViolations(page);
    await shot(page, 'complaint-query-answered');

    // A wrong phone: the same answer as an unknown number, nothing of the complaint.
    await query.getByLabel('联系电话').fill('13900000001');
    uuid = await answerCaptcha(page, { scope: query, previous: uuid });
    await query.getByRole('button', { name: '查询' }).click();
    const neutral = '未查询到与受理编号和联系电话相符的投诉建议，请核对后重试；提交时未留联系电话的，请拨打 12329 服务热线查询';
    await expect(page.getByRole('alert').filter({ hasText: neutral })).toBeVisible();
    await expect(page.getByText(nr)).toHaveCount(0);
    await query.getByLabel('受理编号').fill('TS20260101999999');
    await query.getByLabel('联系电话').fill(phone);
    await answerCaptcha(page, { scope: query, previous: uuid });
    await query.getByRole('button', { name: '查询' }).click();
    await expect(page.getByRole('alert').filter({ hasText: neutral })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('says what is wrong beside each field before sending, and keeps what was typed', async ({ page }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/tsjy/query')) sent += 1;
    });
    await page.goto('/home.html#/complaintQuery');
    const query = page.getByRole('form', { name: '投诉建议查询' });
    await query.getByLabel('受理编号').fill('TS123');
    await query.getByLabel('联系电话').fill('12345');
    await query.getByRole('button', { name: '查询' }).click();
    await expect(query.getByLabel('受理编号')).toBeFocused();
    await expect(query).toContainText('受理编号格式不正确，应为 TS 加 14 位数字');
    await expect(query).toContainText('请输入正确的联系电话（手机号码或带区号的固定电话）');
    await expect(query).toContainText('请输入图形验证码');
    await expect(query.getByLabel('联系电话')).toHaveValue('12345');
    expect(sent).toBe(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('messages', () => {
  test('the demo individual reads their messages on /sysMsg/msgHome and marks one read', async ({ page }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    // The home page leads to the messages.
    await page.getByRole('link', { name: '查看我的消息' }).click();
    await expect(page).toHaveURL(/#\/sysMsg\/msgHome$/);
    await expect(page.getByRole('heading', { level: 1, name: '我的消息' })).toBeVisible();
    const count = page.getByText(/^您有 \d+ 条未读消息$/);
    await expect(count).toBeVisible();
    const unread = Number(((await count.textContent()) ?? '').match(/\d+/)?.[0]);
    expect(unread).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await shot(page, 'messages-1280');

    // Mark the first unread one read: the count falls by one and the message says 已读.
    const firstUnread = page.getByRole('button', { name: /^标为已读：/ }).first();
    const title = ((await firstUnread.getAttribute('aria-label')) ?? '').replace(/^标为已读：/, '');
    expect(title).not.toBe('');
    // Other tests on the shared server give 张三 messages of the same title (a withdrawn change, say): count them.
    const markable = page.getByRole('button', { name: `标为已读：${title}`, exact: true });
    const before = await markable.count();
    await firstUnread.click();
    await expect(markable).toHaveCount(before - 1);
    await expect(page.getByText(unread - 1 ? `您有 ${unread - 1} 条未读消息` : '没有未读消息')).toBeVisible();
    const message = (name: string | RegExp) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });
    await expect(message(title).first()).toContainText('已读');
    await expect(message(title).first().getByRole('button', { name: /^标为已读/ })).toHaveCount(0);

    // Only the unread: the one just read is not among them.
    await page.getByRole('radio', { name: '只看未读' }).check();
    await expect(page.getByRole('list', { name: '未读消息' }).or(page.getByText('没有未读消息').first())).toBeVisible();
    // Every message listed can still be marked read: none of them is one already read.
    const listed = page.getByRole('list', { name: '未读消息' }).getByRole('listitem');
    await expect(listed).toHaveCount(await page.getByRole('button', { name: /^标为已读：/ }).count());

    // All of them, older pages included, hold the seeded ones.
    await page.getByRole('radio', { name: '全部消息' }).check();
    // Every page of the list: 加载更多 until the end is said (the button is away while a page loads; other tests of
    // the shared server add 张三's messages, so how many pages there are is not known here).
    const more = page.getByRole('button', { name: '加载更多' });
    const end = page.getByText('已显示全部消息');
    await expect(async () => {
      if (await more.isVisible()) await more.click();
      await expect(end).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(message(`${cal.settledYear} 年度住房公积金结息完成`)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});
