import { describe, expect, it } from 'vitest';
import type { Queryable } from './db';
import { readOnce } from './read-once';

const counting = () => {
  const seen: string[] = [];
  const q: Queryable = {
    query: async <T>(sql: string, params: readonly unknown[] = []) => {
      seen.push(`${sql} ${params.map(String).join(",")}`);
      return [{ n: seen.length }] as T[];
    },
    exec: async () => undefined,
  };
  return { q, seen };
};

describe('readOnce', () => {
  it('asks a select with the same parameters once; other parameters, other statements and locking reads go through', async () => {
    const { q, seen } = counting();
    const once = readOnce(q);
    expect(await once.query('select 1 where a = $1', ['x'])).toEqual([{ n: 1 }]);
    expect(await once.query('select 1 where a = $1', ['x'])).toEqual([{ n: 1 }]);
    await once.query('select 1 where a = $1', ['y']);
    await once.query('select 1 from t for update', []);
    await once.query('select 1 from t for update', []);
    expect(seen).toHaveLength(4);
  });

  it('forgets what it read after a write', async () => {
    const { q, seen } = counting();
    const once = readOnce(q);
    await once.query('select balance from a where id = $1', [1n]);
    await once.query('update a set balance = 0 where id = $1', [1n]);
    expect(await once.query('select balance from a where id = $1', [1n])).toEqual([{ n: 3 }]);
    expect(seen).toHaveLength(3);
  });
});
