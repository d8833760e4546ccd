import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { setCareMode } from '../../shared/care-mode';
import { $largeCursor, LARGE_CURSOR_KEY, setLargeCursor } from '../../shared/care-tools';
import { CareTools } from './care-tools';
import '../styles.css';
import './care-mode.css';

// Issue 37, item 7: 大鼠标 on a computer, 朗读 on a phone where the browser has a zh-CN voice. Real Chromium.

let root: Root | null = null;
let host: HTMLElement | null = null;

afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
  setCareMode(false);
  setLargeCursor(false);
  vi.restoreAllMocks();
});

async function render(width: number) {
  await page.viewport(width, 800);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <main>
        <p id="text">住房公积金提取须知</p>
        <input id="field" aria-label="手机号码" defaultValue="13800000000" />
        <CareTools />
      </main>,
    ),
  );
}

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.includes(name));

describe('care tools (issue 37)', () => {
  it('shows nothing outside care mode', async () => {
    await render(1280);
    expect(document.querySelector('.care-tools')).toBeNull();
  });

  it('on a computer: 大鼠标 toggles a large pointer, kept in this browser', async () => {
    setCareMode(true);
    await render(1280);
    const cursor = button('大鼠标')!;
    expect(cursor.getAttribute('aria-pressed')).toBe('false');
    expect(button('朗读')).toBeUndefined();
    await userEvent.click(cursor);
    expect($largeCursor.get()).toBe(true);
    expect(localStorage.getItem(LARGE_CURSOR_KEY)).toBe('1');
    expect(document.documentElement.hasAttribute('data-large-cursor')).toBe(true);
    expect(getComputedStyle(document.getElementById('text')!).cursor).toContain('url(');
    await userEvent.click(cursor);
    expect(localStorage.getItem(LARGE_CURSOR_KEY)).toBeNull();
    expect(getComputedStyle(document.getElementById('text')!).cursor).not.toContain('url(');
  });

  it('on a phone with a zh-CN voice: 朗读 reads the selected text, else what had focus', async () => {
    vi.spyOn(speechSynthesis, 'getVoices').mockReturnValue([{ lang: 'zh-CN', name: '中文' } as SpeechSynthesisVoice]);
    const speak = vi.spyOn(speechSynthesis, 'speak').mockImplementation(() => {});
    setCareMode(true);
    await render(390);
    expect(button('大鼠标')).toBeUndefined();
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('text')!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    await userEvent.click(button('朗读')!);
    expect(speak).toHaveBeenCalledTimes(1);
    expect(speak.mock.calls[0]![0].text).toBe('住房公积金提取须知');
    expect(speak.mock.calls[0]![0].lang).toBe('zh-CN');
    await userEvent.click(button('停止朗读')!);
    getSelection()!.removeAllRanges();
    document.getElementById('field')!.focus();
    await userEvent.click(button('朗读')!);
    expect(speak.mock.calls[1]![0].text).toBe('手机号码，13800000000');
  });

  it('on a phone without a Chinese voice: no 朗读', async () => {
    vi.spyOn(speechSynthesis, 'getVoices').mockReturnValue([{ lang: 'en-US', name: 'English' } as SpeechSynthesisVoice]);
    setCareMode(true);
    await render(390);
    expect(button('朗读')).toBeUndefined();
  });
});
