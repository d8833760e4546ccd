import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsFromEnv } from '../start';
import { DURABLE_SETTINGS, hostFsyncCount, openDatabase, type Db } from './db';

// Issue 18, item 6: the embedded database flushes every commit to the disk unless told not to (DB_UNSAFE_NO_FSYNC=1).

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gjj-durable-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Creating a data directory (initdb) takes 10 to 40 s on a busy 2-core machine.
const show = async (db: Db, name: string) => (await db.query<Record<string, string>>(`show ${name}`))[0]?.[name];

describe('durability of the embedded database', () => {
  it('a default start on a data directory: fsync, synchronous_commit and full_page_writes on, each commit fsynced', async () => {
    const { target } = settingsFromEnv({ DATA_DIR: join(dir, 'durable') });
    expect(target).toEqual({ dataDir: join(dir, 'durable') });
    const db = await openDatabase(target);
    try {
      expect(await show(db, 'fsync')).toBe('on');
      expect(await show(db, 'synchronous_commit')).toBe('on');
      expect(await show(db, 'full_page_writes')).toBe('on');
      expect(await show(db, 'wal_sync_method')).toBe(DURABLE_SETTINGS.wal_sync_method);
      await db.exec('create table t (v int)');
      // Each commit reaches the host's fsync before it is acknowledged.
      for (let i = 0; i < 3; i++) {
        const before = hostFsyncCount();
        await db.query('insert into t values ($1)', [i]);
        expect(hostFsyncCount()).toBeGreaterThan(before);
      }
    } finally {
      await db.close();
    }
  }, 180_000);

  it('DB_UNSAFE_NO_FSYNC=1 is the only way to PGlite\'s fast setting, fsync off', async () => {
    const { target } = settingsFromEnv({ DATA_DIR: join(dir, 'fast'), DB_UNSAFE_NO_FSYNC: '1' });
    expect(target).toEqual({ dataDir: join(dir, 'fast'), unsafeNoFsync: true });
    const db = await openDatabase(target);
    try {
      expect(await show(db, 'fsync')).toBe('off');
      await db.exec('create table t (v int)');
      const before = hostFsyncCount();
      await db.query('insert into t values (1)');
      expect(hostFsyncCount()).toBe(before);
    } finally {
      await db.close();
    }
  }, 180_000);
});
