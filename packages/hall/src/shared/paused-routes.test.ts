import { describe, expect, it } from 'vitest';
import { normaliseMenuList } from '@gjj-hall/sdk/menu';
import { MENUS, RAW_MENUS } from './menu-fixture';
import { menuTree } from './menu-view';
import { pausedRoutes } from './paused-routes';

describe('pausedRoutes (issue 23: a paused service reached by address)', () => {
  it('lists a paused page with its title and pause note, and no usable or non-route entry', () => {
    expect(pausedRoutes(menuTree(MENUS))).toEqual([{ path: '/grwt/zhxx/zhcx/ltx_tq', title: '离休、退休提取', message: '系统升级，暂停办理' }]);
  });

  it('covers everything under a paused screen with the screen’s note, and says 功能已停用 without a note', () => {
    const raw = structuredClone(RAW_MENUS) as { children: { enable?: number; bz?: string }[] }[];
    const screen = raw[0]!.children[1]!;
    screen.enable = 0;
    screen.bz = '年度结息期间暂停办理';
    const paused = pausedRoutes(menuTree(normaliseMenuList(raw)));
    expect(paused.map((p) => p.path)).toEqual(['/grwt/zhxx', '/grwt/zhxx/zhcx/grzhxx', '/grwt/zhxx/zhcx/grmxcx', '/grwt/zhxx/zhcx/ltx_tq']);
    // The entry paused on its own keeps the nearest note above it: the screen paused first.
    expect(new Set(paused.map((p) => p.message))).toEqual(new Set(['年度结息期间暂停办理']));
    expect(paused[1]!.title).toBe('个人账户信息');

    delete screen.bz;
    expect(pausedRoutes(menuTree(normaliseMenuList(raw)))[0]!.message).toBe('功能已停用，请联系管理员');
  });
});
