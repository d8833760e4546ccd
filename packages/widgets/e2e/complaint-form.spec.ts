import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { startHostPage, standaloneFile, type HostPage } from '../../../test/support/host-page';


// A government platform's page: another origin, one script tag (the complaint form's own bundle), a strict CSP that
// allows no inline code or style. The page's own script only listens for the widget's events.
let host: HostPage;
let hostUrl: string;

test.beforeAll(async ({ baseURL }) => {
  const api = baseURL as string;
  const page = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>政务服务网 - 公积金投诉建议</title>
<script src="/gjj-complaint-form.js" defer></script><script src="/host.js" defer></script></head>
<body><main><h1>住房公积金投诉建议</h1><gjj-complaint-form api-base="${api}"></gjj-complaint-form>
<p id="log" aria-live="polite"></p></main></body></html>`;
  const hostScript = `window.gjjEvents = [];
document.addEventListener('gjj-submitted', (e) => { window.gjjEvents.push(e.detail); document.getElementById('log').textContent = '已受理：' + e.detail.sqbh; });`;
  const csp = `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ${api}`;
  host = await startHostPage((url) => {
    if (url.pathname === '/gjj-complaint-form.js') return { script: standaloneFile('gjj-complaint-form.js') };
    if (url.pathname === '/host.js') return { script: hostScript };
    return { html: page, csp };
  });
  hostUrl = host.url;
});

test.afterAll(async () => {
  await host.close();
});

test('the script-tag bundle submits a complaint from a plain page under a strict CSP and fires gjj-submitted once', async ({ page }) => {
  const problems = watchProblems(page);
  let submissions = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/tsjy/add')) submissions += 1;
  });

  await page.goto(hostUrl);
  const form = page.locator('gjj-complaint-form').getByRole('form', { name: '投诉建议' });
  await expect(form.getByLabel('类型').locator('option')).toHaveCount(5);
  // Rendered by preact/compat, not React; and nothing of the other widgets is defined.
  expect(await page.evaluate(() => 'React' in window)).toBe(false);
  expect(await page.evaluate(() => [!!customElements.get('gjj-complaint-form'), !!customElements.get('gjj-rate-table')])).toEqual([true, false]);

  await form.getByRole('button', { name: '提交' }).click();
  await expect(form.getByLabel('意见内容')).toHaveAccessibleDescription(/请输入意见！/);
  await expectNoAxeViolations(page);

  await form.getByLabel('类型').selectOption({ label: '咨询' });
  await form.getByLabel('责任部门').selectOption({ index: 1 });
  await form.getByLabel('意见内容').fill(`请问异地贷款缴存证明如何开具？（嵌入页 ${Date.now()}）`);
  await form.getByLabel('联系电话（选填）').fill('0531-86112233');
  await form.getByRole('button', { name: '提交' }).dblclick();

  await expect(page.locator('#log')).toHaveText(/^已受理：TS\d{14}$/);
  const events = await page.evaluate(() => (window as unknown as { gjjEvents: Array<{ id: string; sqbh: string; tjsj: string }> }).gjjEvents);
  expect(events).toHaveLength(1);
  expect(events[0]?.tjsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(page.locator('gjj-complaint-form').getByText(events[0]?.sqbh ?? '-', { exact: true })).toBeVisible();
  expect(submissions).toBe(1);
  expect(problems).toEqual([]);
  await expectNoAxeViolations(page);
});
