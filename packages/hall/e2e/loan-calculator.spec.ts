import { expect, expectNoAxeViolations, test, watchProblems } from '../../../test/support/e2e';

test.describe('/dkcs, the loan calculator of the built hall', () => {
  test('loads the rates, computes on the server, loads the other tabs on first use, under the CSP, and passes axe', async ({ page }) => {
    const problems = watchProblems(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/home.html#/dkcs');
    await expect(page.getByRole('heading', { level: 1, name: '贷款计算器' })).toBeVisible();

    const compare = page.getByRole('tabpanel', { name: '公积金与商业贷款对比' });
    await compare.getByLabel('贷款金额（万元）').fill('100');
    await compare.getByLabel('贷款期限（月）').fill('360');
    await compare.getByLabel('贷款发放日期').fill('2024-05-20');
    // The rates in force, from the server.
    await expect(compare.getByLabel('公积金贷款年利率（%）')).toHaveValue('2.6');
    await expect(compare.getByLabel('商业贷款年利率（%）')).toHaveValue('3.5');
    await compare.getByRole('button', { name: '计算', exact: true }).click();
    await expect(compare.getByRole('region', { name: '计算结果' })).toContainText('4,003.40');
    // Computed by the server: the engine (decimal.js) was never downloaded, nor the other tabs.
    expect(scripts.some((s) => /\/(engine|compute|extras)-/.test(s))).toBe(false);
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: '组合贷款' }).click();
    const combined = page.getByRole('tabpanel', { name: '组合贷款' });
    await combined.getByLabel('公积金贷款金额（万元）').fill('60');
    await combined.getByLabel('商业贷款金额（万元）').fill('40');
    await combined.getByLabel('贷款期限（月）').fill('360');
    await combined.getByRole('button', { name: '计算', exact: true }).click();
    await combined.getByRole('button', { name: /查看还款计划/ }).click();
    await expect(page.getByRole('dialog', { name: '还款计划（组合贷款）' })).toBeVisible();
    expect(scripts.some((s) => /\/extras-/.test(s))).toBe(true);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
});
