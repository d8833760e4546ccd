import { NON_BUTTON_MENU_TYPES } from '../constants/constants';
import { isRecord, normaliseMenuList } from './normalise';
import { isRouteType, resolveMenuPath } from './routes';
import type { ButtonMap, MenuEntry } from './types';

/**
 * The error logged when {@link hasPermission} is used wrongly (spec 5.5: a route path plus at least one button key).
 *
 * @example
 * expect(console.error).toHaveBeenCalledWith(PERMISSION_USAGE_ERROR, expect.anything())
 */
export const PERMISSION_USAGE_ERROR =
  '按钮权限检查用法错误：需要页面路由和至少一个按钮标识，例如 hasPermission(buttonMap, "/grwt/zhxx/zhcx", ["export"])。' +
  ' / hasPermission needs a route path and at least one button key, e.g. hasPermission(buttonMap, "/grwt/zhxx/zhcx", ["export"]).';

/**
 * The button key of spec 3.2, 'the page route followed by the button name': the route path (normalised as by
 * {@link resolveMenuPath}), a slash, then the button name without surrounding slashes or spaces.
 *
 * @example
 * buttonKey('/grwt/zhxx/zhcx', 'export') // '/grwt/zhxx/zhcx/export'
 * buttonKey('/grwt/zhxx/zhcx/', '/export') // '/grwt/zhxx/zhcx/export'
 */
export function buttonKey(routePath: string, buttonName: string): string {
  const name = buttonName.trim().replace(/^\/+|\/+$/g, '');
  return `${resolveMenuPath('', routePath.trim())}/${name}`.replace(/^\/\//, '/');
}

/**
 * Builds the button map of spec 3.1 / 6 from a menu list: every entry whose menu type is not 1, 3 or 4 (walking
 * all levels), keyed as follows, the first entry winning a key:
 * - a route entry (type 0, 2, 9) by its full route path ('/grwt/zhxx/zhcx'), plus one key per name in its
 *   `buttons` list ('/grwt/zhxx/zhcx/print');
 * - a button entry (any other type) whose path starts with '/' by that path (the server gave the whole key);
 *   otherwise by {@link buttonKey} of the nearest route above it and its path ('export' under zhcx gives
 *   '/grwt/zhxx/zhcx/export').
 * Tabs and menu items (1, 3, 4) are not keys but their children are walked. Entries without a path, and route
 * entries without a path together with their children, are skipped. Enable values do not filter the map.
 * Never throws; anything that is not an array gives an empty map.
 *
 * @example
 * const map = buildButtonMap([{ path: '/grwt', menuType: 0, children: [
 *   { path: 'zhcx', menuType: 2, children: [{ path: 'export', menuType: 5, meta: { title: '导出' } }] },
 * ] }])
 * Object.keys(map) // ['/grwt', '/grwt/zhcx', '/grwt/zhcx/export']
 */
export function buildButtonMap(menuList: unknown): ButtonMap {
  // No prototype: a key such as 'constructor' or '__proto__' is an ordinary key here.
  const map = Object.create(null) as ButtonMap;
  const add = (key: string, entry: MenuEntry): void => {
    if (!Object.prototype.hasOwnProperty.call(map, key)) map[key] = entry;
  };

  const walk = (entries: MenuEntry[], routePath: string): void => {
    for (const entry of entries) {
      let childRoutePath = routePath;
      if (isRouteType(entry)) {
        if (!entry.path) continue;
        childRoutePath = resolveMenuPath(routePath, entry.path);
        add(childRoutePath, entry);
        for (const name of entry.buttons) add(buttonKey(childRoutePath, name), entry);
      } else if (entry.menuType !== null && !NON_BUTTON_MENU_TYPES.includes(entry.menuType) && entry.path) {
        add(entry.path.startsWith('/') ? resolveMenuPath('', entry.path) : buttonKey(routePath, entry.path), entry);
      }
      walk(entry.children, childRoutePath);
    }
  };

  walk(normaliseMenuList(menuList), '');
  return map;
}

function isKey(value: unknown): value is string {
  return typeof value === 'string' && value.trim().replace(/^\/+|\/+$/g, '') !== '';
}

/**
 * The button permission check of spec 5.5 / 6: true when the button map holds the key of `path` plus any one of
 * `keys` (see {@link buttonKey}). Malformed use (no path, no keys, an empty or non-string key) logs
 * {@link PERMISSION_USAGE_ERROR} with `console.error` and denies. A missing or non-object map (not signed in)
 * denies without logging. Never throws.
 *
 * @example
 * hasPermission(buttonMap, '/grwt/zhxx/zhcx', 'export') // true when '/grwt/zhxx/zhcx/export' is in the map
 * hasPermission(buttonMap, '/grwt/zhxx/zhcx', ['print', 'export']) // true when either is
 * hasPermission(buttonMap, '', ['export']) // false, and logs an error
 */
export function hasPermission(buttonMap: unknown, path: unknown, keys: unknown): boolean {
  // Array.from turns holes of a sparse array into undefined, which then counts as malformed.
  const list: unknown[] = Array.isArray(keys) ? Array.from(keys as unknown[]) : [keys];
  if (!isKey(path) || list.length === 0 || !list.every(isKey)) {
    console.error(PERMISSION_USAGE_ERROR, { path, keys });
    return false;
  }
  if (!isRecord(buttonMap)) return false;
  return list.some((key) => {
    const full = buttonKey(path, key);
    return Object.prototype.hasOwnProperty.call(buttonMap, full) && buttonMap[full] != null;
  });
}
