import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { buildRoutes, normaliseMenuList } from '@gjj-hall/sdk/menu';
import { axeViolations } from '../../../../../test/support/axe';
import { RAW_MENUS } from '../menu-fixture';
import { menuTree } from '../menu-view';
import { setBuiltPagesLoader } from '../open-pages';
import { $menuRoutes, stores } from '../services';
import { MenuTiles } from './menu-tiles';
import '../../app/styles.css';

// Menu tiles in real Chromium (issue 30): an enable-10 entry whose page is not built says 暂未开通 and opens its
// not-open page without a second check; a built enable-10 entry still asks the server for its grant first.

const raw = structuredClone(RAW_MENUS) as typeof RAW_MENUS;
(raw[0]!.children[1]!.children![0]!.children as unknown[]).push({
  id: 1119,
  path: '/grwt/zhxx/zhcx/never_built',
  component: 'grwt/zhxx/zhcx/never_built',
  menuType: 2,
  enable: 10,
  meta: { title: '尚未建成的业务' },
});
const menus = normaliseMenuList(raw);
// As the route table does: the menu page's table of built pages decides what is built.
setBuiltPagesLoader(() => import('../../app/pages/menu-page'));
const tab = menuTree(menus)[0]!.children[1]!.children[0]!;

let root: Root | null = null;
let host: HTMLElement;
let calls: string[] = [];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

async function render() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <MemoryRouter initialEntries={['/grwt/zhxx']}>
        <main>
          <MenuTiles nodes={tab.children} label="账户查询" />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </main>
      </MemoryRouter>,
    ),
  );
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    calls.push(String(input instanceof Request ? input.url : input));
    return new Response(JSON.stringify({ code: 0, msg: 'success', data: { required: true, granted: true, expiresAt: null } }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  stores.session.update({ loginType: '1' as never, userInfo: { nickName: '张三', loginMethod: '100', accountList: [] } as never });
  $menuRoutes.set(buildRoutes(menus).routes);
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  vi.unstubAllGlobals();
  $menuRoutes.set([]);
  stores.session.setToken('');
});

describe('MenuTiles and pages not built (issue 30)', () => {
  for (const width of [390, 1280]) {
    it(`at ${width} px: the unbuilt entry says 暂未开通 and opens with no second check; axe clean`, async () => {
      await page.viewport(width, 800);
      await render();
      const unbuilt = page.getByRole('button', { name: /尚未建成的业务/ });
      await expect.element(unbuilt).toHaveTextContent(/暂未开通/);
      // The built enable-10 entry still says it needs a scan.
      await expect.element(page.getByRole('button', { name: /个人明细查询/ })).toHaveTextContent(/需扫码验证/);
      expect(await axeViolations(host)).toEqual([]);
      await unbuilt.click();
      await expect.element(page.getByTestId('where')).toHaveTextContent('/grwt/zhxx/zhcx/never_built');
      expect(calls.filter((url) => url.includes('twoCheck') || url.includes('grant'))).toEqual([]);
      expect(document.querySelector('[role="dialog"]')).toBeNull();
    });
  }

  it('a built enable-10 entry asks the server for its grant before opening', async () => {
    await render();
    await page.getByRole('button', { name: /个人明细查询/ }).click();
    await expect.element(page.getByTestId('where')).toHaveTextContent('/grwt/zhxx/zhcx/grmxcx');
    expect(calls.some((url) => url.includes('/twoCheck/grant'))).toBe(true);
  });
});
