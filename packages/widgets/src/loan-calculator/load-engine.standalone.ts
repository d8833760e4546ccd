// The script-tag bundle's loadEngine, put in place of load-engine.ts by tsup.config.ts: that bundle computes locally
// by default, so the engine is inside it.
import * as compute from './compute';

/** @internal The engine, already here. */
export const loadEngine = () => Promise.resolve(compute);
