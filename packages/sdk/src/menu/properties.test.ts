import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuEnableAction } from './enable';
import { buildButtonMap, hasPermission } from './permissions';
import { buildRoutes } from './routes';
import type { MenuRoute } from './types';

/** Menu-shaped values with wrong types mixed in, to reach deeper than fc.anything() usually does. */
const menuish: fc.Arbitrary<unknown> = fc.letrec<{ entry: unknown }>((tie) => ({
  entry: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.anything(),
    fc.record(
      {
        path: fc.oneof(fc.constantFrom('/grwt', 'zhxx', 'zhcx', '/', '', '//a//'), fc.anything()),
        menuType: fc.oneof(fc.constantFrom(0, '0', 1, 2, 3, 4, 5, 9, '9'), fc.anything()),
        enable: fc.oneof(fc.constantFrom(0, 1, '1', 10, '10', 2), fc.anything()),
        component: fc.oneof(fc.constant('Layout'), fc.anything()),
        meta: fc.oneof(fc.record({ title: fc.anything() }), fc.string(), fc.anything()),
        buttons: fc.anything(),
        children: fc.array(tie('entry'), { maxLength: 4 }),
      },
      { requiredKeys: [] },
    ),
  ),
})).entry;

function allRoutes(routes: MenuRoute[]): MenuRoute[] {
  return routes.flatMap((r) => [r, ...allRoutes(r.children)]);
}

describe('never throws on any input', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('buildRoutes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(menuish)), fc.anything(), (list, options) => {
        const { routes, homePath } = buildRoutes(list, options as never);
        const all = allRoutes(routes);
        // Names stay unique and every route has an absolute path.
        expect(new Set(all.map((r) => r.name)).size).toBe(all.length);
        expect(all.every((r) => r.fullPath.startsWith('/') && r.fullPath !== '/')).toBe(true);
        // The home path is the path of a built route, and empty only when nothing was built.
        expect(homePath === '' ? routes.length === 0 : all.some((r) => r.fullPath === homePath)).toBe(true);
      }),
    );
  });

  it('buildButtonMap', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(menuish)), (list) => {
        const map = buildButtonMap(list);
        expect(Object.keys(map).every((key) => key.startsWith('/'))).toBe(true);
      }),
    );
  });

  it('hasPermission', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (map, path, keys) => {
        expect(typeof hasPermission(map, path, keys)).toBe('boolean');
      }),
    );
  });

  it('hasPermission on a real map', () => {
    fc.assert(
      fc.property(fc.array(menuish), fc.string(), fc.array(fc.string()), (list, path, keys) => {
        expect(typeof hasPermission(buildButtonMap(list), path, keys)).toBe('boolean');
      }),
    );
  });

  it('menuEnableAction', () => {
    fc.assert(
      fc.property(menuish, fc.anything(), (menu, loginMethod) => {
        const result = menuEnableAction(menu, { loginMethod });
        expect(['open', 'face-verify', 'paused', 'not-open']).toContain(result.action);
        expect(menuEnableAction(menu, loginMethod as never).action).toBeTypeOf('string');
      }),
    );
  });
});
