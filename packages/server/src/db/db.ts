import { mkdirSync } from 'node:fs';

/** Something SQL can be sent to: the database itself, or one transaction. */
export interface Queryable {
  /** Runs one parameterized statement ($1, $2, ...) and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The one database interface the server uses, over PGlite or a PostgreSQL server. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Where the data lives: a PostgreSQL URL, a PGlite data directory, or memory. */
export type DbTarget = { databaseUrl: string } | { dataDir: string } | { memory: true };

/**
 * Opens the database. PGlite and pg are loaded only when chosen, so a deployment on PostgreSQL
 * never starts the embedded engine.
 */
export async function openDatabase(target: DbTarget): Promise<Db> {
  if ('databaseUrl' in target) return openPg(target.databaseUrl);
  if ('dataDir' in target) mkdirSync(target.dataDir, { recursive: true });
  return openPglite('dataDir' in target ? target.dataDir : undefined);
}

async function openPglite(dataDir: string | undefined): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const wrap = (q: Pick<typeof pg, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

async function openPg(connectionString: string): Promise<Db> {
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({ connectionString, max: 10 });
  // Fail at start-up, with the driver's reason, rather than on the first request.
  await pool.query('select 1');
  const wrap = (q: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> }): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  return {
    kind: 'pg',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
