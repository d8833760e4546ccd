// gjj-loan-calculator.extras.js: the calculator's combined-loan and early-repayment tabs and its plan dialog, for the
// script-tag bundles, which load this file on first use (loan-calculator/load-extras.standalone.ts). preact, the engine
// and the shared building blocks are the main bundle's own, taken through the hook (see rollup.config.mjs).
import * as parts from './loan-calculator/extras';
import { EXTRAS_HOOK, type ExtrasHook } from './loan-calculator/extras-shared';
import { WIDGETS_VERSION } from './shared/version';

const hook = (window as unknown as Record<string, ExtrasHook | undefined>)[EXTRAS_HOOK];
if (hook) hook.register(WIDGETS_VERSION, parts);
else console.error('[gjj] gjj-loan-calculator.extras.js 由组件的主文件按需加载，不能单独引用。');
