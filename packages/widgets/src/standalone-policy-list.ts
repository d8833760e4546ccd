// The policy list's own script-tag bundle: a platform's page loads this one file and gets <gjj-policy-list>. Rendered
// with preact/compat (see tsup.config.ts). It knows only the policy list, so nothing of the other widgets is inside.
import { getPolicyListElement } from './policy-list/policy-list.element';
import { defineFrom, type ElementRegistry } from './shared/define';
import { configure, getHostConfig } from '@gjj-hall/sdk/host';
import { setStyleNonce } from './shared/styles';

const ELEMENTS: ElementRegistry = { 'gjj-policy-list': getPolicyListElement };

/** Registers `<gjj-policy-list>` (already done on load; calling it again is harmless). */
export const defineElements = (tags?: readonly string[]): string[] => defineFrom(ELEMENTS, tags);

// No document under Node (a server render importing the bundle): defineElements() then warns and registers nothing.
const script = (typeof document === 'undefined' ? null : document.currentScript) as HTMLScriptElement | null;
// The script's nonce, unless the page configured one already (through another gjj bundle).
if (script?.nonce && !getHostConfig().nonce) setStyleNonce(script.nonce);
defineElements();

// GjjWidgets.configure({ apiBase, getToken, … }): one call for every gjj element on the page (see @gjj-hall/sdk/host).
export { configure, getHostConfig };
