import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { axeViolations } from '../../../../test/support/axe';
import { $homePath, stores } from '../shared/services';
import { PublicLayout } from './layout';
import { SiteHeader } from './site-header';
import { AccountMenu } from './shell/account-menu';
import './styles.css';

// The one header (site-header.tsx) in real Chromium, signed out (the public layout) and signed in (the shell's
// header with the account menu), at a 390 px phone and a 1280 px screen.

let root: Root | null = null;
let host: HTMLElement;

async function render(node: React.ReactNode, path = '/policyInfo') {
  await act(async () => root?.unmount());
  host?.remove();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={node} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const rect = (selector: string) => (host.querySelector(selector) as HTMLElement).getBoundingClientRect();
const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** A public page's content, as PublicLayout's outlet renders it. */
function Page() {
  return (
    <section className="page">
      <h1>政策信息</h1>
    </section>
  );
}

beforeEach(async () => {
  // The quick menu and the footer ask the server; answered empty.
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 0, msg: 'success', data: [] }), { headers: { 'content-type': 'application/json' } }));
  stores.session.logout();
  stores.config.setSysConfig([{ key: 'XT_ZXQC', title: '中心全称', value: '示范市住房公积金管理中心', enable: 1 }]);
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  vi.unstubAllGlobals();
  stores.session.setToken('');
  $homePath.set('');
  await page.viewport(1280, 800);
});

describe('SiteHeader', () => {
  for (const width of [390, 1280]) {
    it(`signed out at ${width} px: one banner with the logo, the hall's name, 登录; nothing overlaps; axe clean`, async () => {
      await page.viewport(width, 800);
      await render(
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="*" element={<Page />} />
          </Route>
        </Routes>,
      );
      const banner = page.getByRole('banner');
      await expect.element(banner.getByRole('link', { name: /示范市住房公积金管理中心/ })).toBeVisible();
      await expect.element(banner.getByRole('link', { name: '登录', exact: true })).toBeVisible();
      expect(host.querySelectorAll('header').length).toBe(1);
      // Fixed heights: the bar 56 px on a phone, 64 px wider; the header 260 px on a wide screen (spec 2.5).
      expect(rect('.site-header__bar').height).toBe(width === 390 ? 56 : 64);
      expect(rect('.site-header').height).toBe(width === 390 ? 152 : 260);
      // The logo and 登录 side by side; the slogan fully above the content's card (the card overlaps the band).
      expect(overlaps(rect('.site-header__brand'), rect('.site-header__login'))).toBe(false);
      expect(rect('.site-header__slogan').bottom).toBeLessThanOrEqual(rect('main').top);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
      expect(await axeViolations(host)).toEqual([]);
    });

    it(`signed in at ${width} px: the account menu carries the name; nothing overlaps; axe clean`, async () => {
      await page.viewport(width, 800);
      stores.session.update({ loginType: '1' as never, userInfo: { nickName: '张三', accountList: [] } as never });
      await render(
        <>
          <SiteHeader homeTo="/grwt/home" area="个人网厅" actions={<AccountMenu name="张三" />} />
          <div className="body">
            <main id="main" className="content">
              <section className="page">
                <h1>下午好，张三</h1>
              </section>
            </main>
          </div>
        </>,
      );
      const banner = page.getByRole('banner');
      // On a phone the name is hidden from sight but stays in the button's name.
      await expect.element(banner.getByRole('button', { name: /张三/ })).toBeVisible();
      await expect.element(banner.getByRole('link', { name: /示范市住房公积金管理中心/ })).toBeVisible();
      const area = host.querySelector('.site-header__area') as HTMLElement;
      expect(area.getClientRects().length > 0).toBe(width === 1280);
      expect(overlaps(rect('.site-header__brand'), rect('.account-menu__button'))).toBe(false);
      expect(rect('.site-header__bar').height).toBe(width === 390 ? 56 : 64);
      expect(rect('.site-header__slogan').bottom).toBeLessThanOrEqual(rect('main').top);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
      expect(await axeViolations(host)).toEqual([]);
    });
  }

  it('the configured logo (XT_LOGO) fills a box of fixed size, so its arrival moves nothing', async () => {
    await page.viewport(390, 800);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="64"><rect width="360" height="64" fill="#c8102e"/></svg>';
    stores.config.setSysConfig([
      { key: 'XT_ZXQC', title: '中心全称', value: '示范市住房公积金管理中心', enable: 1 },
      { key: 'XT_LOGO', title: '网厅标志', value: `data:image/svg+xml;base64,${btoa(svg)}`, enable: 1 },
    ]);
    await render(<SiteHeader homeTo="/" actions={null} />);
    const img = page.getByRole('img', { name: '示范市住房公积金管理中心网上业务大厅' });
    await expect.element(img).toBeVisible();
    const box = (img.element() as HTMLImageElement).getBoundingClientRect();
    expect([box.width, box.height]).toEqual([203, 36]);
  });
});
