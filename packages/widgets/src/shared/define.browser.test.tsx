// defineElements() / defineFrom() (issue 8, item 1): checks support, skips a tag this version defined, warns on a
// clash and leaves it alone, and keeps one broken element from stopping the others.
import { describe, expect, it, vi } from 'vitest';
import { defineFrom } from './define';
import { createWidgetElement } from './element';

const Hello = ({ name }: { name?: string }) => <p>你好，{name}</p>;
const make = () => createWidgetElement(Hello, { attributes: [['name', 'string']], events: [] });
let counter = 0;
const tag = () => `gjj-define-test-${(counter += 1)}`;

describe('defineFrom', () => {
  it('registers every tag of the registry and says which it defined; a second call skips them quietly', async () => {
    const [a, b] = [tag(), tag()];
    const warn = vi.spyOn(console, 'warn');
    expect(defineFrom({ [a]: make, [b]: make })).toEqual([a, b]);
    expect(defineFrom({ [a]: make, [b]: make })).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    const el = document.createElement(a);
    el.setAttribute('name', '张三');
    document.body.append(el);
    await expect.poll(() => el.shadowRoot?.textContent).toBe('你好，张三');
    el.remove();
  });

  it('leaves a tag taken by another script alone, says so, and still registers the others', () => {
    const [taken, free] = [tag(), tag()];
    class Other extends HTMLElement {}
    customElements.define(taken, Other);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(defineFrom({ [taken]: make, [free]: make })).toEqual([free]);
    expect(customElements.get(taken)).toBe(Other);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`<${taken}> 已被其他脚本（版本 未知）注册`));
  });

  it('keeps one broken element from stopping the others, and names an unknown tag', () => {
    const [broken, fine] = [tag(), tag()];
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const registry = {
      [broken]: () => {
        throw new Error('坏了');
      },
      [fine]: make,
    };
    expect(defineFrom(registry, [broken, 'gjj-nothing', fine])).toEqual([fine]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`<${broken}> 注册失败，其他组件不受影响`), expect.any(Error));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('未知的组件标签 <gjj-nothing>'));
    expect(customElements.get(fine)).toBeDefined();
  });

  it('registers nothing, and says why, where shadow DOM is missing', () => {
    const attachShadow = Object.getOwnPropertyDescriptor(Element.prototype, 'attachShadow') as PropertyDescriptor;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = tag();
    // The browser's own method, put back below.
    delete (Element.prototype as Partial<Element>).attachShadow;
    try {
      expect(defineFrom({ [t]: make })).toEqual([]);
    } finally {
      Object.defineProperty(Element.prototype, 'attachShadow', attachShadow);
    }
    expect(customElements.get(t)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('不支持自定义元素（Custom Elements）或 Shadow DOM'));
  });
});
