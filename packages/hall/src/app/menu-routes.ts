import type { MenuRoute } from '@gjj-hall/sdk/menu';

/** A route built from the menus, as the hall renders it: every page is a direct child of its area's layout. */
export interface FlatRoute {
  route: MenuRoute;
  /** Where to send the address instead of rendering (the route's own redirect, or its first child). */
  redirect?: string;
}

/** The components the hall has by name (spec 2.2); any other name shows the not-yet-open page. */
export const KNOWN_COMPONENTS = ['GrwtHome', 'DwwtHome', 'KfswtHome', 'MenuScreen'] as const;

function redirectOf(route: MenuRoute): string | undefined {
  if (route.redirect && route.redirect !== 'noRedirect') return route.redirect;
  // A route that renders nothing itself opens its first child.
  if (!route.component && route.children[0]) return route.children[0].fullPath;
  return undefined;
}

/**
 * Flattens the routes under a layout: the pages of an area all render in the layout's content area, so a page
 * under a menu screen replaces the screen rather than nesting in it.
 *
 * @example
 * flattenRoutes(layout.children).map((r) => r.route.fullPath) // ['/grwt/home', '/grwt/zhxx', '/grwt/zhxx/zhcx/grzhxx', …]
 */
export function flattenRoutes(routes: readonly MenuRoute[]): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const route of routes) {
    out.push({ route, redirect: redirectOf(route) });
    out.push(...flattenRoutes(route.children));
  }
  return out;
}

/**
 * The area layouts and their pages: a top-level route whose component is Layout groups its descendants; any other
 * top-level route is a page of its own (rendered in the shell too).
 *
 * @example
 * layoutGroups(routes)[0].layout.fullPath // '/grwt'
 */
export function layoutGroups(routes: readonly MenuRoute[]): { layout: MenuRoute; pages: FlatRoute[]; index?: string }[] {
  return routes.map((route) =>
    route.component?.kind === 'layout'
      ? { layout: route, pages: flattenRoutes(route.children), index: route.children[0]?.fullPath }
      : { layout: route, pages: flattenRoutes([route]) },
  );
}

/**
 * The route of a path among the built routes, for its title and caching flag.
 *
 * @example
 * findRoute(routes, '/grwt/home')?.meta.title // '首页'
 */
export function findRoute(routes: readonly MenuRoute[], path: string): MenuRoute | undefined {
  for (const route of routes) {
    if (route.fullPath === path) return route;
    const below = findRoute(route.children, path);
    if (below) return below;
  }
  return undefined;
}
