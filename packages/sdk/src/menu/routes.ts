import { ROUTE_MENU_TYPES } from '../constants/constants';
import { isMenuUsable } from './enable';
import { isRecord, normaliseMenuList } from './normalise';
import type { ComponentRef, MenuEntry, MenuRoute } from './types';

/**
 * Options of {@link buildRoutes}.
 *
 * @example
 * buildRoutes(menuList, { includePaused: true })
 */
export interface BuildRoutesOptions {
  /**
   * Also build routes for paused entries (enable other than 1 or 10), leaving the pause to the hall's guard via
   * `route.enable`. By default a paused entry gets no route, so a bookmarked address cannot bypass the pause.
   * @default false
   */
  includePaused?: boolean;
}

/**
 * The result of {@link buildRoutes}.
 *
 * @example
 * const { routes, homePath }: BuiltRoutes = buildRoutes(menuList)
 */
export interface BuiltRoutes {
  routes: MenuRoute[];
  /** The first route's path joined with its first-child chain, e.g. '/grwt/zhxx/zhcx'; '' when there are no routes. */
  homePath: string;
}

/**
 * Resolves a menu path against its parent route's path: an absolute path ('/grwt/zhxx') stands alone, a relative
 * one ('zhxx') is appended with a slash. Repeated and trailing slashes are dropped.
 *
 * @example
 * resolveMenuPath('/grwt', 'zhxx') // '/grwt/zhxx'
 * resolveMenuPath('/grwt', '/grwt/zhxx/') // '/grwt/zhxx'
 * resolveMenuPath('', 'grwt') // '/grwt'
 */
export function resolveMenuPath(parentPath: string, path: string): string {
  const joined = path.startsWith('/') ? path : `${parentPath}/${path}`;
  return `/${joined.split('/').filter((segment) => segment !== '').join('/')}`;
}

/**
 * The route name of spec 2.2, 'the capitalised path': the full path without its leading slash, first letter in
 * upper case. Taking the full path (not the last segment) keeps names unique, since 'cx' may sit under several
 * parents.
 *
 * @example
 * routeName('/grwt') // 'Grwt'
 * routeName('/grwt/zhxx/zhcx') // 'Grwt/zhxx/zhcx'
 */
export function routeName(fullPath: string): string {
  const path = fullPath.replace(/^\/+/, '');
  return path.charAt(0).toUpperCase() + path.slice(1);
}

/** @internal True for menu types 0, 2 and 9. */
export function isRouteType(entry: MenuEntry): entry is MenuEntry & { menuType: number } {
  return entry.menuType !== null && ROUTE_MENU_TYPES.includes(entry.menuType);
}

function componentRef(component: string): ComponentRef | null {
  if (component === '') return null;
  return component === 'Layout' ? { kind: 'layout' } : { kind: 'page', name: component };
}

/**
 * Builds the routes of a user's menu list (spec 2.2, 3.2, 6). Pure and framework-free: the hall maps the result
 * onto its router (`component.kind === 'layout'` is the shared layout, a page is loaded by `component.name`).
 *
 * - Entries of menu types 0, 2 and 9 become routes when usable (enable 1, 10 or none; see `includePaused`);
 *   their children become child routes. A paused entry is left out with its children.
 * - Other entries (1 menu item, 3 tab, buttons…) are not routes; route entries beneath them are lifted to the
 *   nearest route above, their paths resolved against it (a tab groups tiles, it is not part of the address).
 * - Skipped without error: anything that is not an object, route entries without a path (with their children),
 *   an entry whose path resolves to '/' (the root redirects to the home path), and a later entry whose name is
 *   already taken (the first wins). A list that is not an array gives no routes. Never throws.
 * - `homePath` is the first route's path followed by its first-child chain.
 *
 * @example
 * const { routes, homePath } = buildRoutes([
 *   { path: '/grwt', menuType: 0, enable: 1, component: 'Layout', children: [
 *     { path: 'zhxx', menuType: '0', enable: '1', children: [
 *       { path: 'zhcx', menuType: 2, enable: 1, component: 'grwt/zhxx/zhcx/index', meta: { title: '账户查询' } },
 *     ] },
 *   ] },
 * ])
 * homePath // '/grwt/zhxx/zhcx'
 * routes[0].name // 'Grwt'
 * routes[0].children[0].children[0].name // 'Grwt/zhxx/zhcx'
 */
export function buildRoutes(menuList: unknown, options?: BuildRoutesOptions): BuiltRoutes {
  const includePaused = isRecord(options) && options.includePaused === true;
  const names = new Set<string>();

  const build = (entries: MenuEntry[], parentPath: string): MenuRoute[] => {
    const routes: MenuRoute[] = [];
    for (const entry of entries) {
      if (!isRouteType(entry)) {
        routes.push(...build(entry.children, parentPath));
        continue;
      }
      if (!entry.path || (!includePaused && !isMenuUsable(entry.enable))) continue;
      const fullPath = resolveMenuPath(parentPath, entry.path);
      const name = routeName(fullPath);
      if (fullPath === '/' || names.has(name)) continue;
      names.add(name);
      routes.push({
        id: entry.id,
        name,
        path: entry.path,
        fullPath,
        mainPath: entry.mainPath,
        redirect: entry.redirect,
        alwaysShow: entry.alwaysShow,
        hidden: entry.hidden,
        enable: entry.enable,
        hrefType: entry.hrefType,
        menuType: entry.menuType,
        meta: { ...entry.meta },
        component: componentRef(entry.component),
        children: build(entry.children, fullPath),
      });
    }
    return routes;
  };

  const routes = build(normaliseMenuList(menuList), '');
  let homePath = '';
  for (let route = routes[0]; route; route = route.children[0]) homePath = route.fullPath;
  return { routes, homePath };
}
