// A throwaway PostgreSQL cluster for the benchmarks (the same recipe as test/support/postgres.ts), tuned a little for
// bulk loading: records.bench.mjs and detail.bench.mjs.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway cluster (the same recipe as test/support/postgres.ts), tuned a little for bulk loading. */
export async function startPostgres(keep = false, { durable = false } = {}) {
  const base = '/usr/lib/postgresql';
  const version = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  const bin = version && join(base, version, 'bin');
  if (!bin || !existsSync(join(bin, 'initdb'))) throw new Error('PostgreSQL 服务端未安装（Debian: apt-get install postgresql），或设置 DATABASE_URL');
  const dir = mkdtempSync(join(tmpdir(), 'gjj-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
  chmodSync(dir, 0o700);
  const run = (cmd, args) => (asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' }) : execFileSync(join(bin, cmd), args, { stdio: 'pipe' }));
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'gjj', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => ok(p));
    });
  });
  // durable: every commit flushed as a centre runs it (the load bench); otherwise fsync off for bulk loading.
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${durable ? '' : ' -c fsync=off'} -c shared_buffers=512MB -c max_wal_size=8GB -c maintenance_work_mem=256MB -c work_mem=64MB`;
  run('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'log'), '-o', settings, 'start']);
  return {
    url: `postgres://gjj@127.0.0.1:${port}/postgres`,
    version: `PostgreSQL ${version}（临时集群，${durable ? 'fsync=on' : 'fsync=off'}，shared_buffers=512MB）`,
    stop() {
      if (keep) return console.log(`保留集群：${dir}（pg_ctl -D ${data} stop）`);
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

