import { useMemo } from 'react';
import type { MenuEntry } from '@gjj-hall/sdk/menu';
import { useStore } from '@nanostores/react';
import { menuTree, type MenuNode } from './menu-view';
import { stores } from './services';

/** The signed-in user's menus (kept normalised in the session) with their paths resolved. */
export function useMenuTree(): MenuNode[] {
  const menus = useStore(stores.session.$menus) as MenuEntry[];
  return useMemo(() => menuTree(Array.isArray(menus) ? menus : []), [menus]);
}
