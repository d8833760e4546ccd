import { describe, expect, it, vi } from 'vitest';
import { fakeCentre, ok, type FakeRoutes } from '../test-support/fake-centre';
import { configVersionChanged, createRouteGuard, decideRoute, type RouteGuardFacts } from './guard';
import { SHELL_PATHS } from './shell-api';

const NO_LOGIN = new Set(['/login', '/404', '/401', '/dkcs', '/loanRate']);

/** Facts of a signed-in user on a page, with configuration held and the service open; tests change one thing. */
function facts(patch: Partial<RouteGuardFacts> = {}): RouteGuardFacts {
  return {
    path: '/grwt/home',
    token: 't',
    remoteVersion: { commonValue: 'c', value: '1' },
    storedVersion: { commonValue: 'c', value: '1' },
    configEmpty: false,
    configReloaded: false,
    qdzt: '1',
    userInfoLoaded: true,
    publicLoaded: true,
    homePath: '/grwt/home',
    isNoLoginRoute: (p) => NO_LOGIN.has(p),
    ...patch,
  };
}

describe('decideRoute (spec 4.1)', () => {
  it('step 1: signed out and going to /login loads the menu icons and dictionary first, once', () => {
    expect(decideRoute(facts({ token: '', path: '/login', publicLoaded: false }))).toEqual({ action: 'load', load: 'public' });
    expect(decideRoute(facts({ token: '', path: '/login', publicLoaded: true }))).toEqual({ action: 'proceed' });
    // Not for other pages, nor for a signed-in user.
    expect(decideRoute(facts({ token: '', path: '/dkcs', publicLoaded: false }))).toEqual({ action: 'proceed' });
    expect(decideRoute(facts({ path: '/login', publicLoaded: false }))).toEqual({ action: 'redirect', to: '/grwt/home' });
  });

  it('step 2: a new configuration version, or none held, reloads the configuration once', () => {
    expect(decideRoute(facts({ remoteVersion: { commonValue: 'c', value: '2' } }))).toEqual({ action: 'load', load: 'config' });
    expect(decideRoute(facts({ remoteVersion: { commonValue: 'd', value: '1' } }))).toEqual({ action: 'load', load: 'config' });
    expect(decideRoute(facts({ storedVersion: null }))).toEqual({ action: 'load', load: 'config' });
    expect(decideRoute(facts({ configEmpty: true }))).toEqual({ action: 'load', load: 'config' });
    // Reloaded in this check: no second reload, whatever the versions say.
    expect(decideRoute(facts({ remoteVersion: { value: '2' }, configReloaded: true }))).toEqual({ action: 'proceed' });
    // Same version: nothing to load.
    expect(decideRoute(facts())).toEqual({ action: 'proceed' });
  });

  it('step 2: configuration still empty after the reload logs out to /401, signed in or not', () => {
    expect(decideRoute(facts({ configEmpty: true, configReloaded: true }))).toEqual({ action: 'logout', to: '/401' });
    expect(decideRoute(facts({ token: '', path: '/dkcs', configEmpty: true, configReloaded: true }))).toEqual({
      action: 'logout',
      to: '/401',
    });
    expect(decideRoute(facts({ path: '/401', configEmpty: true, configReloaded: true }))).toEqual({ action: 'logout', to: '/401' });
  });

  it('step 3: a closed service sends everything to /pubNotice, which itself proceeds', () => {
    for (const path of ['/grwt/home', '/login', '/dkcs', '/', '/no/such/page']) {
      expect(decideRoute(facts({ path, qdzt: '0' }))).toEqual({ action: 'redirect', to: '/pubNotice' });
      expect(decideRoute(facts({ path, qdzt: '0', token: '' }))).toEqual({ action: 'redirect', to: '/pubNotice' });
    }
    expect(decideRoute(facts({ path: '/pubNotice', qdzt: '0', token: '' }))).toEqual({ action: 'proceed' });
    // Closed wins over the first session load: nothing is loaded while the service is closed.
    expect(decideRoute(facts({ qdzt: '0', userInfoLoaded: false }))).toEqual({ action: 'redirect', to: '/pubNotice' });
    // Unknown or open switch values leave the service open.
    expect(decideRoute(facts({ qdzt: null }))).toEqual({ action: 'proceed' });
  });

  it('step 4: signed in, the first navigation loads user info, routes and dictionary', () => {
    expect(decideRoute(facts({ userInfoLoaded: false }))).toEqual({ action: 'load', load: 'session' });
    expect(decideRoute(facts({ userInfoLoaded: false, path: '/login' }))).toEqual({ action: 'load', load: 'session' });
    expect(decideRoute(facts({ path: '/dkcs' }))).toEqual({ action: 'proceed' });
  });

  it('step 4: signed in, /login and / go to the home path (or /404 without one)', () => {
    expect(decideRoute(facts({ path: '/login' }))).toEqual({ action: 'redirect', to: '/grwt/home' });
    expect(decideRoute(facts({ path: '/' }))).toEqual({ action: 'redirect', to: '/grwt/home' });
    expect(decideRoute(facts({ path: '/login', homePath: '' }))).toEqual({ action: 'redirect', to: '/404' });
  });

  it('step 5: signed out, no-login paths proceed and anything else logs out to /login', () => {
    for (const path of ['/login', '/404', '/401', '/dkcs', '/loanRate']) {
      expect(decideRoute(facts({ path, token: '' }))).toEqual({ action: 'proceed' });
    }
    for (const path of ['/', '/grwt/home', '/pubNotice', '/cooperation', '/Login']) {
      expect(decideRoute(facts({ path, token: null }))).toEqual({ action: 'logout', to: '/login' });
    }
  });

  it('configVersionChanged compares value and commonValue, keeping what is held when the server gives none', () => {
    expect(configVersionChanged({ value: '1' }, null)).toBe(true);
    expect(configVersionChanged(null, null)).toBe(true);
    expect(configVersionChanged(null, { value: '1' })).toBe(false);
    expect(configVersionChanged({ value: '1', commonValue: 'a' }, { value: '1', commonValue: 'a' })).toBe(false);
    expect(configVersionChanged({ value: '2' }, { value: '1' })).toBe(true);
    expect(configVersionChanged({ value: 1 as unknown as string }, { value: '1' })).toBe(false);
  });
});

const CONFIG = [{ key: 'XT_ZXQC', enable: 1, value: '示范市住房公积金管理中心' }];

function centre(patch: FakeRoutes = {}) {
  let version = '1';
  let qdzt = '1';
  const fake = fakeCentre({
    [SHELL_PATHS.configVersion]: () => ok({ commonValue: 'c', value: version }),
    [SHELL_PATHS.serviceSwitch]: () => ok({ qdzt }),
    [SHELL_PATHS.sysConfig]: ok(CONFIG),
    ...patch,
  });
  const loadSession = vi.fn(async () => ({ homePath: '/grwt/home' }));
  const loadPublic = vi.fn(async () => undefined);
  const onLogout = vi.fn();
  const guard = createRouteGuard({
    client: fake.client,
    stores: fake.stores,
    isNoLoginRoute: (p) => NO_LOGIN.has(p),
    loadSession,
    loadPublic,
    onLogout,
  });
  return {
    ...fake,
    guard,
    loadSession,
    loadPublic,
    onLogout,
    setVersion: (v: string) => void (version = v),
    setQdzt: (v: string) => void (qdzt = v),
    configLoads: () => fake.calls.filter((c) => c.includes('xtcs/getList')).length,
  };
}

describe('createRouteGuard', () => {
  it('signed out: loads the configuration and the login page data, then keeps everyone else on /login', async () => {
    const c = centre();
    expect(await c.guard.check('/login')).toEqual({ action: 'proceed' });
    expect(c.loadPublic).toHaveBeenCalledOnce();
    expect(c.configLoads()).toBe(1);
    expect(c.stores.config.configValue('XT_ZXQC')).toBe('示范市住房公积金管理中心');
    expect(c.stores.config.$configVersion.get()).toEqual({ commonValue: 'c', value: '1' });

    expect(await c.guard.check('/grwt/home?activeIndex=1')).toEqual({ action: 'redirect', to: '/login' });
    expect(c.onLogout).toHaveBeenCalledOnce();
    expect(await c.guard.check('/dkcs')).toEqual({ action: 'proceed' });
    expect(c.configLoads()).toBe(1); // same version: not loaded again
    expect(c.loadSession).not.toHaveBeenCalled();
  });

  it('asks for the version and the switch on every check, and reloads the configuration when the version changes', async () => {
    const c = centre();
    await c.guard.check('/dkcs');
    c.setVersion('2');
    await c.guard.check('/loanRate');
    expect(c.configLoads()).toBe(2);
    expect(c.stores.config.$configVersion.get()?.value).toBe('2');
    expect(c.calls.filter((x) => x.includes('getVersion'))).toHaveLength(2);
    expect(c.calls.filter((x) => x.includes('getQdzt'))).toHaveLength(2);
  });

  it('empty configuration: logs out and goes to /401, where it stays', async () => {
    const c = centre({ [SHELL_PATHS.sysConfig]: ok([]) });
    c.stores.session.setToken('t');
    expect(await c.guard.check('/grwt/home')).toEqual({ action: 'redirect', to: '/401' });
    expect(c.stores.session.$accessToken.get()).toBe('');
    expect(await c.guard.check('/401')).toEqual({ action: 'proceed' });
    expect(c.loadSession).not.toHaveBeenCalled();
  });

  it('a closed service sends every page, public or not, to /pubNotice', async () => {
    const c = centre();
    c.setQdzt('0');
    expect(await c.guard.check('/dkcs')).toEqual({ action: 'redirect', to: '/pubNotice' });
    expect(await c.guard.check('/pubNotice')).toEqual({ action: 'proceed' });
    c.stores.session.setToken('t');
    expect(await c.guard.check('/grwt/home')).toEqual({ action: 'redirect', to: '/pubNotice' });
    c.setQdzt('1');
    expect(await c.guard.check('/grwt/home')).toEqual({ action: 'proceed' });
  });

  it('signed in: loads the session once, sends /login and / home, and forgets it on reset', async () => {
    const c = centre();
    c.stores.session.setToken('t');
    expect(await c.guard.check('/login')).toEqual({ action: 'redirect', to: '/grwt/home' });
    expect(await c.guard.check('/grwt/home')).toEqual({ action: 'proceed' });
    expect(await c.guard.check('/')).toEqual({ action: 'redirect', to: '/grwt/home' });
    expect(c.loadSession).toHaveBeenCalledOnce();
    expect(c.guard.homePath()).toBe('/grwt/home');
    c.guard.reset();
    expect(c.guard.homePath()).toBe('');
    await c.guard.check('/grwt/home');
    expect(c.loadSession).toHaveBeenCalledTimes(2);
  });

  it('a session that cannot be loaded signs the user out and sends them to /login', async () => {
    const c = centre();
    c.loadSession.mockRejectedValueOnce(new Error('401'));
    c.stores.session.setToken('t');
    expect(await c.guard.check('/grwt/home')).toEqual({ action: 'redirect', to: '/login' });
    expect(c.stores.session.$signedIn.get()).toBe(false);
    expect(c.onLogout).toHaveBeenCalled();
  });

  it('a server that does not answer the version or switch leaves the held configuration and the service open', async () => {
    const c = centre();
    await c.guard.check('/dkcs');
    c.routes[SHELL_PATHS.configVersion] = { status: 500, body: { code: 500, msg: 'x' } };
    c.routes[SHELL_PATHS.serviceSwitch] = { status: 500, body: { code: 500, msg: 'x' } };
    expect(await c.guard.check('/loanRate')).toEqual({ action: 'proceed' });
    expect(c.configLoads()).toBe(1);
  });
});
