import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import { centreMinute } from '../clock';
import { ApiError } from '../http/envelope';
import { clearFailures, lockedMessage, reserveUntrustedAttempt, waitMessage } from './lockout';

// Device cookies (issue 18 item 2; OWASP, Blocking Brute Force Attacks, "device cookies"; docs/security/lockout.md).
// A browser where a login signed in before carries a signed cookie for that login. Its failures count against that
// cookie only; failures without one count against the login for untrusted clients only (auth/lockout.ts). So a
// stranger's flood of wrong passwords slows and then stops the stranger, never the owner in their own browser.

/** Environment variable with the secret that signs device cookies (at least 32 characters); else one kept in app_meta. */
export const DEVICE_SECRET_ENV = 'DEVICE_COOKIE_SECRET';
/** app_meta key of the generated secret, shared by every instance on one database. */
export const DEVICE_SECRET_META_KEY = 'device_cookie_secret';
/** Cookie names are this plus 16 hex digits derived (HMAC) from the login, so one browser can be known for several logins. */
export const DEVICE_COOKIE_PREFIX = 'gjj_device_';
/** A device cookie lives 180 days from the sign-in that set it (each sign-in sets a new one). */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** Failures with one device cookie that refuse that cookie … */
export const DEVICE_MAX_FAILURES = 5;
/** … for this long; and a failure this long after the previous one starts its count again. */
export const DEVICE_LOCK_MS = 15 * 60_000;

const NONCE = /^[A-Za-z0-9_-]{22}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

/** The 429 message of a refused device cookie: only this browser, only this login, until the time shown. */
export function deviceLockedMessage(until: Date): string {
  const minute = new Date(Math.ceil(until.getTime() / 60_000) * 60_000);
  return `在本浏览器上登录失败次数过多，已暂停在本浏览器上登录该账号，请于 ${centreMinute(minute)} 后再试`;
}

/**
 * The secret that signs device cookies: DEVICE_COOKIE_SECRET when set (at least 32 characters, the same on every
 * instance), else 32 random bytes made on first use and kept in app_meta, so that every instance on one database
 * shares it (the first insert wins; everyone reads it back).
 *
 * @example
 * const secret = await loadDeviceSecret(db, process.env.DEVICE_COOKIE_SECRET)
 */
export async function loadDeviceSecret(db: Queryable, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 32) throw new Error(`${DEVICE_SECRET_ENV} 至少 32 个字符（建议 openssl rand -base64 48 生成）`);
    return Buffer.from(fromEnv, 'utf8');
  }
  const read = async () => {
    const [row] = await db.query<{ value: string }>('select value from app_meta where key = $1', [DEVICE_SECRET_META_KEY]);
    return row ? Buffer.from(row.value, 'base64') : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  await db.query('insert into app_meta (key, value) values ($1, $2) on conflict (key) do nothing', [
    DEVICE_SECRET_META_KEY,
    randomBytes(32).toString('base64'),
  ]);
  const stored = await read();
  if (!stored) throw new Error('设备 Cookie 密钥保存失败');
  return stored;
}

const hmac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest();

/**
 * The name of `login`'s device cookie. The login itself is in neither the name nor the value (an ID number is
 * personal data), only in what the HMAC covers.
 */
export function deviceCookieName(secret: Buffer, login: string): string {
  return DEVICE_COOKIE_PREFIX + hmac(secret, `name\n${login}`).toString('hex').slice(0, 16);
}

/** A new device cookie value for `login`: a random nonce and the HMAC-SHA256 of the login and the nonce. */
export function deviceCookieValue(secret: Buffer, login: string, nonce = randomBytes(16).toString('base64url')): string {
  return `${nonce}.${hmac(secret, `device\n${login}\n${nonce}`).toString('base64url')}`;
}

/**
 * The Set-Cookie header of a new device cookie for `login`: HttpOnly, SameSite=Lax, Path=/api/, 180 days, and Secure
 * when the request came over https.
 *
 * @example
 * deviceSetCookie(secret, '110101199003072316', true) // 'gjj_device_…=…; Max-Age=15552000; Path=/api/; HttpOnly; SameSite=Lax; Secure'
 */
export function deviceSetCookie(secret: Buffer, login: string, secure: boolean): string {
  const attributes = [`Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`, 'Path=/api/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return `${deviceCookieName(secret, login)}=${deviceCookieValue(secret, login)}; ${attributes.join('; ')}`;
}

/** The nonce of a device cookie value when it is valid for `login`; null for anything forged, altered or another login's. */
export function verifyDeviceCookie(secret: Buffer, login: string, value: string): string | null {
  const [nonce = '', mac = '', ...rest] = value.split('.');
  if (rest.length || !NONCE.test(nonce) || !MAC.test(mac)) return null;
  // Compared as text: decoding would ignore the spare low bits of the last character, so an altered cookie could pass.
  const expected = Buffer.from(hmac(secret, `device\n${login}\n${nonce}`).toString('base64url'));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** The values of every cookie called `name` in a Cookie header. */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}

let lastSweep = 0;

/**
 * Counts an attempt with device cookie `nonce` as a failure before its secret is checked (one statement, so
 * concurrent attempts cannot pass the limit); null when the cookie is refused, with the end of its lock.
 */
async function reserveDeviceAttempt(
  db: Queryable,
  nonce: string,
  account: string,
  at: Date,
): Promise<{ failures: number; lockedUntil: Date | null } | { refusedUntil: Date }> {
  if (at.getTime() - lastSweep > 60_000) {
    lastSweep = at.getTime();
    await db.query('delete from device_lock where updated_at < $1 and (locked_until is null or locked_until < $2)', [
      new Date(at.getTime() - DEVICE_LOCK_MS),
      at,
    ]);
  }
  const n = `(case when d.locked_until is not null or d.updated_at < $3 then 1 else d.failures + 1 end)`;
  const [row] = await db.query<{ failures: number; locked_until: Date | null }>(
    `insert into device_lock as d (nonce, account, failures, locked_until, updated_at)
     values ($1, $2, 1, case when 1 >= $5::int then $4::timestamptz + $6::int * interval '1 millisecond' end, $4)
     on conflict (nonce) do update set
       failures = ${n},
       locked_until = case when ${n} >= $5::int then $4::timestamptz + $6::int * interval '1 millisecond' end,
       updated_at = $4
     where not coalesce(d.locked_until > $4::timestamptz, false)
     returning failures, locked_until`,
    [nonce, account, new Date(at.getTime() - DEVICE_LOCK_MS), at, DEVICE_MAX_FAILURES, DEVICE_LOCK_MS],
  );
  if (row) return { failures: row.failures, lockedUntil: row.locked_until ? new Date(row.locked_until) : null };
  const [held] = await db.query<{ locked_until: Date }>('select locked_until from device_lock where nonce = $1', [nonce]);
  return { refusedUntil: held?.locked_until ? new Date(held.locked_until) : new Date(at.getTime() + DEVICE_LOCK_MS) };
}

/** One sign-in attempt that {@link SignInGuard.begin} let through (and already counted as a failure). */
export interface SignInAttempt {
  /** Whether the request carried a valid device cookie for the login. */
  readonly trusted: boolean;
  /** What to answer for a wrong secret: `error` itself, or the 429 of the lock that this very failure set. */
  failed(error: unknown): unknown;
  /**
   * The secret was right: the count of this attempt is forgotten and, unless `cookie` is false (a recovery check,
   * which signs nobody in), a fresh device cookie for the login is set on the reply.
   */
  succeeded(options?: { cookie?: boolean }): Promise<void>;
}

/** The device rule for every way in that takes a secret (password, SMS code, certificate, recovery code). */
export interface SignInGuard {
  /**
   * Before a secret for `login` is checked: answers 429 (with Retry-After) while this client may not try — its
   * device cookie is refused, or, without a valid one, the login is waiting or locked for untrusted clients — and
   * otherwise counts the attempt and hands back what to call once the secret is checked.
   */
  begin(request: FastifyRequest, reply: FastifyReply, login: string): Promise<SignInAttempt>;
  /** Loads the secret now (so that a bad DEVICE_COOKIE_SECRET stops the start rather than a sign-in). */
  ready(): Promise<void>;
}

function tooMany(reply: FastifyReply, until: Date, at: Date, message: string): ApiError {
  reply.header('retry-after', String(Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000))));
  return new ApiError(429, message);
}

/**
 * The device rule on `db` (one per route module is fine: everything lives in the database).
 *
 * @example
 * const guard = createSignInGuard(db, now)
 * const attempt = await guard.begin(request, reply, account)
 * if (!(await verifyPassword(password, hash))) throw attempt.failed(new ApiError(426))
 * await attempt.succeeded()
 */
export function createSignInGuard(db: Queryable, now: () => Date, secretFromEnv: string | undefined = process.env[DEVICE_SECRET_ENV]): SignInGuard {
  let secret: Promise<Buffer> | undefined;
  const loadSecret = () => {
    secret ??= loadDeviceSecret(db, secretFromEnv).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };

  const setCookie = (request: FastifyRequest, reply: FastifyReply, key: Buffer, login: string) => {
    reply.header('set-cookie', deviceSetCookie(key, login, request.protocol === 'https'));
  };

  return {
    ready: async () => void (await loadSecret()),
    async begin(request, reply, login) {
      const at = now();
      const key = await loadSecret();
      const cookie = typeof request.headers.cookie === 'string' ? request.headers.cookie : undefined;
      const nonce = cookieValues(cookie, deviceCookieName(key, login))
        .map((value) => verifyDeviceCookie(key, login, value))
        .find((found): found is string => !!found);

      if (nonce) {
        const reserved = await reserveDeviceAttempt(db, nonce, login, at);
        if ('refusedUntil' in reserved) throw tooMany(reply, reserved.refusedUntil, at, deviceLockedMessage(reserved.refusedUntil));
        return {
          trusted: true,
          failed: (error) => (reserved.lockedUntil ? tooMany(reply, reserved.lockedUntil, at, deviceLockedMessage(reserved.lockedUntil)) : error),
          async succeeded(options) {
            await db.query('delete from device_lock where nonce = $1', [nonce]);
            if (options?.cookie !== false) setCookie(request, reply, key, login);
          },
        };
      }

      const reserved = await reserveUntrustedAttempt(db, login, at);
      if (reserved.kind === 'locked') throw tooMany(reply, reserved.until, at, lockedMessage(reserved.until));
      if (reserved.kind === 'wait') {
        const seconds = Math.max(1, Math.ceil((reserved.until.getTime() - at.getTime()) / 1000));
        throw tooMany(reply, reserved.until, at, waitMessage(seconds));
      }
      return {
        trusted: false,
        failed: (error) => (reserved.lockedUntil ? tooMany(reply, reserved.lockedUntil, at, lockedMessage(reserved.lockedUntil)) : error),
        async succeeded(options) {
          await clearFailures(db, login);
          if (options?.cookie !== false) setCookie(request, reply, key, login);
        },
      };
    },
  };
}
