import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { expect, test } from '../../../test/support/e2e';

const DIST = resolve(import.meta.dirname, '../dist/standalone');

// A platform's page on another origin under a strict CSP, with two per-element script-tag bundles (each carrying its
// own copy of the sdk) and elements without api-base: one GjjWidgets.configure call in the page's own script must
// reach the elements of both bundles.
let host: Server;
let hostUrl: string;

test.beforeAll(async ({ baseURL }) => {
  const api = baseURL as string;
  const files: Record<string, string> = {
    '/gjj-policy-list.js': readFileSync(resolve(DIST, 'gjj-policy-list.js'), 'utf8'),
    '/gjj-complaint-form.js': readFileSync(resolve(DIST, 'gjj-complaint-form.js'), 'utf8'),
    '/host.js': `GjjWidgets.configure({ apiBase: ${JSON.stringify(api)}, getToken: function () { return null; } });`,
  };
  const page = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>政务服务平台 - 公积金</title>
<script src="/gjj-policy-list.js"></script><script src="/gjj-complaint-form.js"></script><script src="/host.js"></script></head>
<body><main><h1>公积金服务</h1><gjj-policy-list page-size="10"></gjj-policy-list><gjj-complaint-form></gjj-complaint-form></main></body></html>`;
  host = createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (body) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(body);
    }
    const csp = `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ${api}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
    return res.end(page);
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  const address = host.address();
  hostUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise((done) => host.close(done));
});

test('one GjjWidgets.configure reaches the elements of two script-tag bundles, without api-base', async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
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
