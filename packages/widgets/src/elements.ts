import type { WidgetElementClass } from './shared/element';
import { getLoanCalculatorElement } from './loan-calculator/loan-calculator.element';
import { getRateTableElement } from './rate-table/rate-table.element';

export { setLoanCalculatorDefaultMode } from './loan-calculator/loan-calculator.element';

/** Every element this package defines, by tag. */
const ELEMENTS: Readonly<Record<string, () => WidgetElementClass>> = {
  'gjj-rate-table': getRateTableElement,
  'gjj-loan-calculator': getLoanCalculatorElement,
};

/** Tags {@link defineElements} knows. */
export const ELEMENT_TAGS = Object.freeze(Object.keys(ELEMENTS));

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
  if (typeof window === 'undefined' || !window.customElements || typeof HTMLElement === 'undefined') {
    console.warn('[gjj] 当前环境不支持自定义元素（Custom Elements），组件未注册。');
    return [];
  }
  const defined: string[] = [];
  for (const tag of tags) {
    const make = ELEMENTS[tag];
    if (!make) {
      console.error(`[gjj] 未知的组件标签 <${tag}>，可用的有：${ELEMENT_TAGS.join('、')}`);
      continue;
    }
    try {
      const existing = customElements.get(tag) as Partial<WidgetElementClass> | undefined;
      if (existing) {
        if (existing.gjjVersion !== make().gjjVersion) {
          console.warn(`[gjj] <${tag}> 已被其他脚本（版本 ${existing.gjjVersion ?? '未知'}）注册，本版本未覆盖它。`);
        }
        continue;
      }
      customElements.define(tag, make());
      defined.push(tag);
    } catch (error) {
      console.error(`[gjj] <${tag}> 注册失败，其他组件不受影响：`, error);
    }
  }
  return defined;
}
