import { useEffect, useState } from 'react';
import { isMenuUsable } from '@gjj-hall/sdk/menu';
import { useStore } from '@nanostores/react';
import type { MenuNode } from '../menu-view';
import { isUnbuiltMenuPage, loadBuiltPages } from '../open-pages';
import { $menuIcons, $menuRoutes } from '../services';
import { useOpenMenu } from '../use-open-menu';
import { Tiles } from './tiles';

/** The note of a tile whose page the hall has not built yet (issue 30). */
export const NOT_OPEN_NOTE = '暂未开通';

/**
 * A tile's note: paused entries and those that ask for face verification say so (spec 4.2); an entry whose page is
 * not built says 暂未开通 instead of asking for a scan.
 */
function noteOf(node: MenuNode, unbuilt: boolean): string | undefined {
  if (!isMenuUsable(node.entry.enable)) return '暂停办理';
  if (unbuilt) return NOT_OPEN_NOTE;
  if (node.entry.enable === 10) return '需扫码验证';
  return undefined;
}

/** True once the table of built pages is loaded (the menu page's chunk), so that tiles can tell what is built. */
function useBuiltPagesLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    loadBuiltPages().then(
      () => live && setLoaded(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/**
 * Menu entries as tiles (spec 2.5) that open as spec 4.2 says: pages, the pause note, or face verification. An entry
 * whose page the hall has not built opens its not-open page without a second check (`useOpenMenu`).
 *
 * @example
 * <MenuTiles nodes={section.items} label="账户查询" />
 */
export function MenuTiles({ nodes, label }: { nodes: readonly MenuNode[]; label?: string }) {
  const icons = useStore($menuIcons);
  const routes = useStore($menuRoutes);
  const loaded = useBuiltPagesLoaded();
  const { open, dialog } = useOpenMenu();
  return (
    <>
      <Tiles
        label={label}
        items={nodes.map((node) => ({
          key: node.entry.id || node.fullPath,
          title: node.entry.meta.title || node.entry.name || node.fullPath,
          icon: icons[node.entry.meta.icon],
          note: noteOf(node, loaded && isUnbuiltMenuPage(routes, node.fullPath)),
          onOpen: () => open(node),
        }))}
      />
      {dialog}
    </>
  );
}

