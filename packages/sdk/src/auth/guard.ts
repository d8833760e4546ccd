import type { GjjClient } from '../client/client';
import type { ConfigStore, ConfigVersion } from '../config/config';
import type { SessionStore } from '../session/session';
import { fetchConfigVersion, fetchServiceSwitch, fetchSysConfig } from './shell-api';

/**
 * Where the guard sends a signed-out user, the closed service, and the empty configuration (spec 2.1, 4.1).
 *
 * @example
 * GUARD_PATHS.login // '/login'
 */
export const GUARD_PATHS = /* @__PURE__ */ Object.freeze({
  login: '/login',
  serviceClosed: '/pubNotice',
  configEmpty: '/401',
  notFound: '/404',
} as const);

/** What the route guard knows when it decides (spec 4.1). */
export interface RouteGuardFacts {
  /** The target path, without query or hash. */
  path: string;
  /** The access token; '' (or absent) when signed out. */
  token?: string | null;
  /** The configuration version the server answers now; null when it could not be had. */
  remoteVersion: ConfigVersion | null;
  /** The version of the configuration held; null when none is held. */
  storedVersion: ConfigVersion | null;
  /** True when no system configuration is held. */
  configEmpty: boolean;
  /** True once the configuration was loaded again during this check (so it is not loaded twice). */
  configReloaded?: boolean;
  /** The service switch: '0' closed; anything else (or null, unknown) open. */
  qdzt: string | null;
  /** True once user info, routes and dictionary are loaded for this page (spec 4.1 step 4, "the first time"). */
  userInfoLoaded: boolean;
  /** True once the menu icons and dictionary were loaded for the login page (spec 4.1 step 1). */
  publicLoaded?: boolean;
  /** The signed-in user's home path; '' when not known (yet). */
  homePath?: string;
  /** True for a path that needs no login (the hall's list, spec 2.1). */
  isNoLoginRoute: (path: string) => boolean;
}

/**
 * What to do next (spec 4.1): go on to the target; go somewhere else; load something and decide again; or clear
 * the session and go to `to` (when `to` is the target itself, go on to it after clearing).
 *
 * @example
 * const decision: RouteGuardDecision = decideRoute(facts)
 */
export type RouteGuardDecision =
  | { action: 'proceed' }
  | { action: 'redirect'; to: string }
  | { action: 'load'; load: 'public' | 'config' | 'session' }
  | { action: 'logout'; to: string };

/**
 * True when the configuration must be loaded again: none held, or the server's version differs from the one held
 * (value or commonValue). A version the server could not give keeps what is held.
 *
 * @example
 * configVersionChanged({ value: '2' }, { value: '1' }) // true
 * configVersionChanged(null, { value: '1' }) // false
 */
export function configVersionChanged(remote: ConfigVersion | null, stored: ConfigVersion | null): boolean {
  if (!stored) return true;
  if (!remote) return false;
  return String(remote.value ?? '') !== String(stored.value ?? '') || String(remote.commonValue ?? '') !== String(stored.commonValue ?? '');
}

/**
 * The route guard of spec 4.1 as a pure decision, one step at a time. The caller carries out `load` decisions,
 * updates the facts and asks again, until it gets `proceed`, `redirect` or `logout`:
 *
 * 1. Signed out and going to /login, icons and dictionary not loaded yet: load `public`.
 * 2. Configuration version differs from the one held, or nothing held, and not reloaded yet: load `config`.
 *    Still empty after the reload: `logout` to /401.
 * 3. Service closed (qdzt '0'): `redirect` to /pubNotice, from everywhere but /pubNotice itself.
 * 4. Signed in: the first time, load `session` (user info, routes, dictionary); then /login and / go to the home
 *    path; anything else proceeds.
 * 5. Signed out: a no-login path proceeds; anything else is `logout` to /login.
 *
 * @example
 * decideRoute({ path: '/grwt/home', token: '', remoteVersion: { value: '1' }, storedVersion: { value: '1' },
 *   configEmpty: false, qdzt: '1', userInfoLoaded: false, isNoLoginRoute: () => false })
 * // { action: 'logout', to: '/login' }
 */
export function decideRoute(facts: RouteGuardFacts): RouteGuardDecision {
  const { path } = facts;
  const signedIn = !!facts.token;
  if (!signedIn && path === GUARD_PATHS.login && !facts.publicLoaded) return { action: 'load', load: 'public' };
  if (!facts.configReloaded && (facts.configEmpty || configVersionChanged(facts.remoteVersion, facts.storedVersion))) {
    return { action: 'load', load: 'config' };
  }
  if (facts.configEmpty) return { action: 'logout', to: GUARD_PATHS.configEmpty };
  if (facts.qdzt === '0') {
    return path === GUARD_PATHS.serviceClosed ? { action: 'proceed' } : { action: 'redirect', to: GUARD_PATHS.serviceClosed };
  }
  if (signedIn) {
    if (!facts.userInfoLoaded) return { action: 'load', load: 'session' };
    if (path === GUARD_PATHS.login || path === '/') {
      return { action: 'redirect', to: facts.homePath || GUARD_PATHS.notFound };
    }
    return { action: 'proceed' };
  }
  return facts.isNoLoginRoute(path) ? { action: 'proceed' } : { action: 'logout', to: GUARD_PATHS.login };
}

/** The end of a guard check: render the target, or replace it with `to`. */
export type RouteGuardOutcome = { action: 'proceed' } | { action: 'redirect'; to: string };

/** Options of {@link createRouteGuard}. */
export interface RouteGuardOptions {
  client: GjjClient;
  stores: { session: SessionStore; config: ConfigStore; logout(): void };
  /** True for a path that needs no login (the hall's list, spec 2.1). */
  isNoLoginRoute: (path: string) => boolean;
  /**
   * Loads user info, routes and dictionary (e.g. with {@link loadSession}) and resolves with the home path. A
   * rejection signs the user out (spec 4.5: a failing user fetch forces a logout).
   */
  loadSession: () => Promise<{ homePath: string }>;
  /** Loads what the login page needs (menu icons and dictionary, spec 4.1 step 1). Failures are ignored. */
  loadPublic?: () => Promise<unknown>;
  /** Called after the guard itself cleared the session (steps 2 and 5, or a failed session load). */
  onLogout?: () => void;
}

/** The route guard of spec 4.1, run on every navigation. */
export interface RouteGuard {
  /** Decides where a navigation to `path` (query and hash are ignored) ends. Never rejects. */
  check(path: string): Promise<RouteGuardOutcome>;
  /** Forgets the loaded session (call it on logout) so the next sign-in loads user info and routes again. */
  reset(): void;
  /** The home path of the loaded session; '' before. */
  homePath(): string;
}

/**
 * The route guard of spec 4.1 over {@link decideRoute}: on every `check` it asks the server for the configuration
 * version and the service switch (together), reloads the configuration when needed, loads the session the first
 * time, and clears the session where the spec says so. Nothing happens until `check` is called.
 *
 * @example
 * const guard = createRouteGuard({
 *   client, stores, isNoLoginRoute,
 *   loadSession: async () => (await loadSession(client, stores)).built,
 * })
 * const outcome = await guard.check('/grwt/home')
 * if (outcome.action === 'redirect') navigate(outcome.to, { replace: true })
 */
export function createRouteGuard(options: RouteGuardOptions): RouteGuard {
  const { client, stores } = options;
  let userInfoLoaded = false;
  let publicLoaded = false;
  let homePath = '';

  const signOut = () => {
    stores.logout();
    userInfoLoaded = false;
    publicLoaded = false;
    homePath = '';
    options.onLogout?.();
  };

  return {
    async check(target) {
      const path = target.split(/[?#]/, 1)[0] || '/';
      const [remoteVersion, qdzt] = await Promise.all([fetchConfigVersion(client), fetchServiceSwitch(client)]);
      let configReloaded = false;
      // Each load happens at most once per check, so a handful of steps always ends it.
      for (let step = 0; step < 8; step += 1) {
        const decision = decideRoute({
          path,
          token: stores.session.$accessToken.get(),
          remoteVersion,
          storedVersion: stores.config.$configVersion.get(),
          configEmpty: stores.config.$sysConfig.get().length === 0,
          configReloaded,
          qdzt,
          userInfoLoaded,
          publicLoaded,
          homePath,
          isNoLoginRoute: options.isNoLoginRoute,
        });
        if (decision.action === 'proceed' || decision.action === 'redirect') return decision;
        if (decision.action === 'logout') {
          signOut();
          return decision.to === path ? { action: 'proceed' } : { action: 'redirect', to: decision.to };
        }
        if (decision.load === 'public') {
          publicLoaded = true;
          await options.loadPublic?.().catch(() => undefined);
        } else if (decision.load === 'config') {
          configReloaded = true;
          const list = await fetchSysConfig(client);
          if (list.length) stores.config.setSysConfig(list, remoteVersion ?? undefined);
        } else {
          try {
            homePath = (await options.loadSession()).homePath;
            userInfoLoaded = true;
          } catch {
            signOut();
          }
        }
      }
      return { action: 'proceed' };
    },
    reset() {
      userInfoLoaded = false;
      publicLoaded = false;
      homePath = '';
    },
    homePath: () => homePath,
  };
}
