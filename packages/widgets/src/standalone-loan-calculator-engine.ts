// gjj-loan-calculator.engine.js: the calculator's engine (the sdk's, with decimal.js) and the comparison it computes,
// for the script-tag bundles, which load this file while the page is idle and at the latest on the first 计算
// (loan-calculator/load-modules.standalone.ts). The engine's input checks are the main bundle's own, taken through the
// hook (see rollup.config.mjs).
import * as engine from '../../sdk/src/loan/engine';
import * as compute from './loan-calculator/compute';
import { ENGINE_HOOK, type EngineHook } from './loan-calculator/extras-shared';
import { WIDGETS_VERSION } from './shared/version';

const hook = (window as unknown as Record<string, EngineHook | undefined>)[ENGINE_HOOK];
if (hook) hook.register(WIDGETS_VERSION, { compute, engine });
else console.error('[gjj] gjj-loan-calculator.engine.js 由组件的主文件按需加载，不能单独引用。');
