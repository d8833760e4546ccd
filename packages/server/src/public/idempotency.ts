import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { ApiError } from '../http/envelope';

/** How long an idempotency key is kept: a repeat within this time gets the first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The header submissions carry their key in (letters, digits and `-_.:`, 8 to 128 characters; a UUID fits). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** JSON with object keys sorted, so the same content always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The key of a request's header, checked; undefined without one. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key)) throw new ApiError(400, '幂等键（Idempotency-Key）格式不正确：应为 8 至 128 位字母、数字或 -_.:');
  return key;
}

/**
 * Whose key it is (issue 18, item 17): the signed-in login (`user:<id>`), or for a visitor without a session the client
 * address as the server sees it (`client:` + a SHA-256 of it, so that no address is stored). Keys of different owners
 * never meet: a visitor who sends another's key, even with the same content, makes a submission of their own and
 * never receives the other's receipt; a key cannot be taken in advance to block someone else's submission either.
 * Within one owner the key stays bound to a SHA-256 of the request content (another content answers 422).
 */
export function idempotencyOwner(session: { userId: string } | null | undefined, clientAddress: string): string {
  if (session) return `user:${session.userId}`;
  return `client:${createHash('sha256').update(clientAddress).digest('hex').slice(0, 32)}`;
}

export interface IdempotentCall {
  /** What is submitted: 'complaint', 'evaluation'. */
  scope: string;
  /** Whose key: {@link idempotencyOwner}. Keys of different owners never meet. */
  owner: string;
  key: string | undefined;
  /** The request content the key is bound to. */
  body: unknown;
  at: Date;
}

/**
 * Runs `run` in a transaction once per (scope, owner, key): a repeat with the same content answers the first
 * answer without running again; a repeat with other content is refused (422). Concurrent repeats wait on an
 * advisory lock of the key, so exactly one of them runs. Without a key, `run` simply runs.
 */
export async function idempotent<T>(db: Db, call: IdempotentCall, run: (tx: Queryable) => Promise<T>): Promise<T> {
  const { key } = call;
  if (!key) return db.transaction(run);
  const hash = createHash('sha256').update(stableJson(call.body)).digest('hex');
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`idem:${call.scope}|${call.owner}|${key}`]);
    await tx.query('delete from idempotency_key where created_at < $1', [new Date(call.at.getTime() - IDEMPOTENCY_TTL_MS)]);
    const [seen] = await tx.query<{ request_hash: string; response: T }>(
      'select request_hash, response from idempotency_key where scope = $1 and owner = $2 and key = $3',
      [call.scope, call.owner, key],
    );
    if (seen) {
      if (seen.request_hash !== hash) throw new ApiError(422, '该幂等键已用于另一份不同内容的提交，请刷新页面后重新提交');
      return seen.response;
    }
    const result = await run(tx);
    await tx.query(
      'insert into idempotency_key (scope, owner, key, request_hash, response, created_at) values ($1, $2, $3, $4, $5, $6)',
      [call.scope, call.owner, key, hash, JSON.stringify(result), call.at],
    );
    return result;
  });
}
