// The script-tag bundle: loading it registers every element. Rendered with preact (see rollup.config.mjs).
import { setLoanCalculatorDefaultMode } from './loan-calculator/loan-calculator.element';
import { setExtrasScript } from './loan-calculator/load-extras.standalone';
import { ELEMENTS, ELEMENT_TAGS } from './registry';
import { startScriptTag } from './shared/script-tag';

/** Registers the elements (all, or the tags named); already done on load, and calling it again is harmless. */
export const defineElements = startScriptTag(ELEMENTS, (script) => {
  // The calculator's extras file (gjj-loan-calculator.extras.js) is loaded on first use from beside this script.
  setExtrasScript(script);
  // A script-tag host has no server of ours by default: the calculator computes in the browser.
  setLoanCalculatorDefaultMode('local');
});
/** Every tag this bundle knows. */
export { ELEMENT_TAGS };

// GjjWidgets.configure({ apiBase, getToken, … }): one call for every gjj element on the page (see @gjj-hall/sdk/host).
export { configure, getHostConfig } from '@gjj-hall/sdk/host';
