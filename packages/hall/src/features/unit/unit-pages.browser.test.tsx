import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { act, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { buildButtonMap } from '@gjj-hall/sdk/menu';
import { axeViolations } from '../../../../../test/support/axe';
import { stores } from '../../shared/services';
import { DwlxdPage, GrzhSlPage } from './unit-pages';
import '../../app/styles.css';

// The unit's pages follow the session's button map (spec 5.5, 6; docs/api-unit-business.md › 按钮权限): a button
// the server took from the account is not drawn. Real Chromium, the server a stand-in fetch.

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer>;

const ok = (data: unknown): Answer => ({ body: { code: 0, msg: '操作成功', data } });

/** The unit's menus as the server answers them, with `buttons` of the two pages as given. */
function signInWith(buttons: { grzhSl: string[]; dwlxd: string[] }) {
  const menus = [
    {
      id: 2000,
      path: '/dwwt',
      component: 'Layout',
      menuType: 0,
      enable: 1,
      meta: { title: '单位业务' },
      children: [
        { id: 2111, path: '/dwwt/jcyw/grzh_sl', component: 'dwwt/jcyw/grzh_sl', menuType: 2, enable: 1, meta: { title: '个人账户设立' }, buttons: buttons.grzhSl },
        { id: 2301, path: '/dwwt/cxyw/dwlxd_cx', component: 'dwwt/cxyw/dwlxd_cx', menuType: 2, enable: 1, meta: { title: '单位利息单查询' }, buttons: buttons.dwlxd },
      ],
    },
  ];
  stores.session.update({ loginType: 2, menus, buttonMap: buildButtonMap(menus) });
}

const STATEMENT = { nd: 2026, dwzh: '100200300001', dwmc: '示例科技有限公司', jxrq: '2026-06-30', rs: 1, lxhj: '12.34', confirmed: false, qrsj: null, rows: [{ grzh: '201000000101', xingming: '张三', lx: '12.34' }], next: null };

let root: Root | null = null;
let host: HTMLElement;

async function render(element: ReactNode, at: string) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <MemoryRouter initialEntries={[at]}>
        <main>{element}</main>
      </MemoryRouter>,
    );
  });
}

beforeEach(() => {
  answers = {};
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), location.href);
    const path = url.pathname.replace('/api/izfgjj-zhfw/v1/', '');
    const answer = answers[path] ?? { status: 404, body: { code: 404, msg: '未找到' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  vi.unstubAllGlobals();
  stores.session.update({ menus: [], buttonMap: {} });
});

const buttonNames = () => [...host.querySelectorAll('.unit-actions button')].map((b) => b.textContent);

describe('单位利息单查询: 确认 and 打印 follow the buttons', () => {
  it('with both, both are drawn (axe clean)', async () => {
    signInWith({ grzhSl: ['add', 'import', 'export'], dwlxd: ['confirm', 'print'] });
    answers['dwlxd/cx'] = ok(STATEMENT);
    await render(<DwlxdPage />, '/dwwt/cxyw/dwlxd_cx');
    await expect.poll(() => host.querySelector('h2')?.textContent).toBe('2026 年度单位结息对账单');
    expect(buttonNames()).toEqual(['确认利息单', '打印']);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('without 确认 (taken from the account), 确认利息单 is gone and 打印 stays', async () => {
    signInWith({ grzhSl: ['add', 'import', 'export'], dwlxd: ['print'] });
    answers['dwlxd/cx'] = ok(STATEMENT);
    await render(<DwlxdPage />, '/dwwt/cxyw/dwlxd_cx');
    await expect.poll(() => host.querySelector('h2')?.textContent).toBe('2026 年度单位结息对账单');
    expect(buttonNames()).toEqual(['打印']);
  });
});

describe('个人账户设立: 批量导入 is the 导入 button', () => {
  it('with 导入, the section with 下载模板 and the file field is drawn; without it, none of it', async () => {
    signInWith({ grzhSl: ['add', 'import', 'export'], dwlxd: [] });
    await render(<GrzhSlPage />, '/dwwt/jcyw/grzh_sl');
    await expect.poll(() => host.querySelector('.unit-import h2')?.textContent).toBe('批量导入');
    expect(buttonNames()).toContain('下载模板');
    await act(async () => root?.unmount());
    host.remove();

    signInWith({ grzhSl: ['add', 'export'], dwlxd: [] });
    await render(<GrzhSlPage />, '/dwwt/jcyw/grzh_sl');
    await expect.poll(() => host.textContent).not.toBe('');
    expect(host.querySelector('.unit-import')).toBeNull();
    expect(buttonNames()).not.toContain('下载模板');
  });
});

describe('职工信息查询: the shared table, one page through the index; 导出 and 打印 follow the buttons', () => {
  const EMPLOYEES = {
    rows: [
      { grzh: '201000000101', xingming: '张三', grzhzt: '01', grzhztmc: '正常', jcjs: '15393.00', dwjcbl: '12.00', grjcbl: '7.50', yjce: '3001.00', ye: '86542.35' },
      { grzh: '201000000102', xingming: '李四', grzhzt: '02', grzhztmc: '封存', jcjs: '6000.00', dwjcbl: '12.00', grjcbl: '12.00', yjce: '1440.00', ye: '1200.00' },
    ],
    next: null,
    params: { baseMinYuan: 2200, baseMaxYuan: 33000, ratioMin: 5, ratioMax: 12, roundingFen: 100, adjustMaxRows: 5000, baseOutOfBounds: 0 },
  };
  const withMenu = (buttons: string[]) => {
    const menus = [
      {
        id: 2000,
        path: '/dwwt',
        component: 'Layout',
        menuType: 0,
        enable: 1,
        meta: { title: '单位业务' },
        children: [{ id: 2305, path: '/dwwt/cxyw/zgxx_cx', component: 'dwwt/cxyw/zgxx_cx', menuType: 2, enable: 1, meta: { title: '职工信息查询' }, buttons }],
      },
    ];
    stores.session.update({ loginType: 2, menus, buttonMap: buildButtonMap(menus) });
  };

  it('lists the employees with status, base, monthly deposit and balance; with both buttons, export and print (axe clean)', async () => {
    withMenu(['export', 'print']);
    answers['dwyw/zgcx'] = ok(EMPLOYEES);
    const { ZgxxCxPage } = await import('./employees-page');
    await render(<ZgxxCxPage />, '/dwwt/cxyw/zgxx_cx');
    await expect.poll(() => host.querySelectorAll('tbody tr').length).toBe(2);
    expect(host.querySelector('tbody tr')?.textContent).toContain('张三');
    expect(host.querySelector('tbody tr')?.textContent).toContain('86,542.35');
    const names = [...host.querySelectorAll('button')].map((b) => b.textContent ?? '');
    expect(names.some((n) => n.includes('导出'))).toBe(true);
    expect(names).toContain('打印');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('without 导出 (taken from the account), no export button; 打印 stays', async () => {
    withMenu(['print']);
    answers['dwyw/zgcx'] = ok(EMPLOYEES);
    const { ZgxxCxPage } = await import('./employees-page');
    await render(<ZgxxCxPage />, '/dwwt/cxyw/zgxx_cx');
    await expect.poll(() => host.querySelectorAll('tbody tr').length).toBe(2);
    const names = [...host.querySelectorAll('button')].map((b) => b.textContent ?? '');
    expect(names.some((n) => n.includes('导出'))).toBe(false);
    expect(names).toContain('打印');
  });
});
