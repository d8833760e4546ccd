import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client';
import { BusinessError, GjjError, HttpError } from './errors';
import { httpStatusMessage, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from './messages';

// A real HTTP server on loopback: the client is exercised over a real socket, not a mocked fetch.
let server: Server;
let base: string;
let lastHeaders: IncomingHttpHeaders = {};
let lastUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    lastUrl = req.url ?? '';
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/ok':
        return json(200, { code: 0, msg: '操作成功', data: { n: 1 } });
      case '/ok-string':
        return json(200, { code: '00', data: 'x' });
      case '/pass':
        return json(200, { code: Number(url.searchParams.get('code')), msg: '需要进一步处理', data: null });
      case '/business':
        return json(200, { code: 500, msg: '单位账号不存在', data: null });
      case '/business-no-msg':
        return json(200, { code: 7, data: null });
      case '/status':
        return json(Number(url.searchParams.get('s')), url.searchParams.has('msg') ? { code: 1, msg: url.searchParams.get('msg') } : {});
      case '/html':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html></html>');
      case '/slow':
        return setTimeout(() => json(200, { code: 0, data: null }), 500);
      default:
        return json(404, {});
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('createClient', () => {
  it('sends the spec 7 headers with their defaults, and the token when signed in', async () => {
    await createClient({ baseURL: base }).get('/ok');
    expect(lastHeaders.client).toBe('wt');
    expect(lastHeaders.jproject).toBe('izfgjj');
    expect(lastHeaders.token).toBeUndefined();

    await createClient({ baseURL: base, client: 'app', jproject: 'other', getToken: () => 'T0K3N' }).get('/ok');
    expect(lastHeaders.client).toBe('app');
    expect(lastHeaders.jproject).toBe('other');
    expect(lastHeaders.token).toBe('T0K3N');
  });

  it('resolves with the envelope on code 0 and on the string code 00', async () => {
    const client = createClient({ baseURL: base });
    await expect(client.get('/ok')).resolves.toEqual({ code: 0, msg: '操作成功', data: { n: 1 } });
    await expect(client.get('/ok-string')).resolves.toMatchObject({ code: '00', data: 'x' });
  });

  it('builds the query string, leaving out empty values', async () => {
    await createClient({ baseURL: `${base}/` }).get('ok', { params: { lllx: '03', a: undefined, b: null, n: 2 } });
    expect(lastUrl).toBe('/ok?lllx=03&n=2');
  });

  it.each([2, 3, 8, 9, 520])('passes code %i through untouched', async (code) => {
    await expect(createClient({ baseURL: base }).get('/pass', { params: { code } })).resolves.toMatchObject({ code, msg: '需要进一步处理' });
  });

  it('rejects other codes with a BusinessError carrying the server message', async () => {
    const error = await createClient({ baseURL: base }).get('/business').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BusinessError);
    expect(error).toBeInstanceOf(GjjError);
    expect(error).toMatchObject({ name: 'BusinessError', code: 500, message: '单位账号不存在' });
  });

  it('falls back to the default message when a failing envelope has none', async () => {
    await expect(createClient({ baseURL: base }).get('/business-no-msg')).rejects.toMatchObject({
      name: 'BusinessError',
      code: 7,
      message: expect.stringMatching(/.+/),
    });
  });

  it.each([401, 403, 404, 426, 428, 429, 503])('maps HTTP %i to the spec 8.2 message', async (status) => {
    const error = await createClient({ baseURL: base }).get('/status', { params: { s: status } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ name: 'HttpError', status, kind: 'status', message: httpStatusMessage(status) });
  });

  it('prefers the server msg of an error response', async () => {
    await expect(createClient({ baseURL: base }).get('/status', { params: { s: 400, msg: '利率类型不正确' } })).rejects.toMatchObject({
      status: 400,
      message: '利率类型不正确',
    });
  });

  it('treats a 2xx answer that is not an envelope as a server fault', async () => {
    await expect(createClient({ baseURL: base }).get('/html')).rejects.toMatchObject({ name: 'HttpError', status: 200 });
  });

  it('gives the timeout message when the server is slower than the timeout', async () => {
    const error = await createClient({ baseURL: base, timeout: 50 }).get('/slow').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpError', kind: 'timeout', status: 0, message: TIMEOUT_MESSAGE });
  });

  it('gives the network message when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await createClient({ baseURL: `http://127.0.0.1:${port}` }).get('/ok').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpError', kind: 'network', message: NETWORK_ERROR_MESSAGE });
  });

  it('lets the caller abort, rethrowing the abort rather than calling it a network fault', async () => {
    const controller = new AbortController();
    const pending = createClient({ baseURL: base }).get('/slow', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(HttpError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('httpStatusMessage', () => {
  it('knows the catalogue and falls back for the rest', () => {
    expect(httpStatusMessage(426)).toBe('用户名不存在或密码错误');
    expect(httpStatusMessage('000')).toBe('操作太频繁，请勿重复请求');
    expect(httpStatusMessage(0)).toBe('操作太频繁，请勿重复请求');
    expect(httpStatusMessage(502)).toBe('服务接口异常，请反馈给管理员');
  });
});
