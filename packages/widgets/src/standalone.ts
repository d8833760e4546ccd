// The script-tag bundle: loading it registers every element. Rendered with preact/compat (see tsup.config.ts).
import { defineElements, ELEMENT_TAGS, setLoanCalculatorDefaultMode } from './elements';
import { setExtrasScript } from './loan-calculator/load-extras.standalone';
import { configure, getHostConfig } from '@gjj-hall/sdk/host';
import { setStyleNonce } from './shared/styles';

// No document under Node (a server render importing the bundle): defineElements() then warns and registers nothing.
const script = (typeof document === 'undefined' ? null : document.currentScript) as HTMLScriptElement | null;
// The script's nonce, unless the page configured one already (through another gjj bundle).
if (script?.nonce && !getHostConfig().nonce) setStyleNonce(script.nonce);
// The calculator's extras file (gjj-loan-calculator.extras.js) is loaded on first use from beside this script.
setExtrasScript(script);
// A script-tag host has no server of ours by default: the calculator computes in the browser.
setLoanCalculatorDefaultMode('local');
defineElements();

// GjjWidgets.configure({ apiBase, getToken, … }): one call for every gjj element on the page (see @gjj-hall/sdk/host).
export { configure, defineElements, ELEMENT_TAGS, getHostConfig };
