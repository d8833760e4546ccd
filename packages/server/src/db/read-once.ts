import type { Queryable } from './db';

/**
 * A view of `q` for one read-only check (the rows of `ywblxz/check`): a `select` asked again with the same parameters
 * answers from the first answer instead of the database (the rows of a rule table each read the applicant's account,
 * the centre's parameters …). Any other statement goes to the database and forgets what was read. Live for one check
 * only: never kept across requests or transactions.
 *
 * @example const q = readOnce(tx); await q.query('select …', [id]); await q.query('select …', [id]) // one round trip
 */
export function readOnce(q: Queryable): Queryable {
  const answers = new Map<string, Promise<unknown[]>>();
  return {
    query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      if (!/^\s*select\b/i.test(sql) || /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(sql)) {
        answers.clear();
        return q.query<T>(sql, params);
      }
      const key = `${sql}\u0000${JSON.stringify(params, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}`;
      let answer = answers.get(key);
      if (!answer) {
        answer = q.query<T>(sql, params);
        answers.set(key, answer);
        // A failed read is not kept: asked again, it is asked of the database.
        answer.catch(() => answers.delete(key));
      }
      return answer.then((rows) => rows.slice() as T[]);
    },
    exec(sql: string): Promise<void> {
      answers.clear();
      return q.exec(sql);
    },
  };
}
