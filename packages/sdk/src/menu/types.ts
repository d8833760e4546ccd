/**
 * Display settings of a menu entry (spec 3.2), after normalisation.
 *
 * @example
 * const meta: MenuMeta = { title: '账户信息', icon: 'zhxx', noCache: false, breadcrumb: true, affix: false, activeMenu: '' }
 */
export interface MenuMeta {
  /** Title shown in menus, tabs and the breadcrumb. */
  title: string;
  /** Icon name. */
  icon: string;
  /** True when the page must not be kept in the page cache. */
  noCache: boolean;
  /** False hides the entry from the breadcrumb. @default true */
  breadcrumb: boolean;
  /** True pins the page's tab. */
  affix: boolean;
  /** Path of the menu item to highlight while this page is open; '' for itself. */
  activeMenu: string;
}

/**
 * A menu entry as the server may send it (spec 3.2): numbers may come as numeric strings ('1', '0'), flags as
 * 0/1, `meta` as an object or a JSON string. Every field is optional; anything else passes through.
 *
 * @example
 * const raw: RawMenuEntry = { id: 11, path: 'zhxx', menuType: '0', enable: '1', meta: { title: '账户信息' } }
 */
export interface RawMenuEntry {
  id?: string | number;
  path?: string;
  name?: string;
  meta?: Partial<Record<keyof MenuMeta, unknown>> | string;
  hidden?: boolean | number | string;
  enable?: number | string;
  /** Pause note shown when the entry is paused (spec 4.2). */
  bz?: string;
  children?: RawMenuEntry[];
  mainPath?: string;
  hrefType?: number | string;
  menuType?: number | string;
  component?: string;
  basePath?: string;
  redirect?: string;
  alwaysShow?: boolean | number | string;
  iconPic?: string;
  /** Button permission keys of the page (an array or a comma-separated string); `perms` is read as well. */
  buttons?: string[] | string;
  [field: string]: unknown;
}

/**
 * A menu entry after {@link normaliseMenuEntry}: every field present, numbers as numbers, flags as booleans,
 * missing text as ''.
 *
 * @example
 * const entry: MenuEntry = normaliseMenuEntry({ path: 'zhxx', menuType: '0', enable: '1' })!
 * entry.menuType // 0
 */
export interface MenuEntry {
  /** Server id as text; '' when missing. */
  id: string;
  /** Path as the server gave it (trimmed): relative ('zhxx') or absolute ('/grwt'). */
  path: string;
  name: string;
  meta: MenuMeta;
  hidden: boolean;
  /** Enable value of spec 4.2; null when the server sent none (treated as usable); true is 1, unreadable is 0. */
  enable: number | null;
  /** Pause note; '' when none. */
  bz: string;
  children: MenuEntry[];
  mainPath: string;
  /** Link type. @default 0 */
  hrefType: number;
  /** 0, 2, 9 route; 1 menu item; 3 tab; 4 not a button; any other value a button. null when missing. */
  menuType: number | null;
  /** Component name; 'Layout' is the shared layout. */
  component: string;
  basePath: string;
  redirect: string;
  alwaysShow: boolean;
  iconPic: string;
  /** Button permission keys listed on the entry itself. */
  buttons: string[];
}

/**
 * Which screen a route renders: the shared layout, or a page the hall loads by name. Plain data, so built routes
 * can be kept in session storage; the hall maps it onto its router.
 *
 * @example
 * const ref: ComponentRef = { kind: 'page', name: 'grwt/zhxx/zhcx/index' }
 */
export type ComponentRef = { kind: 'layout' } | { kind: 'page'; name: string };

/**
 * A route built from a menu entry (spec 2.2), free of any router library.
 *
 * @example
 * const { routes } = buildRoutes(menuList)
 * routes[0].fullPath // '/grwt'
 */
export interface MenuRoute {
  id: string;
  /** The capitalised full path: '/grwt/zhxx' gives 'Grwt/zhxx'. Unique within one build. */
  name: string;
  /** The entry's path as the server gave it (relative or absolute). */
  path: string;
  /** The absolute path, resolved against the parent route: '/grwt/zhxx'. */
  fullPath: string;
  mainPath: string;
  redirect: string;
  alwaysShow: boolean;
  hidden: boolean;
  enable: number | null;
  /** Link type. @default 0 */
  hrefType: number;
  /** 0, 2 or 9. */
  menuType: number;
  meta: MenuMeta;
  /** null when the entry names no component. */
  component: ComponentRef | null;
  children: MenuRoute[];
}

/**
 * The button map of spec 3.1: button key (or page route) to menu entry.
 *
 * @example
 * const map: ButtonMap = buildButtonMap(menuList)
 * '/grwt/zhxx/zhcx/export' in map // true
 */
export type ButtonMap = Record<string, MenuEntry>;

/**
 * The business area of a menu or login (spec 3.2): personal (grwt), unit (dwwt), developer (kfswt).
 *
 * @example
 * const area: MenuArea = menuArea('/dwwt/jcyw') ?? 'personal'
 */
export type MenuArea = 'personal' | 'unit' | 'developer';
