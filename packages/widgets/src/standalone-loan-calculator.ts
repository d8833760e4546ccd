// The calculator's own script-tag bundle: a bank's page loads this one file and gets <gjj-loan-calculator>, computing
// in the browser by default (no server of ours needed). Rendered with preact/compat (see tsup.config.ts).
import { defineElements, setLoanCalculatorDefaultMode } from './elements';
import { setStyleNonce } from './shared/styles';

const script = document.currentScript as HTMLScriptElement | null;
if (script?.nonce) setStyleNonce(script.nonce);
setLoanCalculatorDefaultMode('local');
defineElements(['gjj-loan-calculator']);

export { defineElements };
