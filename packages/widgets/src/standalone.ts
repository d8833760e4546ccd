// The script-tag bundle: loading it registers every element. Rendered with preact/compat (see tsup.config.ts).
import { defineElements, ELEMENT_TAGS } from './elements';
import { setStyleNonce } from './shared/styles';

const script = document.currentScript as HTMLScriptElement | null;
if (script?.nonce) setStyleNonce(script.nonce);
defineElements();

export { defineElements, ELEMENT_TAGS };
