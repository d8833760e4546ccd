import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { buildRoutes } from '@gjj-hall/sdk/menu';
import { axeViolations } from '../../../../../../test/support/axe';
import { $menuRoutes, stores } from '../../../shared/services';
import { registerBuiltPages } from '../../../shared/open-pages';
import { MyOfficeDetailPage } from './my-office-detail-page';
import { MyOfficePage } from './my-office-page';
import { TodoPage } from './todo-page';
import '../../../app/styles.css';

// The pages of 我的办件 against the applications contract (docs/api-applications.md), in real Chromium; the server is
// a stand-in fetch, so states the e2e server reaches only slowly (不予受理, a failed list) are shown here too.

const office = (area: string, list: string) => ({
  id: 9,
  path: 'wdbj',
  component: 'MenuScreen',
  menuType: 0,
  enable: 1,
  meta: { title: '我的办件' },
  children: [
    { id: 10, path: `${area}/wdbj/wdyw`, component: list, menuType: 2, enable: 1, meta: { title: '我的业务' } },
    { id: 11, path: `${area}/wdbj/ywxq`, component: 'MyOfficeDetail', menuType: 2, enable: 1, hidden: true, meta: { title: '业务详情' } },
    { id: 12, path: `${area}/wdbj/dbsx`, component: 'TodoList', menuType: 2, enable: 1, meta: { title: '待办事项' } },
  ],
});
const menus = (area: '/grwt' | '/dwwt', list: string) =>
  buildRoutes([{ id: 1, path: area, component: 'Layout', menuType: 0, enable: 1, meta: { title: '网厅' }, children: [office(area, list)] }]).routes;

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer | ((url: URL, init?: RequestInit) => Answer)>;
let calls: { path: string; url: URL; body: unknown }[];

function serve(url: URL, init?: RequestInit): Response {
  const path = url.pathname.replace('/api/izfgjj-zhfw/v1/', '');
  calls.push({ path, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  const found = answers[path];
  const answer = typeof found === 'function' ? found(url, init) : (found ?? { status: 404, body: { code: 404, msg: '未找到' } });
  return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
}

let root: Root | null = null;
let host: HTMLElement;

async function render(path: string, element: ReactNode, route: string) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <MemoryRouter initialEntries={[path]}>
        <main>
          <Routes>
            <Route path={route} element={element} />
          </Routes>
        </main>
      </MemoryRouter>,
    );
  });
}

const ok = (data: unknown): Answer => ({ body: { code: 0, msg: 'success', data } });
const texts = (selector: string) => [...host.querySelectorAll(selector)].map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

const REJECTED = {
  ywbh: 'GJ03022026112600000009',
  ywlx: 'GJ0302',
  ywmc: '个人账户信息变更',
  zt: '05',
  ztmc: '不予受理',
  payload: { xingming: '张三', zjhm: '110101199003072316', files: [{ id: 1 }] },
  submittedAt: '2026-11-26 09:00:00',
  promisedDate: '2026-12-01',
  timeLimitDays: 3,
  events: [
    { at: '2026-11-26 09:00:00', zt: '01', ztmc: '已提交', actor: 'applicant', actorName: '张三', note: '', reasons: [] },
    { at: '2026-11-26 10:00:00', zt: '02', ztmc: '已受理', actor: 'centre', actorName: '王审核', note: '材料齐全', reasons: [] },
    { at: '2026-11-27 15:30:00', zt: '05', ztmc: '不予受理', actor: 'centre', actorName: '王审核', note: '', reasons: ['证件已过期', '非本人申请'] },
  ],
  canWithdraw: false,
  canResubmit: false,
  canDelete: false,
};

beforeEach(() => {
  answers = {};
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => serve(new URL(String(input), location.href), init));
  $menuRoutes.set(menus('/grwt', 'MyOffice'));
  stores.session.update({ loginType: 1 });
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  vi.unstubAllGlobals();
  await page.viewport(1280, 800);
});

describe('业务详情', () => {
  it('不予受理: facts, promised date, the timeline in order with who, notes and reasons; nothing to do; axe clean', async () => {
    answers['ywsq/detail'] = ok(REJECTED);
    await render(`/grwt/wdbj/ywxq?ywbh=${REJECTED.ywbh}`, <MyOfficeDetailPage />, '/grwt/wdbj/ywxq');
    await expect.poll(() => texts('.office-facts dd')).toEqual([
      '个人账户信息变更',
      REJECTED.ywbh,
      '不予受理',
      '2026-11-26 09:00:00',
      '2026-12-01（3 个工作日内）',
    ]);
    expect(calls[0]?.url.searchParams.get('ywbh')).toBe(REJECTED.ywbh);
    const items = [...host.querySelectorAll('ol.office-timeline > li')] as HTMLElement[];
    expect(items.map((li) => li.querySelector('time')?.textContent)).toEqual(['2026-11-26 09:00:00', '2026-11-26 10:00:00', '2026-11-27 15:30:00']);
    expect(items.map((li) => li.querySelector('.status-tag')?.textContent)).toEqual(['已提交', '已受理', '不予受理']);
    expect(items[1]?.innerText).toContain('王审核');
    expect(items[1]?.innerText).toContain('说明：材料齐全');
    expect([...items[2]!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['证件已过期', '非本人申请']);
    expect(host.querySelector('.office-tag--danger')?.textContent).toBe('不予受理');
    // The payload's strings with their labels; the files array is not shown.
    expect(texts('.office-payload dt')).toEqual(['姓名', '证件号码']);
    // Nothing to do: no 撤回, 修改后重新提交 or 删除草稿 (the closed confirmation dialog's buttons are not shown);
    // only printing (issue 21).
    const visible = [...host.querySelectorAll('button')].filter((b) => b.checkVisibility()).map((b) => b.textContent);
    expect(visible).toEqual(['打印业务详情']);
    expect(host.querySelector('a')?.textContent).toBe('返回我的业务');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('退回: the reasons above the actions; a refused resubmit keeps what was typed; a good one reloads the detail', async () => {
    const returned = {
      ...REJECTED,
      zt: '04',
      ztmc: '已退回',
      payload: { txdz: '北京市东城区示例路 1 号', yzbm: '100000', n: 3 },
      events: [REJECTED.events[0], { ...REJECTED.events[2], zt: '04', ztmc: '已退回', reasons: ['邮政编码与地址不符'] }],
      canWithdraw: true,
      canResubmit: true,
    };
    answers['ywsq/detail'] = ok(returned);
    let resubmits = 0;
    answers['ywsq/resubmit'] = () => {
      resubmits += 1;
      return resubmits === 1
        ? { status: 400, body: { code: 400, msg: '邮政编码应为 6 位数字' } }
        : ok({ ywbh: returned.ywbh, zt: '01', ztmc: '已提交', promisedDate: '2026-12-02' });
    };
    await render(`/grwt/wdbj/ywxq?ywbh=${returned.ywbh}`, <MyOfficeDetailPage />, '/grwt/wdbj/ywxq');
    await expect.poll(() => host.querySelector('[role="note"]')?.textContent ?? '').toContain('邮政编码与地址不符');

    await userEvent.click(page.getByRole('button', { name: '修改后重新提交' }));
    await expect.poll(() => document.activeElement?.textContent).toBe('修改申请内容');
    const postcode = page.getByLabelText('邮政编码');
    await userEvent.clear(postcode);
    await userEvent.type(postcode, '10000X');
    await userEvent.click(page.getByRole('button', { name: '重新提交' }));
    await expect.poll(() => host.querySelector('[role="alert"]')?.textContent).toBe('邮政编码应为 6 位数字');
    expect((postcode.element() as HTMLInputElement).value).toBe('10000X');
    expect(calls.find((c) => c.path === 'ywsq/resubmit')?.body).toEqual({
      ywbh: returned.ywbh,
      payload: { txdz: '北京市东城区示例路 1 号', yzbm: '10000X', n: 3 },
    });
    expect(await axeViolations(host)).toEqual([]);

    answers['ywsq/detail'] = ok({ ...returned, zt: '01', ztmc: '已提交', canResubmit: false });
    await userEvent.clear(postcode);
    await userEvent.type(postcode, '100010');
    await userEvent.click(page.getByRole('button', { name: '重新提交' }));
    await expect.poll(() => texts('.office-facts dd')[2]).toBe('已提交');
    expect(calls.filter((c) => c.path === 'ywsq/detail')).toHaveLength(2);
    expect(host.querySelector('form')).toBeNull();
  });

  it('says 缺少业务编号 without a number and asks nothing', async () => {
    await render('/grwt/wdbj/ywxq', <MyOfficeDetailPage />, '/grwt/wdbj/ywxq');
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('缺少业务编号');
    expect(calls).toEqual([]);
  });
});

describe('我的业务', () => {
  const row = (n: number, zt: string, ztmc: string) => ({
    ywbh: `GJ030220261126000000${String(n).padStart(2, '0')}`,
    ywlx: 'GJ0302',
    ywmc: '个人账户信息变更',
    zt,
    ztmc,
    submittedAt: zt === '00' ? null : '2026-11-26 09:00:00',
    promisedDate: zt === '00' ? null : '2026-12-01',
    updatedAt: '2026-11-26 09:00:00',
  });

  it('asks with the status and number of the address; rows link to the detail; cards at 390 px; axe clean', async () => {
    answers['ywsq/list'] = ok({ list: [row(2, '00', '草稿'), row(1, '03', '已办结')], total: 2 });
    await render('/grwt/wdbj/wdyw?zt=00', <MyOfficePage />, '/grwt/wdbj/wdyw');
    await expect.poll(() => host.querySelectorAll('tbody tr').length).toBe(2);
    expect(calls[0]?.url.searchParams.get('zt')).toBe('00');
    expect(calls[0]?.url.searchParams.get('ywbh')).toBeNull();
    expect(texts('tbody tr:first-child td')).toEqual(['个人账户信息变更', 'GJ03022026112600000002', '草稿', '—', '—', '查看']);
    expect(host.querySelector('tbody a')?.getAttribute('href')).toBe('/grwt/wdbj/ywxq?ywbh=GJ03022026112600000002');
    expect((host.querySelector('select') as HTMLSelectElement).value).toBe('00');
    expect(await axeViolations(host)).toEqual([]);

    await page.viewport(390, 844);
    await expect.poll(() => getComputedStyle(host.querySelector('tbody tr')!).display).toBe('block');
    const cell = host.querySelector('tbody td') as HTMLElement;
    expect(getComputedStyle(cell, '::before').content).toBe('"业务名称"');
    expect(host.scrollWidth).toBeLessThanOrEqual(390);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('refuses a number that cannot be one before any call; a failed list says why and offers 重新加载', async () => {
    answers['ywsq/list'] = { status: 500, body: { code: 500, msg: '服务器开小差了，请稍后重试' } };
    await render('/grwt/wdbj/wdyw', <MyOfficePage />, '/grwt/wdbj/wdyw');
    await expect.poll(() => host.querySelector('.content-error')?.textContent ?? '').toContain('重新加载');
    const asked = calls.length;
    await userEvent.type(page.getByLabelText('业务编号'), 'GJ0302');
    await userEvent.click(page.getByRole('button', { name: '查询' }));
    await expect.poll(() => host.querySelector('.office-hint')?.textContent).toBe('业务编号应为 2 位字母加 20 位数字，如 GJ03022026112600000001');
    expect(page.getByLabelText('业务编号').element().getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(asked);

    answers['ywsq/list'] = ok({ list: [row(1, '01', '已提交')], total: 1 });
    await userEvent.click(page.getByRole('button', { name: '重新加载' }));
    await expect.poll(() => host.querySelectorAll('tbody tr').length).toBe(1);
  });
});

describe('待办事项', () => {
  it('a returned application links to its detail, a unit’s statement to the statement query', async () => {
    // The statement page is built and on the unit's menu: its to-do links to it (a page not open gets no link).
    registerBuiltPages(() => true);
    $menuRoutes.set(
      buildRoutes([
        {
          id: 1,
          path: '/dwwt',
          component: 'Layout',
          menuType: 0,
          enable: 1,
          meta: { title: '网厅' },
          children: [
            office('/dwwt', 'DWmyOffice'),
            { id: 20, path: 'cxyw', component: 'MenuScreen', menuType: 0, enable: 1, meta: { title: '查询业务' }, children: [{ id: 21, path: '/dwwt/cxyw/dwlxd_cx', component: 'DwlxdPage', menuType: 2, enable: 1, meta: { title: '单位利息单查询' } }] },
          ],
        },
      ]).routes,
    );
    stores.session.update({ loginType: 2 });
    answers['todo/list'] = ok([
      { id: 'GJ02', ywlx: 'GJ0201', ywbh: 'GJ02012026112600000003', title: '单位汇缴已退回，请按退回原因修改后重新提交', kind: 'returned', createdAt: '2026-11-26 10:00:00' },
      { id: 'DWLXD-2026', ywlx: 'DWLXD', ywbh: '', title: '请确认2026年度单位利息单', kind: 'statement', createdAt: '2026-01-01 00:00:00' },
    ]);
    await render('/dwwt/wdbj/dbsx', <TodoPage />, '/dwwt/wdbj/dbsx');
    await expect.poll(() => host.querySelectorAll('.office-todo').length).toBe(2);
    expect([...host.querySelectorAll('.office-todo a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['去修改', '/dwwt/wdbj/ywxq?ywbh=GJ02012026112600000003'],
      ['去确认', '/dwwt/cxyw/dwlxd_cx'],
    ]);
    expect(texts('.office-todo .page__muted')[1]).toBe('提出时间：2026-01-01 00:00:00');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('says 暂无待办事项 when the centre asks nothing', async () => {
    answers['todo/list'] = ok([]);
    await render('/grwt/wdbj/dbsx', <TodoPage />, '/grwt/wdbj/dbsx');
    await expect.poll(() => host.querySelector('.empty')?.textContent).toBe('暂无待办事项');
  });
});
