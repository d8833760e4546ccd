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
