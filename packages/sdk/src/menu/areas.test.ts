import { describe, expect, it } from 'vitest';
import {
  HOME_SCREEN_NAMES,
  groupMenusByArea,
  homeScreenName,
  isUnitLikeLoginType,
  loginTypeArea,
  menuArea,
  toLoginType,
} from './areas';
import { MENU_LIST } from './fixtures';

describe('menuArea', () => {
  it('groups by the path marker of spec 3.2', () => {
    expect(menuArea('/grwt/zhxx/zhcx')).toBe('personal');
    expect(menuArea('/dwwt/jcyw/dw_huij')).toBe('unit');
    expect(menuArea('/kfswt/cx_yw/xx_cx/kfsxxwh')).toBe('developer');
    expect(menuArea('grwt')).toBe('personal');
  });

  it('takes the earliest marker and gives undefined otherwise', () => {
    expect(menuArea('/dwwt/grwtlike')).toBe('unit');
    expect(menuArea('/login')).toBeUndefined();
    expect(menuArea(undefined)).toBeUndefined();
  });
});

describe('groupMenusByArea', () => {
  it('sorts top-level entries into areas and leaves the rest out', () => {
    const groups = groupMenusByArea([
      ...(MENU_LIST as unknown[]),
      { path: '/dwwt', menuType: 0 },
      { path: '/kfswt', menuType: 0 },
    ]);
    expect(groups.personal.map((e) => e.id)).toEqual(['1', '5']);
    expect(groups.unit.map((e) => e.path)).toEqual(['/dwwt']);
    expect(groups.developer.map((e) => e.path)).toEqual(['/kfswt']);
  });
});

describe('login types', () => {
  it('reads 1, 2, 3 from numbers and strings and defaults to 1', () => {
    expect([1, 2, 3, '2', ' 3 ', 0, 4, 'x', undefined].map(toLoginType)).toEqual([1, 2, 3, 2, 3, 1, 1, 1, 1]);
  });

  it('maps a login type to its area and home screen', () => {
    expect([1, 2, 3].map(loginTypeArea)).toEqual(['personal', 'unit', 'developer']);
    expect([1, 2, 3].map(homeScreenName)).toEqual(['GrwtHome', 'DwwtHome', 'KfswtHome']);
    expect(homeScreenName(undefined)).toBe('GrwtHome');
    expect(HOME_SCREEN_NAMES.developer).toBe('KfswtHome');
  });

  it('treats developer like a unit', () => {
    expect([1, 2, 3].map(isUnitLikeLoginType)).toEqual([false, true, true]);
  });
});
