import type { GjjClient } from '../client/client';
import type { LoginType, UserInfo } from '../session/session';

/**
 * Where the sign-in calls live (docs/api-shell.md, spec 7.2).
 *
 * @example
 * client.get(AUTH_PATHS.userInfo)
 */
export const AUTH_PATHS = /* @__PURE__ */ Object.freeze({
  publicKey: '/api/auth/v1/getPubleKey',
  captcha: '/api/auth/v1/getImgCode',
  accountLogin: '/api/auth/v1/otherAuth/accountLogin',
  userInfo: '/api/auth/v1/getUserInfo',
  menuIcons: '/api/auth/v1/menu/getAllMenuImgIcon',
  publicMenu: '/api/auth/v1/menu/pubClientTree',
  menuEnable: '/api/auth/v1/menu/getMenuEnable',
  logout: '/api/auth/v1/auth/token/logout',
} as const);

/** A picture captcha: `img` is the picture as a data URL (`data:image/png;base64,…`), `uuid` goes back with the answer (single use). */
export interface Captcha {
  uuid: string;
  img: string;
}

/**
 * A picture captcha as answered: the `uuid` of {@link fetchCaptcha} and the characters typed. Every call that sends
 * an SMS code or names an account before sign-in needs one (issue 18); it is spent by the call, right or wrong, so
 * the page fetches a new picture after each attempt.
 *
 * @example
 * const answer: CaptchaAnswer = { uuid: captcha.uuid, code: typed }
 */
export interface CaptchaAnswer {
  uuid: string;
  code: string;
}

/** What the user typed on the account form (spec 2.6), in clear. */
export interface AccountLoginInput {
  loginType: LoginType;
  username: string;
  password: string;
  /** The captcha answer. */
  code: string;
  /** The captcha's uuid. */
  uuid: string;
}

/** Options of {@link accountLogin}. */
export interface AccountLoginOptions {
  /**
   * Encrypts a value with the centre's public key: pass `sm2Encrypt` from `@gjj-hall/sdk/crypto`. Injected, so
   * that this entry stays free of sm-crypto and only the login page's chunk carries it.
   */
  encrypt: (plainText: string, publicKeyHex: string) => string;
  /** The centre's public key; fetched with {@link fetchPublicKey} when not given. */
  publicKey?: string;
  /**
   * Keep failures away from the client's `onError` hook (the login form shows them itself).
   * @default true
   */
  silent?: boolean;
}

/** The answer of a successful account login. */
export interface LoginResult {
  token: string;
  loginType: LoginType;
}

/** An icon of the menu tiles: `svg` is a data URL. */
export interface MenuIcon {
  icon: string;
  svg: string;
}

/** An item of the public right-hand menu (spec 2.3). */
export interface PublicMenuItem {
  title: string;
  path: string;
  needLogin: boolean;
}

/** The enable value of one of the user's menu entries (spec 4.2). */
export interface MenuEnableState {
  id: string | number;
  enable: number | string;
  bz?: string;
}

/**
 * The centre's SM2 public key (GET getPubleKey): uncompressed hex starting `04`.
 *
 * @example
 * const key = await fetchPublicKey(client)
 */
export async function fetchPublicKey(client: GjjClient): Promise<string> {
  const { data } = await client.get<string>(AUTH_PATHS.publicKey);
  return String(data ?? '');
}

/**
 * A new picture captcha (GET getImgCode). Single use: fetch a new one after every failed attempt.
 *
 * @example
 * const { uuid, img } = await fetchCaptcha(client)
 * image.src = img
 */
export async function fetchCaptcha(client: GjjClient): Promise<Captcha> {
  const { data } = await client.get<Captcha>(AUTH_PATHS.captcha);
  return { uuid: String(data?.uuid ?? ''), img: String(data?.img ?? '') };
}

/**
 * Signs in with account and password (POST otherAuth/accountLogin with `grant_type=password&scope=server`).
 * The account and the password are SM2-encrypted with the centre's public key before they leave; the captcha
 * is sent as typed. Resolves with the session token (the client's `onToken` hook has seen it in the header too);
 * rejects with the client's error, whose `message` is the server's (426, 428, 429, 400).
 *
 * @example
 * import { sm2Encrypt } from '@gjj-hall/sdk/crypto'
 * const { token } = await accountLogin(client,
 *   { loginType: 1, username: '110101199003072316', password: 'Gjj@2026', code: 'a3F9', uuid },
 *   { encrypt: sm2Encrypt })
 * session.setToken(token)
 */
export async function accountLogin(
  client: GjjClient,
  input: AccountLoginInput,
  options: AccountLoginOptions,
): Promise<LoginResult> {
  const publicKey = options.publicKey ?? (await fetchPublicKey(client));
  const { data } = await client.post<Partial<LoginResult>>(
    AUTH_PATHS.accountLogin,
    {
      loginType: input.loginType,
      username: options.encrypt(input.username, publicKey),
      password: options.encrypt(input.password, publicKey),
      code: input.code,
      uuid: input.uuid,
    },
    { login: true, silent: options.silent ?? true },
  );
  return { token: String(data?.token ?? ''), loginType: (Number(data?.loginType) || input.loginType) as LoginType };
}

/**
 * The signed-in user with their menus (GET getUserInfo; spec 3.3).
 *
 * @example
 * const user = await fetchUserInfo(client)
 * user.nikName // '张三'
 */
export async function fetchUserInfo(client: GjjClient): Promise<UserInfo> {
  const { data } = await client.get<UserInfo>(AUTH_PATHS.userInfo);
  return data && typeof data === 'object' ? data : {};
}

/**
 * Ends the session on the server (POST auth/token/logout). Silent and never rejects: signing out locally must
 * not wait on, or fail with, the network.
 *
 * @example
 * await logoutSession(client)
 * stores.logout()
 */
export async function logoutSession(client: GjjClient): Promise<void> {
  try {
    await client.post(AUTH_PATHS.logout, undefined, { silent: true });
  } catch {
    // Already expired or offline: the local session is cleared all the same.
  }
}

/**
 * The menu tiles' icons (GET menu/getAllMenuImgIcon), silent on error (spec 7.2): `[]` when they cannot be had.
 *
 * @example
 * const icons = await fetchMenuIcons(client)
 * icons.find((i) => i.icon === menu.meta.icon)?.svg
 */
export async function fetchMenuIcons(client: GjjClient): Promise<MenuIcon[]> {
  try {
    const { data } = await client.get<MenuIcon[]>(AUTH_PATHS.menuIcons, { silent: true });
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}

/**
 * The public right-hand menu of spec 2.3 (GET menu/pubClientTree).
 *
 * @example
 * const items = (await fetchPublicMenu(client)).filter((item) => signedIn || !item.needLogin)
 */
export async function fetchPublicMenu(client: GjjClient): Promise<PublicMenuItem[]> {
  const { data } = await client.get<PublicMenuItem[]>(AUTH_PATHS.publicMenu, { silent: true });
  return Array.isArray(data) ? data.map((item) => ({ ...item, needLogin: item.needLogin === true })) : [];
}

/**
 * The current enable values of some of the user's menu entries (GET menu/getMenuEnable, ids comma-joined).
 *
 * @example
 * const [state] = await fetchMenuEnable(client, [menu.id])
 * menuEnableAction({ ...menu, ...state }, { loginMethod })
 */
export async function fetchMenuEnable(client: GjjClient, ids: readonly (string | number)[]): Promise<MenuEnableState[]> {
  const { data } = await client.get<MenuEnableState[]>(AUTH_PATHS.menuEnable, { params: { ids: ids.join(',') } });
  return Array.isArray(data) ? data : [];
}
