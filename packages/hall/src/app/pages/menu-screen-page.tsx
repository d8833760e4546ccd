import { useState } from 'react';
import { useLocation } from 'react-router';
import { menuTrail, screenSections } from '../../shared/menu-view';
import { useMenuTree } from '../../shared/use-menu-tree';
import { usePageTitle } from '../../shared/use-page-title';
import { MenuTiles } from '../../shared/ui/menu-tiles';
import { Tabs } from '../../shared/ui/tabs';

/**
 * A menu screen (spec 2.5): its tabs (menu type 3) each with tiles of their pages, and its own pages as tiles;
 * two or three levels; 暂无数据 when there is nothing to show.
 */
export function MenuScreenPage() {
  const { pathname } = useLocation();
  const tree = useMenuTree();
  const node = menuTrail(tree, pathname).at(-1);
  const title = node?.entry.meta.title ?? '';
  usePageTitle(title);
  const [active, setActive] = useState(0);
  if (!node) {
    return (
      <section className="page">
        <p className="empty">暂无数据</p>
      </section>
    );
  }
  const sections = screenSections(node);
  const tabbed = sections.filter((s) => s.title);
  const own = sections.find((s) => !s.title);
  return (
    <section className="page" aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      {tabbed.length > 0 && (
        <Tabs
          label={title}
          items={tabbed.map((s) => ({ key: s.key, label: s.title }))}
          active={active}
          onChange={setActive}
        >
          <MenuTiles nodes={tabbed[Math.min(active, tabbed.length - 1)]?.items ?? []} label={tabbed[active]?.title} />
        </Tabs>
      )}
      {own && (own.items.length > 0 || tabbed.length === 0) && (
        <div className="screen-section">
          {tabbed.length > 0 && <h2 className="screen-section__title">其他功能</h2>}
          <MenuTiles nodes={own.items} label={tabbed.length ? '其他功能' : title} />
        </div>
      )}
    </section>
  );
}
