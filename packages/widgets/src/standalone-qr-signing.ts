// The QR signing panel's own script-tag bundle: a page loads this one file and gets <gjj-qr-signing>.
// Rendered with preact (see rollup.config.mjs); nothing of the other widgets is inside.
import { getQrSigningElement } from './qr-signing/qr-signing.element';
import { startScriptTag } from './shared/script-tag';

/** Registers `<gjj-qr-signing>` (already done on load; calling it again is harmless). */
export const defineElements = startScriptTag({ 'gjj-qr-signing': getQrSigningElement });

// GjjWidgets.configure({ apiBase, getToken, … }): one call for every gjj element on the page (see @gjj-hall/sdk/host).
export { configure, getHostConfig } from '@gjj-hall/sdk/host';
