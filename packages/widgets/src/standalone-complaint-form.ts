// The complaint form's own script-tag bundle: a government platform's page loads this one file and gets
// <gjj-complaint-form>. Rendered with preact (see rollup.config.mjs); nothing of the other widgets is inside.
import { getComplaintFormElement } from './complaint-form/complaint-form.element';
import { startScriptTag } from './shared/script-tag';

/** Registers `<gjj-complaint-form>` (already done on load; calling it again is harmless). */
export const defineElements = startScriptTag({ 'gjj-complaint-form': getComplaintFormElement });

// GjjWidgets.configure({ apiBase, getToken, … }): one call for every gjj element on the page (see @gjj-hall/sdk/host).
export { configure, getHostConfig } from '@gjj-hall/sdk/host';
