import {
  SSO_STATE_MESSAGE,
  checkSsoReturn,
  createPkcePair,
  createSsoState,
  fetchSsoConfig,
  ssoAuthorizeUrl,
  SSO_PATHS,
  ssoIdentity,
  ssoLogin,
} from '@gjj-hall/sdk/auth';
import { client } from '../../../shared/services';
import { readZwLoginAddress } from '../sso-address';
import { keepIdentity } from '../verified-identity';
import { completeSignIn } from './complete-sign-in';

/** Where the hall keeps the `state` of a single sign-on under way (this tab's session storage). */
export const SSO_STATE_KEY = 'gjj-hall:zw-state';
/** Where the hall keeps the PKCE verifier of that sign-on: only its S256 challenge leaves the tab. */
export const SSO_VERIFIER_KEY = 'gjj-hall:zw-verifier';
/** Where the hall keeps what the sign-on is for when not for signing in: the registration page to come back to. */
export const SSO_PURPOSE_KEY = 'gjj-hall:zw-purpose';

/** The message when the platform's address is not configured. */
export const SSO_NOT_OPEN_MESSAGE = '政务服务网登录暂未开通，请使用其他方式登录';

/** Registration pages that take a verified identity from the platform (issue 18). */
export type SsoPurpose = '/lhjyrysl' | '/yddkryzc';

/** The message when the platform does not answer (issue 23): what happened and what to do instead. */
export const SSO_UNREACHABLE_MESSAGE = '政务服务网暂时无法访问，请稍后再试；也可以返回登录页，使用账号密码、手机验证码等其他方式登录';

/**
 * Why a sign-on did not start: not open, no storage for its state (/zwLogin explains), no secure context, or the
 * platform does not answer now.
 */
export type SsoStart = 'going' | 'not-open' | 'no-storage' | 'insecure' | 'unreachable';

/**
 * Whether the platform answers now, as the hall's server finds it (GET zw/status, docs/api-sso.md): only a clear
 * "no" stops the trip; when the question itself fails, the citizen goes, as before.
 */
async function platformReachable(): Promise<boolean> {
  try {
    const { data } = await client.get<{ reachable?: boolean | null }>(SSO_PATHS.status, { silent: true });
    return data?.reachable !== false;
  } catch {
    return true;
  }
}

/**
 * This tab's session storage, or null where the browser refuses it: a frame on another site's page when the browser
 * blocks third-party storage (Chrome's incognito windows, third-party cookies blocked), or storage turned off. Then
 * reading `window.sessionStorage` throws a SecurityError, and single sign-on cannot keep its `state`.
 */
export function ssoStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

// Single sign-on through the government platform (docs/api-sso.md): the trip out (state and PKCE pair kept in the
// tab, the S256 challenge in the address) and the return. Only /zwLogin and the registration pages that need a
// verified identity load it: the login page's link just opens /zwLogin, which starts the trip, so the login page's
// chunk carries none of this.

/** The message when this page may not keep the sign-in's `state` (see `ssoStorage`). */
export const SSO_STORAGE_BLOCKED_MESSAGE =
  '当前浏览器不允许本页保存登录状态（本页嵌在其他网站的页面中时常见），请在新窗口中打开网上业务大厅登录';

const PURPOSES: readonly string[] = ['/lhjyrysl', '/yddkryzc'] satisfies SsoPurpose[];

/** The hall's own address to come back to (this page, without its hash): the `redirect_uri`, the same both ways. */
const returnUrl = () => `${window.location.origin}${window.location.pathname}`;

/**
 * Starts single sign-on, from /zwLogin (opened by the platform, or by the login page's link) or from a registration
 * page that needs a verified identity (`purpose`): a new `state` and PKCE verifier kept in session storage (the S256
 * challenge goes out, the verifier never does), what the trip is for, and the hall's return address; then off to the
 * platform. With `replace`, the page left leaves no history entry behind. Resolves 'going' when on the way;
 * otherwise, going nowhere, why.
 */
export async function startSsoSignIn(options: { replace?: boolean; purpose?: SsoPurpose } = {}): Promise<SsoStart> {
  const storage = ssoStorage();
  if (!storage) return 'no-storage';
  const { platformUrl, clientId } = await fetchSsoConfig(client).catch(() => ({ platformUrl: null, clientId: null }));
  if (!platformUrl || !clientId) return 'not-open';
  // Leaving for a platform that does not answer ends on the browser's own (English) error page, with no way back.
  if (!(await platformReachable())) return 'unreachable';
  let pkce: { verifier: string; challenge: string };
  try {
    pkce = await createPkcePair();
  } catch {
    return 'insecure';
  }
  const state = createSsoState();
  storage.setItem(SSO_STATE_KEY, state);
  storage.setItem(SSO_VERIFIER_KEY, pkce.verifier);
  if (options.purpose) storage.setItem(SSO_PURPOSE_KEY, options.purpose);
  else storage.removeItem(SSO_PURPOSE_KEY);
  const target = ssoAuthorizeUrl(platformUrl, { state, returnUrl: returnUrl(), clientId, codeChallenge: pkce.challenge });
  if (options.replace) window.location.replace(target);
  else window.location.assign(target);
  return 'going';
}

/** What came back and checked: the code with the verifier kept for it and what the trip was for, or why not. */
export type SsoReturn = { ok: true; authCode: string; codeVerifier: string; purpose: SsoPurpose | null } | { ok: false; message: string };

/**
 * Takes what the platform sent back (`#/zwLogin?authCode=…&state=…`) out of the address at once, and the kept state,
 * verifier and purpose out of session storage (each is good for one return), and checks the state.
 */
export function takeSsoReturn(): SsoReturn {
  const address = readZwLoginAddress(window.location.hash);
  // The code must not stay in the address bar, the history or a bookmark.
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#/zwLogin`);
  const storage = ssoStorage();
  if (!storage) return { ok: false, message: SSO_STORAGE_BLOCKED_MESSAGE };
  const take = (key: string) => {
    const value = storage.getItem(key);
    storage.removeItem(key);
    return value;
  };
  const expected = take(SSO_STATE_KEY);
  const codeVerifier = take(SSO_VERIFIER_KEY);
  const purpose = take(SSO_PURPOSE_KEY);
  const checked = checkSsoReturn(address.opened ? {} : address, expected);
  if (!checked.ok) return checked;
  // A state without its verifier was not kept by this hall's own trip out.
  if (!codeVerifier) return { ok: false, message: SSO_STATE_MESSAGE };
  return { ok: true, authCode: checked.authCode, codeVerifier, purpose: purpose && PURPOSES.includes(purpose) ? (purpose as SsoPurpose) : null };
}

/** Whether /zwLogin was opened by the platform (neither authCode nor state in the address) rather than returned to. */
export function openedByPlatform(): boolean {
  return readZwLoginAddress(window.location.hash).opened;
}

/**
 * Redeems the code on the server (POST, in the body, with its verifier and the return address): signs in and answers
 * '/' (home); or, for a registration, keeps the verified identity and answers the registration page.
 */
export async function redeemAuthCode(checked: Extract<SsoReturn, { ok: true }>): Promise<string> {
  const exchange = { authCode: checked.authCode, codeVerifier: checked.codeVerifier, redirectUri: returnUrl() };
  if (checked.purpose) {
    keepIdentity(await ssoIdentity(client, exchange));
    return checked.purpose;
  }
  completeSignIn(await ssoLogin(client, exchange));
  return '/';
}
