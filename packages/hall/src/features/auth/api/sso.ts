import { createSsoState, fetchSsoPlatformUrl, ssoAuthorizeUrl } from '@gjj-hall/sdk/auth';
import { client } from '../../../shared/services';

// Starting single sign-on, which the login page's link needs too; the return (/zwLogin only) is in sso-return.ts.

/** Where the hall keeps the `state` of a single sign-on under way (this tab's session storage). */
export const SSO_STATE_KEY = 'gjj-hall:zw-state';

/** The message when the platform's address is not configured. */
export const SSO_NOT_OPEN_MESSAGE = '政务服务网登录暂未开通，请使用其他方式登录';

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

/** The platform's sign-in page, or null when single sign-on is not open. */
export function loadPlatformUrl(): Promise<string | null> {
  return fetchSsoPlatformUrl(client).catch(() => null);
}

/**
 * Sends the browser to the government platform: a new `state` kept in session storage, and the hall's own address
 * (this page, without its hash) to come back to. With `replace`, the page left leaves no history entry behind.
 */
function goToPlatform(platformUrl: string, replace: boolean, storage: Storage): void {
  const state = createSsoState();
  storage.setItem(SSO_STATE_KEY, state);
  const returnUrl = `${window.location.origin}${window.location.pathname}`;
  const target = ssoAuthorizeUrl(platformUrl, { state, returnUrl });
  if (replace) window.location.replace(target);
  else window.location.assign(target);
}

/**
 * Starts single sign-on, from the login page's link or from /zwLogin opened by the platform: the platform's address
 * (`platformUrl` when already loaded, else asked for), then off to it. Resolves 'going' when on the way; otherwise,
 * going nowhere, why: single sign-on is not open, or this page may not keep the `state` (/zwLogin explains that one).
 */
export async function startSsoSignIn(
  options: { platformUrl?: string | null | undefined; replace?: boolean } = {},
): Promise<'going' | 'not-open' | 'no-storage'> {
  const storage = ssoStorage();
  if (!storage) return 'no-storage';
  const platformUrl = options.platformUrl === undefined ? await loadPlatformUrl() : options.platformUrl;
  if (!platformUrl) return 'not-open';
  goToPlatform(platformUrl, options.replace ?? false, storage);
  return 'going';
}
