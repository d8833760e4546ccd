// The rate table's own script-tag bundle: a bank's or a platform's page loads this one file and gets <gjj-rate-table>.
// Rendered with preact (see rollup.config.mjs); nothing of the other widgets is inside.
import { getRateTableElement } from './rate-table/rate-table.element';
import { startScriptTag } from './shared/script-tag';

/** Registers `<gjj-rate-table>` (already done on load; calling it again is harmless). */
export const defineElements = startScriptTag({ 'gjj-rate-table': getRateTableElement });

// GjjWidgets.configure({ apiBase, getToken, … }): one call for every gjj element on the page (see @gjj-hall/sdk/host).
export { configure, getHostConfig } from '@gjj-hall/sdk/host';
