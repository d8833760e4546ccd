import { ROUTE_MENU_TYPES } from '@gjj-hall/sdk';
import { resolveMenuPath, type MenuEntry } from '@gjj-hall/sdk/menu';

/** A menu entry with its absolute path resolved the way the routes are (spec 2.2, 3.2). */
export interface MenuNode {
  entry: MenuEntry;
  /** The address the entry opens: route entries and menu items (type 1); tabs get their parent's path plus theirs. */
  fullPath: string;
  children: MenuNode[];
}

/** A titled group of tiles on a menu screen: a tab (type 3), or the screen's own entries (title ''). */
export interface MenuSection {
  key: string;
  title: string;
  items: MenuNode[];
}

const TAB = 3;
const isRoute = (entry: MenuEntry) => entry.menuType !== null && ROUTE_MENU_TYPES.includes(entry.menuType);

/**
 * Resolves every entry's path as the routes do: route entries (0, 2, 9) against the nearest route above; other
 * entries do not take part in the address, so their children resolve against the same route.
 *
 * @example
 * menuTree(menus)[0].children[1].fullPath // '/grwt/zhxx'
 */
export function menuTree(entries: readonly MenuEntry[], parentPath = ''): MenuNode[] {
  return entries.map((entry) => {
    const fullPath = entry.path ? resolveMenuPath(parentPath, entry.path) : parentPath;
    const childBase = isRoute(entry) ? fullPath : parentPath;
    return { entry, fullPath, children: menuTree(entry.children, childBase) };
  });
}

/** True for an entry a user sees on a screen: not hidden, not a button. */
export function isVisibleEntry(entry: MenuEntry): boolean {
  return !entry.hidden && (entry.menuType === 1 || entry.menuType === TAB || isRoute(entry));
}

/**
 * The sections of a menu screen (spec 2.5): each tab (type 3) with its visible entries, and the screen's own
 * visible entries (not in a tab) as a section titled ''. Tabs without a visible entry are kept (they show 暂无数据).
 *
 * @example
 * screenSections(node).map((s) => s.title) // ['账户查询', '账户信息变更', '']
 */
export function screenSections(node: MenuNode): MenuSection[] {
  const sections: MenuSection[] = [];
  const own: MenuNode[] = [];
  for (const child of node.children) {
    if (!isVisibleEntry(child.entry)) continue;
    if (child.entry.menuType === TAB) {
      sections.push({
        key: child.entry.id || child.fullPath,
        title: child.entry.meta.title,
        items: child.children.filter((c) => isVisibleEntry(c.entry) && c.entry.menuType !== TAB),
      });
    } else {
      own.push(child);
    }
  }
  if (own.length || !sections.length) sections.push({ key: `${node.fullPath}#own`, title: '', items: own });
  return sections;
}

/**
 * The chain of entries from the top of the menus down to the entry whose path is `path`, or [] when none has it.
 *
 * @example
 * menuTrail(tree, '/grwt/zhxx/zhcx/grzhxx').map((n) => n.entry.meta.title) // ['个人业务', '账户信息', '账户查询', '个人账户信息']
 */
export function menuTrail(tree: readonly MenuNode[], path: string): MenuNode[] {
  for (const node of tree) {
    if (node.fullPath === path && node.entry.menuType !== TAB) return [node];
    const below = menuTrail(node.children, path);
    if (below.length) return [node, ...below];
  }
  return [];
}

/**
 * The breadcrumb of a page (spec 2.5): 首页, then the screens and tabs above it and the page itself. The area's
 * layout and the home page are not repeated; tabs have no address.
 *
 * @example
 * breadcrumbOf(tree, '/grwt/zhxx/zhcx/grzhxx', '/grwt/home')
 * // [{ title: '首页', path: '/grwt/home' }, { title: '账户信息', path: '/grwt/zhxx' }, { title: '账户查询' }, { title: '个人账户信息', path: … }]
 */
export function breadcrumbOf(tree: readonly MenuNode[], path: string, homePath: string): { title: string; path?: string }[] {
  const crumbs: { title: string; path?: string }[] = [{ title: '首页', path: homePath || undefined }];
  if (path === homePath) return crumbs;
  for (const node of menuTrail(tree, path)) {
    const { entry } = node;
    if (entry.component === 'Layout' || node.fullPath === homePath || entry.meta.breadcrumb === false) continue;
    crumbs.push(entry.menuType === TAB ? { title: entry.meta.title } : { title: entry.meta.title, path: node.fullPath });
  }
  return crumbs;
}

/**
 * The screens of an area's home page: the visible entries under the area's layout (the first top-level entry).
 *
 * @example
 * homeScreens(tree).map((n) => n.entry.meta.title) // ['账户信息', '提取业务', '贷款业务']
 */
export function homeScreens(tree: readonly MenuNode[]): MenuNode[] {
  const layout = tree.find((n) => n.entry.component === 'Layout') ?? tree[0];
  return layout ? layout.children.filter((c) => isVisibleEntry(c.entry)) : [];
}
