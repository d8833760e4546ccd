import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db';
import { migrationsDir } from '../paths';

/** Serializes migrations when several server instances start against one PostgreSQL. */
const MIGRATION_LOCK = 7_402_651;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** The migrations in `dir`, named `NNN_name.sql`, in order. */
export function loadMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3,}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [version = '', ...rest] = file.replace(/\.sql$/, '').split('_');
      return { version, name: rest.join('_'), sql: readFileSync(join(dir, file), 'utf8') };
    });
}

/** Applies every migration not yet recorded in `schema_migrations`, each in its own transaction. Returns the versions applied. */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    version    text primary key,
    name       text not null,
    applied_at timestamptz not null default now()
  )`);
  await db.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    const done = new Set((await db.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await db.transaction(async (tx) => {
        await tx.exec(m.sql);
        await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      });
      applied.push(m.version);
    }
    return applied;
  } finally {
    await db.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
