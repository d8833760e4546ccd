// Write throughput of the embedded database (issue 18, item 6): N single-row insert transactions on a PGlite data
// directory, durable (the default: each commit fsynced to the disk) and with DB_UNSAFE_NO_FSYNC=1 (PGlite's own
// setting, fsync off). Run from the repository root: `node packages/server/bench/durability.bench.mjs [N]` or `npm run
// bench`. Builds the server first when its output is stale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PACKAGES, buildPackages, isStale } from '../../../scripts/lib/packages.mjs';

const root = resolve(import.meta.dirname, '..', '..', '..');
process.chdir(root);
const server = PACKAGES.filter((p) => p.name === '@gjj-hall/server' || p.name === '@gjj-hall/sdk');
if (server.some(isStale) && !buildPackages(server.filter(isStale))) process.exit(1);
const { openDatabase } = await import('../dist/index.js');

const N = Number(process.argv[2] ?? 1000);
const dir = mkdtempSync(join(tmpdir(), 'gjj-durability-'));

async function run(label, target) {
  const db = await openDatabase(target);
  try {
    const [{ fsync }] = await db.query('show fsync');
    await db.exec('create table bench (id serial primary key, payload text not null)');
    // A few to warm up, not counted.
    for (let i = 0; i < 20; i++) await db.query('insert into bench (payload) values ($1)', [`warm ${i}`]);
    const started = process.hrtime.bigint();
    for (let i = 0; i < N; i++) await db.query('insert into bench (payload) values ($1)', [`row ${i}`]);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const [{ n }] = await db.query('select count(*)::int as n from bench');
    console.log(`${label.padEnd(34)} fsync=${fsync.padEnd(3)} ${N} 次单行插入事务 ${seconds.toFixed(2)} 秒，${Math.round(N / seconds)} 行/秒（表内 ${n} 行）`);
    return N / seconds;
  } finally {
    await db.close();
  }
}

try {
  const durable = await run('durable (default)', { dataDir: join(dir, 'durable') });
  const unsafe = await run('DB_UNSAFE_NO_FSYNC=1', { dataDir: join(dir, 'unsafe'), unsafeNoFsync: true });
  console.log(`durable / unsafe: ${(durable / unsafe).toFixed(2)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
