import { ELEMENTS, ELEMENT_TAGS } from './registry';
import { defineFrom } from './shared/define';

export { setLoanCalculatorDefaultMode } from './loan-calculator/loan-calculator.element';
export { configure, getHostConfig } from '@gjj-hall/sdk/host';
export type { HostConfig } from '@gjj-hall/sdk/host';

/** Tags {@link defineElements} knows. */
export { ELEMENT_TAGS };

/**
 * Registers the gjj custom elements (all of them, or the tags named). A tag already defined by this same
 * version is skipped; a tag taken by something else is reported and left alone; one element failing to
 * register does not stop the others. Returns the tags this call defined.
 *
 * @example
 * import { defineElements } from '@gjj-hall/widgets/elements'
 * defineElements(['gjj-rate-table'])
 */
export function defineElements(tags: readonly string[] = ELEMENT_TAGS): string[] {
  return defineFrom(ELEMENTS, tags);
}
