import type { LoanCalculatorExtras } from './extras-shared';

/**
 * @internal Loads the calculator's parts used less often. A bundler makes the import a chunk of its own; the script-tag
 * bundle, which has no chunks, has this module replaced by load-extras.standalone.ts (see rollup.config.mjs).
 */
export const loadExtras = (): Promise<LoanCalculatorExtras> => import('./extras');
