// The script-tag bundle's load-modules.ts, put in its place by rollup.config.mjs: that bundle has no chunks (and computes
// locally by default), so the modules are inside it.
import * as client from './client';
import * as compute from './compute';
import * as remoteResults from './remote-results';

/** @internal The engine, already here. */
export const loadEngine = () => Promise.resolve(compute);

/** @internal The mapping of the server's answer, already here. */
export const loadRemoteResults = () => Promise.resolve(remoteResults);

/** @internal The request client, already here. */
export const loadClient = () => Promise.resolve(client);
