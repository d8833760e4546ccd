// Types of lighthouse-budget.mjs (plain JavaScript, run by Node without a TypeScript step) for its unit test.

/** What a page may shift (CLS) and move over the network (transferred KiB). */
export interface Budget {
  cls: number;
  transferKiB: number;
}

/** A page of lighthouse.budgets.json. */
export interface BudgetPage {
  name: string;
  path: string;
  signIn?: string;
  budget?: Budget;
}

/** One page's figures as npm run lighthouse measured them. */
export interface Measured {
  name: string;
  performance: number;
  cls: number;
  transferBytes: number;
  lcpMs: number;
  tbtMs: number;
}

export function overBudget(measured: readonly Measured[], pages: readonly BudgetPage[]): string[];
export function resultTable(measured: readonly Measured[]): Record<string, Record<string, number>>;
