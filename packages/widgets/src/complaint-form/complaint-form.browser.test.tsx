import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createClient, type GjjClient } from '@gjj-hall/sdk';
import { accountLogin, fetchCaptcha } from '@gjj-hall/sdk/auth';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { fetchComplaint, fetchComplaints } from '@gjj-hall/sdk/public';
import { axeViolations } from '../../../../test/support/axe';
import { defineElements } from '../elements';
import { ComplaintForm, type ComplaintSubmittedDetail } from './complaint-form';
import { complaintFormMeta } from './complaint-form.meta';
import packageReadme from '../../README.md?raw';
import readme from './README.md?raw';
import { mount, element as addElement } from '../shared/test-mount';

const apiBase = inject('apiBase');
// A loopback port nothing listens on: the browser gets a real connection failure.
const deadApi = 'http://127.0.0.1:9';
const PERSON = '110101199003072316';


const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** A tag of its own in every complaint's content, so lists can be searched for exactly the rows a test made. */
const unique = (what: string) => `${what}（测试 ${Math.random().toString(36).slice(2, 10)}）`;

/** Sets a control's value the way a user does as far as React can tell (the native setter, then the event). */
async function setValue(el: HTMLSelectElement | HTMLTextAreaElement | HTMLInputElement, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  await tick();
}

/** The control labelled `label` (exact label text, the required star ignored). */
function control<T extends HTMLElement = HTMLInputElement>(root: ParentNode, label: string): T {
  const l = [...root.querySelectorAll('label')].find((el) => el.textContent?.replace(/^\*/, '') === label);
  const el = l && (root as Element | Document | ShadowRoot).querySelector(`[id="${l.htmlFor}"]`);
  if (!el) throw new Error(`no control labelled ${label}`);
  return el as T;
}

const submitButton = (root: ParentNode) => root.querySelector('button[type="submit"]') as HTMLButtonElement;
/** The message under a control: what its aria-describedby points to, minus the hint. */
const messageOf = (root: ParentNode, el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => (root as Element).querySelector(`[id="${id}"]`)?.textContent ?? '')
    .join('');

async function ready(root: ParentNode) {
  await expect.poll(() => control<HTMLSelectElement>(root, '类型').options.length).toBe(5);
  await expect.poll(() => control<HTMLSelectElement>(root, '责任部门').options.length).toBeGreaterThan(1);
}

async function fill(root: ParentNode, nr: string, lxdh = '') {
  await setValue(control<HTMLSelectElement>(root, '类型'), '02');
  await setValue(control<HTMLSelectElement>(root, '责任部门'), '01');
  await setValue(control<HTMLTextAreaElement>(root, '意见内容'), nr);
  if (lxdh) await setValue(control(root, '联系电话（选填）'), lxdh);
}

/** A client signed in as the demo individual, through the real calls (captcha answer from the dev outbox). */
async function signedInClient(fetchImpl?: typeof fetch): Promise<GjjClient> {
  let token = '';
  const client = createClient({ baseURL: apiBase, getToken: () => token, onToken: (t) => (token = t), ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  const { uuid } = await fetchCaptcha(client);
  const outbox = (await (await fetch(`${apiBase}/dev/outbox?kind=captcha&to=${uuid}`)).json()) as { data: Array<{ code: string }> };
  const login = await accountLogin(client, { loginType: 1, username: PERSON, password: 'Gjj@2026', code: outbox.data[0]?.code ?? '', uuid }, { encrypt: sm2Encrypt });
  token = login.token;
  return client;
}

/** A fetch that records every complaint submission (its idempotency key) before sending it. */
function recordingFetch(sent: string[], fail?: () => boolean, gate?: Promise<void>): typeof fetch {
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/tsjy/add')) {
      sent.push(new Headers(init?.headers).get('idempotency-key') ?? '');
      // Held until the test lets it go, so the sending state can be looked at.
      await gate;
      const response = await window.fetch(input, init);
      // The server stored it, but the answer is "lost" on the way back.
      if (fail?.()) throw new TypeError('Failed to fetch');
      return response;
    }
    return window.fetch(input, init);
  };
}

const mine = async (client: GjjClient, nr: string) => (await fetchComplaints(client, { pageSize: 50 })).list.filter((c) => c.nr === nr);

describe('<ComplaintForm> (React)', () => {
  it("shows the spec's messages under each field, focuses the first wrong one, and keeps what was typed", async () => {
    const host = mount(<ComplaintForm apiBase={apiBase} />);
    await ready(host);
    expect([...control<HTMLSelectElement>(host, '类型').options].map((o) => o.text)).toEqual(['请选择类型', '投诉', '建议', '咨询', '表扬']);

    submitButton(host).click();
    await tick();
    const type = control<HTMLSelectElement>(host, '类型');
    const dept = control<HTMLSelectElement>(host, '责任部门');
    const content = control<HTMLTextAreaElement>(host, '意见内容');
    const phone = control(host, '联系电话（选填）');
    expect(messageOf(host, type)).toBe('请选择类型');
    expect(messageOf(host, dept)).toBe('请选择责任部门');
    expect(messageOf(host, content)).toBe('请输入意见！');
    expect(type.getAttribute('aria-invalid')).toBe('true');
    expect(phone.hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(type);
    expect(await axeViolations(host)).toEqual([]);

    // After the first attempt the messages follow the typing.
    await setValue(type, '01');
    expect(messageOf(host, type)).toBe('');
    expect(type.hasAttribute('aria-invalid')).toBe(false);
    await setValue(content, '服务很好');
    expect(messageOf(host, content)).toBe('意见不得少于五个字！');
    expect(host.textContent).toContain('已输入 4 / 500 字');
    await setValue(content, '字'.repeat(501));
    expect(messageOf(host, content)).toBe('意见不能超过 500 个字');
    expect(content.value).toHaveLength(501);
    expect(host.querySelector('.gjj-complaint__count--over')?.textContent).toContain('501 / 500');
    await setValue(content, '窗口服务很周到');
    expect(messageOf(host, content)).toBe('');
    await setValue(phone, '1391234');
    expect(messageOf(host, phone)).toBe('请输入正确的联系电话（手机号码或带区号的固定电话）');

    // Submitting with one wrong field focuses it; everything typed stays.
    submitButton(host).click();
    await tick();
    expect(document.activeElement).toBe(dept);
    await setValue(dept, '02');
    submitButton(host).click();
    await tick();
    expect(document.activeElement).toBe(phone);
    expect([type.value, dept.value, content.value, phone.value]).toEqual(['01', '02', '窗口服务很周到', '1391234']);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('a valid form is stored: onSubmitted carries a TS reference number, the panel shows it, 再提交一条 starts a new fill', async () => {
    const submitted: ComplaintSubmittedDetail[] = [];
    const sent: string[] = [];
    const client = createClient({ baseURL: apiBase, fetch: recordingFetch(sent) });
    const host = mount(<ComplaintForm client={client} onSubmitted={(d) => submitted.push(d)} />);
    await ready(host);
    const nr = unique('建议延长周末服务时间');
    await fill(host, nr, '0531-86112233');
    submitButton(host).click();
    await expect.poll(() => submitted.length).toBe(1);
    expect(submitted[0]?.sqbh).toMatch(/^TS\d{8}\d{6}$/);
    expect(submitted[0]?.tjsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect.poll(() => host.querySelector('[data-sqbh]')?.textContent).toBe(submitted[0]?.sqbh);
    expect(host.textContent).toContain('提交成功');
    expect(document.activeElement?.textContent).toBe('提交成功');
    expect(await axeViolations(host)).toEqual([]);

    const again = [...host.querySelectorAll('button')].find((b) => b.textContent === '再提交一条') as HTMLButtonElement;
    again.click();
    await expect.poll(() => document.activeElement === control(host, '类型')).toBe(true);
    expect(control<HTMLTextAreaElement>(host, '意见内容').value).toBe('');
    await fill(host, `${nr}（第二条）`);
    submitButton(host).click();
    await expect.poll(() => submitted.length).toBe(2);
    expect(submitted[1]?.sqbh).not.toBe(submitted[0]?.sqbh);
    expect(sent).toHaveLength(2);
    expect(sent[0]).not.toBe(sent[1]);
    expect(sent[0]).toMatch(/^[\w.:-]{8,128}$/);
  });

  it('a burst of clicks and a double-click send one request and store one complaint', async () => {
    const sent: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const client = await signedInClient(recordingFetch(sent, undefined, gate));
    const submitted: ComplaintSubmittedDetail[] = [];
    const host = mount(<ComplaintForm client={client} onSubmitted={(d) => submitted.push(d)} />);
    await ready(host);

    // Five clicks in one task: React has not re-rendered (the button is not disabled yet) between them.
    const burst = unique('五次连击只受理一条');
    await fill(host, burst);
    const button = submitButton(host);
    expect(button.disabled).toBe(false);
    for (let i = 0; i < 5; i += 1) button.click();
    await tick();
    // While the request is out the button is disabled and says so; more clicks do nothing.
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('正在提交…');
    button.click();
    await tick();
    expect(sent).toHaveLength(1);
    release();
    await expect.poll(() => submitted.length).toBe(1);
    await tick();
    expect(sent).toHaveLength(1);
    expect(await mine(client, burst)).toHaveLength(1);

    // A real double-click, through the browser.
    ([...host.querySelectorAll('button')].find((b) => b.textContent === '再提交一条') as HTMLButtonElement).click();
    await expect.poll(() => submitButton(host)).toBeTruthy();
    const double = unique('双击只受理一条');
    await fill(host, double);
    await userEvent.dblClick(submitButton(host));
    await expect.poll(() => submitted.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toHaveLength(2);
    const rows = await mine(client, double);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sqbh).toBe(submitted[1]?.sqbh);
    expect(rows[0]?.ztmc).toBe('待处理');
  });

  it('a lost answer shows the reason in an alert, keeps the form, and 提交 again reuses the key: stored once', async () => {
    const sent: string[] = [];
    let lose = true;
    const client = await signedInClient(
      recordingFetch(sent, () => {
        const now = lose;
        lose = false;
        return now;
      }),
    );
    const submitted: ComplaintSubmittedDetail[] = [];
    const errors: string[] = [];
    const host = mount(<ComplaintForm client={client} onSubmitted={(d) => submitted.push(d)} onError={(e) => errors.push(e.message)} />);
    await ready(host);
    const nr = unique('应答丢失后重试只受理一条');
    await fill(host, nr, '13912345678');
    submitButton(host).click();
    await expect.poll(() => host.querySelector('[role="alert"]')?.textContent ?? '').toBe('网络连接失败，请检查网络后重试');
    expect(errors).toEqual(['网络连接失败，请检查网络后重试']);
    expect(control<HTMLTextAreaElement>(host, '意见内容').value).toBe(nr);
    expect(control(host, '联系电话（选填）').value).toBe('13912345678');
    expect(submitButton(host).disabled).toBe(false);
    expect(await axeViolations(host)).toEqual([]);

    submitButton(host).click();
    await expect.poll(() => submitted.length).toBe(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    const rows = await mine(client, nr);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sqbh).toBe(submitted[0]?.sqbh);
    expect(rows[0]?.lxdh).toBe('139****5678');
    expect((await fetchComplaint(client, submitted[0]?.id ?? '')).nr).toBe(nr);
  });

  it('a changed form after a failed send goes with a new key', async () => {
    const sent: string[] = [];
    let lose = true;
    const client = createClient({
      baseURL: apiBase,
      fetch: recordingFetch(sent, () => {
        const now = lose;
        lose = false;
        return now;
      }),
    });
    const submitted: ComplaintSubmittedDetail[] = [];
    const host = mount(<ComplaintForm client={client} onSubmitted={(d) => submitted.push(d)} />);
    await ready(host);
    await fill(host, unique('第一稿内容'));
    submitButton(host).click();
    await expect.poll(() => host.querySelector('[role="alert"]')).toBeTruthy();
    await setValue(control<HTMLTextAreaElement>(host, '意见内容'), unique('改过的第二稿内容'));
    submitButton(host).click();
    await expect.poll(() => submitted.length).toBe(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]).not.toBe(sent[0]);
  });

  it('says so when the choices cannot be loaded, reports it, and reloads on request', async () => {
    const errors: string[] = [];
    const host = mount(<ComplaintForm apiBase={deadApi} onError={(e) => errors.push(e.message)} />);
    await expect.poll(() => host.querySelector('[role="alert"]')?.textContent ?? '').toContain('类型和责任部门加载失败：网络连接失败，请检查网络后重试');
    expect(errors).toEqual(['网络连接失败，请检查网络后重试']);
    // The content can still be typed meanwhile, and stays through a reload of the choices.
    await setValue(control<HTMLTextAreaElement>(host, '意见内容'), '先写好的意见内容');
    expect(await axeViolations(host)).toEqual([]);
    ([...host.querySelectorAll('button')].find((b) => b.textContent === '重新加载') as HTMLButtonElement).click();
    await expect.poll(() => errors.length).toBe(2);
    expect(control<HTMLTextAreaElement>(host, '意见内容').value).toBe('先写好的意见内容');
  });
});

describe('<gjj-complaint-form> (custom element)', () => {
  beforeAll(() => {
    expect(defineElements(['gjj-complaint-form'])).toEqual(['gjj-complaint-form']);
  });

  const element = (attributes: Record<string, string>) => addElement('gjj-complaint-form', attributes);

  it('submits from its shadow root with api-base, once for five clicks, and fires a composed gjj-submitted', async () => {
    const adds: string[] = [];
    const realFetch = window.fetch.bind(window);
    vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/tsjy/add')) adds.push(url);
      return realFetch(input, init);
    });
    const events: Array<CustomEvent<ComplaintSubmittedDetail>> = [];
    document.addEventListener('gjj-submitted', (e) => events.push(e));
    const el = element({ 'api-base': apiBase });
    const shadow = el.shadowRoot as ShadowRoot;
    await ready(shadow);
    expect(shadow.adoptedStyleSheets.length).toBeGreaterThan(0);
    expect(await axeViolations(el)).toEqual([]);

    await fill(shadow, unique('嵌入页面提交的建议'));
    const button = submitButton(shadow);
    for (let i = 0; i < 5; i += 1) button.click();
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]?.detail.sqbh).toMatch(/^TS\d{14}$/);
    expect(events[0]?.composed).toBe(true);
    expect(events[0]?.target).toBe(el);
    await expect.poll(() => shadow.querySelector('[data-sqbh]')?.textContent).toBe(events[0]?.detail.sqbh);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(adds).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('shows the validation messages in its shadow root, and fires gjj-error when the server cannot be reached', async () => {
    const el = element({ 'api-base': apiBase });
    const shadow = el.shadowRoot as ShadowRoot;
    await ready(shadow);
    await setValue(control<HTMLTextAreaElement>(shadow, '意见内容'), '很好');
    submitButton(shadow).click();
    await tick();
    expect(messageOf(shadow, control<HTMLTextAreaElement>(shadow, '意见内容'))).toBe('意见不得少于五个字！');
    expect(shadow.activeElement).toBe(control(shadow, '类型'));

    const detail = new Promise<{ message: string }>((resolve) => document.addEventListener('gjj-error', (e) => resolve(e.detail), { once: true }));
    el.setAttribute('api-base', deadApi);
    expect((await detail).message).toBe('网络连接失败，请检查网络后重试');
    // The typed content survives the change of server.
    expect(control<HTMLTextAreaElement>(shadow, '意见内容').value).toBe('很好');
  });
});

describe('complaintFormMeta', () => {
  it('is what the READMEs document: every attribute, event and part here, every CSS property in the package README', () => {
    const names = [
      ...complaintFormMeta.attributes.flatMap((a) => [a.name, a.prop]),
      ...complaintFormMeta.events.flatMap((e) => [e.name, e.prop]),
      ...complaintFormMeta.parts.map((p) => p.name),
    ];
    expect(names.filter((n) => !readme.includes(`\`${n}\``))).toEqual([]);
    const section = packageReadme.slice(packageReadme.indexOf(`### \`<${complaintFormMeta.tag}>\``));
    expect(complaintFormMeta.cssProperties.map((c) => c.name).filter((n) => !section.includes(`| \`${n}\` |`))).toEqual([]);
  });
});
