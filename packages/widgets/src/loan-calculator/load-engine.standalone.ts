// The script-tag bundle's load-engine.ts, put in its place by tsup.config.ts: that bundle computes locally by default,
// and has no chunks anyway, so both modules are inside.
import * as compute from './compute';
import * as remoteResults from './remote-results';

/** @internal The engine, already here. */
export const loadEngine = () => Promise.resolve(compute);

/** @internal The mapping of the server's answer, already here. */
export const loadRemoteResults = () => Promise.resolve(remoteResults);
