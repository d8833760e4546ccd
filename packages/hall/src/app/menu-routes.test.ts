import { describe, expect, it } from 'vitest';
import { buildRoutes } from '@gjj-hall/sdk/menu';
import { RAW_MENUS } from '../shared/menu-fixture';
import { findRoute, flattenRoutes, layoutGroups } from './menu-routes';

const { routes, homePath } = buildRoutes(RAW_MENUS);

describe('the routes built from the menus, as the hall renders them', () => {
  it('groups every page under its area layout, flat', () => {
    const [group] = layoutGroups(routes);
    expect(group?.layout.fullPath).toBe('/grwt');
    expect(group?.index).toBe('/grwt/home');
    expect(group?.pages.map((p) => p.route.fullPath)).toEqual([
      '/grwt/home',
      '/grwt/zhxx',
      '/grwt/zhxx/zhcx/grzhxx',
      '/grwt/zhxx/zhcx/grmxcx',
    ]);
    expect(homePath).toBe('/grwt/home');
  });

  it('a route without a component of its own opens its first child; noRedirect is no redirect', () => {
    const [withChild] = flattenRoutes([
      { ...routes[0]!.children[1]!, component: null },
    ]);
    expect(withChild?.redirect).toBe('/grwt/zhxx/zhcx/grzhxx');
    expect(flattenRoutes(routes)[0]?.redirect).toBeUndefined();
  });

  it('a top-level route that is not a layout is a page of its own', () => {
    const page = { ...routes[0]!.children[1]!, children: [] };
    expect(layoutGroups([page])[0]?.pages.map((p) => p.route.fullPath)).toEqual(['/grwt/zhxx']);
  });

  it('findRoute gives the route of a path, for its title and caching flag', () => {
    expect(findRoute(routes, '/grwt/home')?.meta).toMatchObject({ title: '首页', noCache: true });
    expect(findRoute(routes, '/grwt/zhxx/zhcx/grzhxx')?.meta.noCache).toBe(false);
    expect(findRoute(routes, '/nowhere')).toBeUndefined();
  });
});
