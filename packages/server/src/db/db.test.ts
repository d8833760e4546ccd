import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db';
import { loadMigrations, migrate } from './migrate';
import { seedDemo, DEMO_LOGINS } from '../seed/demo';
import { prepareDatabase } from '../start';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gjj-db-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('file-backed database', () => {
  it('migrates and seeds on first start, keeps the data, and seeds nothing twice', async () => {
    const dataDir = join(dir, 'data');
    const first = await prepareDatabase({ dataDir }, true);
    // The five demo logins, once each (later seed steps add logins of their own).
    const [users] = await first.query<{ n: number }>('select count(*)::int as n from app_user where account = any($1)', [
      DEMO_LOGINS.map((u) => u.account),
    ]);
    expect(users?.n).toBe(DEMO_LOGINS.length);
    await first.query(`update app_user set display_name = '张三丰' where account = '110101199003072316'`);
    await first.close();

    const again = await openDatabase({ dataDir });
    try {
      expect(await migrate(again)).toEqual([]);
      expect(await seedDemo(again)).toEqual([]);
      const [row] = await again.query<{ display_name: string }>(`select display_name from app_user where account = $1`, ['110101199003072316']);
      expect(row?.display_name).toBe('张三丰');
      const [rates] = await again.query<{ n: number }>('select count(*)::int as n from loan_rate');
      expect(rates?.n).toBe(16);
    } finally {
      await again.close();
    }
    // Two durable starts on disk (each fsyncs the data directory) and the whole seed: 20 to 60 s on a busy machine.
  }, 180_000);
});

describe('migrations', () => {
  it('applies pending migrations in order, records them, and rolls back a failing one whole', async () => {
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    writeFileSync(join(migrations, '002_second.sql'), 'insert into t values (2);');
    writeFileSync(join(migrations, '001_first.sql'), 'create table t (v int primary key);');
    writeFileSync(join(migrations, 'notes.txt'), 'not a migration');
    expect(loadMigrations(migrations).map((m) => `${m.version}_${m.name}`)).toEqual(['001_first', '002_second']);

    const db = await openDatabase({ memory: true });
    try {
      expect(await migrate(db, loadMigrations(migrations))).toEqual(['001', '002']);
      writeFileSync(join(migrations, '003_broken.sql'), 'insert into t values (3); insert into t values (2);');
      await expect(migrate(db, loadMigrations(migrations))).rejects.toThrow(/duplicate key/);
      expect((await db.query<{ v: number }>('select v from t order by v')).map((r) => r.v)).toEqual([2]);
      expect((await db.query<{ version: string }>('select version from schema_migrations order by version')).map((r) => r.version)).toEqual([
        '001',
        '002',
      ]);
    } finally {
      await db.close();
    }
  });

  it('the real migrations create the tables the server uses', async () => {
    const db = await openDatabase({ memory: true });
    try {
      await migrate(db);
      const tables = await db.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining([
        'app_meta',
        'app_user',
        'loan_rate',
        'schema_migrations',
        'user_account',
        'user_session',
        'captcha',
        'login_lock',
        'menu',
        'menu_role',
        'dict_entry',
        'sys_config',
        'notice',
        'dev_outbox',
      ]));
    } finally {
      await db.close();
    }
  });
});
