import { ROUTE_MENU_TYPES } from '@gjj-hall/sdk';
import { isMenuUsable, MENU_PAUSED_MESSAGE } from '@gjj-hall/sdk/menu';
import type { MenuNode } from './menu-view';

/** An address of the user's menus that has no route because its entry (or one above it) is paused. */
export interface PausedRoute {
  path: string;
  /** The entry's own title, for the page heading. */
  title: string;
  /** The pause note (`bz`) of the paused entry, or 功能已停用，请联系管理员 (spec 4.2). */
  message: string;
}

const isRoute = (node: MenuNode) => node.entry.menuType !== null && ROUTE_MENU_TYPES.includes(node.entry.menuType);

/**
 * The addresses of paused menu entries (enable other than 1 or 10) and of everything under them. The menus give
 * them no route, so a bookmark cannot open the business; the hall shows their pause note there instead of 页面不存在
 * (issue 23), the same words the tile shows.
 *
 * @example
 * pausedRoutes(tree) // [{ path: '/grwt/tqSys/tqyw/ltx_tq', title: '离休、退休提取', message: '系统升级，暂停办理，预计2026年12月1日恢复' }]
 */
export function pausedRoutes(tree: readonly MenuNode[]): PausedRoute[] {
  const found = new Map<string, PausedRoute>();
  const walk = (nodes: readonly MenuNode[], pausedBy: MenuNode | null) => {
    for (const node of nodes) {
      const by = pausedBy ?? (isMenuUsable(node.entry.enable) ? null : node);
      if (by && node.entry.path && isRoute(node) && !found.has(node.fullPath)) {
        found.set(node.fullPath, {
          path: node.fullPath,
          title: node.entry.meta.title || by.entry.meta.title,
          message: by.entry.bz || MENU_PAUSED_MESSAGE,
        });
      }
      walk(node.children, by);
    }
  };
  walk(tree, null);
  return [...found.values()];
}
