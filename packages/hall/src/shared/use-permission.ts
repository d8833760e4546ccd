import { useStore } from '@nanostores/react';
import { hasPermission } from '@gjj-hall/sdk/menu';
import { stores } from './services';

/**
 * The button permission of spec 5.5 / 6 for a page's button, following the session's button map (built from the
 * server's menus at sign-in and on an account switch): true when the map holds the page's route path plus any one of
 * `keys`. The server refuses the same operation to an account without it (docs/api-unit-business.md › 按钮权限), so a
 * hidden button is not the only guard.
 *
 * @example
 * const canImport = usePermission('/dwwt/jcyw/grzh_sl', 'import');
 * return canImport ? <button>导入</button> : null;
 */
export function usePermission(path: string, keys: string | readonly string[]): boolean {
  const buttonMap = useStore(stores.session.$buttonMap);
  return hasPermission(buttonMap, path, keys);
}

/** The wizard's 提交申请: allowed when no button is named, else when the session holds it (see {@link usePermission}). */
export function useMaySubmit(permission: { path: string; button: string } | undefined): boolean {
  const buttonMap = useStore(stores.session.$buttonMap);
  return !permission || hasPermission(buttonMap, permission.path, permission.button);
}
