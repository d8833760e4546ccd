import { isRecord, normaliseMenuEntry, toEnable, toInt } from './normalise';
import type { MenuEntry } from './types';

/**
 * Default pause notice when a paused entry has no `bz` note (spec 4.2 'function stopped, contact administrator').
 *
 * @example
 * toast.warning(MENU_PAUSED_MESSAGE)
 */
export const MENU_PAUSED_MESSAGE = '功能已停用，请联系管理员';

/**
 * Warning for a feature that is not open yet (spec 4.2 'function not yet open, stay tuned').
 *
 * @example
 * toast.warning(MENU_NOT_OPEN_MESSAGE)
 */
export const MENU_NOT_OPEN_MESSAGE = '功能暂未开放，敬请期待';

/**
 * Enable values that leave an entry usable (spec 4.2): 1 open, 10 open after face verification.
 *
 * @example
 * USABLE_ENABLE_VALUES.includes(10) // true
 */
export const USABLE_ENABLE_VALUES: readonly number[] = Object.freeze([1, 10]);

/**
 * Enable value that asks for face verification before the entry opens (spec 4.2).
 *
 * @example
 * menu.enable === FACE_VERIFY_ENABLE
 */
export const FACE_VERIFY_ENABLE = 10;

/**
 * Login method of a face-recognition login; such a user is not asked to verify their face again (spec 4.2).
 *
 * @example
 * userInfo.loginMethod == FACE_LOGIN_METHOD
 */
export const FACE_LOGIN_METHOD = 400;

/**
 * What the UI must do when the user picks a menu entry (spec 4.2).
 *
 * @example
 * const next: MenuEnableAction = menuEnableAction(menu, { loginMethod })
 */
export type MenuEnableAction =
  | { action: 'open' }
  | { action: 'face-verify' }
  | { action: 'paused'; message: string }
  | { action: 'not-open'; message: string };

/**
 * Options of {@link menuEnableAction}.
 *
 * @example
 * const options: MenuEnableOptions = { loginMethod: userInfo.loginMethod, isOpen: (m) => pages.has(m.component) }
 */
export interface MenuEnableOptions {
  /** The signed-in user's login method (spec 3.3); 400 (face login) skips face verification. */
  loginMethod?: unknown;
  /** Return false for an entry the hall cannot open yet (no page built for it): the user is told it is not open. */
  isOpen?: (entry: MenuEntry) => boolean;
}

/**
 * True when an enable value leaves the entry usable: 1, 10, or no value at all (a server that sends no
 * `enable` has paused nothing). Numeric strings count ('1'), true counts as 1; anything unreadable pauses.
 *
 * @example
 * isMenuUsable(1) // true
 * isMenuUsable('10') // true
 * isMenuUsable(0) // false
 */
export function isMenuUsable(enable: unknown): boolean {
  const value = toEnable(enable);
  return value === null || USABLE_ENABLE_VALUES.includes(value);
}

/**
 * Decides what happens when the user picks a menu entry (spec 4.2), in this order:
 * 1. enable other than 1 or 10: `paused`, with the entry's `bz` note or {@link MENU_PAUSED_MESSAGE};
 * 2. no path, or `isOpen` says no: `not-open` with {@link MENU_NOT_OPEN_MESSAGE} (also for anything that is not
 *    a menu entry);
 * 3. enable 10 and the login method is not 400: `face-verify` (open the entry after a successful verification);
 * 4. otherwise `open`.
 * Never throws on bad input.
 *
 * @example
 * menuEnableAction({ path: 'zhcx', enable: 1 }) // { action: 'open' }
 * menuEnableAction({ path: 'zhcx', enable: 10 }, { loginMethod: 100 }) // { action: 'face-verify' }
 * menuEnableAction({ path: 'zhcx', enable: 10 }, { loginMethod: 400 }) // { action: 'open' }
 * menuEnableAction({ path: 'zhcx', enable: 0, bz: '系统升级中' }) // { action: 'paused', message: '系统升级中' }
 * menuEnableAction({ enable: 1 }) // { action: 'not-open', message: '功能暂未开放，敬请期待' }
 */
export function menuEnableAction(menu: unknown, options?: MenuEnableOptions): MenuEnableAction {
  const entry = normaliseMenuEntry(menu);
  if (!entry) return { action: 'not-open', message: MENU_NOT_OPEN_MESSAGE };
  if (!isMenuUsable(entry.enable)) return { action: 'paused', message: entry.bz || MENU_PAUSED_MESSAGE };
  const isOpen = isRecord(options) && typeof options.isOpen === 'function' ? options.isOpen : undefined;
  if (!entry.path || (isOpen && !isOpen(entry))) return { action: 'not-open', message: MENU_NOT_OPEN_MESSAGE };
  const loginMethod = isRecord(options) ? toInt(options.loginMethod) : null;
  if (entry.enable === FACE_VERIFY_ENABLE && loginMethod !== FACE_LOGIN_METHOD) return { action: 'face-verify' };
  return { action: 'open' };
}
