import type { MenuRoute } from '@gjj-hall/sdk/menu';

/**
 * What the hall says where a menu entry, a prompt or a to-do names a business whose page is not built yet (issue 30):
 * plainly, before any second check, and never a link to it.
 */
export const SERVICE_NOT_OPEN_MESSAGE = '该业务暂未开通网上办理，请到服务网点办理。';

/** The components the route table renders itself (routes.tsx, MENU_PAGES); every other name is a feature page. */
const SHELL_COMPONENTS: readonly string[] = ['GrwtHome', 'DwwtHome', 'KfswtHome', 'MenuScreen'];

/** Whether a feature page is built, by the component name a menu gives (set by the menu page's table, BUILT_PAGES). */
let builtCheck: ((name: string) => boolean) | null = null;

/**
 * Called once by the module holding the table of built feature pages (app/pages/menu-page.tsx), so that the menus,
 * the prompts and the to-dos ask that table — the only list of what is built — whether a page exists.
 */
export function registerBuiltPages(check: (name: string) => boolean): void {
  builtCheck = check;
}

/** How to load the module holding the table (set by the route table, which loads that module for its pages). */
let loader: (() => Promise<unknown>) | null = null;

/**
 * Tells how to load the table of built pages: the route table passes the menu page's chunk, which any business page
 * needs anyway (here it would be an import cycle).
 *
 * @example
 * setBuiltPagesLoader(() => import('./pages/menu-page'))
 */
export function setBuiltPagesLoader(load: () => Promise<unknown>): void {
  loader = load;
}

/** Loads the table of built pages, once; without a loader, only the shell pages count as built. */
export async function loadBuiltPages(): Promise<void> {
  if (!builtCheck && loader) await loader();
}

/** True when the hall renders a page for this component name (a shell page, or a built feature page). */
export function isBuiltComponent(name: string): boolean {
  return SHELL_COMPONENTS.includes(name) || (builtCheck?.(name) ?? false);
}

function routeAt(routes: readonly MenuRoute[], path: string): MenuRoute | undefined {
  for (const route of routes) {
    if (route.fullPath === path) return route;
    const below = routeAt(route.children, path);
    if (below) return below;
  }
  return undefined;
}

/**
 * Whether an address opens a page of the hall: the user's routes have it (query and hash ignored), and its page is
 * built (a shell page, or a feature page in the table of built pages) — following the route's redirect or first
 * child where it renders nothing itself. Pass `built` to decide which feature pages are built otherwise (tests); by
 * default the registered table of built pages decides.
 *
 * @example
 * isOpenPage(routes, '/grwt/zhxx/zhcx/grzhxx?x=1') // true once the account page is built
 * isOpenPage(routes, '/dwwt/cxyw/dwlxd_cx') // false while the statement page is not built
 * isOpenPage(routes, '/nowhere') // false
 */
export function isOpenPage(
  routes: readonly MenuRoute[],
  address: string,
  built: (name: string) => boolean = isBuiltComponent,
): boolean {
  let path = address.split(/[?#]/)[0] ?? '';
  for (let hops = 0; hops < 8; hops += 1) {
    const route = routeAt(routes, path);
    if (!route) return false;
    if (route.component?.kind === 'page') return SHELL_COMPONENTS.includes(route.component.name) || built(route.component.name);
    const next = route.redirect && route.redirect !== 'noRedirect' ? route.redirect : route.children[0]?.fullPath;
    if (!next) return false;
    path = next;
  }
  return false;
}

/**
 * Whether a menu entry's address is a page of the routes the hall has not built: false for a built page, and for an
 * address that is no route at all (a menu item naming a public page), which opens as it always did.
 *
 * @example
 * isUnbuiltMenuPage(routes, '/grwt/dkSys/dkyw/dksq') // true while the loan application page is not built
 * isUnbuiltMenuPage(routes, '/loanRate') // false: a public page, not a menu route
 */
export function isUnbuiltMenuPage(
  routes: readonly MenuRoute[],
  address: string,
  built: (name: string) => boolean = isBuiltComponent,
): boolean {
  return routeAt(routes, address.split(/[?#]/)[0] ?? '') !== undefined && !isOpenPage(routes, address, built);
}

/** A prompt of spec 4.3 as far as the prompt dialog needs it. */
export interface PromptLike {
  text: string;
  path?: string;
  isTzType?: boolean;
  tzData?: { targetName: string; params?: Record<string, unknown> };
}

/**
 * A sign-in prompt that leads only to an open page: one whose path the hall has not built keeps its text, loses the
 * path (so its only button is 确定) and adds where to go instead.
 *
 * @example
 * openPrompt({ text: '贵单位尚未确认2026年度单位结息对账单，请先确认后再办理业务。', path: '/dwwt/cxyw/dwlxd_cx' }, () => false)
 * // { text: '贵单位尚未确认2026年度单位结息对账单，请先确认后再办理业务。该业务暂未开通网上办理，请到服务网点办理。' }
 */
export function openPrompt<P extends PromptLike>(prompt: P, opens: (path: string) => boolean): P {
  if (!prompt.path || opens(prompt.path)) return prompt;
  const { path: _closed, ...rest } = prompt;
  return { ...rest, text: `${prompt.text}${SERVICE_NOT_OPEN_MESSAGE}` } as P;
}
