import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { startHostPage, standaloneFile, type HostPage } from '../../../test/support/host-page';

const UNSAFE_TITLE = '关于住房公积金业务“跨省通办”事项清单的通知';

// A government platform's page on another origin: one script tag (the policy list's own bundle), a strict CSP that
// allows no inline code or style, and a host script (a file, as the CSP wants) that handles gjj-open-policy.
let host: HostPage;
let hostUrl: string;

const HOST_SCRIPT = `
window.opened = [];
document.addEventListener('gjj-open-policy', function (e) {
  window.opened.push(e.detail);
  // The host shows policies of the 综合管理 category itself; the widget opens the others.
  if (e.detail.category === 'zhgl') { e.preventDefault(); document.getElementById('shown').textContent = '宿主页面显示：' + e.detail.title; }
});
document.addEventListener('gjj-load', function (e) { window.loads = (window.loads || 0) + 1; window.lastTotal = e.detail.total; });
`;

test.beforeAll(async ({ baseURL }) => {
  const api = baseURL as string;
  const page = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>政务服务平台 - 公积金政策</title>
<script src="/host.js"></script>
<script src="/gjj-policy-list.js" defer></script></head>
<body><main><h1>住房公积金政策</h1><p id="shown" role="status"></p>
<gjj-policy-list api-base="${api}" page-size="10"></gjj-policy-list></main></body></html>`;
  const csp = `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ${api}`;
  host = await startHostPage((url) => {
    if (url.pathname === '/gjj-policy-list.js') return { script: standaloneFile('gjj-policy-list.js') };
    if (url.pathname === '/host.js') return { script: HOST_SCRIPT };
    return { html: page, csp };
  });
  hostUrl = host.url;
});

test.afterAll(async () => {
  await host.close();
});

test('the policy list script-tag bundle works on another origin under a strict CSP: paging, search, detail and the cancelable event', async ({ page }) => {
  const problems = watchProblems(page);
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });

  await page.goto(hostUrl);
  const widget = page.locator('gjj-policy-list');
  const titles = widget.locator('.gjj-policy-list__link');
  await expect(widget.locator('.gjj-policy-list__total')).toHaveText('共 31 条');
  await expect(titles).toHaveCount(10);
  await expect(titles.first()).toHaveText('关于调整2026年度住房公积金缴存基数上下限的通知');
  // Rendered by preact/compat, not React: the bundle must not carry React.
  expect(await page.evaluate(() => 'React' in window)).toBe(false);
  await expectNoAxeViolations(page);

  await widget.getByRole('navigation', { name: '政策列表分页' }).getByRole('button', { name: '第 4 页' }).click();
  await expect(titles).toHaveText(['关于开发商楼盘申请住房公积金贷款合作的规定']);

  // Search: the unsafe policy is 综合管理, which the host shows itself (preventDefault): no detail in the widget.
  await widget.getByLabel('政策标题').fill('跨省通办');
  await widget.getByLabel('政策标题').press('Enter');
  await expect(titles).toHaveText([UNSAFE_TITLE]);
  await titles.first().click();
  await expect(page.locator('#shown')).toHaveText(`宿主页面显示：${UNSAFE_TITLE}`);
  await expect(widget.locator('article')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { opened: unknown[] }).opened)).toEqual([
    { id: expect.any(String), title: UNSAFE_TITLE, category: 'zhgl' },
  ]);

  // Any other category opens in the widget, body sanitized, and 返回列表 comes back to the same search.
  await widget.getByRole('button', { name: '重置' }).click();
  await expect(widget.locator('.gjj-policy-list__total')).toHaveText('共 31 条');
  await widget.getByRole('group', { name: '政策分类' }).getByRole('button', { name: /^提取政策/ }).click();
  await expect(widget.locator('.gjj-policy-list__total')).toHaveText('共 6 条');
  await titles.first().click();
  await expect(widget.locator('.gjj-policy-detail__title')).toHaveText('关于租房提取住房公积金的实施细则');
  await expect(widget.locator('.gjj-policy-detail__title')).toBeFocused();
  await expect(widget.locator('.gjj-policy-detail__body')).toContainText('本通知自发布之日起施行');
  await expectNoAxeViolations(page);
  await widget.getByRole('button', { name: '返回列表' }).click();
  await expect(titles.first()).toBeFocused();
  await expect(widget.locator('.gjj-policy-list__total')).toHaveText('共 6 条');

  expect(await page.evaluate(() => (window as unknown as { loads: number }).loads)).toBeGreaterThanOrEqual(5);
  expect(await page.evaluate(() => (window as { __policyXss?: unknown }).__policyXss)).toBeUndefined();
  expect(problems).toEqual([]);
});

test('the unsafe policy opened in the script-tag widget runs none of its payloads', async ({ page }) => {
  await page.goto(hostUrl);
  // This time the host lets the widget open everything.
  await page.evaluate(() => {
    document.addEventListener('gjj-open-policy', (e) => e.stopImmediatePropagation(), { capture: true });
  });
  const widget = page.locator('gjj-policy-list');
  await expect(widget.locator('.gjj-policy-list__total')).toHaveText('共 31 条');
  await widget.getByLabel('政策标题').fill('跨省通办');
  await widget.getByRole('button', { name: '查询' }).click();
  await widget.locator('.gjj-policy-list__link', { hasText: UNSAFE_TITLE }).click();
  const body = widget.locator('.gjj-policy-detail__body');
  await expect(body).toContainText('本通知自发布之日起施行');
  expect(await body.locator('script, iframe').count()).toBe(0);
  for (const target of await body.locator('p, a, img').all()) {
    await target.hover();
    await target.click({ force: true });
  }
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { __policyXss?: unknown }).__policyXss)).toBeUndefined();
});
