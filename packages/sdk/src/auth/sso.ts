import type { GjjClient } from '../client/client';
import type { LoginType } from '../session/session';
import type { LoginResult } from './api';

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

/** The hall's message when the `state` that came back is not the one it sent. */
export const SSO_STATE_MESSAGE = '登录状态校验失败，请重新从政务服务网登录';
/** The hall's message when the platform sent no authCode. */
export const SSO_NO_CODE_MESSAGE = '缺少登录授权码，请重新从政务服务网登录';

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

/**
 * What came back from the platform, checked against the `state` the hall kept: the code to exchange, or the
 * message to show (nothing is exchanged then).
 *
 * @example
 * checkSsoReturn({ authCode: 'x…', state: 's1' }, 's1') // { ok: true, authCode: 'x…' }
 * checkSsoReturn({ authCode: 'x…', state: 's2' }, 's1') // { ok: false, message: SSO_STATE_MESSAGE }
 */
export function checkSsoReturn(
  received: { authCode?: string | null; state?: string | null },
  expectedState: string | null | undefined,
): { ok: true; authCode: string } | { ok: false; message: string } {
  if (!expectedState || !received.state || received.state !== expectedState) return { ok: false, message: SSO_STATE_MESSAGE };
  if (!received.authCode) return { ok: false, message: SSO_NO_CODE_MESSAGE };
  return { ok: true, authCode: received.authCode };
}

/**
 * Exchanges the platform's one-time authCode for a session (POST zw/login; the code goes in the body, never in a
 * URL). Rejects with the server's message for a used, expired or unknown code.
 *
 * @example
 * const { token } = await ssoLogin(client, authCode)
 */
export async function ssoLogin(client: GjjClient, authCode: string, options: { silent?: boolean } = {}): Promise<LoginResult> {
  const { data } = await client.post<Partial<LoginResult>>(SSO_PATHS.login, { authCode }, { silent: options.silent ?? true });
  return { token: String(data?.token ?? ''), loginType: (Number(data?.loginType) || 1) as LoginType };
}
