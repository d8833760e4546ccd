import type { GjjClient } from '../client/client';

// Single sign-on's start: what the login page needs to send a citizen to the platform. The return (checking what
// came back, exchanging the code) is in sso-return.ts, so a code-split app loads it with its return page only.

/**
 * Where the single sign-on calls live (spec 7.8 authCode exchange; docs/api-sso.md).
 *
 * @example
 * client.get(SSO_PATHS.config)
 */
export const SSO_PATHS = /* @__PURE__ */ Object.freeze({
  config: '/api/auth/v1/zw/config',
  login: '/api/auth/v1/zw/login',
} as const);

/**
 * The government platform's sign-in page, or null when single sign-on is not open (GET zw/config).
 *
 * @example
 * const url = await fetchSsoPlatformUrl(client) // 'https://zwfw.example.gov.cn/login' or null
 */
export async function fetchSsoPlatformUrl(client: GjjClient): Promise<string | null> {
  const { data } = await client.get<{ platformUrl?: string | null }>(SSO_PATHS.config, { silent: true });
  const url = data?.platformUrl;
  // Only a web address: the browser is sent there.
  return typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
}

/**
 * A fresh `state`: 32 random hex digits from the browser's (or Node's) crypto.
 *
 * @example
 * sessionStorage.setItem('zw-state', createSsoState())
 */
export function createSsoState(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The address that sends a citizen to the platform: its sign-in page with `state` and the hall's return address
 * (`redirect_uri`, the platform's allow list decides whether it may go back there).
 *
 * @example
 * ssoAuthorizeUrl('http://127.0.0.1:8091/', { state, returnUrl: 'http://127.0.0.1:8080/home.html' })
 * // 'http://127.0.0.1:8091/?state=…&redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2Fhome.html'
 */
export function ssoAuthorizeUrl(platformUrl: string, input: { state: string; returnUrl: string }): string {
  const url = new URL(platformUrl);
  url.searchParams.set('state', input.state);
  url.searchParams.set('redirect_uri', input.returnUrl);
  return url.toString();
}
