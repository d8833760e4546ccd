// The calculator's own script-tag bundle: a bank's page loads this one file and gets <gjj-loan-calculator>, computing
// in the browser by default (no server of ours needed). Rendered with preact (see rollup.config.mjs). It knows only
// the calculator, so nothing of the other widgets is inside.
import { getLoanCalculatorElement, setLoanCalculatorDefaultMode } from './loan-calculator/loan-calculator.element';
import { setExtrasScript } from './loan-calculator/load-extras.standalone';
import { startScriptTag } from './shared/script-tag';

/** Registers `<gjj-loan-calculator>` (already done on load; calling it again is harmless). */
export const defineElements = startScriptTag({ 'gjj-loan-calculator': getLoanCalculatorElement }, (script) => {
  // The calculator's extras file is loaded on first use from beside this script, with its nonce.
  setExtrasScript(script);
  setLoanCalculatorDefaultMode('local');
});

// GjjWidgets.configure({ apiBase, getToken, … }): one call for every gjj element on the page (see @gjj-hall/sdk/host).
export { configure, getHostConfig } from '@gjj-hall/sdk/host';
