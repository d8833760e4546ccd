import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';

// The interface reference (docs/api-openapi.md) as an integrator opens it: under the server's CSP, readable at
// 390 px, usable with a keyboard, axe-clean.
const shot = (name: string) => (process.env.GJJ_SCREENS ? `${process.env.GJJ_SCREENS}/${name}` : test.info().outputPath(name));

test('the reference page lists every call of the OpenAPI document, keyboard- and axe-clean, at 390 and 1280 px', async ({ page }) => {
  const problems = watchProblems(page);
  const doc = (await (await page.request.get('/api/openapi.json')).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(doc.openapi).toBe('3.1.0');
  const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);

  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('住房公积金网上业务大厅 参考中心服务端接口');
  await expect(page.locator('article.op')).toHaveCount(count);
  await expect(page.getByRole('heading', { name: /POST \/api\/auth\/v1\/auth\/oauth\/token/ })).toBeVisible();

  // Keyboard: the first Tab reaches the skip link, which moves to the calls.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '跳到正文' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await page.getByRole('navigation', { name: '接口分组' }).getByRole('link', { name: '登录与会话' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '登录与会话' })).toBeInViewport();

  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing wider than the phone: long paths wrap, wide tables scroll in their own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: shot(`api-docs-${width}.png`) });
  }
  expect(problems).toEqual([]);
});
