// @internal How the script-tag bundle and its two companion files fit together (companion.standalone.ts,
// load-modules.standalone.ts, load-extras.standalone.ts, rollup.config.mjs).
import type * as EngineModule from '../../../sdk/src/loan/engine';
import type * as ComputeModule from './compute';
import type * as ExtrasModule from './extras';

/** @internal The calculator's parts loaded on first use. */
export type LoanCalculatorExtras = typeof ExtrasModule;

/**
 * @internal What the engine file brings: the comparison computed in the browser, and the sdk's engine module (with
 * decimal.js inside) on which the extras' combined-loan and prepayment trials build.
 */
export interface LoanCalculatorEngine {
  compute: typeof ComputeModule;
  engine: typeof EngineModule;
}

/** @internal The script-tag extras file, looked for beside the script that loaded the main bundle. */
export const EXTRAS_FILE = 'gjj-loan-calculator.extras.js';

/** @internal The global through which the main bundle hands its modules to the extras file and gets the parts back. */
export const EXTRAS_HOOK = 'gjjLoanCalculatorExtras';

/**
 * @internal What the extras file takes from the main bundle instead of carrying a copy: the one preact whose hooks
 * render it, the one engine (the engine file's, handed on by the main bundle; `LoanInputError` is told by
 * `instanceof`), and the calculator's own building blocks. Module paths are relative to src/loan-calculator/;
 * rollup.config.mjs maps each import of one of these to the main bundle's module. The engine's modules are named by
 * path because the sdk's combined-loan and prepayment trials, which only the extras use, are bundled into the extras
 * file and build on the engine's internals.
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

/** @internal The script-tag engine file (the sdk's engine and decimal.js), beside the main bundle as the extras are. */
export const ENGINE_FILE = 'gjj-loan-calculator.engine.js';

/** @internal The global through which the main bundle hands its modules to the engine file and gets the engine back. */
export const ENGINE_HOOK = 'gjjLoanCalculatorEngine';

/**
 * @internal What the engine file takes from the main bundle: the engine's input checks, which the form's rules use too,
 * so that there is one `LoanInputError` (told by `instanceof`) and one set of messages.
 */
export const ENGINE_SHARED = ['../../../sdk/src/loan/input'] as const;

/** @internal A global hook: the main bundle sets it, then the companion file, as it runs, registers what it brings. */
export interface CompanionHook<Parts, Shared extends string> {
  shared: Readonly<Record<Shared, unknown>>;
  register: (version: string, parts: Parts) => void;
}

/** @internal The extras file's hook. */
export type ExtrasHook = CompanionHook<LoanCalculatorExtras, (typeof EXTRAS_SHARED)[number]>;

/** @internal The engine file's hook. */
export type EngineHook = CompanionHook<LoanCalculatorEngine, (typeof ENGINE_SHARED)[number]>;
