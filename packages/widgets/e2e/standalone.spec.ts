import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';

const BUNDLE = resolve(import.meta.dirname, '../dist/standalone/gjj-widgets.js');

// A stand-in for a partner's page: another origin, one script tag, a strict CSP that allows no inline code or style.
let host: Server;
let hostUrl: string;

test.beforeAll(async ({ baseURL }) => {
  const api = baseURL as string;
  const page = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>合作银行 - 贷款利率</title>
<script src="/gjj-widgets.js" defer></script></head>
<body><main><h1>公积金贷款利率</h1><gjj-rate-table api-base="${api}"></gjj-rate-table></main></body></html>`;
  host = createServer((req, res) => {
    const csp = `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ${api}`;
    if (req.url === '/gjj-widgets.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(readFileSync(BUNDLE));
    }
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

test('the script-tag bundle renders <gjj-rate-table> on another origin under a strict CSP', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto(hostUrl);
  const table = page.locator('gjj-rate-table').getByRole('table', { name: /商业性个人住房贷款利率/ });
  await expect(table.getByRole('row', { name: /首套住房，贷款期限五年以上/ })).toContainText('3.50%');
  await expect(page.locator('gjj-rate-table').getByRole('table', { name: /公积金/ })).toContainText('2.60%');
  // Rendered by preact/compat, not React: the bundle must not carry React.
  expect(await page.evaluate(() => 'React' in window)).toBe(false);
  expect(problems).toEqual([]);
  await expectNoAxeViolations(page);
});
