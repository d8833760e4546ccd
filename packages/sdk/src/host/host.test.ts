import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../client/client';
import { $hostConfig, configure, createHostClient, getHostConfig } from './index';
import type * as ConfigModule from './config';

afterEach(() => {
  configure({ apiBase: undefined, client: undefined, jproject: undefined, getToken: undefined, onUnauthorized: undefined, nonce: undefined, tokenOrigins: undefined });
});

/** A fetch that answers each call from `answers` in turn (200 with code 0 past the end) and records what was sent. */
function fakeFetch(answers: Array<{ status: number }> = []) {
  const calls: Array<{ url: string; token: string | undefined }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), token: (init?.headers as Record<string, string>).token });
    const { status } = answers[calls.length - 1] ?? { status: 200 };
    return new Response(JSON.stringify(status === 200 ? { code: 0, data: calls.length } : { code: status, msg: 'x' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

describe('configure / getHostConfig', () => {
  it('merges each call into the page-wide configuration, and undefined unsets a field', () => {
    expect(getHostConfig()).toEqual({});
    configure({ apiBase: 'https://a.example', nonce: 'n1' });
    configure({ jproject: 'p2' });
    expect(getHostConfig()).toEqual({ apiBase: 'https://a.example', nonce: 'n1', jproject: 'p2' });
    configure({ nonce: undefined });
    expect(getHostConfig().nonce).toBeUndefined();
    expect(getHostConfig().apiBase).toBe('https://a.example');
  });

  it('tells subscribers of $hostConfig about each change (how elements already on the page follow)', () => {
    const seen: Array<string | undefined> = [];
    const stop = $hostConfig.listen((c) => seen.push(c.apiBase));
    configure({ apiBase: 'https://one.example' });
    configure({ apiBase: 'https://two.example' });
    stop();
    configure({ apiBase: 'https://three.example' });
    expect(seen).toEqual(['https://one.example', 'https://two.example']);
  });

  it('is one store per page: a second copy of the module (another script-tag bundle) sees the same configuration', async () => {
    configure({ apiBase: 'https://shared.example' });
    vi.resetModules();
    // The query string makes Vite load a second, separate instance of the module, as a second bundle would carry.
    const copy = (await import(/* @vite-ignore */ `./config?copy=${Date.now()}`)) as typeof ConfigModule;
    expect(copy.getHostConfig().apiBase).toBe('https://shared.example');
    copy.configure({ apiBase: 'https://from-copy.example' });
    expect(getHostConfig().apiBase).toBe('https://from-copy.example');
  });
});

describe('createHostClient', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls the configured apiBase with the configured headers; an element attribute (apiBase argument) wins', async () => {
    const calls = fakeFetch();
    configure({ apiBase: 'https://configured.example', client: 'bank', jproject: 'proj' });
    const api = createHostClient(getHostConfig());
    expect(api.options).toMatchObject({ baseURL: 'https://configured.example', client: 'bank', jproject: 'proj' });
    await api.get('/x');
    expect(calls[0]?.url).toBe('https://configured.example/x');
    await createHostClient(getHostConfig(), 'https://attribute.example').get('/y');
    expect(calls[1]?.url).toBe('https://attribute.example/y');
    await createHostClient({}, '').get('/z');
    expect(calls[2]?.url).toBe('/z');
  });

  it('uses a configured client as it is, unless an element names its own apiBase', () => {
    const given = createClient({ baseURL: 'https://given.example' });
    configure({ client: given, apiBase: 'https://ignored.example' });
    expect(createHostClient(getHostConfig())).toBe(given);
    expect(createHostClient(getHostConfig(), 'https://attribute.example').options.baseURL).toBe('https://attribute.example');
  });

  it("sends getToken's token with each request, asking for it every time", async () => {
    const calls = fakeFetch();
    let token = 't1';
    configure({ getToken: async () => token });
    const api = createHostClient(getHostConfig());
    await api.get('/a');
    token = 't2';
    await api.post('/b', { x: 1 });
    expect(calls.map((c) => c.token)).toEqual(['t1', 't2']);
  });

  it('on a 401 calls onUnauthorized once and retries once with the different token getToken then gives', async () => {
    const calls = fakeFetch([{ status: 401 }]);
    let token = 'old';
    const onUnauthorized = vi.fn(async () => {
      token = 'new';
    });
    configure({ getToken: () => token, onUnauthorized });
    const answer = await createHostClient(getHostConfig()).get('/me');
    expect(answer.code).toBe(0);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.token)).toEqual(['old', 'new']);
  });

  it('does not retry when the token is unchanged, nor more than once when the retry is refused too', async () => {
    const calls = fakeFetch([{ status: 401 }, { status: 401 }, { status: 401 }]);
    const onUnauthorized = vi.fn();
    configure({ getToken: () => 'same', onUnauthorized });
    await expect(createHostClient(getHostConfig()).get('/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    let n = 0;
    configure({ getToken: () => `t${n++}` });
    await expect(createHostClient(getHostConfig()).get('/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(3);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('asks the host once when several requests are refused together, and retries each with the new token', async () => {
    const calls = fakeFetch([{ status: 401 }, { status: 401 }, { status: 401 }]);
    let token = 'old';
    const onUnauthorized = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      token = 'new';
    });
    configure({ getToken: () => token, onUnauthorized });
    const a = createHostClient(getHostConfig());
    const b = createHostClient(getHostConfig());
    const answers = await Promise.all([a.get('/1'), a.get('/2'), b.get('/3')]);
    expect(answers.map((x) => x.code)).toEqual([0, 0, 0]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.token === 'new').map((c) => c.url).sort()).toEqual(['/1', '/2', '/3']);
  });

  it('sends the token only to the configured API origin and tokenOrigins; any other origin gets none, and a warning once', async () => {
    const calls = fakeFetch([{ status: 200 }, { status: 200 }, { status: 401 }]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onUnauthorized = vi.fn();
    configure({ apiBase: 'https://gjj.example.gov.cn/api-root', getToken: () => 'secret', onUnauthorized, tokenOrigins: ['https://Files.example.gov.cn:8443/'] });
    // The configured origin (another path on it too), and an origin the host listed.
    await createHostClient(getHostConfig(), 'https://gjj.example.gov.cn/other').get('/a');
    await createHostClient(getHostConfig(), 'https://files.example.gov.cn:8443').get('/b');
    // An origin named only in markup: no token, no onUnauthorized on its 401, one warning however many clients.
    await expect(createHostClient(getHostConfig(), 'https://evil.example').get('/c')).rejects.toMatchObject({ status: 401 });
    await createHostClient(getHostConfig(), 'https://evil.example/x').get('/d');
    await createHostClient(getHostConfig(), 'http://gjj.example.gov.cn').get('/e');
    expect(calls.map((c) => [c.url, c.token])).toEqual([
      ['https://gjj.example.gov.cn/other/a', 'secret'],
      ['https://files.example.gov.cn:8443/b', 'secret'],
      ['https://evil.example/c', undefined],
      ['https://evil.example/x/d', undefined],
      ['http://gjj.example.gov.cn/e', undefined],
    ]);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringContaining('[gjj] 未发送令牌：https://evil.example 不在 configure() 的 apiBase、tokenOrigins 中'),
      expect.stringContaining('未发送令牌：http://gjj.example.gov.cn '),
    ]);
    warn.mockRestore();
  });

  it("an element's api-base under a configured client gets the token only on that client's origin", async () => {
    const calls = fakeFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configure({ client: createClient({ baseURL: 'https://given.example' }), getToken: () => 't' });
    await createHostClient(getHostConfig(), 'https://given.example/v2').get('/a');
    await createHostClient(getHostConfig(), 'https://elsewhere.example').get('/b');
    expect(calls.map((c) => c.token)).toEqual(['t', undefined]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('leaves other failures alone', async () => {
    fakeFetch([{ status: 500 }]);
    const onUnauthorized = vi.fn();
    configure({ getToken: () => 't', onUnauthorized });
    await expect(createHostClient(getHostConfig()).get('/x')).rejects.toMatchObject({ status: 500 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
