import { configure, getHostConfig } from '@gjj-hall/sdk/host';
import { defineFrom, type ElementRegistry } from './define';

/**
 * Starts a script-tag bundle, the one start-up every `standalone*.ts` shares: takes the nonce of the `<script>` that
 * loaded it (unless the page configured one already, through another gjj bundle), lets the bundle prepare with that
 * script (`prepare`: the calculator loads its second file from beside it), then registers the bundle's elements.
 * Returns the bundle's `defineElements`. Under Node (a server render importing the bundle) there is no script, and
 * registering warns and does nothing.
 *
 * @example
 * export const defineElements = startScriptTag({ 'gjj-rate-table': getRateTableElement })
 */
export function startScriptTag(
  elements: ElementRegistry,
  prepare?: (script: HTMLScriptElement | null) => void,
): (tags?: readonly string[]) => string[] {
  const script = (typeof document === 'undefined' ? null : document.currentScript) as HTMLScriptElement | null;
  if (script?.nonce && !getHostConfig().nonce) configure({ nonce: script.nonce });
  prepare?.(script);
  const defineElements = (tags?: readonly string[]): string[] => defineFrom(elements, tags);
  defineElements();
  return defineElements;
}
