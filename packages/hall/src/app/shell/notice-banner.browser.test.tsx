import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { axeViolations } from '../../../../../test/support/axe';
import { NoticeBanner } from './notice-banner';
import '../styles.css';
import './shell.css';

// The notice banner in real Chromium: the newest published notice's title at once; its text, sanitized, only when
// 查看详情 opens it (DOMPurify is fetched then, not with every signed-in page: the Lighthouse byte budget).

let root: Root | null = null;
let host: HTMLElement;

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('fetch', async () =>
    new Response(
      JSON.stringify({
        code: 0,
        msg: 'success',
        data: [
          { id: 2, tgmc: '草稿通知', tgnr: '<p>未发布</p>', fbzt: '0' },
          { id: 1, tgmc: '春节期间业务安排', tgnr: '<p onclick="alert(1)">2月9日起暂停柜台业务</p><script>window.hacked=1</script>', fbzt: '1' },
        ],
      }),
      { headers: { 'content-type': 'application/json' } },
    ),
  );
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  vi.unstubAllGlobals();
});

describe('NoticeBanner', () => {
  it('shows the published title; 查看详情 shows the sanitized text; axe clean', async () => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<NoticeBanner />));
    const banner = page.getByRole('region', { name: '通知公告' });
    await expect.element(banner).toHaveTextContent('春节期间业务安排');
    expect(host.textContent).not.toContain('草稿通知');
    expect(host.textContent).not.toContain('暂停柜台业务');
    await page.getByRole('button', { name: '查看详情' }).click();
    await expect.element(banner).toHaveTextContent('2月9日起暂停柜台业务');
    const body = host.querySelector('.notice-banner__body')!;
    expect(body.innerHTML).not.toMatch(/script|onclick/);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(await axeViolations(host)).toEqual([]);
    await page.getByRole('button', { name: '收起' }).click();
    expect((body as HTMLElement).hidden).toBe(true);
  });
});
