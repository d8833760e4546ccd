// @internal How the script-tag bundle and its extras file fit together (load-extras.standalone.ts, rollup.config.mjs).
import type * as ExtrasModule from './extras';

/** @internal The calculator's parts loaded on first use. */
export type LoanCalculatorExtras = typeof ExtrasModule;

/** @internal The script-tag extras file, looked for beside the script that loaded the main bundle. */
export const EXTRAS_FILE = 'gjj-loan-calculator.extras.js';

/** @internal The global through which the main bundle hands its modules to the extras file and gets the parts back. */
export const EXTRAS_HOOK = 'gjjLoanCalculatorExtras';

/**
 * @internal What the extras file takes from the main bundle instead of carrying a copy: the one preact whose hooks
 * render it, the one engine (decimal.js-light inside; `LoanInputError` is told by `instanceof`), and the calculator's
 * own building blocks. Module paths are relative to src/loan-calculator/; rollup.config.mjs maps each import of one of
 * these to the main bundle's module. The engine's modules are named by path because the sdk's combined-loan and
 * prepayment trials, which only the extras use, are bundled into the extras file and build on the engine's internals.
 */
export const EXTRAS_SHARED = [
  'react',
  'react/jsx-runtime',
  '../../../sdk/src/loan/engine',
  '../../../sdk/src/loan/input',
  '../shared/styles',
  './fields',
  './logic',
  './options',
  './use-checks',
] as const;

/** @internal The global hook: the main bundle sets it, then the extras file, as it runs, registers its parts. */
export interface ExtrasHook {
  shared: Readonly<Record<(typeof EXTRAS_SHARED)[number], unknown>>;
  register: (version: string, parts: LoanCalculatorExtras) => void;
}
