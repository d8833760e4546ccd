import type { LoanCalculatorExtras } from './extras-shared';

/**
 * @internal Loads the calculator's parts used less often. A bundler makes the import a chunk of its own; the script-tag
 * bundle, which has no chunks, has this module replaced by load-extras.standalone.ts (see tsup.config.ts).
 */
export const loadExtras = (): Promise<LoanCalculatorExtras> => import('./extras');
