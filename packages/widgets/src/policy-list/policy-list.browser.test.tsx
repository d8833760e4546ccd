import { beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../../../../test/support/axe';
import { defineElements } from '../elements';
import { sanitizeHtml } from '../shared/sanitize';
import { PolicyList, type OpenPolicyDetail, type PolicyListLoadDetail, type PolicyListQuery } from './policy-list';
import { mount, element as addElement, unmountLast } from '../shared/test-mount';

const apiBase = inject('apiBase');
// A loopback port nothing listens on: the browser gets a real connection failure.
const deadApi = 'http://127.0.0.1:9';

// The seeded content (packages/server/src/seed/public.ts): 33 policies, two withdrawn, so 31 published, newest first.
const PUBLISHED = 31;
const CATEGORY_COUNTS = { jczc: 8, tqzc: 6, dkzc: 9, zhgl: 8 };
const NEWEST = '关于调整2026年度住房公积金缴存基数上下限的通知';
const UNSAFE_TITLE = '关于住房公积金业务“跨省通办”事项清单的通知';
// The six published titles with 提取 in them, newest first (a seventh and eighth are withdrawn).
const WITHDRAWAL_TITLES = [
  '关于租房提取住房公积金的实施细则',
  '关于偿还住房贷款本息提取住房公积金的通知',
  '关于既有住宅加装电梯提取住房公积金的通知',
  '关于支付老旧小区改造费用提取住房公积金的通知',
  '关于多子女家庭租房提取额度上调的通知',
  '关于退休提取住房公积金办理流程的说明',
];

declare global {
  interface Window {
    __policyXss?: unknown;
  }
}


const titles = (root: ParentNode) => [...root.querySelectorAll('.gjj-policy-list__link')].map((a) => a.textContent);
const total = (root: ParentNode) => root.querySelector('.gjj-policy-list__total')?.textContent ?? '';
const button = (root: ParentNode, name: string | RegExp) => {
  const found = [...root.querySelectorAll('button')].find((b) => {
    const label = b.getAttribute('aria-label') ?? b.textContent ?? '';
    return typeof name === 'string' ? label === name : name.test(label);
  });
  if (!found) throw new Error(`no button ${String(name)}`);
  return found;
};
const input = (root: ParentNode) => root.querySelector('input[type="search"]') as HTMLInputElement;

/** Types into a React-controlled input as a person would (the value setter React listens behind). */
function type(el: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

function select(el: HTMLSelectElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('<PolicyList> (React)', () => {
  it('shows the first page of published policies, newest first, with the total, a loading state first, and passes axe', async () => {
    const loads: PolicyListLoadDetail[] = [];
    const host = mount(<PolicyList apiBase={apiBase} pageSize={10} onLoad={(d) => loads.push(d)} />);
    expect(host.querySelector('[role="status"]')?.textContent).toContain('正在加载政策');

    await expect.poll(() => titles(host).length).toBe(10);
    expect(titles(host)[0]).toBe(NEWEST);
    expect(total(host)).toBe(`共 ${PUBLISHED} 条`);
    expect(host.querySelector('.gjj-policy-list__total')?.getAttribute('aria-live')).toBe('polite');
    expect(host.querySelector('ul.gjj-policy-list__items')?.children).toHaveLength(10);
    // The withdrawn ones are not offered.
    expect(titles(host)).not.toContain('关于购买自住住房提取住房公积金的办理指南');
    expect(loads.at(-1)).toMatchObject({ total: PUBLISHED, pageNum: 1, pageSize: 10, keyword: '', category: '' });

    // The category filter shows each category's count, and 全部 their sum.
    await expect.poll(() => host.querySelectorAll('[data-category]').length).toBe(5);
    expect(button(host, /^全部/).textContent).toBe(`全部（${PUBLISHED}）`);
    expect(button(host, /^提取政策/).textContent).toBe(`提取政策（${CATEGORY_COUNTS.tqzc}）`);
    expect(button(host, /^全部/).getAttribute('aria-pressed')).toBe('true');

    // A real search form with a labelled input, and a page navigation with the current page marked.
    const form = host.querySelector('form[role="search"]') as HTMLFormElement;
    expect(form.querySelector('label')?.textContent).toBe('政策标题');
    expect(host.querySelector('[aria-current="page"]')?.textContent).toBe('1');
    expect([...host.querySelectorAll('nav button[aria-label^="第"]')].map((b) => b.textContent)).toEqual(['1', '2', '3', '4']);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('pages: the next page has other rows, the last page the remainder, and a new page size starts again at page 1', async () => {
    const host = mount(<PolicyList apiBase={apiBase} pageSize={10} />);
    await expect.poll(() => titles(host).length).toBe(10);
    const first = titles(host);

    button(host, '下一页').click();
    await expect.poll(() => host.querySelector('[aria-current="page"]')?.textContent).toBe('2');
    await expect.poll(() => titles(host)[0]).not.toBe(first[0]);
    const second = titles(host);
    expect(second).toHaveLength(10);
    expect(second.filter((t) => first.includes(t))).toEqual([]);

    button(host, '第 4 页').click();
    await expect.poll(() => titles(host)).toEqual(['关于开发商楼盘申请住房公积金贷款合作的规定']);
    expect(button(host, '下一页').disabled).toBe(true);

    select(host.querySelector('nav select') as HTMLSelectElement, '30');
    await expect.poll(() => titles(host).length).toBe(30);
    expect(host.querySelector('[aria-current="page"]')?.textContent).toBe('1');
    expect(titles(host)[0]).toBe(NEWEST);
    expect([...host.querySelectorAll('nav select option')].map((o) => o.textContent)).toEqual(['10 条/页', '20 条/页', '30 条/页', '50 条/页']);
  });

  it('searches titles by keyword (Enter submits), filters by category, says 暂无数据 when nothing matches, and resets', async () => {
    const queries: PolicyListQuery[] = [];
    const host = mount(<PolicyList apiBase={apiBase} onQueryChange={(q) => queries.push(q)} />);
    await expect.poll(() => titles(host).length).toBe(20);

    type(input(host), '跨省通办');
    (host.querySelector('form') as HTMLFormElement).requestSubmit();
    await expect.poll(() => titles(host)).toEqual([UNSAFE_TITLE]);
    expect(total(host)).toBe('共 1 条');
    expect(queries.at(-1)).toEqual({ keyword: '跨省通办', category: '', pageNum: 1, pageSize: 20 });

    type(input(host), '提取');
    button(host, '查询').click();
    await expect.poll(() => titles(host)).toEqual(WITHDRAWAL_TITLES);

    // Keyword and category together: 提取 in 贷款政策 matches nothing.
    await expect.poll(() => host.querySelectorAll('[data-category]').length).toBe(5);
    button(host, /^贷款政策/).click();
    await expect.poll(() => host.querySelector('.gjj-policy-list__empty')?.textContent).toBe('暂无数据');
    expect(total(host)).toBe('共 0 条');
    expect(host.querySelector('nav')).toBeNull();
    expect(button(host, /^贷款政策/).getAttribute('aria-pressed')).toBe('true');

    button(host, '重置').click();
    await expect.poll(() => titles(host).length).toBe(20);
    expect(input(host).value).toBe('');
    expect(total(host)).toBe(`共 ${PUBLISHED} 条`);

    button(host, /^缴存政策/).click();
    await expect.poll(() => total(host)).toBe(`共 ${CATEGORY_COUNTS.jczc} 条`);
    expect(titles(host)).toHaveLength(CATEGORY_COUNTS.jczc);
    expect([...host.querySelectorAll('.gjj-policy-list__tag')].every((t) => t.textContent === '缴存政策')).toBe(true);
  });

  it('opens a policy in its detail view, body sanitized, and 返回列表 goes back to the same page with focus on the link', async () => {
    window.__policyXss = undefined;
    const opened: OpenPolicyDetail[] = [];
    const host = mount(<PolicyList apiBase={apiBase} pageSize={10} onOpenPolicy={(p) => void opened.push(p)} />);
    await expect.poll(() => titles(host).length).toBe(10);
    button(host, '下一页').click();
    await expect.poll(() => titles(host)).toContain(UNSAFE_TITLE);

    button(host, UNSAFE_TITLE).click();
    expect(opened).toEqual([{ id: expect.any(String), title: UNSAFE_TITLE, category: 'zhgl' }]);
    await expect.poll(() => host.querySelector('h2')?.textContent).toBe(UNSAFE_TITLE);
    const article = host.querySelector('article') as HTMLElement;
    expect(document.activeElement).toBe(host.querySelector('h2'));
    expect(article.querySelector('dl')?.textContent).toContain('文号');
    expect(article.querySelector('dl')?.textContent).toContain('发布日期2026-06-19');
    expect(article.querySelector('dl')?.textContent).toContain('来源');
    // The body shows once the sanitizer (a chunk of its own) has loaded.
    await expect.poll(() => article.querySelector('.gjj-policy-detail__body')?.textContent ?? '').toContain('现将住房公积金“跨省通办”事项清单通知如下');
    const body = article.querySelector('.gjj-policy-detail__body') as HTMLElement;
    expect(body.querySelectorAll('script, iframe').length).toBe(0);
    expect(body.innerHTML).not.toMatch(/\son\w+=|javascript:/i);
    // The kept parts stay: the image (without its handler) and the link text.
    expect(body.querySelector('img')?.getAttribute('alt')).toBe('通办流程图');
    const link = [...body.querySelectorAll('a')].find((a) => a.textContent === '点击查看事项清单') as HTMLAnchorElement;
    link.click();
    body.querySelector('p')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    body.querySelectorAll('p').forEach((p) => p.click());
    await new Promise((r) => setTimeout(r, 200));
    expect(window.__policyXss).toBeUndefined();
    // The list is hidden, not gone.
    expect((host.querySelector('.gjj-policy-list__main') as HTMLElement).hidden).toBe(true);
    expect(await axeViolations(host)).toEqual([]);

    button(host, '返回列表').click();
    await expect.poll(() => document.activeElement?.textContent).toBe(UNSAFE_TITLE);
    expect(host.querySelector('[aria-current="page"]')?.textContent).toBe('2');
    expect(host.querySelector('article')).toBeNull();
  });

  it('lets the host show the policy itself: onOpenPolicy returning false opens no detail', async () => {
    const opened: string[] = [];
    const host = mount(
      <PolicyList
        apiBase={apiBase}
        policyHref={(p) => `#/policyDetail?id=${p.id}`}
        onOpenPolicy={(p) => {
          opened.push(p.title);
          return false;
        }}
      />,
    );
    await expect.poll(() => titles(host).length).toBe(20);
    const first = host.querySelector('a.gjj-policy-list__link') as HTMLAnchorElement;
    expect(first.getAttribute('href')).toMatch(/^#\/policyDetail\?id=\d+$/);
    const before = location.hash;
    first.click();
    expect(opened).toEqual([NEWEST]);
    expect(location.hash).toBe(before);
    expect(host.querySelector('article')).toBeNull();
  });

  it('gives focus to the link of focusPolicyId once it is listed (a host coming back from its own detail page)', async () => {
    const first = mount(<PolicyList apiBase={apiBase} />);
    await expect.poll(() => titles(first).length).toBe(20);
    const id = first.querySelectorAll('[data-policy-id]')[1]?.getAttribute('data-policy-id') as string;
    const title = titles(first)[1];
    unmountLast();

    const host = mount(<PolicyList apiBase={apiBase} focusPolicyId={id} />);
    await expect.poll(() => document.activeElement?.textContent).toBe(title);
    expect(host.contains(document.activeElement)).toBe(true);
  });

  it('says in Chinese when the server cannot be reached, reports it, and retries on request', async () => {
    const errors: string[] = [];
    const host = mount(<PolicyList apiBase={deadApi} onError={(e) => errors.push(e.message)} />);
    await expect.poll(() => host.querySelector('[role="alert"]')?.textContent ?? '').toContain('政策加载失败：网络连接失败，请检查网络后重试');
    expect(errors).toEqual(['网络连接失败，请检查网络后重试']);
    expect(await axeViolations(host)).toEqual([]);
    button(host, '重新加载').click();
    await expect.poll(() => errors.length).toBe(2);
  });
});

describe('sanitizeHtml', () => {
  it('removes scripts, handlers, javascript: links, frames and inline styles, and keeps the text and safe markup', () => {
    const clean = sanitizeHtml(
      '<p style="color:red" onclick="x()">通知</p><script>x()</script><a href="javascript:x()">链接</a><iframe src="https://example.org"></iframe><a href="https://example.org" target="_blank">外链</a><a href="/x" target="_top">顶层</a>',
    );
    expect(clean).toBe('<p>通知</p><a>链接</a><a href="https://example.org" target="_blank" rel="noopener noreferrer">外链</a><a href="/x">顶层</a>');
  });
});

describe('<gjj-policy-list> (custom element)', () => {
  beforeAll(() => {
    expect(defineElements()).toEqual(['gjj-rate-table', 'gjj-loan-calculator', 'gjj-complaint-form', 'gjj-policy-list', 'gjj-archive-collector', 'gjj-qr-signing']);
  });

  const element = (attributes: Record<string, string>) => addElement('gjj-policy-list', attributes);

  it('takes api-base, category and page-size, fires gjj-load, follows attribute changes, and passes axe', async () => {
    const loads: PolicyListLoadDetail[] = [];
    const listen = (e: Event) => loads.push((e as CustomEvent<PolicyListLoadDetail>).detail);
    document.body.addEventListener('gjj-load', listen);
    const el = element({ 'api-base': apiBase, category: 'dkzc', 'page-size': '10' });
    const shadow = el.shadowRoot as ShadowRoot;
    await expect.poll(() => titles(shadow).length).toBe(CATEGORY_COUNTS.dkzc);
    expect(total(shadow)).toBe(`共 ${CATEGORY_COUNTS.dkzc} 条`);
    expect(loads.at(-1)).toMatchObject({ category: 'dkzc', pageSize: 10, total: CATEGORY_COUNTS.dkzc });
    expect(shadow.adoptedStyleSheets.length).toBeGreaterThan(0);
    await expect.poll(() => shadow.querySelectorAll('[data-category]').length).toBe(5);
    expect(await axeViolations(el)).toEqual([]);

    el.setAttribute('category', '');
    await expect.poll(() => total(shadow)).toBe(`共 ${PUBLISHED} 条`);
    expect(titles(shadow)).toHaveLength(10);
    el.setAttribute('page-size', '50');
    await expect.poll(() => titles(shadow).length).toBe(PUBLISHED);
    // A size the server does not offer falls back to 20.
    el.setAttribute('page-size', '7');
    await expect.poll(() => titles(shadow).length).toBe(20);
    document.body.removeEventListener('gjj-load', listen);
  });

  it('fires a cancelable gjj-open-policy: a host that calls preventDefault() shows the policy itself', async () => {
    const el = element({ 'api-base': apiBase, 'page-size': '10' });
    const shadow = el.shadowRoot as ShadowRoot;
    await expect.poll(() => titles(shadow).length).toBe(10);

    const seen: CustomEvent<OpenPolicyDetail>[] = [];
    const cancel = (e: CustomEvent<OpenPolicyDetail>) => {
      seen.push(e);
      e.preventDefault();
    };
    document.addEventListener('gjj-open-policy', cancel);
    button(shadow, NEWEST).click();
    document.removeEventListener('gjj-open-policy', cancel);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.cancelable).toBe(true);
    expect(seen[0]?.composed).toBe(true);
    expect(seen[0]?.detail).toEqual({ id: expect.any(String), title: NEWEST, category: 'jczc' });
    expect(shadow.querySelector('article')).toBeNull();

    // Not cancelled: the widget opens its own detail view.
    button(shadow, NEWEST).click();
    await expect.poll(() => shadow.querySelector('h2')?.textContent).toBe(NEWEST);
    // The body shows once the sanitizer (a chunk of its own) has loaded, which may be after the title.
    await expect.poll(() => shadow.querySelector('.gjj-policy-detail__body')?.textContent ?? '').toContain('各有关单位、广大缴存职工：');
    // The seeded body opens with the title again: it is printed once, as the heading (issue 23).
    expect(shadow.querySelector('.gjj-policy-detail__body')?.textContent).not.toContain(NEWEST);
    expect([...shadow.querySelectorAll('h1, h2, h3')].filter((h) => h.textContent === NEWEST)).toHaveLength(1);
    button(shadow, '返回列表').click();
    await expect.poll(() => shadow.activeElement?.textContent).toBe(NEWEST);
  });

  it('renders the unsafe policy in its shadow root without running any payload', async () => {
    window.__policyXss = undefined;
    const el = element({ 'api-base': apiBase });
    const shadow = el.shadowRoot as ShadowRoot;
    await expect.poll(() => titles(shadow).length).toBe(20);
    type(input(shadow), '跨省通办');
    button(shadow, '查询').click();
    await expect.poll(() => titles(shadow)).toEqual([UNSAFE_TITLE]);
    button(shadow, UNSAFE_TITLE).click();
    await expect.poll(() => shadow.querySelector('.gjj-policy-detail__body')?.textContent ?? '').toContain('本通知自发布之日起施行');
    const body = shadow.querySelector('.gjj-policy-detail__body') as HTMLElement;
    expect(body.querySelectorAll('script, iframe').length).toBe(0);
    expect(body.innerHTML).not.toMatch(/\son\w+=|javascript:/i);
    body.querySelectorAll('a, p, img').forEach((n) => {
      n.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      (n as HTMLElement).click();
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(window.__policyXss).toBeUndefined();
  });

  it('fires a composed gjj-error with the Chinese reason', async () => {
    const detail = new Promise<{ message: string }>((resolve) =>
      document.addEventListener('gjj-error', (e) => resolve((e as CustomEvent<{ message: string }>).detail), { once: true }),
    );
    element({ 'api-base': deadApi });
    expect((await detail).message).toBe('网络连接失败，请检查网络后重试');
  });
});
