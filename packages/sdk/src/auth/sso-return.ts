import type { GjjClient } from '../client/client';
import type { LoginType } from '../session/session';
import type { LoginResult } from './api';
import { SSO_PATHS } from './sso';

// Single sign-on's return from the platform (the start is in sso.ts).

/** The hall's message when the `state` that came back is not the one it sent. */
export const SSO_STATE_MESSAGE = '登录状态校验失败，请重新从政务服务网登录';
/** The hall's message when the platform sent no authCode. */
export const SSO_NO_CODE_MESSAGE = '缺少登录授权码，请重新从政务服务网登录';

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
 * What redeems an authCode at the hall's server: the code, the PKCE verifier kept when the citizen left, and the
 * return address the code came back to (exactly the `redirect_uri` sent out).
 */
export interface SsoCodeExchange {
  authCode: string;
  codeVerifier: string;
  redirectUri: string;
}

/**
 * Exchanges the platform's one-time authCode for a session (POST zw/login; code, verifier and return address go in
 * the body, never in a URL). Rejects with the server's message for a used, expired or unknown code, or one issued
 * for another service, return address or verifier.
 *
 * @example
 * const { token } = await ssoLogin(client, { authCode, codeVerifier, redirectUri: 'https://gjj.example.gov.cn/home.html' })
 */
export async function ssoLogin(client: GjjClient, exchange: SsoCodeExchange, options: { silent?: boolean } = {}): Promise<LoginResult> {
  const { data } = await client.post<Partial<LoginResult>>(SSO_PATHS.login, { ...exchange }, { silent: options.silent ?? true });
  return { token: String(data?.token ?? ''), loginType: (Number(data?.loginType) || 1) as LoginType };
}

/** A verified identity to register with (POST zw/identity): the platform vouched for this citizen. */
export interface VerifiedIdentity {
  /** Goes with the registration (`identityTicket`); single use. */
  ticket: string;
  /** The citizen's name and ID number as the platform knows them. */
  xingming: string;
  zjhm: string;
  /** Seconds the ticket stays good (900). */
  expiresIn: number;
}

/**
 * Exchanges the platform's authCode for a verified identity to register with, instead of a session (POST
 * zw/identity): for a citizen with no login yet (灵活就业人员开户, 异地贷款人员注册). Rejects with the server's message
 * (already registered, on the centre's records, or as {@link ssoLogin}).
 *
 * @example
 * const { ticket, xingming, zjhm } = await ssoIdentity(client, { authCode, codeVerifier, redirectUri })
 */
export async function ssoIdentity(client: GjjClient, exchange: SsoCodeExchange): Promise<VerifiedIdentity> {
  const { data } = await client.post<Partial<VerifiedIdentity>>(SSO_PATHS.identity, { ...exchange }, { silent: true });
  return { ticket: '', xingming: '', zjhm: '', expiresIn: 0, ...data };
}
