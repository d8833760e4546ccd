// The policy list's own script-tag bundle: a platform's page loads this one file and gets <gjj-policy-list>. Rendered
// with preact (see rollup.config.mjs). It knows only the policy list, so nothing of the other widgets is inside.
import { getPolicyListElement } from './policy-list/policy-list.element';
import { startScriptTag } from './shared/script-tag';

/** Registers `<gjj-policy-list>` (already done on load; calling it again is harmless). */
export const defineElements = startScriptTag({ 'gjj-policy-list': getPolicyListElement });

// GjjWidgets.configure({ apiBase, getToken, … }): one call for every gjj element on the page (see @gjj-hall/sdk/host).
export { configure, getHostConfig } from '@gjj-hall/sdk/host';
