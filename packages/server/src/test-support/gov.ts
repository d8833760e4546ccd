import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { GOV_DEMO_PASSWORD } from '../seed/ca';
import { DEV_GOV_CLIENT_ID } from '../routes/sso';
import { freshIp } from './login';

// Helpers for the server's tests: the government platform's sign-in as the hall runs it (a code bound to the hall's
// client id, return address and a PKCE challenge), through the simulated platform's back end.

/** The hall's return address the tests' codes are bound to. */
export const HALL_RETURN = 'http://127.0.0.1:8080/home.html';

/** A PKCE pair as the hall makes it: a random verifier and its S256 challenge. */
export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A code the simulated platform issues to the hall for a citizen who signs in there, with the hall's verifier. */
export async function govCode(app: FastifyInstance, idNumber: string): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = newPkce();
  const res = await app.inject({
    method: 'POST',
    url: '/sim/gov/login',
    remoteAddress: freshIp(),
    payload: { idNumber, password: GOV_DEMO_PASSWORD, clientId: DEV_GOV_CLIENT_ID, redirectUri: HALL_RETURN, codeChallenge: challenge, codeChallengeMethod: 'S256' },
  });
  if (res.statusCode !== 200) throw new Error(`政务服务网登录失败：${res.statusCode} ${res.body}`);
  return { code: res.json<{ data: { authCode: string } }>().data.authCode, verifier };
}

/** Redeems a code at the hall's server as the hall does: POST zw/login (a session) or zw/identity (a ticket). */
export function redeemGovCode(app: FastifyInstance, call: 'login' | 'identity', issued: { code: string; verifier: string }): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/auth/v1/zw/${call}`,
    remoteAddress: freshIp(),
    payload: { authCode: issued.code, codeVerifier: issued.verifier, redirectUri: HALL_RETURN },
  });
}

/** A citizen's verified identity to register with (zw/identity after a platform sign-in). */
export async function verifiedIdentity(app: FastifyInstance, idNumber: string): Promise<{ ticket: string; xingming: string; zjhm: string }> {
  const res = await redeemGovCode(app, 'identity', await govCode(app, idNumber));
  if (res.statusCode !== 200) throw new Error(`身份核验失败：${res.statusCode} ${res.body}`);
  return res.json<{ data: { ticket: string; xingming: string; zjhm: string } }>().data;
}
