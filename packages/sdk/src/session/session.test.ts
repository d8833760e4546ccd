import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createStorage } from '../storage/storage';
import { createSessionStore } from './session';
import { createStores } from './stores';

function areas() {
  return { session: createMemoryStorage(), local: createMemoryStorage() };
}

describe('createSessionStore', () => {
  it('starts signed out with login type 1', () => {
    const session = createSessionStore(createStorage(areas()));
    expect(session.$signedIn.get()).toBe(false);
    expect(session.$loginType.get()).toBe(1);
    expect(session.$userInfo.get()).toBeNull();
    expect(session.$menus.get()).toEqual([]);
  });

  it('keeps the session across a reload of the page (same tab storage)', () => {
    const tab = areas();
    const first = createSessionStore(createStorage(tab));
    first.setToken('access-1', 'refresh-1');
    first.update({
      loginType: 2,
      userInfo: { otherInfo: [{ account: '110001', id: 7, companyName: '某某有限公司', userStatus: '01' }], groupBh: 2 },
      buttonMap: { '/dwwt/jcyw/dw_huijadd': { id: 9 } },
    });
    first.recordActivity(1_700_000_000_000);

    const reloaded = createSessionStore(createStorage(tab));
    expect(reloaded.$signedIn.get()).toBe(true);
    expect(reloaded.$accessToken.get()).toBe('access-1');
    expect(reloaded.$refreshToken.get()).toBe('refresh-1');
    expect(reloaded.$loginType.get()).toBe(2);
    expect(reloaded.$userInfo.get()?.otherInfo?.[0]?.companyName).toBe('某某有限公司');
    expect(reloaded.$buttonMap.get()).toHaveProperty('/dwwt/jcyw/dw_huijadd');
    expect(reloaded.$lastActivity.get()).toBe(1_700_000_000_000);

    // Another tab (its own session storage) is not signed in.
    expect(createSessionStore(createStorage({ ...areas(), local: tab.local })).$signedIn.get()).toBe(false);
  });

  it('notifies subscribers, as a React view would need', () => {
    const session = createSessionStore(createStorage(areas()));
    const seen = vi.fn();
    const unbind = session.$signedIn.subscribe(seen);
    session.setToken('t');
    session.logout();
    unbind();
    expect(seen.mock.calls.map((c) => c[0])).toEqual([false, true, false]);
  });

  it('logout clears every field and this app\'s session storage, and resets the login type to 1', () => {
    const tab = areas();
    tab.session.setItem('host-page-key', 'kept');
    const session = createSessionStore(createStorage(tab));
    session.setToken('t', 'r');
    session.update({ loginType: 3, menus: [{ path: '/kfswt' }], passwordStatus: '1', firstShowAccount: true });
    session.logout();
    expect(session.$accessToken.get()).toBe('');
    expect(session.$menus.get()).toEqual([]);
    expect(session.$loginType.get()).toBe(1);
    expect(session.$firstShowAccount.get()).toBe(false);
    expect(tab.session.getItem('host-page-key')).toBe('kept');
    const keys = Array.from({ length: tab.session.length }, (_, i) => tab.session.key(i));
    expect(keys.sort()).toEqual(['host-page-key', 'wtizfgjj-loginType']);
    expect(createSessionStore(createStorage(tab)).$loginType.get()).toBe(1);
  });

  it('ignores fields it does not know', () => {
    const session = createSessionStore(createStorage(areas()));
    session.update({ nonsense: 1 } as never);
    expect(Object.keys(session)).not.toContain('$nonsense');
  });
});

describe('createStores().logout', () => {
  it('clears the session and the dictionary but keeps the system configuration for the next sign-in', () => {
    const { session, config, logout } = createStores(areas());
    session.setToken('t');
    config.setDictionary({ WDXX: [{ key: '1', value: '市本级', enable: 1 }] });
    config.setSysConfig([{ key: 'XT_ZXQC', enable: 1, value: '示例市住房公积金管理中心' }], { value: 'v1' });
    logout();
    expect(session.$signedIn.get()).toBe(false);
    expect(config.dictionary('WDXX')).toEqual([]);
    expect(config.centreName()).toBe('示例市住房公积金管理中心');
    expect(config.needsReload({ value: 'v1' })).toBe(false);
  });
});
