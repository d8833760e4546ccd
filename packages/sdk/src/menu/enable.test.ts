import { describe, expect, it } from 'vitest';
import { MENU_NOT_OPEN_MESSAGE, MENU_PAUSED_MESSAGE, isMenuUsable, menuEnableAction } from './enable';

const page = { path: 'zhcx', menuType: 2, component: 'grwt/zhxx/zhcx/index' };

describe('menuEnableAction', () => {
  it('opens an entry with enable 1 (number or string)', () => {
    expect(menuEnableAction({ ...page, enable: 1 })).toEqual({ action: 'open' });
    expect(menuEnableAction({ ...page, enable: '1' }, { loginMethod: 100 })).toEqual({ action: 'open' });
  });

  it('asks for face verification on enable 10 unless the user logged in by face (400)', () => {
    expect(menuEnableAction({ ...page, enable: 10 }, { loginMethod: 100 })).toEqual({ action: 'face-verify' });
    expect(menuEnableAction({ ...page, enable: '10' })).toEqual({ action: 'face-verify' });
    expect(menuEnableAction({ ...page, enable: 10 }, { loginMethod: 400 })).toEqual({ action: 'open' });
    expect(menuEnableAction({ ...page, enable: 10 }, { loginMethod: '400' })).toEqual({ action: 'open' });
  });

  it('shows the pause note for every other value, or the default notice', () => {
    for (const enable of [0, '0', 2, 3, 9, 11, -1, '停用']) {
      expect(menuEnableAction({ ...page, enable })).toEqual({ action: 'paused', message: MENU_PAUSED_MESSAGE });
    }
    expect(menuEnableAction({ ...page, enable: 0, bz: '系统升级，暂停办理' })).toEqual({
      action: 'paused',
      message: '系统升级，暂停办理',
    });
    expect(menuEnableAction({ ...page, enable: 0, bz: '   ' })).toEqual({
      action: 'paused',
      message: '功能已停用，请联系管理员',
    });
  });

  it('pauses before anything else, even without a path', () => {
    expect(menuEnableAction({ enable: 0, bz: '暂停' })).toEqual({ action: 'paused', message: '暂停' });
  });

  it('opens an entry the server sent no enable value for', () => {
    expect(menuEnableAction(page)).toEqual({ action: 'open' });
  });

  it('says not yet open for an entry without a path, one the hall cannot open, or a non-entry', () => {
    const notOpen = { action: 'not-open', message: '功能暂未开放，敬请期待' };
    expect(MENU_NOT_OPEN_MESSAGE).toBe(notOpen.message);
    expect(menuEnableAction({ enable: 1, meta: { title: '公积金贷款' } })).toEqual(notOpen);
    expect(menuEnableAction({ ...page, enable: 10 }, { isOpen: (m) => m.component !== 'grwt/zhxx/zhcx/index' })).toEqual(
      notOpen,
    );
    expect(menuEnableAction(null)).toEqual(notOpen);
    expect(menuEnableAction([page])).toEqual(notOpen);
    expect(menuEnableAction({ ...page, enable: 1 }, { isOpen: () => true })).toEqual({ action: 'open' });
  });
});

describe('isMenuUsable', () => {
  it('accepts 1, 10 (or true) and no value only', () => {
    expect([1, 10, '1', '10', true, undefined, null, ''].map(isMenuUsable)).toEqual(Array(8).fill(true));
    expect([0, 2, 100, '01x', 1.5, false, {}].map(isMenuUsable)).toEqual(Array(7).fill(false));
  });
});
