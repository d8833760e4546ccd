import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure } from '@gjj-hall/sdk/host';
import { defineElements } from '../elements';

// Both ends in real frames: the element frames a page of this origin (standing in for the hall), and scripts run
// inside that frame (its own realm, so the frame's window is the message's source) play the archive page.
const ORIGIN = location.origin;
const env = (type: string, payload: unknown) => ({ source: 'gjj-archive', version: 1, type, payload });

beforeAll(() => defineElements(['gjj-archive-collector']));
afterEach(() => {
  document.body.replaceChildren();
  configure({ apiBase: undefined, getToken: undefined, tokenOrigins: undefined });
});

async function mountCollector(attrs: Record<string, string>) {
  const el = document.createElement('gjj-archive-collector');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  const events: { type: string; detail: unknown }[] = [];
  for (const type of ['gjj-last-step', 'gjj-token-timeout', 'gjj-preview', 'gjj-message', 'gjj-complete']) {
    el.addEventListener(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
  }
  document.body.append(el);
  await vi.waitFor(() => expect(el.shadowRoot?.querySelector('iframe')).toBeTruthy());
  const iframe = el.shadowRoot!.querySelector('iframe')!;
  await new Promise<void>((done) => {
    if (iframe.contentDocument?.readyState === 'complete' && iframe.contentWindow?.location.href !== 'about:blank') done();
    else iframe.addEventListener('load', () => done(), { once: true });
  });
  const win = iframe.contentWindow as Window & { eval(code: string): unknown; received?: unknown[] };
  // The stand-in page records what the host sends it.
  win.eval("window.received = []; addEventListener('message', (e) => window.received.push({ data: e.data, origin: e.origin }))");
  /** Posts from inside the frame (its realm): `event.source` is the frame's window. */
  const fromFrame = (data: unknown) => win.eval(`parent.postMessage(${JSON.stringify(data)}, '*')`);
  const fromFrameRaw = (json: string) => win.eval(`parent.postMessage(JSON.parse(${JSON.stringify(json)}), '*')`);
  return { el, iframe, win, events, fromFrame, fromFrameRaw };
}

describe('<gjj-archive-collector> and the archive page in real frames', () => {
  it('frames the page without the token in its address, sends init after ready to the hall origin, sizes the frame and dispatches each message', async () => {
    configure({ apiBase: ORIGIN, getToken: () => 'tok-123' });
    const { iframe, win, events, fromFrame } = await mountCollector({ ywbh: 'GJ0302202600001' });
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-downloads');
    expect(iframe.src).toBe(`${ORIGIN}/home.html#/dzda?ywbh=GJ0302202600001&origin=${encodeURIComponent(ORIGIN)}`);
    expect(iframe.src).not.toContain('tok-123');

    fromFrame(env('ready', {}));
    await vi.waitFor(() => expect(win.received).toEqual([{ data: env('init', { token: 'tok-123', ywbh: 'GJ0302202600001' }), origin: ORIGIN }]));

    fromFrame(env('resize', { height: 777 }));
    await vi.waitFor(() => expect(iframe.style.height).toBe('777px'));

    fromFrame(env('lastStep', {}));
    fromFrame(env('preview', { fileId: 'f-1', fileName: '身份证.png', mimeType: 'image/png' }));
    fromFrame(env('msg', { text: '上传成功', level: 'success' }));
    fromFrame(env('complete', { materials: 2, files: 3 }));
    fromFrame(env('tokenTimeOut', {}));
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(['gjj-last-step', 'gjj-preview', 'gjj-message', 'gjj-complete', 'gjj-token-timeout']));
    expect(events[3]!.detail).toEqual({ materials: 2, files: 3 });
  });

  it('ignores a wrong source, a foreign origin and the hostile corpus, reporting each kind to the console once', async () => {
    configure({ apiBase: ORIGIN, getToken: () => 'tok-123' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { events, fromFrameRaw, iframe } = await mountCollector({ ywbh: 'Y1' });
    // Wrong source: this window (the right origin), not the frame.
    window.postMessage(env('tokenTimeOut', {}), '*');
    window.postMessage(env('tokenTimeOut', {}), '*');
    // Foreign origin: a sandboxed frame without allow-same-origin has the opaque origin "null".
    const foreign = document.createElement('iframe');
    foreign.setAttribute('sandbox', 'allow-scripts');
    foreign.srcdoc = `<script>parent.postMessage(${JSON.stringify(env('tokenTimeOut', {}))}, '*')</script>`;
    document.body.append(foreign);
    for (const json of [
      'null',
      '"gjj-archive"',
      JSON.stringify(env('tokenTimeOut', { extra: 1 })),
      JSON.stringify({ ...env('tokenTimeOut', {}), version: 2 }),
      JSON.stringify(env('evil', {})),
      JSON.stringify(env('resize', { height: '99999px' })),
      JSON.stringify(env('msg', { text: 'x'.repeat(10_000), level: 'error' })),
      '{"source":"gjj-archive","version":1,"type":"tokenTimeOut","payload":{},"__proto__":{"polluted":1}}',
      '{"source":"gjj-archive","version":1,"type":"complete","payload":{"materials":1,"files":1,"__proto__":{"polluted":1}}}',
    ]) {
      fromFrameRaw(json);
    }
    await new Promise((done) => setTimeout(done, 300));
    expect(events).toEqual([]);
    expect(iframe.style.height).toBe('');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const texts = warn.mock.calls.map((c) => String(c[0]));
    expect(texts.some((t) => t.includes('wrong source'))).toBe(true);
    expect(texts.some((t) => t.includes('foreign origin (null)'))).toBe(true);
    expect(texts.filter((t) => t.includes('wrong source'))).toHaveLength(1);
    expect(new Set(texts).size).toBe(texts.length);
    warn.mockRestore();
  });

  it('sends no token to a hall origin named only in markup', async () => {
    configure({ apiBase: 'https://other.example.gov.cn', getToken: () => 'tok-123' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { win, fromFrame } = await mountCollector({ ywbh: 'Y1', 'hall-origin': ORIGIN });
    fromFrame(env('ready', {}));
    await new Promise((done) => setTimeout(done, 200));
    expect(win.received).toEqual([]);
    expect(warn.mock.calls.some((c) => String(c[0]).includes('token not sent'))).toBe(true);
    warn.mockRestore();
  });
});
