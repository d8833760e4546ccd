import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { GjjClient } from '@gjj-hall/sdk';
import { axeViolations } from '../../../../test/support/axe';
import { defineElements } from '../elements';
import { mount, track } from '../shared/test-mount';
import { QrSigning, type QrSignedDetail } from './qr-signing';

// A 1×1 PNG: what the server's qrcode would draw is beside the point here, only that it is shown.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * The signing calls of docs/api-archive.md as a scripted server: every `qm` gives a new uuid; `qsztcx` answers the
 * statuses queued for it, then the last one again. The real server's own tests cover the server; these the panel.
 */
function fakeServer(options: { exp?: number; statuses?: number[]; fileId?: string; failLoad?: number } = {}) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  let n = 0;
  const statuses = [...(options.statuses ?? [0])];
  let failLoad = options.failLoad ?? 0;
  const answer = (path: string): unknown => {
    if (path.endsWith('/qm')) {
      if (failLoad > 0) {
        failLoad -= 1;
        throw new Error('网络连接失败，请检查网络后重试');
      }
      n += 1;
      return { uuid: `00000000-0000-4000-8000-00000000000${n}`, urlBase: 'https://hall.example/home.html#/mobileSign?uuid=', exp: options.exp ?? 600, codeImgBase64: PNG };
    }
    if (path.endsWith('/qsztcx')) return { status: statuses.length > 1 ? statuses.shift() : statuses[0] };
    if (path.endsWith('/qswc')) return { status: 10, ...(options.fileId ? { fileId: options.fileId } : {}) };
    throw new Error(`unexpected ${path}`);
  };
  const client = {
    options: { baseURL: '', timeout: 60_000, client: 'web', jproject: 'izfgjj' },
    get: () => Promise.reject(new Error('no GET here')),
    raw: () => Promise.reject(new Error('no raw here')),
    post: (path: string, body?: unknown) => {
      calls.push({ path, body: body as Record<string, unknown> });
      try {
        return Promise.resolve({ code: 0, msg: 'ok', data: answer(path) });
      } catch (error) {
        return Promise.reject(error);
      }
    },
  } as unknown as GjjClient;
  const polls = () => calls.filter((c) => c.path.endsWith('/qsztcx')).length;
  return { client, calls, polls };
}

const text = (root: ParentNode) => (root.querySelector('section') as HTMLElement).innerText.replace(/\s+/g, ' ');
const phase = (root: ParentNode) => root.querySelector('section')?.getAttribute('data-phase');

describe('<QrSigning> (React)', () => {
  it('shows the QR for the application with a countdown, polls every 3 s, then 已签署 and onSigned with the letter', async () => {
    const server = fakeServer({ statuses: [0, 1, 10], fileId: 'F-SIGNED-1' });
    const signed: QrSignedDetail[] = [];
    const host = mount(<QrSigning ywbh="GR2026000001" client={server.client} onSigned={(d) => signed.push(d)} />);
    expect(text(host)).toContain('二维码加载中');
    await expect.poll(() => host.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    expect(server.calls[0]).toEqual({ path: '/api/dzda/v1/zhcjyw/qm', body: { ywbh: 'GR2026000001' } });
    expect(host.querySelector('section')?.getAttribute('aria-label')).toBe('手机扫码签署授权委托书');
    expect(text(host)).toMatch(/二维码 (600|599) 秒后失效/);
    expect(await axeViolations(host)).toEqual([]);

    // Nothing asked before the first 3 s are up; then status 1: the phone has the page open.
    await new Promise((r) => setTimeout(r, 2500));
    expect(server.polls()).toBe(0);
    await expect.poll(() => text(host), { timeout: 8000 }).toContain('已扫码，请在手机上完成短信验证并签名');
    await expect.poll(() => signed, { timeout: 5000 }).toEqual([{ ywbh: 'GR2026000001', fileId: 'F-SIGNED-1' }]);
    await expect.poll(() => text(host)).toContain('已签署');
    expect(host.querySelector('img')).toBeNull();
    expect(server.calls.find((c) => c.path.endsWith('/qsztcx'))?.body).toEqual({ uuid: '00000000-0000-4000-8000-000000000001' });
    // Signed: polling has stopped.
    const after = server.polls();
    await new Promise((r) => setTimeout(r, 3500));
    expect(server.polls()).toBe(after);
    expect(await axeViolations(host)).toEqual([]);
  }, 25_000);

  it('counts down to 二维码已过期, reports it once, and 点击刷新 (focused) brings a new code', async () => {
    const server = fakeServer({ exp: 2 });
    const expired: string[] = [];
    const host = mount(<QrSigning ywbh="GR2026000002" client={server.client} onExpired={(d) => expired.push(d.ywbh)} />);
    await expect.poll(() => text(host)).toMatch(/二维码 [12] 秒后失效/);
    await expect.poll(() => phase(host), { timeout: 4000 }).toBe('expired');
    expect(text(host)).toContain('二维码已过期');
    expect(expired).toEqual(['GR2026000002']);
    const refresh = host.querySelector('button') as HTMLButtonElement;
    expect(refresh.textContent).toBe('点击刷新');
    expect(refresh.matches(':focus')).toBe(true);
    expect(await axeViolations(host)).toEqual([]);
    refresh.click();
    await expect.poll(() => phase(host)).toBe('shown');
    expect(server.calls.filter((c) => c.path.endsWith('/qm'))).toHaveLength(2);
  });

  it('shows 二维码已失效 (9) and 签署失败 (11) over the QR, each with 点击刷新', async () => {
    for (const [status, words] of [
      [9, '二维码已失效'],
      [11, '签署失败'],
    ] as const) {
      const server = fakeServer({ statuses: [status] });
      const host = mount(<QrSigning ywbh="GR2026000003" client={server.client} />);
      await expect.poll(() => text(host), { timeout: 6000 }).toContain(`${words} 点击刷新`);
      expect(host.querySelector('[role="status"]')?.textContent).toBe(`${words}，请点击刷新`);
    }
  }, 15_000);

  it('says the QR could not be loaded, and loads it on 点击刷新', async () => {
    const server = fakeServer({ failLoad: 1 });
    const host = mount(<QrSigning ywbh="GR2026000004" client={server.client} />);
    await expect.poll(() => text(host)).toContain('二维码加载失败 点击刷新');
    (host.querySelector('button') as HTMLButtonElement).click();
    await expect.poll(() => host.querySelector('img')).not.toBeNull();
  });
});

describe('<gjj-qr-signing> (custom element)', () => {
  beforeAll(() => {
    expect(defineElements(['gjj-qr-signing'])).toEqual(['gjj-qr-signing']);
  });

  /** The page's fetch, answering the signing calls; every other call goes through. */
  function stubFetch(statuses: number[]) {
    const real = window.fetch.bind(window);
    const seen: string[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes('/api/dzda/v1/zhcjyw/')) return real(input, init);
      seen.push(`${url.replace(/^.*zhcjyw\//, '')} ${String(init?.body ?? '')}`);
      const data = url.endsWith('/qm')
        ? { uuid: '00000000-0000-4000-8000-0000000000aa', urlBase: 'https://hall.example/home.html#/mobileSign?uuid=', exp: 600, codeImgBase64: PNG }
        : url.endsWith('/qsztcx')
          ? { status: statuses.length > 1 ? statuses.shift() : statuses[0] }
          : { status: 10, fileId: 'F-9' };
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
    });
    return seen;
  }

  it('renders from its attributes in a shadow root, and fires a composed gjj-signed with ywbh and fileId', async () => {
    const seen = stubFetch([0, 10]);
    const el = document.createElement('gjj-qr-signing');
    el.setAttribute('ywbh', 'GR2026000010');
    el.setAttribute('api-base', 'https://centre.example');
    el.setAttribute('label', '委托书签署');
    const detail = new Promise<QrSignedDetail>((resolve) => document.addEventListener('gjj-signed', (e) => resolve((e as CustomEvent<QrSignedDetail>).detail), { once: true }));
    document.body.append(el);
    track(el);
    const shadow = el.shadowRoot as ShadowRoot;
    await expect.poll(() => shadow.querySelector('img')).not.toBeNull();
    expect(shadow.querySelector('section')?.getAttribute('aria-label')).toBe('委托书签署');
    expect(shadow.adoptedStyleSheets.length).toBeGreaterThan(0);
    expect(getComputedStyle(shadow.querySelector('section') as Element).width).toBe('380px');
    expect(seen[0]).toBe('qm {"ywbh":"GR2026000010"}');
    expect(await axeViolations(el)).toEqual([]);
    expect(await detail).toEqual({ ywbh: 'GR2026000010', fileId: 'F-9' });
    expect(seen.at(-1)).toBe('qswc {"uuid":"00000000-0000-4000-8000-0000000000aa"}');
    await expect.poll(() => shadow.querySelector('section')?.textContent).toContain('已签署');
  }, 15_000);

  it('stops polling when it leaves the page', async () => {
    const seen = stubFetch([0]);
    const el = document.createElement('gjj-qr-signing');
    el.setAttribute('ywbh', 'GR2026000011');
    document.body.append(el);
    await expect.poll(() => seen.filter((s) => s.startsWith('qsztcx')).length, { timeout: 5000 }).toBe(1);
    el.remove();
    const polls = seen.filter((s) => s.startsWith('qsztcx')).length;
    await new Promise((r) => setTimeout(r, 6500));
    expect(seen.filter((s) => s.startsWith('qsztcx')).length).toBe(polls);
  }, 15_000);
});
