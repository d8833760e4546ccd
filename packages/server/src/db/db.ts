import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

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
  /**
   * Calls `fn` with the payload of every NOTIFY on `channel`, from any instance on the database (PostgreSQL: on a
   * connection of its own; PGlite: in this process). `fn('')` without a payload also when the connection is lost: a
   * listener can then no longer trust that it hears every change. Resolves to a function that stops listening.
   */
  listen?(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as one file (a tarball), for `{ memory: true, from }`. */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * Where the data lives: a PostgreSQL URL, a PGlite data directory, or memory. A data directory is durable (every
 * commit flushed to the disk before it is acknowledged) unless `unsafeNoFsync` (DB_UNSAFE_NO_FSYNC=1) trades that
 * away for speed: a power cut or an operating system crash may then lose acknowledged writes or corrupt the directory.
 */
export type DbTarget =
  | { databaseUrl: string }
  | { dataDir: string; unsafeNoFsync?: boolean }
  // `from`: a dump of a data directory (PGlite's dumpDataDir) to start from, as the tests start from a seeded template.
  | { memory: true; from?: string };

/**
 * The PostgreSQL settings of a durable PGlite data directory, in place of PGlite's own start parameters, which pass
 * `-F` (fsync off). `wal_sync_method=fsync` because PGlite's file system answers fdatasync() without doing anything
 * (Emscripten's __syscall_fdatasync), while fsync() reaches the disk through `durableNodeFs`.
 */
export const DURABLE_SETTINGS = { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on', wal_sync_method: 'fsync' } as const;

/** PGlite 0.5's start parameters (PGlite.defaultStartParams), should a version stop exposing them. */
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
];

let hostFsyncs = 0;
/** How many fsync calls the durable PGlite file systems of this process have passed to the disk (for the tests). */
export const hostFsyncCount = (): number => hostFsyncs;

/**
 * Opens the database. PGlite and pg are loaded only when chosen, so a deployment on PostgreSQL
 * never starts the embedded engine.
 */
export async function openDatabase(target: DbTarget): Promise<Db> {
  if ('databaseUrl' in target) return openPg(target.databaseUrl);
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    return openPglite(target.dataDir, !target.unsafeNoFsync);
  }
  return openPglite(undefined, false, target.from);
}

/** fsync()s every file and folder under `dir`, as PostgreSQL does after a crash: what an earlier start left in the
 * page cache (initdb writes without syncing; DB_UNSAFE_NO_FSYNC) is on the disk before anything new is acknowledged. */
function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) syncTree(path);
    else if (entry.isFile()) syncPath(path);
  }
  syncPath(dir);
}

function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
    hostFsyncs += 1;
  } finally {
    closeSync(fd);
  }
}

async function openPglite(dataDir: string | undefined, durable: boolean, from?: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  let pg: InstanceType<typeof PGlite>;
  if (dataDir && durable) {
    const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? PGLITE_START_PARAMS;
    const startParams = [
      ...defaults.filter((p) => p !== '-F'),
      ...Object.entries(DURABLE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ];
    pg = await PGlite.create({ fs: await durableNodeFs(dataDir), startParams });
    syncTree(dataDir);
  } else {
    // Memory, or DB_UNSAFE_NO_FSYNC: PGlite's own settings (fsync off).
    if (dataDir) pg = await PGlite.create(dataDir);
    else if (from) pg = await PGlite.create({ loadDataDir: new Blob([readFileSync(from)]) });
    else pg = await PGlite.create();
  }
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
    listen: (channel, fn) => pg.listen(channel, (payload) => fn(payload)),
    close: () => pg.close(),
    dumpDataDir: () => pg.dumpDataDir('none'),
  };
}

interface EmscriptenStream {
  nfd: number;
}
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number }; tryFSOperation<T>(fn: () => T): T };
}

/**
 * PGlite's Node file system with fsync: Emscripten's NODEFS has no fsync operation, so every fsync() PostgreSQL makes
 * succeeds without reaching the disk. This one passes it on to the host's fsync (errors come back to PostgreSQL as
 * I/O errors, and it stops rather than carry on without its data on disk).
 */
async function durableNodeFs(dataDir: string) {
  const { NodeFS } = await import('@electric-sql/pglite/nodefs');
  class DurableNodeFS extends NodeFS {
    override async init(...args: Parameters<InstanceType<typeof NodeFS>['init']>) {
      const { emscriptenOpts } = await super.init(...args);
      type PostgresMod = Parameters<NonNullable<typeof emscriptenOpts.preRun>[number]>[0];
      const addFsync = (postgres: PostgresMod) => {
        const mod = postgres as unknown as EmscriptenModule;
        mod.NODEFS.stream_ops.fsync = (stream) =>
          mod.NODEFS.tryFSOperation(() => {
            fsyncSync(stream.nfd);
            hostFsyncs += 1;
            return 0;
          });
      };
      const preRun = emscriptenOpts.preRun ?? [];
      return { emscriptenOpts: { ...emscriptenOpts, preRun: [...preRun, addFsync] } };
    }
  }
  return new DurableNodeFS(dataDir);
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
    async listen(channel, fn) {
      const client = new pgModule.Client({ connectionString });
      await client.connect();
      let lost = false;
      client.on('notification', (message) => {
        if (message.channel === channel) fn(message.payload ?? '');
      });
      client.on('error', () => {
        if (!lost) fn('');
        lost = true;
      });
      await client.query(`listen "${channel.replace(/"/g, '""')}"`);
      return async () => {
        lost = true;
        await client.end().catch(() => undefined);
      };
    },
    close: () => pool.end(),
  };
}
