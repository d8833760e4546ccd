import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './net';

/** A throwaway PostgreSQL server for tests of the `DATABASE_URL` path. */
export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  const dir = version ? join(root, version, 'bin') : undefined;
  return dir && existsSync(join(dir, 'initdb')) ? dir : undefined;
}

/** Why a real PostgreSQL cannot be started here, or undefined when it can. */
export function postgresUnavailable(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return undefined;
  if (!binDir()) return 'PostgreSQL 服务端未安装（Debian: apt-get install postgresql），或设置 TEST_DATABASE_URL';
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0) return '以 root 运行时需要 postgres 用户来运行 initdb';
  return undefined;
}

/**
 * Uses TEST_DATABASE_URL when set; otherwise creates a new cluster in a temporary folder (initdb, as the
 * postgres user when running as root) and starts it on a free loopback port.
 */
export async function startPostgres(): Promise<TestPostgres> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  const bin = binDir();
  if (!bin) throw new Error(postgresUnavailable());
  const dir = mkdtempSync(join(tmpdir(), 'gjj-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = (cmd: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' }) : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'gjj', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  run('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  return {
    url: `postgres://gjj@127.0.0.1:${port}/postgres`,
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
