import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createStorage, type StorageArea } from './storage';

function setup(client?: string) {
  let time = Date.UTC(2026, 10, 22, 8, 0, 0);
  const session = createMemoryStorage();
  const local = createMemoryStorage();
  const storage = createStorage({ client, session, local, now: () => time });
  return { storage, session, local, advance: (ms: number) => (time += ms) };
}

describe('createStorage', () => {
  it('prefixes every key with client + project + "-" and tags each item with its type and time', () => {
    const { storage, session, local } = setup();
    expect(storage.prefix).toBe('wtizfgjj-');
    storage.set('token', 'abc', { session: true });
    storage.set('loginType', 2);
    const raw = JSON.parse(session.getItem('wtizfgjj-token') ?? '{}');
    expect(raw).toEqual({ dataType: 'string', content: 'abc', datetime: Date.UTC(2026, 10, 22, 8, 0, 0) });
    expect(JSON.parse(local.getItem('wtizfgjj-loginType') ?? '{}').dataType).toBe('number');
    expect(createStorage({ client: 'app', project: 'x', session, local }).prefix).toBe('appx-');
  });

  it('goes to session storage only when asked, local storage otherwise', () => {
    const { storage, session, local } = setup();
    storage.set('a', 1, { session: true });
    storage.set('b', 2);
    expect(session.getItem('wtizfgjj-a')).not.toBeNull();
    expect(local.getItem('wtizfgjj-a')).toBeNull();
    expect(local.getItem('wtizfgjj-b')).not.toBeNull();
    expect(storage.get('a')).toBeNull();
    expect(storage.get('a', { session: true })).toBe(1);
  });

  it('gives back each value with the type it was stored with', () => {
    const { storage } = setup();
    const user = { menuList: [{ path: '/grwt' }], otherInfo: [] };
    storage.set('s', '0');
    storage.set('n', 0);
    storage.set('t', true);
    storage.set('f', false);
    storage.set('o', user);
    storage.set('nil', null);
    expect(storage.get('s')).toBe('0');
    expect(storage.get('n')).toBe(0);
    expect(storage.get('t')).toBe(true);
    expect(storage.get('f')).toBe(false);
    expect(storage.get('o')).toEqual(user);
    expect(storage.get('nil')).toBeNull();
    expect(storage.get('missing')).toBeNull();
  });

  it('reads an item as false once older than its time-to-live, and removes it', () => {
    const { storage, local, advance } = setup();
    storage.set('code', '1234', { ttlMs: 60_000 });
    advance(60_000);
    expect(storage.get('code')).toBe('1234');
    advance(1);
    expect(storage.get('code')).toBe(false);
    expect(local.getItem('wtizfgjj-code')).toBeNull();
    expect(storage.get('code')).toBeNull();
  });

  it('clears only its own keys; sibling apps are cleared only on request', () => {
    const { storage, session, local } = setup();
    session.setItem('other-app', 'keep');
    storage.set('token', 't', { session: true });
    storage.clear();
    expect(session.getItem('wtizfgjj-token')).toBeNull();
    expect(session.getItem('other-app')).toBe('keep');

    local.setItem('bank-page-pref', 'x');
    storage.set('ver', '1');
    storage.clear({ session: false });
    expect(local.getItem('bank-page-pref')).toBe('x');
    storage.set('ver', '1');
    storage.clearOtherApps();
    expect(local.getItem('bank-page-pref')).toBeNull();
    expect(storage.get('ver')).toBe('1');
  });

  it('never throws when storage is missing, full, disabled or holds garbage', () => {
    const broken: StorageArea = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
      key: () => null,
      length: 0,
    };
    const storage = createStorage({ session: broken, local: broken });
    expect(storage.set('a', 1)).toBe(false);
    expect(storage.get('a')).toBeNull();
    expect(() => storage.remove('a')).not.toThrow();
    const none = createStorage({ session: null, local: null });
    expect(none.set('a', 1, { session: true })).toBe(false);
    expect(none.get('a', { session: true })).toBeNull();

    const { storage: s, local } = setup();
    local.setItem('wtizfgjj-bad', '{not json');
    local.setItem('wtizfgjj-plain', '"hello"');
    expect(s.get('bad')).toBeNull();
    expect(s.get('plain')).toBeNull();
  });
});
