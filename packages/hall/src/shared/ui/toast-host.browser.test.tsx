import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { $toast, setToastAutoDismiss, toast } from '../toast';
import { ToastHost } from './toast-host';
import '../../app/styles.css';

// Issue 37, item 4 (WCAG 2.4.11): a toast never covers what has focus, and Esc closes it. Real Chromium, 390 px.

let root: Root | null = null;
let host: HTMLElement | null = null;

afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
  toast.close();
  setToastAutoDismiss(true);
});

async function render() {
  await page.viewport(390, 844);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <>
        {/* A control moved under the toast once it shows, and one in the middle of the window. */}
        <button type="button" id="under" style={{ width: 150, height: 44 }}>
          查看详情
        </button>
        <button type="button" id="far" style={{ position: 'fixed', top: 400, left: 20, height: 44 }}>
          别处
        </button>
        <ToastHost />
      </>,
    ),
  );
}

const overlaps = (a: DOMRect, b: DOMRect) => a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right;

describe('toasts and focus (issue 37)', () => {
  it('moves out of the way of the focused element, and never covers it', async () => {
    setToastAutoDismiss(false);
    await render();
    await act(async () => toast.success('登录成功，欢迎您，张三'));
    const toastBox = () => document.querySelector('.toast')!.getBoundingClientRect();
    const under = document.getElementById('under')!;
    // Right under the toast, wherever the page put it.
    const box = toastBox();
    Object.assign(under.style, { position: 'fixed', top: `${box.top + 4}px`, left: `${box.left + 10}px` });
    expect(overlaps(under.getBoundingClientRect(), toastBox())).toBe(true);
    await act(async () => under.focus());
    await expect.poll(() => overlaps(under.getBoundingClientRect(), toastBox())).toBe(false);
    expect(document.querySelector('.toasts')!.className).toContain('toasts--below');
    // Focus elsewhere that the toast does not cover: it stays where it is.
    await act(async () => document.getElementById('far')!.focus());
    expect(overlaps(document.getElementById('far')!.getBoundingClientRect(), toastBox())).toBe(false);
  });

  it('closes with Esc', async () => {
    setToastAutoDismiss(false);
    await render();
    await act(async () => toast.info('提示'));
    expect($toast.get()).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => $toast.get()).toBeNull();
  });

  it('puts its close button next in the Tab order after what had focus, then goes on from there', async () => {
    setToastAutoDismiss(false);
    await render();
    const under = document.getElementById('under')!;
    const far = document.getElementById('far')!;
    await act(async () => under.focus());
    await act(async () => toast.error('保存失败'));
    await userEvent.tab();
    expect(document.activeElement?.className).toBe('toast__close');
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(under);
    await userEvent.tab();
    expect(document.activeElement?.className).toBe('toast__close');
    await userEvent.tab();
    expect(document.activeElement).toBe(far);
    // Once visited, the page's own order again.
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(under);
  });
});
