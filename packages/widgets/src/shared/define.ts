import type { WidgetElementClass } from './element';

/** Element classes by tag, each made on first use. */
export type ElementRegistry = Readonly<Record<string, () => WidgetElementClass>>;

/**
 * Registers the elements of `registry` (all of them, or the tags named): the start-up both the package's
 * `defineElements()` and each script-tag bundle use. A tag already defined by this same version is skipped; a tag
 * taken by something else is reported and left alone; one element failing to register does not stop the others.
 * Returns the tags this call defined.
 *
 * @example
 * defineFrom({ 'gjj-rate-table': getRateTableElement }) // ['gjj-rate-table']
 */
export function defineFrom(registry: ElementRegistry, tags: readonly string[] = Object.keys(registry)): string[] {
  // The elements need custom elements and shadow DOM (every browser since 2020); without them nothing is registered,
  // so the page's own content stays as it is instead of half-drawn widgets.
  if (typeof window === 'undefined' || !window.customElements || typeof HTMLElement === 'undefined' || !('attachShadow' in HTMLElement.prototype)) {
    console.warn('[gjj] 当前环境不支持自定义元素（Custom Elements）或 Shadow DOM，组件未注册。');
    return [];
  }
  const defined: string[] = [];
  for (const tag of tags) {
    const make = registry[tag];
    if (!make) {
      console.error(`[gjj] 未知的组件标签 <${tag}>，可用的有：${Object.keys(registry).join('、')}`);
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
