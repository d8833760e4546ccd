import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusPageHeading, visibleHeading } from './route-focus';

// What a page change does to focus (docs/api-shell.md, "Page changes"), on plain DOM in real Chromium.

let main: HTMLElement;
function page(html: string) {
  main?.remove();
  main = document.createElement('main');
  main.tabIndex = -1;
  main.innerHTML = html;
  document.body.append(main);
}
afterEach(() => {
  main?.remove();
  vi.useRealTimers();
});

describe('focusPageHeading', () => {
  it('waits for the new page\'s h1 and focuses it (tabindex -1); a hidden cached page\'s h1 does not count', async () => {
    page('<div hidden><h1>我的业务</h1></div><div id="now"><h1>政策信息</h1></div>');
    const old = visibleHeading();
    expect(old?.textContent).toBe('政策信息');
    const cancel = focusPageHeading(old);
    // Still the old page: nothing moves.
    expect(document.activeElement).not.toBe(old);
    main.querySelector('#now')!.innerHTML = '<p>正在加载</p>';
    await new Promise((r) => setTimeout(r, 20));
    main.querySelector('#now')!.innerHTML = '<h1>贷款利率</h1>';
    await expect.poll(() => document.activeElement?.textContent).toBe('贷款利率');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
    cancel();
  });

  it('the same heading element with new text (one menu screen to another) is the new page\'s', async () => {
    page('<h1>账户信息</h1>');
    const h1 = visibleHeading()!;
    focusPageHeading(h1);
    h1.textContent = '贷款业务';
    await expect.poll(() => document.activeElement).toBe(h1);
  });

  it('leaves focus alone once the user has moved it (a dialog, a field)', async () => {
    page('<h1>登录</h1><input aria-label="账号">');
    const old = visibleHeading();
    focusPageHeading(old);
    const input = main.querySelector('input')!;
    input.focus();
    main.insertAdjacentHTML('afterbegin', '<h1>下午好，张三</h1>');
    old!.remove();
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(input);
  });

  it('without a heading in time, focuses <main> and announces the title', async () => {
    page('<h1>政策信息</h1>');
    const announce = vi.fn();
    document.title = '功能暂未开放 - 网上业务大厅';
    focusPageHeading(visibleHeading(), { waitMs: 50, announce });
    await expect.poll(() => announce.mock.calls.length).toBe(1);
    expect(announce).toHaveBeenCalledWith('功能暂未开放 - 网上业务大厅');
    expect(document.activeElement).toBe(main);
  });
});
