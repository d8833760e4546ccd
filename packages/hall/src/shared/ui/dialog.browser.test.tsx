import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act, useState } from 'react';
import { Dialog } from './dialog';
import '../../app/styles.css';

// A system dialog (the 403 错误 of app/system-dialogs.tsx) stays the top modal when a page's own dialog opens after it
// (a business page's 办理须知 whose chunk loaded later): with the page's dialog on top, the system one was inert and
// its message unreadable, and 确定 could not be reached.

let root: Root | null = null;
let host: HTMLElement;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
});

function Both() {
  const [notice, setNotice] = useState(false);
  const [error, setError] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setNotice(true)}>
        open notice
      </button>
      <Dialog title="错误" open={error} alert system onClose={() => setError(false)} footer={<button type="button" onClick={() => setError(false)}>确定</button>}>
        <p>当前操作没有权限，请联系管理员授权</p>
      </Dialog>
      <Dialog title="用户办理须知" open={notice} onClose={() => setNotice(false)}>
        <p>须知内容</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('a system dialog opened first stays on top, readable and answerable, when another dialog opens after it', async () => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<Both />));
    const error = page.getByRole('alertdialog', { name: '错误' });
    await expect.element(error).toBeVisible();
    // The notice opens after it, as a page that loaded later does.
    await act(async () => (host.querySelector('button') as HTMLButtonElement).click());
    await expect.element(page.getByRole('dialog', { name: '用户办理须知' })).toBeInTheDocument();
    await expect.element(error).toHaveTextContent('当前操作没有权限');
    expect(document.activeElement?.closest('dialog')?.getAttribute('aria-labelledby')).toBe(host.querySelector('dialog[data-system]')!.getAttribute('aria-labelledby'));
    await error.getByRole('button', { name: '确定' }).click();
    await expect.element(error).not.toBeInTheDocument();
    await expect.element(page.getByRole('dialog', { name: '用户办理须知' })).toBeVisible();
  });
});
