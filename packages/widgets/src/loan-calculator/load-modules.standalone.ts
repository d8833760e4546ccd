// The script-tag bundle's load-modules.ts, put in its place by rollup.config.mjs. That bundle has no chunks: the request
// client and the mapping of the server's answer are inside it, and the engine (the sdk's, with decimal.js) is a second
// file, gjj-loan-calculator.engine.js, beside it (companion.standalone.ts), so that the form shows without it.
import * as input from '../../../sdk/src/loan/input';
import * as client from './client';
import { loadCompanion, once } from './companion.standalone';
import { ENGINE_FILE, ENGINE_HOOK, type ENGINE_SHARED, type LoanCalculatorEngine } from './extras-shared';
import * as remoteResults from './remote-results';

/** @internal gjj-loan-calculator.engine.js, loaded once; after a failure, the next call tries again. */
export const loadEngineFile: () => Promise<LoanCalculatorEngine> = once(() =>
  loadCompanion<LoanCalculatorEngine, (typeof ENGINE_SHARED)[number]>(ENGINE_FILE, ENGINE_HOOK, {
    '../../../sdk/src/loan/input': input,
  }),
);

/** @internal The engine for the comparison in mode local; a failure is logged with the file's address, and told in words a user can act on. */
export const loadEngine = () =>
  loadEngineFile().then(
    (loaded) => loaded.compute,
    (error: unknown) => {
      console.error('[gjj] <gjj-loan-calculator> 组件文件未能加载：', error);
      throw new Error('组件文件加载失败，请检查网络后重试');
    },
  );

/** @internal The mapping of the server's answer, already here. */
export const loadRemoteResults = () => Promise.resolve(remoteResults);

/** @internal The request client, already here. */
export const loadClient = () => Promise.resolve(client);
