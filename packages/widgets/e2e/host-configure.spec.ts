import { expect, test, watchProblems } from '../../../test/support/e2e';
import { startHostPage, standaloneFile, type HostPage } from '../../../test/support/host-page';

// A platform's page on another origin under a strict CSP, with two per-element script-tag bundles (each carrying its
// own copy of the sdk) and elements without api-base: one GjjWidgets.configure call in the page's own script must
// reach the elements of both bundles.
let host: HostPage;
let hostUrl: string;

test.beforeAll(async ({ baseURL }) => {
  const api = baseURL as string;
  const files: Record<string, string | Buffer> = {
    '/gjj-policy-list.js': standaloneFile('gjj-policy-list.js'),
    '/gjj-complaint-form.js': standaloneFile('gjj-complaint-form.js'),
    '/host.js': `GjjWidgets.configure({ apiBase: ${JSON.stringify(api)}, getToken: function () { return null; } });`,
  };
  const page = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>政务服务平台 - 公积金</title>
<script src="/gjj-policy-list.js"></script><script src="/gjj-complaint-form.js"></script><script src="/host.js"></script></head>
<body><main><h1>公积金服务</h1><gjj-policy-list page-size="10"></gjj-policy-list><gjj-complaint-form></gjj-complaint-form></main></body></html>`;
  const csp = `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ${api}`;
  host = await startHostPage((url) => {
    const script = files[url.pathname];
    return script ? { script } : { html: page, csp };
  });
  hostUrl = host.url;
});

test.afterAll(async () => {
  await host.close();
});

test('one GjjWidgets.configure reaches the elements of two script-tag bundles, without api-base', async ({ page, baseURL }) => {
  const problems = watchProblems(page);
  const calls: string[] = [];
  page.on('request', (r) => calls.push(r.url()));

  await page.goto(hostUrl);
  await expect(page.locator('gjj-policy-list').locator('.gjj-policy-list__link')).toHaveCount(10);
  const departments = page.locator('gjj-complaint-form').getByLabel('责任部门').locator('option');
  await expect.poll(() => departments.count()).toBeGreaterThan(1);
  expect(await page.evaluate(() => (window as unknown as { GjjWidgets: { getHostConfig(): { apiBase?: string } } }).GjjWidgets.getHostConfig().apiBase)).toBe(baseURL);
  expect(calls.some((u) => u.startsWith(`${baseURL as string}/`) && u.includes('zcxx/'))).toBe(true);
  expect(problems).toEqual([]);
});
