// @internal The calculator's modules loaded when first needed. A bundler makes each import a chunk of its own; the
// script-tag bundle, which has no chunks, has this module replaced by load-modules.standalone.ts (see rollup.config.mjs),
// where they are simply inside. The parts used less often are loaded by load-extras.ts.

/** A chunk that cannot be fetched (offline, or replaced by a new release) fails with words a user can act on. */
function loaded<T>(load: Promise<T>): Promise<T> {
  return load.catch((error: unknown) => {
    console.error('[gjj] <gjj-loan-calculator> 组件文件未能加载：', error);
    throw new Error('组件文件加载失败，请检查网络后重试');
  });
}

/**
 * The engine (the sdk's and decimal.js-light) for the comparison in mode local: a calculator computing on the server
 * (the hall's) never downloads it.
 */
export const loadEngine = () => loaded(import('./compute'));

/** The mapping of the server's answer (mode remote), fetched while the request is under way. */
export const loadRemoteResults = () => loaded(import('./remote-results'));

/** The sdk's request client, made when the calculator first calls the server (a host may pass its own instead). */
export const loadClient = () => loaded(import('./client'));
