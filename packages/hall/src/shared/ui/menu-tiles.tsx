import { isMenuUsable } from '@gjj-hall/sdk/menu';
import { useStore } from '@nanostores/react';
import type { MenuNode } from '../menu-view';
import { $menuIcons } from '../services';
import { useOpenMenu } from '../use-open-menu';
import { Tiles } from './tiles';

/** A tile's note: paused entries and those that ask for face verification say so (spec 4.2). */
function noteOf(node: MenuNode): string | undefined {
  if (!isMenuUsable(node.entry.enable)) return '暂停办理';
  if (node.entry.enable === 10) return '需扫码验证';
  return undefined;
}

/**
 * Menu entries as tiles (spec 2.5) that open as spec 4.2 says: pages, the pause note, or face verification.
 *
 * @example
 * <MenuTiles nodes={section.items} label="账户查询" />
 */
export function MenuTiles({ nodes, label }: { nodes: readonly MenuNode[]; label?: string }) {
  const icons = useStore($menuIcons);
  const { open, dialog } = useOpenMenu();
  return (
    <>
      <Tiles
        label={label}
        items={nodes.map((node) => ({
          key: node.entry.id || node.fullPath,
          title: node.entry.meta.title || node.entry.name || node.fullPath,
          icon: icons[node.entry.meta.icon],
          note: noteOf(node),
          onOpen: () => open(node),
        }))}
      />
      {dialog}
    </>
  );
}
