import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client';
import { BusinessError, GjjError, HttpError } from './errors';
import { errorMessage, httpStatusMessage, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from './messages';

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
      case '/echo': {
        let raw = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (raw += chunk));
        req.on('end', () => json(200, { code: 0, data: { method: req.method, type: req.headers['content-type'] ?? '', raw, query: url.search } }));
        return;
      }
      case '/token':
        res.writeHead(200, { 'content-type': 'application/json', token: 'NEW-TOKEN' });
        return res.end(JSON.stringify({ code: 0, data: null }));
      case '/forbidden-code':
        return json(200, { code: 403, data: null });
      case '/file':
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(Buffer.from('%PDF-1.7 公积金'));
      case '/file-missing':
        return json(200, { code: 1, msg: '文件不存在', data: null });
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

  it('resolves with the envelope on code 0, and on 00 only for a call that says so', async () => {
    const client = createClient({ baseURL: base });
    await expect(client.get('/ok')).resolves.toEqual({ code: 0, msg: '操作成功', data: { n: 1 } });
    await expect(client.get('/ok-string', { successCodes: [0, '00'] })).resolves.toMatchObject({ code: '00', data: 'x' });
    await expect(client.get('/ok-string')).rejects.toBeInstanceOf(BusinessError);
  });

  it('sends the fast-identification marker when there is one', async () => {
    await createClient({ baseURL: base, getQuickId: () => '1' }).get('/ok');
    expect(lastHeaders.ksbs).toBe('1');
    await createClient({ baseURL: base, getQuickId: () => '' }).get('/ok');
    expect(lastHeaders.ksbs).toBeUndefined();
  });

  it('hands a token from a response header to onToken', async () => {
    const tokens: string[] = [];
    const client = createClient({ baseURL: base, onToken: (t) => tokens.push(t) });
    await client.get('/ok');
    await client.get('/token');
    expect(tokens).toEqual(['NEW-TOKEN']);
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

describe('POST bodies', () => {
  const echo = async (body: unknown, opts = {}) =>
    (await createClient({ baseURL: base }).post<{ method: string; type: string; raw: string; query: string }>('/echo', body, opts)).data;

  it('sends JSON with every string trimmed, and no spaces at all in ID, number, account, amount and code fields', async () => {
    const data = await echo({
      xingming: '  张 三 ',
      zjhm: ' 1101 0519 4912 3100 2X ',
      sjhm: '138 0013 8000',
      dwzh: ' 1234 5678 ',
      htdkje: ' 100 000 ',
      ywbh: 'GJ 0101',
      userId: ' 42 ',
      remark: '  有空格 的备注  ',
      nested: { grzh: ' 12 34 ', note: ' a b ' },
      list: [' x '],
      n: 5,
    });
    expect(data.type).toBe('application/json;charset=UTF-8');
    expect(JSON.parse(data.raw)).toEqual({
      xingming: '张 三',
      zjhm: '11010519491231002X',
      sjhm: '13800138000',
      dwzh: '12345678',
      htdkje: '100000',
      ywbh: 'GJ0101',
      userId: '42',
      remark: '有空格 的备注',
      nested: { grzh: '1234', note: 'a b' },
      list: ['x'],
      n: 5,
    });
  });

  it('form-encodes when asked, after the same cleaning', async () => {
    const data = await echo({ zjhm: ' 110105 ', xingming: ' 李四 ', empty: null, obj: { a: 1 } }, { form: true });
    expect(data.type).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(Object.fromEntries(new URLSearchParams(data.raw))).toEqual({ zjhm: '110105', xingming: '李四', obj: '{"a":1}' });
  });

  it('sends a multipart body untouched', async () => {
    const form = new FormData();
    form.append('wjmc', '  身份证 正面.jpg ');
    const data = await echo(form);
    expect(data.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(data.raw).toContain('  身份证 正面.jpg ');
  });

  it('adds grant_type=password&scope=server to login-style calls', async () => {
    const data = await echo({ username: 'u' }, { login: true, params: { randomStr: '7' } });
    expect(data.query).toBe('?randomStr=7&grant_type=password&scope=server');
  });

  it('does not change the caller\'s object', async () => {
    const body = { zjhm: ' 1 2 ' };
    await echo(body);
    expect(body.zjhm).toBe(' 1 2 ');
  });
});

describe('file answers', () => {
  it('returns a Blob or an ArrayBuffer as received', async () => {
    const client = createClient({ baseURL: base });
    const blob = await client.raw('GET', '/file', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7 公积金');
    const buffer = await client.raw('POST', '/file', { responseType: 'arraybuffer', body: { id: 1 } });
    expect(buffer).toBeInstanceOf(ArrayBuffer);
    expect(new TextDecoder().decode(buffer)).toBe('%PDF-1.7 公积金');
  });

  it('reads a JSON failure envelope sent instead of the file', async () => {
    await expect(createClient({ baseURL: base }).raw('GET', '/file-missing', { responseType: 'blob' })).rejects.toMatchObject({
      name: 'BusinessError',
      message: '文件不存在',
    });
  });
});

describe('hooks: the host draws, the sdk does not', () => {
  function recorder() {
    const calls: string[] = [];
    const client = createClient({
      baseURL: base,
      timeout: 50,
      onError: (message) => calls.push(`error:${message}`),
      onUnauthorized: (e) => calls.push(`401:${e.message}`),
      onForbidden: (e) => calls.push(`403:${e.message}`),
    });
    return { calls, client };
  }

  it('shows a failing call through onError, unless the call is silent', async () => {
    const { calls, client } = recorder();
    await client.get('/business').catch(() => undefined);
    await client.get('/business', { silent: true }).catch(() => undefined);
    await client.get('/status', { params: { s: 429 } }).catch(() => undefined);
    await client.get('/slow').catch(() => undefined);
    expect(calls).toEqual(['error:单位账号不存在', `error:${httpStatusMessage(429)}`, `error:${TIMEOUT_MESSAGE}`]);
  });

  it('calls onUnauthorized on HTTP 401 and onForbidden on HTTP 403 or code 403, and still rejects', async () => {
    const { calls, client } = recorder();
    await expect(client.get('/status', { params: { s: 401 } })).rejects.toMatchObject({ status: 401 });
    await expect(client.get('/status', { params: { s: 403 } })).rejects.toMatchObject({ status: 403 });
    await expect(client.get('/forbidden-code', { silent: true })).rejects.toMatchObject({ name: 'BusinessError', code: 403 });
    expect(calls).toEqual([`401:${httpStatusMessage(401)}`, `403:${httpStatusMessage(403)}`, `403:${httpStatusMessage(403)}`]);
  });

  it('a 401 carries the server\'s words: 请先登录 to a visitor, not that a token expired (issue 18 item 15)', async () => {
    const { calls, client } = recorder();
    await expect(client.get('/status', { params: { s: 401, msg: '请先登录' } })).rejects.toMatchObject({ status: 401, message: '请先登录' });
    expect(calls).toEqual(['401:请先登录']);
  });

  it('does not call any hook for pass-through codes', async () => {
    const { calls, client } = recorder();
    await client.get('/pass', { params: { code: 520 } });
    expect(calls).toEqual([]);
  });
});

describe('httpStatusMessage', () => {
  it('knows the catalogue and falls back for the rest', () => {
    expect(httpStatusMessage(426)).toBe('用户名不存在或密码错误');
    expect(httpStatusMessage('000')).toBe('操作太频繁，请勿重复请求');
    expect(httpStatusMessage(0)).toBe('操作太频繁，请勿重复请求');
    expect(httpStatusMessage(502)).toBe('系统繁忙，请稍后再试或拨打 12329 咨询');
  });
});

describe('errorMessage', () => {
  it('shows the error\'s own message, and the fallback when the rejection carries none', () => {
    const fallback = '加载失败，请稍后重试';
    expect(errorMessage(new BusinessError('记录不存在', 500, {}), fallback)).toBe('记录不存在');
    const timeout = new HttpError(TIMEOUT_MESSAGE, { status: 0, kind: 'timeout', request: { method: 'GET', url: '/x' } });
    expect(errorMessage(timeout, fallback)).toBe(TIMEOUT_MESSAGE);
    expect(errorMessage(new Error(''), fallback)).toBe(fallback);
    expect(errorMessage('失败', fallback)).toBe(fallback);
    expect(errorMessage(undefined, fallback)).toBe(fallback);
  });
});
