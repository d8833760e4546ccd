// The host API (configure() of @gjj-hall/sdk/host) seen from the widgets, against the real reference server: the
// configured server for elements without api-base, the attribute winning, configure() reaching elements already on the
// page, getToken's token on each request (and only to the configured API's origin), and a 401 answered by
// onUnauthorized with one retry.
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createClient, type GjjClient } from '@gjj-hall/sdk';
import { accountLogin, fetchCaptcha } from '@gjj-hall/sdk/auth';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { configure, getHostConfig } from '@gjj-hall/sdk/host';
import { fetchComplaints } from '@gjj-hall/sdk/public';
import { defineElements } from '../elements';
import { RateTable } from '../rate-table/rate-table';
import { element, mount } from './test-mount';
import type { ComplaintSubmittedDetail } from '../complaint-form/complaint-form';

const apiBase = inject('apiBase');
// A loopback port nothing listens on: the browser gets a real connection failure.
const deadApi = 'http://127.0.0.1:9';
const PERSON = '110101199003072316';
// A token the server does not know: it answers 401 (not an anonymous answer).
const STALE = 'f'.repeat(64);

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const unique = (what: string) => `${what}（测试 ${Math.random().toString(36).slice(2, 10)}）`;
const providentRows = (root: ParentNode) => root.querySelectorAll('table[data-kind="provident"] tbody tr').length;
const alertText = (root: ParentNode) => root.querySelector('[role="alert"]')?.textContent ?? '';

/** The demo individual's token, through the real sign-in calls (captcha answer from the dev outbox). */
async function signIn(): Promise<{ token: string; client: GjjClient }> {
  let token = '';
  const client = createClient({ baseURL: apiBase, getToken: () => token });
  const { uuid } = await fetchCaptcha(client);
  const outbox = (await (await fetch(`${apiBase}/dev/outbox?kind=captcha&to=${uuid}`)).json()) as { data: Array<{ code: string }> };
  const login = await accountLogin(client, { loginType: 1, username: PERSON, password: 'Gjj@2026', code: outbox.data[0]?.code ?? '', uuid }, { encrypt: sm2Encrypt });
  token = login.token;
  return { token, client };
}

async function setValue(el: HTMLSelectElement | HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  await tick();
}

function control<T extends HTMLElement>(root: ParentNode, label: string): T {
  const l = [...root.querySelectorAll('label')].find((el) => el.textContent?.replace(/^\*/, '') === label);
  const el = l && (root as ShadowRoot).querySelector(`[id="${l.htmlFor}"]`);
  if (!el) throw new Error(`no control labelled ${label}`);
  return el as T;
}

/** Fills and sends the complaint form in `root` once its choices have loaded. */
async function sendComplaint(root: ShadowRoot, nr: string) {
  await expect.poll(() => control<HTMLSelectElement>(root, '责任部门').options.length).toBeGreaterThan(1);
  await setValue(control<HTMLSelectElement>(root, '类型'), '02');
  await setValue(control<HTMLSelectElement>(root, '责任部门'), '01');
  await setValue(control<HTMLTextAreaElement>(root, '意见内容'), nr);
  (root.querySelector('button[type="submit"]') as HTMLButtonElement).click();
}

/** A new `<gjj-complaint-form>` on the page sends `nr`; resolves with the one gjj-submitted it fires. */
async function submitThroughElement(nr: string): Promise<ComplaintSubmittedDetail> {
  const submitted: ComplaintSubmittedDetail[] = [];
  const el = element('gjj-complaint-form');
  el.addEventListener('gjj-submitted', (e) => submitted.push((e as CustomEvent<ComplaintSubmittedDetail>).detail));
  await sendComplaint(el.shadowRoot as ShadowRoot, nr);
  await expect.poll(() => submitted.length).toBe(1);
  return submitted[0] as ComplaintSubmittedDetail;
}

/** Every request the page sends: its URL and token header. */
function recordRequests() {
  const sent: Array<{ url: string; token: string | null; client: string | null; status?: number }> = [];
  const realFetch = window.fetch.bind(window);
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    const headers = new Headers(init?.headers);
    const entry: (typeof sent)[number] = { url: String(input instanceof Request ? input.url : input), token: headers.get('token'), client: headers.get('client') };
    sent.push(entry);
    return realFetch(input, init).then((response) => {
      entry.status = response.status;
      return response;
    });
  });
  return sent;
}

beforeAll(() => {
  defineElements();
});

afterEach(() => {
  configure({ apiBase: undefined, client: undefined, jproject: undefined, getToken: undefined, onUnauthorized: undefined, nonce: undefined, tokenOrigins: undefined });
});

describe('configure() and the elements', () => {
  it('an element without api-base uses the configured apiBase; configuring again moves elements already on the page', async () => {
    configure({ apiBase: deadApi });
    const el = element('gjj-rate-table');
    const shadow = el.shadowRoot as ShadowRoot;
    await expect.poll(() => alertText(shadow)).toContain('网络连接失败');

    configure({ apiBase });
    await expect.poll(() => providentRows(shadow)).toBe(4);
    expect(alertText(shadow)).toBe('');
  });

  it("the element's own api-base wins over the configured one, and removing it falls back to the configuration", async () => {
    configure({ apiBase: deadApi });
    const el = element('gjj-rate-table', { 'api-base': apiBase });
    const shadow = el.shadowRoot as ShadowRoot;
    await expect.poll(() => providentRows(shadow)).toBe(4);

    el.removeAttribute('api-base');
    await expect.poll(() => alertText(shadow)).toContain('网络连接失败');
  });

  it("a React component's client prop wins over both", async () => {
    configure({ apiBase: deadApi });
    const host = mount(<RateTable client={createClient({ baseURL: apiBase })} />);
    await expect.poll(() => providentRows(host)).toBe(4);
  });

  it('configure({ client }) gives every element that client (the calculator and the policy list load through it)', async () => {
    const sent = recordRequests();
    configure({ client: createClient({ baseURL: apiBase, client: 'bank-host' }) });
    element('gjj-loan-calculator', { mode: 'remote' });
    element('gjj-policy-list');
    await expect.poll(() => sent.filter((s) => s.url.startsWith(`${apiBase}/`) && s.url.includes('getDkllList')).length).toBeGreaterThan(0);
    await expect.poll(() => sent.filter((s) => s.url.startsWith(`${apiBase}/`) && s.url.includes('zcxx/')).length).toBeGreaterThan(0);
    expect(sent.every((s) => s.client === 'bank-host')).toBe(true);
  });

  it('nonce is what setStyleNonce did: getHostConfig() reads it', () => {
    configure({ nonce: 'abc123' });
    expect(getHostConfig().nonce).toBe('abc123');
  });
});

describe('getToken and onUnauthorized', () => {
  it("sends getToken's token: a complaint from a configured page is the signed-in person's own", async () => {
    const { token, client } = await signIn();
    const sent = recordRequests();
    configure({ apiBase, getToken: () => token });
    const nr = unique('宿主页面交给组件的令牌');
    const submitted = await submitThroughElement(nr);

    const add = sent.find((s) => s.url.includes('/tsjy/add'));
    expect(add?.token).toBe(token);
    expect(add?.url.startsWith(apiBase)).toBe(true);
    // In the person's own list (an anonymous complaint is not), with the number the form showed.
    const mine = (await fetchComplaints(client, { pageSize: 50 })).list.filter((c) => c.nr === nr);
    expect(mine.map((c) => c.sqbh)).toEqual([submitted.sqbh]);
  });

  it('a 401 calls onUnauthorized once, then the call is sent again with the fresh token getToken gives', async () => {
    const { token: fresh, client } = await signIn();
    const sent = recordRequests();
    let current = STALE;
    const onUnauthorized = vi.fn(async () => {
      await tick();
      current = fresh; // the host signed the citizen in again
    });
    configure({ apiBase, getToken: () => current, onUnauthorized });
    const nr = unique('会话过期后重试');
    await submitThroughElement(nr);

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const refused = sent.filter((s) => s.status === 401);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => r.token === STALE)).toBe(true);
    // Each refused call was sent again with the fresh token, and went through.
    for (const r of refused) expect(sent.filter((s) => s.url === r.url && s.token === fresh && s.status === 200)).toHaveLength(1);
    // Whatever answered 401 was sent again once with the fresh token; the complaint is stored once, as the person's.
    const adds = sent.filter((s) => s.url.includes('/tsjy/add'));
    expect(adds.at(-1)?.token).toBe(fresh);
    const mine = (await fetchComplaints(client, { pageSize: 50 })).list.filter((c) => c.nr === nr);
    expect(mine).toHaveLength(1);
  });

  it('without a different token the 401 stands: the form says the session ended', async () => {
    const onUnauthorized = vi.fn();
    configure({ apiBase, getToken: () => STALE, onUnauthorized });
    const el = element('gjj-complaint-form');
    const shadow = el.shadowRoot as ShadowRoot;
    const sent = recordRequests();
    await sendComplaint(shadow, unique('令牌未更新'));
    await expect.poll(() => alertText(shadow)).toContain('登录');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sent.filter((s) => s.url.includes('/tsjy/add'))).toHaveLength(1);
  });
});

describe('the token goes only to the API origin the host configured', () => {
  // The same reference server under another name: a second origin the browser really talks to.
  const other = apiBase.replace('127.0.0.1', 'localhost');

  it('an element whose api-base names another origin works without the token, and the console warns once', async () => {
    const { token } = await signIn();
    const warn = vi.spyOn(console, 'warn');
    const sent = recordRequests();
    configure({ apiBase, getToken: () => token });

    const foreign = element('gjj-rate-table', { 'api-base': other });
    await expect.poll(() => providentRows(foreign.shadowRoot as ShadowRoot)).toBe(4);
    const second = element('gjj-rate-table', { 'api-base': `${other}/` });
    await expect.poll(() => providentRows(second.shadowRoot as ShadowRoot)).toBe(4);
    const toOther = sent.filter((s) => s.url.startsWith(`${other}/`));
    expect(toOther.length).toBeGreaterThanOrEqual(2);
    expect(toOther.map((s) => s.token)).toEqual(toOther.map(() => null));
    const warnings = warn.mock.calls.map((args) => String(args[0])).filter((m) => m.includes(other));
    expect(warnings).toEqual([`[gjj] 未发送令牌：${other} 不在 configure() 的 apiBase、tokenOrigins 中`]);

    // The configured origin gets it.
    const own = element('gjj-rate-table');
    await expect.poll(() => providentRows(own.shadowRoot as ShadowRoot)).toBe(4);
    const toOwn = sent.filter((s) => s.url.startsWith(`${apiBase}/`));
    expect(toOwn.length).toBeGreaterThan(0);
    expect(toOwn.every((s) => s.token === token)).toBe(true);
    warn.mockRestore();
  });

  it('an origin the host lists in tokenOrigins gets the token', async () => {
    const { token } = await signIn();
    const sent = recordRequests();
    configure({ apiBase, getToken: () => token, tokenOrigins: [other] });
    const el = element('gjj-rate-table', { 'api-base': other });
    await expect.poll(() => providentRows(el.shadowRoot as ShadowRoot)).toBe(4);
    const toOther = sent.filter((s) => s.url.startsWith(`${other}/`));
    expect(toOther.length).toBeGreaterThan(0);
    expect(toOther.every((s) => s.token === token)).toBe(true);
  });
});
