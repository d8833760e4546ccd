// The Lighthouse budgets of lighthouse.budgets.json: what each page may shift (CLS) and move over the network
// (transferred KiB), and the comparison npm test makes. Pure, so a unit test can show it failing on a grown figure.

/**
 * @typedef {{ cls: number, transferKiB: number }} Budget
 * @typedef {{ name: string, path: string, signIn?: string, budget?: Budget }} BudgetPage
 * @typedef {{ name: string, performance: number, cls: number, transferBytes: number, lcpMs: number, tbtMs: number }} Measured
 */

/**
 * Every way the measured pages exceed their budgets (an empty list: all within), in words.
 *
 * @param {readonly Measured[]} measured
 * @param {readonly BudgetPage[]} pages
 * @returns {string[]}
 * @example
 * overBudget([{ name: '/login', cls: 0.12, transferBytes: 90_000, performance: 0.9, lcpMs: 0, tbtMs: 0 }],
 *   [{ name: '/login', path: '/home.html#/login', budget: { cls: 0.05, transferKiB: 100 } }])
 * // ['/login：CLS 0.120 超出预算 0.05']
 */
export function overBudget(measured, pages) {
  const problems = [];
  for (const page of pages) {
    if (!page.budget) continue;
    const m = measured.find((x) => x.name === page.name);
    if (!m) {
      problems.push(`${page.name}：未测得结果`);
      continue;
    }
    if (!(m.cls <= page.budget.cls)) problems.push(`${page.name}：CLS ${m.cls.toFixed(3)} 超出预算 ${page.budget.cls}`);
    const kib = m.transferBytes / 1024;
    if (!(kib <= page.budget.transferKiB)) {
      problems.push(`${page.name}：传输 ${kib.toFixed(1)} KiB 超出预算 ${page.budget.transferKiB} KiB`);
    }
  }
  return problems;
}

/**
 * The table npm run lighthouse prints: one row per page.
 * @param {readonly Measured[]} measured
 */
export function resultTable(measured) {
  return Object.fromEntries(
    measured.map((m) => [
      m.name,
      {
        performance: Math.round(m.performance * 100),
        CLS: +m.cls.toFixed(3),
        'transferred KiB': +(m.transferBytes / 1024).toFixed(1),
        'LCP ms': Math.round(m.lcpMs),
        'TBT ms': Math.round(m.tbtMs),
      },
    ]),
  );
}
