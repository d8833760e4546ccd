// The archive collector's own script-tag bundle: a government platform's page loads this one file and gets
// <gjj-archive-collector>. Rendered with preact (see rollup.config.mjs); nothing of the other widgets is inside.
import { getArchiveCollectorElement } from './archive-collector/archive-collector.element';
import { startScriptTag } from './shared/script-tag';

/** Registers `<gjj-archive-collector>` (already done on load; calling it again is harmless). */
export const defineElements = startScriptTag({ 'gjj-archive-collector': getArchiveCollectorElement });

// GjjWidgets.configure({ apiBase, getToken, … }): one call for every gjj element on the page (see @gjj-hall/sdk/host).
export { configure, getHostConfig } from '@gjj-hall/sdk/host';
