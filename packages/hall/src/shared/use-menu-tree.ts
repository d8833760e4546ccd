import { useMemo } from 'react';
import type { MenuEntry } from '@gjj-hall/sdk/menu';
import { menuTree, type MenuNode } from './menu-view';
import { stores } from './services';
import { useStore } from './use-store';

/** The signed-in user's menus (kept normalised in the session) with their paths resolved. */
export function useMenuTree(): MenuNode[] {
  const menus = useStore(stores.session.$menus) as MenuEntry[];
  return useMemo(() => menuTree(Array.isArray(menus) ? menus : []), [menus]);
}
