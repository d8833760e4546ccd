import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { httpStatusMessage } from '@gjj-hall/sdk';
import { ApiError } from '../http/envelope';

/** A session unused this long is over (spec 4.6: the hall's idle limit, enforced here too). */
export const SESSION_IDLE_MS = 30 * 60_000;
/** A session older than this is over, however busy. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60_000;
/**
 * How long one access token opens its session (ACCESS_TOKEN_TTL_SECONDS): the hall renews it before then while its user
 * is active (POST /api/auth/v1/auth/oauth/token); a copied token is of use for this long at most.
 */
export const ACCESS_TOKEN_TTL_MS = 30 * 60_000;
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
  /** The session's id: the hash of its first access token (it stays while refreshes change the access token). */
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
  /**
   * The login's identity is verified and the login not closed (auth/identity.ts), read in the same statement as the
   * session, so `requireVerified` needs no query of its own (issue 35).
   */
  verified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of the `token` header, touched; null without a usable one. */
    session: SessionUser | null;
  }
  interface FastifyInstance {
    /** How long an access token opens its session, in ms (ACCESS_TOKEN_TTL_SECONDS; `ACCESS_TOKEN_TTL_MS`). */
    readonly accessTokenTtlMs: number;
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

/** What a sign-in or a refresh hands out. */
export interface SessionTokens {
  /** The access token, sent as the `token` header of every call. */
  token: string;
  /** Exchanged once for a new pair at POST /api/auth/v1/auth/oauth/token. */
  refreshToken: string;
  /** Seconds the access token opens the session for. */
  expiresIn: number;
}

/** Response headers of a sign-in besides `token` (exposed to browsers by CORS). */
export const SESSION_HEADERS = { refreshToken: 'refresh-token', expiresIn: 'token-expires-in' } as const;

/** The SHA-256 (hex) under which a token is stored; the token itself never is. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const newToken = () => randomBytes(32).toString('hex');

/**
 * Opens a session and returns its tokens (each 32 random bytes as hex); the access token opens it for `ttlMs`. The
 * login's sessions past their maximum age go.
 */
export async function openSession(
  db: Db,
  userId: string,
  accountId: string,
  at: Date,
  loginMethod = PASSWORD_LOGIN_METHOD,
  ttlMs = ACCESS_TOKEN_TTL_MS,
): Promise<SessionTokens> {
  const token = newToken();
  const refreshToken = newToken();
  await db.query('delete from user_session where user_id = $1 and created_at < $2', [userId, new Date(at.getTime() - SESSION_MAX_AGE_MS)]);
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into user_session (token_hash, access_hash, access_expires_at, user_id, account_id, login_method, created_at, last_used_at)
       values ($1, $1, $2, $3, $4, $5, $6, $6)`,
      [hashToken(token), new Date(at.getTime() + ttlMs), userId, accountId, loginMethod, at],
    );
    await tx.query('insert into session_refresh (token_hash, session_hash, issued_at) values ($1, $2, $3)', [hashToken(refreshToken), hashToken(token), at]);
  });
  return { token, refreshToken, expiresIn: Math.round(ttlMs / 1000) };
}

/**
 * Opens a session for a sign-in and puts its tokens on the reply: `token`, `refresh-token` and `token-expires-in`
 * (seconds). Returns the access token, which sign-ins also answer in `data.token`.
 */
export async function signInSession(reply: FastifyReply, db: Db, userId: string, accountId: string, at: Date, loginMethod?: string): Promise<string> {
  const tokens = await openSession(db, userId, accountId, at, loginMethod, reply.server.accessTokenTtlMs);
  sendSessionTokens(reply, tokens);
  return tokens.token;
}

/** Puts a session's tokens on the reply's headers. */
export function sendSessionTokens(reply: FastifyReply, tokens: SessionTokens): void {
  reply.header('token', tokens.token);
  reply.header(SESSION_HEADERS.refreshToken, tokens.refreshToken);
  reply.header(SESSION_HEADERS.expiresIn, String(tokens.expiresIn));
}

/** Why a refresh was refused: an unknown token, a session that is over, a token used before, another session's. */
export type RefreshRefusal = 'unknown' | 'expired' | 'reused' | 'other-session';

/**
 * Exchanges a refresh token for a new access token and refresh token (rotation), in one transaction:
 * - the refresh token must be the session's current one: one used before revokes the whole session (it was copied:
 *   whoever presents it second, the thief or the user, is refused, and the other's pair stops working too);
 * - the request's access token (expired or not) must be the same session's current one: a refresh token is bound to
 *   its session, and another session's access token is refused;
 * - the session must still be open: not revoked, used within the idle limit, younger than the maximum age.
 * The refresh touches the session (an active user's refresh is a use).
 */
export async function refreshSession(
  db: Db,
  refreshToken: string,
  accessToken: string | undefined,
  at: Date,
  ttlMs = ACCESS_TOKEN_TTL_MS,
): Promise<SessionTokens | RefreshRefusal> {
  if (!TOKEN.test(refreshToken)) return 'unknown';
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ session_hash: string; used_at: Date | null; access_hash: string; revoked_at: Date | null; last_used_at: Date; created_at: Date }>(
      `select r.session_hash, r.used_at, s.access_hash, s.revoked_at, s.last_used_at, s.created_at
         from session_refresh r join user_session s on s.token_hash = r.session_hash
        where r.token_hash = $1
        for update of r, s`,
      [hashToken(refreshToken)],
    );
    if (!row) return 'unknown';
    if (row.revoked_at) return 'expired';
    if (row.used_at) {
      await tx.query('update user_session set revoked_at = $2 where token_hash = $1 and revoked_at is null', [row.session_hash, at]);
      return 'reused';
    }
    const t = at.getTime();
    if (lastUse(db, row.session_hash, row.last_used_at) <= t - SESSION_IDLE_MS || new Date(row.created_at).getTime() <= t - SESSION_MAX_AGE_MS) return 'expired';
    if (!accessToken || !TOKEN.test(accessToken) || hashToken(accessToken) !== row.access_hash) return 'other-session';
    const tokens: SessionTokens = { token: newToken(), refreshToken: newToken(), expiresIn: Math.round(ttlMs / 1000) };
    await tx.query('update session_refresh set used_at = $2 where token_hash = $1', [hashToken(refreshToken), at]);
    await tx.query('update user_session set access_hash = $2, access_expires_at = $3, last_used_at = $4 where token_hash = $1', [
      row.session_hash,
      hashToken(tokens.token),
      new Date(t + ttlMs),
      at,
    ]);
    await tx.query('insert into session_refresh (token_hash, session_hash, issued_at) values ($1, $2, $3)', [
      hashToken(tokens.refreshToken),
      row.session_hash,
      at,
    ]);
    rememberUse(db, row.session_hash, t);
    return tokens;
  });
}

/** Revokes the session of one token hash (nothing when it is unknown or already revoked). */
export async function revokeSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.query('update user_session set revoked_at = $2 where token_hash = $1 and revoked_at is null', [tokenHash, at]);
}

/**
 * Why a session was ended, when it was not the user's own doing; its next request hears the reason instead of the
 * catalogue's 401 (docs/api-personal.md › 信息变更与手机号码变更).
 */
export const REVOKED_REASONS = { phoneChanged: '您的手机号码已变更，请重新登录' } as const;

/**
 * Revokes every other open session of a login (the one of `keepTokenHash` goes on) and says why; returns how many.
 *
 * @example
 * await revokeOtherSessions(tx, userId, session.tokenHash, 'phoneChanged', now())
 */
export async function revokeOtherSessions(q: Queryable, userId: string, keepTokenHash: string, reason: keyof typeof REVOKED_REASONS, at: Date): Promise<number> {
  const rows = await q.query(
    'update user_session set revoked_at = $3, revoked_reason = $4 where user_id = $1 and token_hash <> $2 and revoked_at is null returning 1',
    [userId, keepTokenHash, at, reason],
  );
  return rows.length;
}

/** Revokes every open session of a login; returns how many. */
export async function revokeSessionsOf(db: Queryable, userId: string, at: Date): Promise<number> {
  const rows = await db.query('update user_session set revoked_at = $2 where user_id = $1 and revoked_at is null returning 1', [userId, at]);
  return rows.length;
}

/**
 * How stale the stored last use of a session may get before a request writes it again: a signed-in read records its
 * use at most once this often, not with a durable commit per call (issue 35). The uses in between are kept in memory
 * (`recentUses`), so on one instance the idle limit stays exact; see `touchSession` for several instances.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** Sessions whose unrecorded last use one process remembers, at most (the oldest is forgotten first). */
const MAX_REMEMBERED_USES = 100_000;

/**
 * Per database handle (one per server instance): session id -> the last use (ms) this instance saw that may be newer
 * than the stored `last_used_at`. Bounded; forgetting an entry can only make a session end up to one
 * SESSION_TOUCH_INTERVAL_MS early, never late.
 */
const recentUseMaps = new WeakMap<object, Map<string, number>>();

function recentUses(db: object): Map<string, number> {
  let uses = recentUseMaps.get(db);
  if (!uses) recentUseMaps.set(db, (uses = new Map()));
  return uses;
}

function rememberUse(db: object, tokenHash: string, at: number): void {
  const uses = recentUses(db);
  uses.delete(tokenHash);
  if (uses.size >= MAX_REMEMBERED_USES) uses.delete(uses.keys().next().value as string);
  uses.set(tokenHash, at);
}

/** The last use of a session: the stored one, or a newer one this instance saw and has not written. */
function lastUse(db: object, tokenHash: string, stored: Date | string): number {
  return Math.max(new Date(stored).getTime(), recentUses(db).get(tokenHash) ?? 0);
}

/**
 * The session of a token, read (not written) on each call: only when it is not revoked, was used within the idle
 * limit, is younger than the maximum age and its access token has not expired. Null otherwise.
 *
 * The use is recorded with a durable write only when the stored `last_used_at` is SESSION_TOUCH_INTERVAL_MS old or
 * more (at most once a minute per session, whatever the traffic); the uses in between are remembered in memory by this
 * instance, which counts the idle limit from the newest it knows. Revocation and logout are read from the database on
 * every call, so they take effect at the next request on every instance. With several instances, an instance that has
 * not served the session's last calls counts from the stored use, at most one interval older: a session can then end
 * up to one minute before its 30 idle minutes, never after them.
 */
export async function touchSession(db: Db, token: string, at: Date): Promise<SessionUser | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db.query<{
    token_hash: string;
    user_id: string;
    account_id: string;
    login_type: number;
    account: string;
    roles: string[];
    login_method: string;
    pwd_status: string;
    last_used_at: Date;
    verified: boolean;
  }>(
    `select s.token_hash, s.user_id::text as user_id, s.account_id::text as account_id, u.login_type, u.account, a.roles, s.login_method,
            u.pwd_status, s.last_used_at, (u.identity_verified and u.closed_at is null) as verified
       from user_session s join app_user u on u.id = s.user_id join user_account a on a.id = s.account_id
      where s.access_hash = $1 and s.revoked_at is null and s.created_at > $3
        and (s.access_expires_at is null or s.access_expires_at > $2)`,
    [hashToken(token), at, new Date(at.getTime() - SESSION_MAX_AGE_MS)],
  );
  if (!row) return null;
  const t = at.getTime();
  if (lastUse(db, row.token_hash, row.last_used_at) <= t - SESSION_IDLE_MS) return null;
  if (new Date(row.last_used_at).getTime() <= t - SESSION_TOUCH_INTERVAL_MS) {
    // Never moves the stored use back (another instance may have written a newer one meanwhile).
    await db.query('update user_session set last_used_at = $2 where token_hash = $1 and last_used_at < $2', [row.token_hash, at]);
  }
  rememberUse(db, row.token_hash, t);
  return {
    tokenHash: row.token_hash,
    userId: row.user_id,
    accountId: row.account_id,
    loginType: row.login_type as 1 | 2 | 3,
    login: row.account,
    roles: row.roles,
    loginMethod: row.login_method,
    pwdStatus: row.pwd_status,
    verified: row.verified === true,
  };
}

/**
 * Sessions for the API: every call with a `token` header touches its session (a public call too: a read, with a write
 * at most once a minute) and finds it on
 * `request.session`; `app.requireSession` is the preHandler of the calls that need one.
 */
export function sessionHooks(app: FastifyInstance, db: Db, now: () => Date, accessTokenTtlMs = ACCESS_TOKEN_TTL_MS): void {
  app.decorate('accessTokenTtlMs', accessTokenTtlMs);
  app.decorateRequest('session', null);
  app.decorate('requireSession', async (request: FastifyRequest) => {
    if (!request.session) {
      const token = request.headers.token;
      const given = typeof token === 'string' ? token.trim() : '';
      if (given && TOKEN.test(given)) {
        // Only on the way to a 401: a session ended for a reason (the phone changed elsewhere) is told why.
        const [row] = await db.query<{ revoked_reason: string | null }>(
          'select revoked_reason from user_session where access_hash = $1 and revoked_reason is not null',
          [hashToken(given)],
        );
        const reason = REVOKED_REASONS[row?.revoked_reason as keyof typeof REVOKED_REASONS];
        if (reason) throw new ApiError(401, reason);
      }
      throw new ApiError(401, given ? SESSION_EXPIRED_MESSAGE : SIGN_IN_FIRST_MESSAGE);
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
