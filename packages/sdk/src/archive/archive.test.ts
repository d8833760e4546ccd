import { describe, expect, it, vi } from 'vitest';
import { archiveEnvelope, createArchiveHost, createArchivePage, isExactOrigin, parseHostMessage, parsePageMessage } from './index';

const HALL = 'https://hall.example.gov.cn';
const HOST = 'https://gov.example.cn';

/** A window stand-in: dispatches MessageEvent-like objects to its listeners. */
function fakeWindow() {
  const listeners = new Set<(e: MessageEvent) => void>();
  return {
    posted: [] as { message: unknown; origin: string }[],
    addEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.delete(l),
    postMessage(message: unknown, origin: string) {
      this.posted.push({ message, origin });
    },
    deliver(data: unknown, origin: string, source: unknown) {
      for (const l of listeners) l({ data, origin, source } as MessageEvent);
    },
  };
}

const valid = {
  ready: {},
  resize: { height: 812 },
  lastStep: {},
  tokenTimeOut: {},
  preview: { fileId: 'f_01', fileName: '身份证.pdf', mimeType: 'application/pdf' },
  msg: { text: '上传成功', level: 'success' },
  complete: { materials: 3, files: 5 },
} as const;

/** What an attacker (or a confused script) might post: every one must be refused. */
const hostileCorpus: [string, unknown][] = [
  ['null', null],
  ['a string', 'gjj-archive'],
  ['an array', ['gjj-archive', 1, 'ready', {}]],
  ['a number', 42],
  ['no source', { version: 1, type: 'ready', payload: {} }],
  ['other source', { source: 'other', version: 1, type: 'ready', payload: {} }],
  ['version 2', { source: 'gjj-archive', version: 2, type: 'ready', payload: {} }],
  ['version as string', { source: 'gjj-archive', version: '1', type: 'ready', payload: {} }],
  ['unknown type', archiveEnvelope('eval', { code: 'alert(1)' })],
  ['type toString', archiveEnvelope('toString', {})],
  ['type __proto__', archiveEnvelope('__proto__', {})],
  ['type hasOwnProperty', archiveEnvelope('hasOwnProperty', {})],
  ['no payload', { source: 'gjj-archive', version: 1, type: 'ready' }],
  ['payload null', archiveEnvelope('ready', null)],
  ['payload array', archiveEnvelope('resize', [812])],
  ['extra envelope key', { ...archiveEnvelope('ready', {}), extra: 1 }],
  ['resize without height', archiveEnvelope('resize', {})],
  ['resize height string', archiveEnvelope('resize', { height: '812px' })],
  ['resize height NaN', archiveEnvelope('resize', { height: Number.NaN })],
  ['resize height Infinity', archiveEnvelope('resize', { height: Number.POSITIVE_INFINITY })],
  ['resize height negative', archiveEnvelope('resize', { height: -1 })],
  ['resize height huge', archiveEnvelope('resize', { height: 1e9 })],
  ['resize extra field', archiveEnvelope('resize', { height: 1, width: 2 })],
  ['preview fileId with slash', archiveEnvelope('preview', { ...valid.preview, fileId: '../../etc/passwd' })],
  ['preview javascript mime', archiveEnvelope('preview', { ...valid.preview, mimeType: 'javascript:alert(1)' })],
  ['preview empty name', archiveEnvelope('preview', { ...valid.preview, fileName: '' })],
  ['msg unknown level', archiveEnvelope('msg', { text: 'x', level: 'html' })],
  ['msg text object', archiveEnvelope('msg', { text: { toString: 'x' }, level: 'info' })],
  ['msg text too long', archiveEnvelope('msg', { text: 'x'.repeat(501), level: 'info' })],
  ['complete fractional', archiveEnvelope('complete', { materials: 1.5, files: 2 })],
  ['complete negative', archiveEnvelope('complete', { materials: -1, files: 2 })],
  ['oversized', archiveEnvelope('msg', { text: '字'.repeat(400), level: 'info', pad: 'x'.repeat(10_000) })],
  ['oversized envelope', { ...archiveEnvelope('ready', {}), pad: 'x'.repeat(100_000) }],
  ['__proto__ in payload (JSON)', JSON.parse('{"source":"gjj-archive","version":1,"type":"resize","payload":{"height":1,"__proto__":{"polluted":true}}}')],
  ['__proto__ in envelope (JSON)', JSON.parse('{"source":"gjj-archive","version":1,"type":"ready","payload":{},"__proto__":{"polluted":true}}')],
  ['constructor key', archiveEnvelope('ready', { constructor: { prototype: { polluted: true } } })],
  ['prototype key', archiveEnvelope('lastStep', { prototype: {} })],
  ['class instance payload', archiveEnvelope('ready', new (class X {})())],
  ['Date payload', archiveEnvelope('ready', new Date())],
  ['Map envelope', new Map([['source', 'gjj-archive']])],
  ['symbol key', archiveEnvelope('ready', { [Symbol('x')]: 1 })],
];

describe('parsePageMessage', () => {
  it.each(Object.entries(valid))('accepts a well-formed %s', (type, payload) => {
    const r = parsePageMessage(archiveEnvelope(type, payload));
    expect(r).toEqual({ ok: true, message: { source: 'gjj-archive', version: 1, type, payload } });
  });

  it.each(hostileCorpus)('refuses %s', (_, data) => {
    expect(parsePageMessage(data).ok).toBe(false);
    expect(parseHostMessage(data).ok).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses a cyclic payload without throwing', () => {
    const payload: Record<string, unknown> = { height: 1 };
    payload['self'] = payload;
    expect(parsePageMessage(archiveEnvelope('resize', payload))).toMatchObject({ ok: false });
  });

  it('hands on a copy, not the sender\'s object', () => {
    const payload = { height: 10 };
    const r = parsePageMessage(archiveEnvelope('resize', payload));
    expect(r.ok && r.message.payload).not.toBe(payload);
  });

  it('does not take a host message for a page message, nor the reverse', () => {
    expect(parsePageMessage(archiveEnvelope('init', { token: 't', ywbh: 'Y1' })).ok).toBe(false);
    expect(parseHostMessage(archiveEnvelope('ready', {})).ok).toBe(false);
  });
});

describe('parseHostMessage', () => {
  it('accepts init with a token and an application number', () => {
    expect(parseHostMessage(archiveEnvelope('init', { token: 'abc.DEF-123', ywbh: 'YW2026000001' })).ok).toBe(true);
  });
  it.each([
    ['token with a space', { token: 'a b', ywbh: 'Y1' }],
    ['token too long', { token: 'a'.repeat(2049), ywbh: 'Y1' }],
    ['empty token', { token: '', ywbh: 'Y1' }],
    ['ywbh with markup', { token: 't', ywbh: '<img>' }],
    ['missing ywbh', { token: 't' }],
  ])('refuses init with %s', (_, payload) => {
    expect(parseHostMessage(archiveEnvelope('init', payload)).ok).toBe(false);
  });
});

describe('isExactOrigin', () => {
  it.each([HALL, 'http://127.0.0.1:5173'])('accepts %s', (o) => expect(isExactOrigin(o)).toBe(true));
  it.each(['*', 'null', '', `${HALL}/`, `${HALL}/dzda`, 'javascript:alert(1)', 'file:///x', 'HTTPS://HALL.example.gov.cn', 7])(
    'refuses %s',
    (o) => expect(isExactOrigin(o)).toBe(false),
  );
});

describe('createArchiveHost', () => {
  function setup() {
    const win = fakeWindow();
    const frameWindow = fakeWindow();
    const onMessage = vi.fn();
    const onReject = vi.fn();
    const host = createArchiveHost({ frame: { contentWindow: frameWindow }, origin: HALL, onMessage, onReject, window: win });
    return { win, frameWindow, onMessage, onReject, host };
  }

  it('passes on a valid message from the frame at the hall origin, and sends init to that origin only', () => {
    const { win, frameWindow, onMessage, host } = setup();
    win.deliver(archiveEnvelope('ready', {}), HALL, frameWindow);
    expect(onMessage).toHaveBeenCalledWith(archiveEnvelope('ready', {}));
    host.init({ token: 'tok', ywbh: 'Y1' });
    expect(frameWindow.posted).toEqual([{ message: archiveEnvelope('init', { token: 'tok', ywbh: 'Y1' }), origin: HALL }]);
  });

  it('ignores a foreign origin, a lookalike origin and a wrong source, and reports each', () => {
    const { win, frameWindow, onMessage, onReject } = setup();
    const msg = archiveEnvelope('tokenTimeOut', {});
    win.deliver(msg, 'https://evil.example', frameWindow);
    win.deliver(msg, `${HALL}.evil.example`, frameWindow);
    win.deliver(msg, 'null', frameWindow);
    win.deliver(msg, HALL, fakeWindow());
    win.deliver(msg, HALL, null);
    expect(onMessage).not.toHaveBeenCalled();
    expect(onReject).toHaveBeenCalledTimes(5);
  });

  it.each(hostileCorpus)('ignores %s from the right frame and origin', (_, data) => {
    const { win, frameWindow, onMessage } = setup();
    win.deliver(data, HALL, frameWindow);
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('reports to the console once per kind by default, and not for other scripts\' messages', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const win = fakeWindow();
    const frameWindow = fakeWindow();
    createArchiveHost({ frame: { contentWindow: frameWindow }, origin: HALL, onMessage: () => {}, window: win });
    for (let i = 0; i < 5; i++) win.deliver(archiveEnvelope('ready', {}), `https://evil${i}.example`, frameWindow);
    win.deliver({ type: 'webpackOk' }, 'https://evil.example', frameWindow);
    win.deliver(archiveEnvelope('nope', {}), HALL, frameWindow);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('stops listening on destroy', () => {
    const { win, frameWindow, onMessage, host } = setup();
    host.destroy();
    win.deliver(archiveEnvelope('ready', {}), HALL, frameWindow);
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('refuses a wildcard or malformed origin at creation', () => {
    expect(() => createArchiveHost({ frame: { contentWindow: null }, origin: '*', onMessage: () => {}, window: fakeWindow() })).toThrow(/exact origin/);
  });
});

describe('createArchivePage', () => {
  it('posts ready to the host origin at once and takes the first init from the parent only', () => {
    const win = fakeWindow();
    const parent = fakeWindow();
    const onInit = vi.fn();
    const page = createArchivePage({ hostOrigin: HOST, onInit, window: win, parent, onReject: () => {} });
    expect(parent.posted).toEqual([{ message: archiveEnvelope('ready', {}), origin: HOST }]);
    const init = archiveEnvelope('init', { token: 'tok', ywbh: 'Y1' });
    win.deliver(init, 'https://evil.example', parent);
    win.deliver(init, HOST, fakeWindow());
    expect(onInit).not.toHaveBeenCalled();
    win.deliver(init, HOST, parent);
    win.deliver(archiveEnvelope('init', { token: 'other', ywbh: 'Y2' }), HOST, parent);
    expect(onInit).toHaveBeenCalledTimes(1);
    expect(onInit).toHaveBeenCalledWith({ token: 'tok', ywbh: 'Y1' });
    page.post('complete', { materials: 2, files: 3 });
    expect(parent.posted.at(-1)).toEqual({ message: archiveEnvelope('complete', { materials: 2, files: 3 }), origin: HOST });
  });

  it.each(hostileCorpus)('ignores %s from the parent at the host origin', (_, data) => {
    const win = fakeWindow();
    const parent = fakeWindow();
    const onInit = vi.fn();
    createArchivePage({ hostOrigin: HOST, onInit, window: win, parent, onReject: () => {} });
    win.deliver(data, HOST, parent);
    expect(onInit).not.toHaveBeenCalled();
  });
});
