import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { overBudget as check, resultTable, type BudgetPage } from './lib/lighthouse-budget.mjs';

const { pages } = JSON.parse(readFileSync(new URL('../lighthouse.budgets.json', import.meta.url), 'utf8')) as { pages: BudgetPage[] };

/** Every page measured exactly at its budget. */
const atBudget = () =>
  pages.map((p) => ({ name: p.name, performance: 0.95, cls: p.budget!.cls, transferBytes: p.budget!.transferKiB * 1024, lcpMs: 2000, tbtMs: 100 }));

describe('the Lighthouse budgets npm test checks (lighthouse.budgets.json)', () => {
  it('give every page a CLS under 0.05 and a transferred size', () => {
    expect(pages.map((p) => p.name)).toEqual(expect.arrayContaining(['/login', '/dkcs', '/policyInfo', '/loanRate']));
    expect(pages.some((p) => p.signIn)).toBe(true);
    for (const p of pages) {
      expect(p.budget?.cls, p.name).toBeLessThan(0.05);
      expect(p.budget?.transferKiB, p.name).toBeGreaterThan(0);
      expect(p.path, p.name).toMatch(/^\/home\.html#\//);
    }
  });

  it('pass pages measured at their budgets', () => {
    expect(check(atBudget(), pages)).toEqual([]);
  });

  it('fail a page whose CLS grew past its budget, naming it', () => {
    const measured = atBudget();
    measured[1]!.cls = 0.12;
    expect(check(measured, pages)).toEqual([`${pages[1]!.name}：CLS 0.120 超出预算 ${pages[1]!.budget!.cls}`]);
  });

  it('fail a page whose transferred bytes grew past its budget, naming it', () => {
    const measured = atBudget();
    measured[0]!.transferBytes += 2048;
    const problems = check(measured, pages);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${pages[0]!.name}：传输`);
    expect(problems[0]).toContain(`超出预算 ${pages[0]!.budget!.transferKiB} KiB`);
  });

  it('fail a page with a budget that was not measured', () => {
    expect(check(atBudget().slice(1), pages)).toEqual([`${pages[0]!.name}：未测得结果`]);
  });

  it('print performance as a score out of 100 and bytes in KiB', () => {
    const table = resultTable([
      { name: '/login', performance: 0.914, cls: 0.0123, transferBytes: 153_000, lcpMs: 2540.4, tbtMs: 222.2 },
    ]);
    expect(table['/login']).toEqual({ performance: 91, CLS: 0.012, 'transferred KiB': 149.4, 'LCP ms': 2540, 'TBT ms': 222 });
  });
});
