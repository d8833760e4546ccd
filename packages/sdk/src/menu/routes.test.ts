import { describe, expect, it } from 'vitest';
import { MENU_LIST } from './fixtures';
import { normaliseMenuEntry, normaliseMenuList } from './normalise';
import { buildRoutes, resolveMenuPath, routeName } from './routes';
import type { MenuRoute } from './types';

/** The route tree as [fullPath, name] pairs, depth-first, with children indented by path. */
function flatten(routes: MenuRoute[]): [string, string][] {
  return routes.flatMap((r) => [[r.fullPath, r.name] as [string, string], ...flatten(r.children)]);
}

function find(routes: MenuRoute[], fullPath: string): MenuRoute | undefined {
  for (const r of routes) {
    if (r.fullPath === fullPath) return r;
    const inner = find(r.children, fullPath);
    if (inner) return inner;
  }
  return undefined;
}

describe('buildRoutes', () => {
  const { routes, homePath } = buildRoutes(MENU_LIST);

  it('builds the route table from route-type entries that are usable', () => {
    expect(flatten(routes)).toEqual([
      ['/grwt', 'Grwt'],
      ['/grwt/zhxx', 'Grwt/zhxx'],
      ['/grwt/zhxx/zhcx', 'Grwt/zhxx/zhcx'],
      ['/grwt/zhxx/mxcx', 'Grwt/zhxx/mxcx'],
      ['/grwt/tqSys', 'Grwt/tqSys'],
      ['/grwt/tqSys/tqyw', 'Grwt/tqSys/tqyw'],
      ['/sysMsg', 'SysMsg'],
      ['/sysMsg/msgHome', 'SysMsg/msgHome'],
    ]);
  });

  it('joins the first path with its first-child chain for the home path', () => {
    expect(homePath).toBe('/grwt/zhxx/zhcx');
  });

  it('lifts pages out of a tab into the route above it, and keeps tabs, menu items and buttons out', () => {
    const zhxx = find(routes, '/grwt/zhxx');
    expect(zhxx?.children.map((r) => r.path)).toEqual(['zhcx', 'mxcx']);
    expect(find(routes, '/grwt/zhxx/tab-cx')).toBeUndefined();
    expect(find(routes, '/grwt/zhxx/kjcx')).toBeUndefined();
    expect(find(routes, '/grwt/zhxx/zhcx')?.children).toEqual([]);
  });

  it('leaves a paused entry out together with its children', () => {
    expect(find(routes, '/grwt/zhxx/zhxxbg')).toBeUndefined();
    expect(find(routes, '/grwt/zhxx/zhxxbg/grzhxxbg')).toBeUndefined();
  });

  it('builds paused entries too when asked, keeping enable for the guard', () => {
    const all = buildRoutes(MENU_LIST, { includePaused: true }).routes;
    expect(find(all, '/grwt/zhxx/zhxxbg')?.enable).toBe(0);
    expect(find(all, '/grwt/zhxx/zhxxbg/grzhxxbg')?.name).toBe('Grwt/zhxx/zhxxbg/grzhxxbg');
  });

  it('fills the route fields of spec 2.2 from normalised server values', () => {
    const grwt = find(routes, '/grwt');
    expect(grwt).toMatchObject({
      id: '1',
      path: '/grwt',
      redirect: 'noRedirect',
      alwaysShow: true,
      hidden: false,
      enable: 1,
      hrefType: 0,
      menuType: 0,
      component: { kind: 'layout' },
      meta: { title: '个人业务', icon: 'grwt', noCache: false, breadcrumb: true, affix: false, activeMenu: '' },
    });
    expect(find(routes, '/grwt/zhxx')).toMatchObject({
      menuType: 0,
      enable: 1,
      component: { kind: 'page', name: 'grwt/zhxx/index' },
      meta: { title: '账户信息', icon: 'zhxx', noCache: true },
    });
    expect(find(routes, '/grwt/zhxx/zhcx')).toMatchObject({
      mainPath: '/grwt/zhxx',
      meta: { activeMenu: '/grwt/zhxx', breadcrumb: false },
    });
    expect(find(routes, '/grwt/zhxx/mxcx')?.enable).toBe(10);
    expect(find(routes, '/sysMsg')?.hidden).toBe(true);
    expect(find(routes, '/sysMsg/msgHome')?.hrefType).toBe(1);
  });

  it('resolves an absolute child path on its own', () => {
    expect(find(routes, '/grwt/tqSys')?.path).toBe('/grwt/tqSys');
  });

  it('skips entries without a path, the root path and a repeated name (first wins)', () => {
    expect(routes.map((r) => r.fullPath)).toEqual(['/grwt', '/sysMsg']);
    expect(routes[0]?.component).toEqual({ kind: 'layout' });
  });

  it('gives no routes and an empty home path for malformed input', () => {
    for (const bad of [null, undefined, 'menus', 42, {}, [null, 1, 'x'], [{ menuType: 0 }]]) {
      expect(buildRoutes(bad)).toEqual({ routes: [], homePath: '' });
    }
  });

  it('follows an absolute first child for the home path', () => {
    const built = buildRoutes([
      { path: 'dwwt', menuType: 0, enable: 1, children: [{ path: '/dwwt/cxyw', menuType: 2, enable: 1 }] },
    ]);
    expect(built.homePath).toBe('/dwwt/cxyw');
    expect(built.routes[0]?.name).toBe('Dwwt');
  });

  it('treats a missing enable value as usable and an unknown one as paused', () => {
    const built = buildRoutes([
      { path: '/a', menuType: 2 },
      { path: '/b', menuType: 2, enable: 3 },
      { path: '/c', menuType: 2, enable: '' },
    ]);
    expect(built.routes.map((r) => r.fullPath)).toEqual(['/a', '/c']);
  });

  it('gives a route without a component a null component', () => {
    expect(buildRoutes([{ path: '/a', menuType: 9, enable: 1 }]).routes[0]?.component).toBeNull();
  });
});

describe('resolveMenuPath and routeName', () => {
  it('joins relative paths and keeps absolute ones', () => {
    expect(resolveMenuPath('/grwt', 'zhxx')).toBe('/grwt/zhxx');
    expect(resolveMenuPath('/grwt/', '/grwt/zhxx/')).toBe('/grwt/zhxx');
    expect(resolveMenuPath('', 'grwt')).toBe('/grwt');
    expect(resolveMenuPath('/grwt//zhxx', 'zhcx')).toBe('/grwt/zhxx/zhcx');
  });

  it('capitalises the full path', () => {
    expect(routeName('/grwt/zhxx/zhcx')).toBe('Grwt/zhxx/zhcx');
    expect(routeName('/dwwt')).toBe('Dwwt');
  });
});

describe('normaliseMenuEntry', () => {
  it('turns numeric strings and flags into numbers and booleans', () => {
    expect(normaliseMenuEntry({ id: 7, path: ' zhxx ', menuType: '0', enable: '10', hidden: 'true', hrefType: '2' }))
      .toMatchObject({ id: '7', path: 'zhxx', menuType: 0, enable: 10, hidden: true, hrefType: 2 });
  });

  it('reads button keys from a list or a comma-separated string', () => {
    expect(normaliseMenuEntry({ buttons: ['add', ' ', 'del'] })?.buttons).toEqual(['add', 'del']);
    expect(normaliseMenuEntry({ perms: 'add,del，print' })?.buttons).toEqual(['add', 'del', 'print']);
  });

  it('falls back to a top-level title and icon and survives a broken meta string', () => {
    expect(normaliseMenuEntry({ title: '首页', icon: 'home', meta: '{broken' })?.meta).toMatchObject({
      title: '首页',
      icon: 'home',
    });
  });

  it('changes nothing when applied twice', () => {
    const once = normaliseMenuList(MENU_LIST);
    expect(normaliseMenuList(once)).toEqual(once);
  });

  it('ends on a cyclic tree', () => {
    const root: Record<string, unknown> = { path: '/a', menuType: 0 };
    root.children = [root];
    expect(normaliseMenuEntry(root)?.children).toEqual([]);
    expect(buildRoutes([root]).routes.map((r) => r.fullPath)).toEqual(['/a']);
  });

  it('does not read inherited properties', () => {
    expect(normaliseMenuEntry(Object.create({ path: '/inherited' }))?.path).toBe('');
  });
});
