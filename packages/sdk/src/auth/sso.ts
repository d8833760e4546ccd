import type { GjjClient } from '../client/client';

// Single sign-on's start: the platform's address, the state, the PKCE pair and the authorization request. The return
// (checking what came back, exchanging the code) is in sso-return.ts.

/**
 * Where the single sign-on calls live (spec 7.8 authCode exchange; docs/api-sso.md).
 *
 * @example
 * client.get(SSO_PATHS.config)
 */
export const SSO_PATHS = /* @__PURE__ */ Object.freeze({
  config: '/api/auth/v1/zw/config',
  /** Whether the platform's sign-in page answers now (issue 23): `{ reachable: boolean | null }`. */
  status: '/api/auth/v1/zw/status',
  login: '/api/auth/v1/zw/login',
  /** A verified identity to register with (issue 18). */
  identity: '/api/auth/v1/zw/identity',
} as const);

/**
 * The government platform's sign-in page, or null when single sign-on is not open (GET zw/config).
 *
 * @example
 * const url = await fetchSsoPlatformUrl(client) // 'https://zwfw.example.gov.cn/login' or null
 */
export async function fetchSsoPlatformUrl(client: GjjClient): Promise<string | null> {
  return (await fetchSsoConfig(client)).platformUrl;
}

/** Single sign-on as the server configures it: the platform's sign-in page and this hall's client id there. */
export interface SsoConfig {
  /** The platform's sign-in page; null when single sign-on is not open. */
  platformUrl: string | null;
  /** The hall's client id at the platform (`client_id`); null when single sign-on is not open. */
  clientId: string | null;
}

/**
 * Single sign-on's configuration (GET zw/config): both null when it is not open.
 *
 * @example
 * const { platformUrl, clientId } = await fetchSsoConfig(client) // 'https://zwfw.example.gov.cn/login', 'gjj-hall'
 */
export async function fetchSsoConfig(client: GjjClient): Promise<SsoConfig> {
  const { data } = await client.get<{ platformUrl?: string | null; clientId?: string | null }>(SSO_PATHS.config, { silent: true });
  const url = data?.platformUrl;
  const clientId = data?.clientId;
  // Only a web address: the browser is sent there.
  const platformUrl = typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
  return { platformUrl, clientId: platformUrl && typeof clientId === 'string' && clientId ? clientId : null };
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
 * The address that sends a citizen to the platform, as an OpenID Connect authorization request: its sign-in page
 * with `state`, the hall's return address (`redirect_uri`, which the platform checks against the client's list and
 * binds the code to), the hall's `client_id`, and the PKCE `code_challenge` (S256) of a verifier the hall keeps.
 *
 * @example
 * ssoAuthorizeUrl('http://127.0.0.1:8091/', { state, returnUrl: 'http://127.0.0.1:8080/home.html', clientId: 'gjj-hall', codeChallenge })
 * // 'http://127.0.0.1:8091/?state=…&redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2Fhome.html&client_id=gjj-hall&response_type=code&code_challenge=…&code_challenge_method=S256'
 */
export function ssoAuthorizeUrl(platformUrl: string, input: { state: string; returnUrl: string; clientId: string; codeChallenge: string }): string {
  const url = new URL(platformUrl);
  url.searchParams.set('state', input.state);
  url.searchParams.set('redirect_uri', input.returnUrl);
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('code_challenge', input.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** The message when this page cannot make a PKCE challenge: no Web Crypto outside a secure context (https). */
export const SSO_INSECURE_MESSAGE = '请通过 https 地址访问网上业务大厅后再使用政务服务网登录';

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * A PKCE pair (RFC 7636, S256): a random verifier (32 bytes, base64url, 43 characters) the hall keeps in the tab,
 * and its challenge (base64url of its SHA-256) that goes out with the citizen. Rejects with
 * {@link SSO_INSECURE_MESSAGE} where the browser offers no Web Crypto (a page not served over https or localhost).
 *
 * @example
 * const { verifier, challenge } = await createPkcePair()
 */
export async function createPkcePair(): Promise<{ verifier: string; challenge: string }> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error(SSO_INSECURE_MESSAGE);
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  const verifier = base64url(bytes);
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}
