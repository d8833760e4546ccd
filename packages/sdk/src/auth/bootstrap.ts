import type { GjjClient } from '../client/client';
import type { ConfigStore } from '../config/config';
import { LOGIN_TYPES } from '../constants/constants';
import { toLoginType } from '../menu/areas';
import { normaliseMenuList } from '../menu/normalise';
import { buildButtonMap } from '../menu/permissions';
import { buildRoutes, type BuiltRoutes } from '../menu/routes';
import type { MenuEntry } from '../menu/types';
import type { LoginType, SessionStore, UserInfo } from '../session/session';
import { fetchUserInfo } from './api';
import { fetchDictionary, fetchPersonalInfo, fetchUnitInfo } from './shell-api';

/** What {@link loadSession} loaded and stored. */
export interface SessionBootstrap {
  userInfo: UserInfo;
  loginType: LoginType;
  /** The user's menus, normalised. */
  menus: MenuEntry[];
  /** Routes and home path built from the menus (spec 2.2). */
  built: BuiltRoutes;
}

/** Options of {@link loadSession}. */
export interface LoadSessionOptions {
  /**
   * Also load the individual's (grxx/loginGrxx) or unit's (dwxx/dwxxUser) information; a failure then fails the
   * whole load, which signs the user out (spec 4.5). Never while the password is an initial one: the server answers
   * 403 to everything but the password change until then (call {@link loadAccountInfo} after it).
   * @default true
   */
  accountInfo?: boolean;
}

/**
 * The first load after sign-in (spec 4.1 step 4, 4.5): user info with the menus, the routes and button map built
 * from them, the data dictionary, and the individual's or unit's information, all kept in the stores. Rejects
 * when the user info (or the account information) cannot be had: the caller signs the user out.
 *
 * @example
 * const { built, userInfo } = await loadSession(client, stores)
 * navigate(built.homePath)
 */
export async function loadSession(
  client: GjjClient,
  stores: { session: SessionStore; config: ConfigStore },
  options: LoadSessionOptions = {},
): Promise<SessionBootstrap> {
  const [userInfo, dictionary] = await Promise.all([
    fetchUserInfo(client),
    // The dictionary is not worth failing the sign-in for.
    fetchDictionary(client).catch(() => null),
  ]);
  const loginType = toLoginType(userInfo.loginType ?? stores.session.$loginType.get());
  const menus = normaliseMenuList(userInfo.menuList);
  const built = buildRoutes(menus);
  stores.session.update({ userInfo, loginType, menus, buttonMap: buildButtonMap(menus) });
  if (dictionary) stores.config.setDictionary(dictionary);
  // pwdStatus '0', an initial password (auth/password.ts hasInitialPassword, not imported: it would bring the password calls).
  if (options.accountInfo !== false && String(userInfo.pwdStatus ?? '') !== '0') await loadAccountInfo(client, stores);
  return { userInfo, loginType, menus, built };
}

/**
 * Loads the signed-in individual's (grxx/loginGrxx) or unit's or developer's (dwxx/dwxxUser) information into the
 * session store, by the stored login type: what {@link loadSession} does last, and what a host does once an initial
 * password has been changed (until then the server refuses it, spec 4.1).
 *
 * @example
 * await changePassword(client, input)
 * await loadAccountInfo(client, stores)
 */
export async function loadAccountInfo(client: GjjClient, stores: { session: SessionStore }): Promise<void> {
  const loginType = stores.session.$loginType.get();
  if (loginType === LOGIN_TYPES.personal) stores.session.update({ personalInfo: await fetchPersonalInfo(client) });
  else if (loginType === LOGIN_TYPES.unit) stores.session.update({ unitInfo: await fetchUnitInfo(client) });
  else stores.session.update({ otherUnitInfo: await fetchUnitInfo(client) });
}
