/**
 * @internal The engine (the sdk's and decimal.js) for the comparison in mode local. A bundler makes the import a chunk
 * of its own, so a calculator computing on the server (the hall's) never downloads it; the script-tag bundle, which
 * computes locally by default, has this module replaced by load-engine.standalone.ts (see tsup.config.ts).
 */
export const loadEngine = () => import('./compute');

/** @internal The mapping of the server's answer (mode remote), fetched while the request is under way. */
export const loadRemoteResults = () => import('./remote-results');
