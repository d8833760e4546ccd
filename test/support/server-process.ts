import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './net';

/** The built reference server every end-to-end server runs. */
export const SERVER_MAIN = resolve(import.meta.dirname, '..', '..', 'packages/server/dist/main.js');

/**
 * The settings of every end-to-end server: the global setup's two and the ones a spec starts for itself (wizard,
 * token-refresh, unit-business). Each limit raised here is another test's to check, on a server of its own.
 */
export function testServerEnv(): Record<string, string> {
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // The tests read captcha answers and SMS codes at /dev/outbox, as npm start offers it.
    GJJ_DEV_ROUTES: '1',
    // Every end-to-end test signs in from 127.0.0.1: the per-address limit (20 a minute) is the server tests' to check.
    LOGIN_RATE_LIMIT: '1000',
    // Likewise every complaint and evaluation comes from 127.0.0.1 (30 a minute is public.test.ts's to check).
    SUBMIT_RATE_LIMIT: '1000',
    // And every calculation (30 a minute and the shedding under lag are flood.test.ts's to check).
    CALC_RATE_LIMIT: '1000',
    MAX_EVENT_LOOP_DELAY: '0',
    // And every SMS is asked for from 127.0.0.1 (10 an hour, 30 a day is sms-code.test.ts's to check).
    SMS_CLIENT_HOURLY_LIMIT: '1000',
    SMS_CLIENT_DAILY_LIMIT: '1000',
    // And every picture captcha (the SMS forms fetch a new one after each send): 60 a minute is auth.test.ts's.
    CAPTCHA_RATE_LIMIT: '1000',
    // And every sign-in and SMS form: the proof of work (issue 37) would give way to the picture after three
    // refusals from 127.0.0.1 anyway, so these servers ask for the picture every time, as the specs written before
    // it expect; the default check and its escalation are human-check.spec.ts's, on a server of its own.
    PICTURE_AFTER_FAILURES: process.env.PICTURE_AFTER_FAILURES ?? '0',
  };
  // The centre's key and the archive host's origin the global setup chose, once it has (the specs' servers too).
  if (process.env.GJJ_E2E_CENTRE_KEY) env.CENTRE_API_KEY = process.env.GJJ_E2E_CENTRE_KEY;
  if (process.env.GJJ_E2E_ARCHIVE_HOST_PORT) env.HALL_FRAME_ANCESTORS = `http://127.0.0.1:${process.env.GJJ_E2E_ARCHIVE_HOST_PORT}`;
  return env;
}

function waitForStart(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolveStart, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`服务端 ${timeoutMs / 1000} 秒内未启动：\n${output}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('网上业务大厅已启动')) {
        clearTimeout(timer);
        resolveStart();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`服务端提前退出（${code}）：\n${output}`));
    });
  });
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  /** Stops the server (SIGTERM) and removes its data directory unless `keep`. */
  stop(options?: { keep?: boolean }): Promise<void>;
  /** Stops it and starts it again on the same port and data directory (what survives a restart). */
  restart(): Promise<void>;
}

/**
 * Starts one built reference server on a free port (or `port`) with `dataDir` (a fresh empty one by default, which
 * the server migrates and seeds; `seededDataDir` gives a copy of the seeded template instead), the test settings
 * above plus `env`. A cold start on a busy machine can take a minute.
 *
 * @example
 * const server = await startServer({ dataDir: seededDataDir('gjj-e2e-unit-') });
 * try { … server.url … } finally { await server.stop(); }
 */
export async function startServer(options: { dataDir?: string; port?: number; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'gjj-e2e-'));
  const port = options.port ?? (await freePort());
  const launch = async () => {
    const child = spawn(process.execPath, [SERVER_MAIN], {
      env: { ...process.env, ...testServerEnv(), ...options.env, PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitForStart(child, 120_000);
    return child;
  };
  const halt = async (child: ChildProcess) => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  let child = await launch();
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    stop: async ({ keep = false } = {}) => {
      await halt(child);
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
    restart: async () => {
      await halt(child);
      child = await launch();
    },
  };
}
