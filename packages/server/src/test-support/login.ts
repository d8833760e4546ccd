import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { DEMO_PASSWORD } from '../seed/demo';

// Helpers for the server's tests: sign in through the real calls, reading the captcha from the dev outbox.

const AUTH = '/api/auth/v1';

let lastIp = 0;
/** A client address of its own for each sign-in, so the per-address limit only counts where a test means it to. */
export const freshIp = (): string => {
  lastIp += 1;
  return `10.1.${lastIp >> 8}.${lastIp & 255}`;
};

/** A new captcha and its answer (from GET /dev/outbox). */
export async function captcha(app: FastifyInstance): Promise<{ uuid: string; code: string }> {
  const { uuid } = (await app.inject({ url: `${AUTH}/getImgCode`, remoteAddress: freshIp() })).json<{ data: { uuid: string } }>().data;
  const outbox = (await app.inject({ url: `/dev/outbox?kind=captcha&to=${uuid}` })).json<{ data: Array<{ code: string }> }>().data;
  return { uuid, code: outbox[0]?.code ?? '' };
}

export async function publicKey(app: FastifyInstance): Promise<string> {
  return (await app.inject({ url: `${AUTH}/getPubleKey` })).json<{ data: string }>().data;
}

export interface LoginOptions {
  password?: string;
  loginType?: 1 | 2 | 3;
  ip?: string;
  /** Replaces the right captcha answer. */
  code?: string;
  uuid?: string;
  /** Replaces the encrypted fields as sent. */
  body?: Record<string, unknown>;
  /** The Cookie header to send, e.g. a device cookie from {@link deviceCookie}. */
  cookie?: string;
}

/** POST otherAuth/accountLogin as the hall does: username and password SM2-encrypted with the server's key. */
export async function login(app: FastifyInstance, account: string, options: LoginOptions = {}): Promise<LightMyRequestResponse> {
  const key = await publicKey(app);
  const c = await captcha(app);
  return app.inject({
    method: 'POST',
    url: `${AUTH}/otherAuth/accountLogin?grant_type=password&scope=server`,
    remoteAddress: options.ip ?? freshIp(),
    ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
    payload: {
      loginType: options.loginType ?? 1,
      username: sm2Encrypt(account, key),
      password: sm2Encrypt(options.password ?? DEMO_PASSWORD, key),
      code: options.code ?? c.code,
      uuid: options.uuid ?? c.uuid,
      ...options.body,
    },
  });
}

/** Signs in and returns the session token. */
export async function signIn(app: FastifyInstance, account: string, loginType: 1 | 2 | 3 = 1): Promise<string> {
  const res = await login(app, account, { loginType });
  if (res.statusCode !== 200) throw new Error(`登录失败：${res.statusCode} ${res.body}`);
  return String(res.headers.token);
}

/** The device cookie a successful sign-in set, as `name=value` for a Cookie header; '' when none. */
export function deviceCookie(res: LightMyRequestResponse): string {
  const set = res.headers['set-cookie'];
  const line = (Array.isArray(set) ? set : set ? [set] : []).find((c) => c.startsWith('gjj_device_'));
  return line ? (line.split(';')[0] ?? '') : '';
}
