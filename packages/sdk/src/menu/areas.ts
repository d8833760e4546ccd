import { DEFAULT_LOGIN_TYPE, LOGIN_TYPES } from '../constants/constants';
import type { LoginType } from '../session/session';
import { normaliseMenuList, toInt } from './normalise';
import type { MenuArea, MenuEntry } from './types';

/** Path marker of each area (spec 2.2, 3.2). */
const AREA_MARKERS: readonly (readonly [MenuArea, string])[] = [
  ['personal', 'grwt'],
  ['unit', 'dwwt'],
  ['developer', 'kfswt'],
];

/**
 * Home screen (route name) of each area (spec 2.2); each takes an `activeIndex` parameter.
 *
 * @example
 * HOME_SCREEN_NAMES.unit // 'DwwtHome'
 */
export const HOME_SCREEN_NAMES: Readonly<Record<MenuArea, string>> = Object.freeze({
  personal: 'GrwtHome',
  unit: 'DwwtHome',
  developer: 'KfswtHome',
});

/**
 * The area a menu path belongs to (spec 3.2): personal when it contains 'grwt', unit for 'dwwt', developer for
 * 'kfswt'; when several occur the earliest wins. undefined for any other path or a non-string.
 *
 * @example
 * menuArea('/grwt/zhxx/zhcx') // 'personal'
 * menuArea('/dwwt/jcyw/dw_huij') // 'unit'
 * menuArea('/kfswt/cx_yw') // 'developer'
 * menuArea('/login') // undefined
 */
export function menuArea(path: unknown): MenuArea | undefined {
  if (typeof path !== 'string') return undefined;
  let found: MenuArea | undefined;
  let at = Infinity;
  for (const [area, marker] of AREA_MARKERS) {
    const index = path.indexOf(marker);
    if (index !== -1 && index < at) {
      found = area;
      at = index;
    }
  }
  return found;
}

/**
 * Groups the top-level entries of a menu list by {@link menuArea} of their path; entries of no area are left out.
 *
 * @example
 * const { personal, unit, developer } = groupMenusByArea(userInfo.menuList)
 */
export function groupMenusByArea(menuList: unknown): Record<MenuArea, MenuEntry[]> {
  const groups: Record<MenuArea, MenuEntry[]> = { personal: [], unit: [], developer: [] };
  for (const entry of normaliseMenuList(menuList)) {
    const area = menuArea(entry.path);
    if (area) groups[area].push(entry);
  }
  return groups;
}

/**
 * Reads a login type (spec 6: 1 individual, 2 unit, 3 developer/other) from a number or numeric string; anything
 * else gives the default, 1.
 *
 * @example
 * toLoginType('2') // 2
 * toLoginType(undefined) // 1
 */
export function toLoginType(value: unknown): LoginType {
  const n = toInt(value);
  return n === LOGIN_TYPES.unit || n === LOGIN_TYPES.developer || n === LOGIN_TYPES.personal ? n : DEFAULT_LOGIN_TYPE;
}

/**
 * The area of a login type: 1 personal, 2 unit, 3 developer (unknown values read as 1).
 *
 * @example
 * loginTypeArea(2) // 'unit'
 */
export function loginTypeArea(loginType: unknown): MenuArea {
  const type = toLoginType(loginType);
  return type === LOGIN_TYPES.unit ? 'unit' : type === LOGIN_TYPES.developer ? 'developer' : 'personal';
}

/**
 * True for login types treated like a unit (spec 1, 6): unit (2) and developer/other (3), e.g. for account
 * switching and account status tags.
 *
 * @example
 * isUnitLikeLoginType(3) // true
 * isUnitLikeLoginType(1) // false
 */
export function isUnitLikeLoginType(loginType: unknown): boolean {
  return toLoginType(loginType) !== LOGIN_TYPES.personal;
}

/**
 * The home screen name for a login type (spec 2.2): GrwtHome, DwwtHome or KfswtHome.
 *
 * @example
 * homeScreenName(1) // 'GrwtHome'
 * homeScreenName('3') // 'KfswtHome'
 */
export function homeScreenName(loginType: unknown): string {
  return HOME_SCREEN_NAMES[loginTypeArea(loginType)];
}
