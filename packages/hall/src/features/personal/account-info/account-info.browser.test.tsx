import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { buildRoutes } from '@gjj-hall/sdk/menu';
import { axeViolations } from '../../../../../../test/support/axe';
import { $menuRoutes, stores } from '../../../shared/services';
import { AccountInfoPage } from './account-info-page';
import { HomeFigures } from './home-figures';
import '../../../app/styles.css';

// 个人账户信息 and the home's figures against the contract of docs/api-personal.md, in real Chromium; the server is a
// stand-in fetch, so the states the e2e server does not reach (a failed load, no account, a sealed account) show too.

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer>;
let calls: string[];

const ok = (data: unknown): Answer => ({ body: { code: 0, msg: '操作成功', data } });

const ACCOUNT = {
  grzh: '201000000101',
  current: true,
  xingming: '张三',
  kind: 'gr',
  kindName: '单位缴存',
  grzhzt: '01',
  grzhztmc: '正常',
  dwzh: '100200300001',
  dwmc: '示例科技有限公司',
  khrq: '2015-11-02',
  xhrq: null,
  jcjs: '15393.00',
  dwjcbl: '12.00',
  grjcbl: '7.50',
  dwyjce: '1847.00',
  gryjce: '1154.00',
  yjce: '3001.00',
  grzhye: '86542.35',
  hjny: '202610',
  year: 2026,
  bnlx: '5253.93',
};
const HOLDER = { xingming: '张三', zjhm: '110***********2316', sjhm: '138****8000', txdz: '示范市历下区泉城路 188 号', yzbm: '250011', hyzk: '20', hyzkmc: '已婚', gzdh: '', dzyx: '', zy: '', xl: '' };

let root: Root | null = null;
let host: HTMLElement;

async function render(element: ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <MemoryRouter initialEntries={['/grwt/zhxx/zhcx/grzhxx']}>
        <main>{element}</main>
      </MemoryRouter>,
    );
  });
}

/** The value after each label of a description list, in order. */
const facts = (scope: Element) => [...scope.querySelectorAll('.acct-facts__item')].map((d) => `${d.querySelector('dt')?.textContent}=${d.querySelector('dd')?.textContent}`);

beforeEach(() => {
  answers = {};
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), location.href);
    const path = url.pathname.replace('/api/izfgjj-zhfw/v1/', '');
    calls.push(path);
    const answer = answers[path] ?? { status: 404, body: { code: 404, msg: '未找到' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  $menuRoutes.set(
    buildRoutes([
      {
        id: 1,
        path: '/grwt',
        component: 'Layout',
        menuType: 0,
        enable: 1,
        meta: { title: '个人业务' },
        children: [
          { id: 2, path: '/grwt/zhxx/zhxxbg/grzhxxbg', component: 'grwt/zhxx/zhxxbg/grzhxxbg', menuType: 2, enable: 1, meta: { title: '个人账户信息变更' } },
          { id: 3, path: '/grwt/wdbj/dbsx', component: 'TodoList', menuType: 2, enable: 1, meta: { title: '待办事项' } },
        ],
      },
    ]).routes,
  );
  stores.session.update({ loginType: 1 });
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  vi.unstubAllGlobals();
  await page.viewport(1280, 800);
});

describe('个人账户信息', () => {
  it('an account card with every figure in words and money, the holder’s details and the link to change them; axe clean', async () => {
    answers['ywbl/check'] = ok({ allowed: true });
    answers['grzhxx/list'] = ok({ holder: HOLDER, accounts: [ACCOUNT, { ...ACCOUNT, grzh: '201000000188', current: false, kind: 'lhjy', kindName: '灵活就业', grzhzt: '02', grzhztmc: '封存', dwzh: '', dwmc: '', hjny: null }] });
    await render(<AccountInfoPage />);
    await expect.poll(() => host.querySelectorAll('.acct-card').length).toBe(3);
    const [unit, sealed, holder] = [...host.querySelectorAll('.acct-card')] as HTMLElement[];
    expect(unit!.querySelector('h2')?.textContent).toBe('单位缴存账户 201000000101');
    expect(unit!.querySelector('.acct-card__balance-value')?.textContent).toBe('86,542.35');
    expect(facts(unit!)).toEqual([
      '姓名=张三',
      '个人账号=201000000101',
      '账户状态=正常',
      '缴存类型=单位缴存',
      '所在单位=示例科技有限公司（100200300001）',
      '开户日期=2015-11-02',
      '缴存基数（元）=15,393.00',
      '单位缴存比例=12%',
      '个人缴存比例=7.5%',
      '单位月缴存额（元）=1,847.00',
      '个人月缴存额（元）=1,154.00',
      '月缴存额合计（元）=3,001.00',
      '汇缴年月=2026年10月',
      '2026年利息（元）=5,253.93',
    ]);
    expect(unit!.querySelector('.acct-tag--current')?.textContent).toBe('当前账户');
    // A sealed account says so in a warning tag; no deposit yet shows --.
    expect(sealed!.querySelector('.acct-tag--warn')?.textContent).toBe('封存');
    expect(facts(sealed!)).toContain('所在单位=灵活就业人员（个人缴存）');
    expect(facts(sealed!)).toContain('汇缴年月=--');
    expect(facts(holder!)).toEqual([
      '姓名=张三',
      '证件号码=110***********2316',
      '手机号码=138****8000',
      '婚姻状况=已婚',
      '通讯地址=示范市历下区泉城路 188 号',
      '邮政编码=250011',
      '单位电话=--',
      '电子邮箱=--',
      '职业=--',
      '学历=--',
    ]);
    expect(holder!.querySelector('a')?.getAttribute('href')).toBe('/grwt/zhxx/zhxxbg/grzhxxbg');
    expect(await axeViolations(host)).toEqual([]);
    await page.viewport(390, 800);
    expect(await axeViolations(host)).toEqual([]);
    // Nothing wider than the phone's screen.
    expect(host.scrollWidth).toBeLessThanOrEqual(390);
  });

  it('a failed load says why and loads again on 重新加载', async () => {
    answers['grzhxx/list'] = { status: 500, body: { code: 500, msg: '服务器开小差了' } };
    await render(<AccountInfoPage />);
    await expect.poll(() => host.querySelector('[role="alert"]')?.textContent ?? '').toContain('服务器');
    answers['grzhxx/list'] = ok({ holder: HOLDER, accounts: [ACCOUNT] });
    await userEvent.click(page.getByRole('button', { name: '重新加载' }));
    await expect.poll(() => host.querySelectorAll('.acct-card').length).toBe(2);
    expect(calls.filter((c) => c === 'grzhxx/list')).toHaveLength(2);
  });

  it('a person without an account in the records is told so', async () => {
    answers['grzhxx/list'] = ok({ holder: HOLDER, accounts: [] });
    await render(<AccountInfoPage />);
    await expect.poll(() => host.querySelector('.empty')?.textContent ?? '').toContain('未查询到您名下的住房公积金个人账户');
  });
});

describe('the home’s figures', () => {
  it('balance, this year’s deposits, the last movement signed, the to-do count with its link', async () => {
    answers['grzhxx/home'] = ok({
      grzh: '201000000101',
      grzhzt: '01',
      grzhztmc: '正常',
      grzhye: '86542.35',
      year: 2026,
      bnjce: '35884.00',
      lastMovement: { date: '2026-10-20', kind: '11', kindName: '部分提取', amount: '-299538.80' },
      todoCount: 2,
    });
    await render(<HomeFigures />);
    await expect.poll(() => host.querySelectorAll('.home-figures__item').length).toBe(4);
    const items = [...host.querySelectorAll('.home-figures__item')].map((li) => (li as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
    expect(items).toEqual([
      '账户余额（元） 86,542.35 个人账号 201000000101',
      '2026年缴存额（元） 35,884.00 本年汇缴、补缴合计',
      '最近一笔资金变动（元） -299,538.80 2026-10-20 部分提取',
      '待办事项 2 项 去处理',
    ]);
    expect(host.querySelector('.home-figures__item:last-child a')?.getAttribute('href')).toBe('/grwt/wdbj/dbsx');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('an account without movements shows dashes; a failed call a quiet note, no figures', async () => {
    answers['grzhxx/home'] = ok({ grzh: '201000000999', grzhzt: '01', grzhztmc: '正常', grzhye: '0.00', year: 2026, bnjce: '0.00', lastMovement: null, todoCount: 0 });
    await render(<HomeFigures />);
    await expect.poll(() => host.textContent ?? '').toContain('暂无资金变动');
    expect(host.textContent).toContain('查看待办');
    await act(async () => root?.unmount());
    host.remove();
    answers['grzhxx/home'] = { status: 500, body: { code: 500, msg: '服务器开小差了' } };
    await render(<HomeFigures />);
    await expect.poll(() => host.textContent ?? '').toContain('账户数字暂时无法显示');
    expect(host.querySelector('.home-figures')).toBeNull();
  });
});
