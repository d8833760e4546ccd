// The calculator's own script-tag bundle: a bank's page loads this one file and gets <gjj-loan-calculator>, computing
// in the browser by default (no server of ours needed). Rendered with preact/compat (see tsup.config.ts). It knows only
// the calculator, so nothing of the other widgets is inside.
import { getLoanCalculatorElement, setLoanCalculatorDefaultMode } from './loan-calculator/loan-calculator.element';
import { setExtrasScript } from './loan-calculator/load-extras.standalone';
import { defineFrom, type ElementRegistry } from './shared/define';
import { configure, getHostConfig } from '@gjj-hall/sdk/host';
import { setStyleNonce } from './shared/styles';

const ELEMENTS: ElementRegistry = { 'gjj-loan-calculator': getLoanCalculatorElement };

/** Registers `<gjj-loan-calculator>` (already done on load; calling it again is harmless). */
export const defineElements = (tags?: readonly string[]): string[] => defineFrom(ELEMENTS, tags);

// No document under Node (a server render importing the bundle): defineElements() then warns and registers nothing.
const script = (typeof document === 'undefined' ? null : document.currentScript) as HTMLScriptElement | null;
// The script's nonce, unless the page configured one already (through another gjj bundle).
if (script?.nonce && !getHostConfig().nonce) setStyleNonce(script.nonce);
// The calculator's extras file is loaded on first use from beside this script, with its nonce.
setExtrasScript(script);
setLoanCalculatorDefaultMode('local');
defineElements();

// GjjWidgets.configure({ apiBase, getToken, … }): one call for every gjj element on the page (see @gjj-hall/sdk/host).
export { configure, getHostConfig };
