import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';
import { startHostPage, standaloneFile, type HostPage } from '../../../test/support/host-page';

// The all-elements bundle and the rate table's own; the page's address says which one it loads (/?bundle=…).
const BUNDLES = ['gjj-widgets.js', 'gjj-rate-table.js'];

// A stand-in for a partner's page: another origin, one script tag, a strict CSP that allows no inline code or style.
let host: HostPage;
let hostUrl: string;

test.beforeAll(async ({ baseURL }) => {
  const api = baseURL as string;
  const page = (bundle: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>合作银行 - 贷款利率</title>
<script src="/${bundle}" defer></script></head>
<body><main><h1>公积金贷款利率</h1><gjj-rate-table api-base="${api}"></gjj-rate-table></main></body></html>`;
  const csp = `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ${api}`;
  host = await startHostPage((url) => {
    const file = BUNDLES.find((name) => url.pathname === `/${name}`);
    if (file) return { script: standaloneFile(file) };
    return { html: page(BUNDLES.find((name) => name === url.searchParams.get('bundle')) ?? 'gjj-widgets.js'), csp };
  });
  hostUrl = host.url;
});

test.afterAll(async () => {
  await host.close();
});

for (const bundle of BUNDLES) {
  test(`${bundle} renders <gjj-rate-table> on another origin under a strict CSP`, async ({ page }) => {
    const problems = watchProblems(page);

    await page.goto(`${hostUrl}/?bundle=${bundle}`);
    const table = page.locator('gjj-rate-table').getByRole('table', { name: /商业性个人住房贷款利率/ });
    await expect(table.getByRole('row', { name: /首套住房，贷款期限五年以上/ })).toContainText('3.50%');
    await expect(page.locator('gjj-rate-table').getByRole('table', { name: /公积金/ })).toContainText('2.60%');
    // Rendered by preact/compat, not React: the bundle must not carry React.
    expect(await page.evaluate(() => 'React' in window)).toBe(false);
    // The rate table's own file knows no other element; both expose the page configuration on their global.
    const defined = await page.evaluate(() => ['gjj-loan-calculator', 'gjj-policy-list', 'gjj-complaint-form'].filter((tag) => customElements.get(tag)));
    expect(defined).toEqual(bundle === 'gjj-rate-table.js' ? [] : ['gjj-loan-calculator', 'gjj-policy-list', 'gjj-complaint-form']);
    expect(await page.evaluate(() => typeof (window as { GjjWidgets?: { configure?: unknown } }).GjjWidgets?.configure)).toBe('function');
    expect(problems).toEqual([]);
    await expectNoAxeViolations(page);
  });
}
