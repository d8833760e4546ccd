import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { httpStatusMessage } from '@gjj-hall/sdk';
import { ApiError } from '../http/envelope';

/** A session unused this long is over (spec 4.6: the hall's idle limit, enforced here too). */
export const SESSION_IDLE_MS = 30 * 60_000;
/** A session older than this is over, however busy. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60_000;
/** Login method of an account-and-password sign-in (400 would be face, spec 4.2). */
export const PASSWORD_LOGIN_METHOD = '100';

const TOKEN = /^[0-9a-f]{64}$/;

/** The 401 of a call that needs a session when the request carries no token at all: a visitor, not an expired session. */
export const SIGN_IN_FIRST_MESSAGE = '请先登录';
/** The 401 of a token that opens no session (expired, revoked, unknown): the catalogue's words (spec 8.2). */
export const SESSION_EXPIRED_MESSAGE = httpStatusMessage(401);
/** The 403 of a call made by a login whose password is still the initial one (spec 4.1: change it first). */
export const CHANGE_INITIAL_PASSWORD_MESSAGE = '请先修改初始密码';

/** The signed-in user of a request, from its `token` header. */
export interface SessionUser {
  tokenHash: string;
  /** app_user id: the login. */
  userId: string;
  /** user_account id: the account the session is on. */
  accountId: string;
  loginType: 1 | 2 | 3;
  /** The login's account (ID number, unit account, ...). */
  login: string;
  roles: string[];
  loginMethod: string;
  /** The login's password status (spec 3.1): '0' an initial one, which must be changed before anything else. */
  pwdStatus: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of the `token` header, touched; null without a usable one. */
    session: SessionUser | null;
  }
  interface FastifyInstance {
    /**
     * A preHandler for routes that need a session: HTTP 401 without one (请先登录 when no token was sent, the
     * catalogue's expiry message for a token that opens none), and HTTP 403 请先修改初始密码 while the login's password
     * is an initial one, unless the route allows that (`config: { initialPassword: true }`).
     */
    requireSession(request: FastifyRequest): Promise<void>;
  }
  interface FastifyContextConfig {
    /** A call a login with an initial password may make: what changing the password needs (spec 4.1). */
    initialPassword?: boolean;
  }
}

/** The SHA-256 (hex) under which a token is stored; the token itself never is. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session and returns its token: 32 random bytes as hex. The login's sessions past their maximum age go. */
export async function openSession(db: Db, userId: string, accountId: string, at: Date, loginMethod = PASSWORD_LOGIN_METHOD): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db.query('delete from user_session where user_id = $1 and created_at < $2', [userId, new Date(at.getTime() - SESSION_MAX_AGE_MS)]);
  await db.query(
    `insert into user_session (token_hash, user_id, account_id, login_method, created_at, last_used_at)
     values ($1, $2, $3, $4, $5, $5)`,
    [hashToken(token), userId, accountId, loginMethod, at],
  );
  return token;
}

/** Revokes the session of one token hash (nothing when it is unknown or already revoked). */
export async function revokeSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.query('update user_session set revoked_at = $2 where token_hash = $1 and revoked_at is null', [tokenHash, at]);
}

/** Revokes every open session of a login; returns how many. */
export async function revokeSessionsOf(db: Queryable, userId: string, at: Date): Promise<number> {
  const rows = await db.query('update user_session set revoked_at = $2 where user_id = $1 and revoked_at is null returning 1', [userId, at]);
  return rows.length;
}

/**
 * The session of a token, touched in the same statement: only when it is not revoked, was used within the idle
 * limit and is younger than the maximum age. Null otherwise.
 */
export async function touchSession(db: Db, token: string, at: Date): Promise<SessionUser | null> {
  if (!TOKEN.test(token)) return null;
  const tokenHash = hashToken(token);
  const [row] = await db.query<{
    user_id: string;
    account_id: string;
    login_type: number;
    account: string;
    roles: string[];
    login_method: string;
    pwd_status: string;
  }>(
    `update user_session s set last_used_at = $2
       from app_user u, user_account a
      where s.token_hash = $1 and s.revoked_at is null and s.last_used_at > $3 and s.created_at > $4
        and u.id = s.user_id and a.id = s.account_id
      returning s.user_id::text as user_id, s.account_id::text as account_id, u.login_type, u.account, a.roles, s.login_method,
                u.pwd_status`,
    [tokenHash, at, new Date(at.getTime() - SESSION_IDLE_MS), new Date(at.getTime() - SESSION_MAX_AGE_MS)],
  );
  if (!row) return null;
  return {
    tokenHash,
    userId: row.user_id,
    accountId: row.account_id,
    loginType: row.login_type as 1 | 2 | 3,
    login: row.account,
    roles: row.roles,
    loginMethod: row.login_method,
    pwdStatus: row.pwd_status,
  };
}

/**
 * Sessions for the API: every call with a `token` header touches its session (a public call too) and finds it on
 * `request.session`; `app.requireSession` is the preHandler of the calls that need one.
 */
export function sessionHooks(app: FastifyInstance, db: Db, now: () => Date): void {
  app.decorateRequest('session', null);
  app.decorate('requireSession', async (request: FastifyRequest) => {
    if (!request.session) {
      const token = request.headers.token;
      throw new ApiError(401, typeof token === 'string' && token.trim() ? SESSION_EXPIRED_MESSAGE : SIGN_IN_FIRST_MESSAGE);
    }
    if (request.session.pwdStatus === '0' && request.routeOptions.config.initialPassword !== true) {
      throw new ApiError(403, CHANGE_INITIAL_PASSWORD_MESSAGE);
    }
  });
  app.addHook('onRequest', async (request) => {
    const token = request.headers.token;
    if (typeof token !== 'string' || !request.url.startsWith('/api/')) return;
    request.session = await touchSession(db, token.trim(), now());
  });
}
