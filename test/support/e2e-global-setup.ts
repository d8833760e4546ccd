import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './net';
import { seededDataDir } from './e2e-data';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SERVER = join(ROOT, 'packages/server/dist/main.js');
const HALL = join(ROOT, 'packages/hall/dist/home.html');

function waitForStart(child: ChildProcess): Promise<void> {
  return new Promise((resolveStart, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`服务端 60 秒内未启动：\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('网上业务大厅已启动')) {
        clearTimeout(timer);
        resolveStart();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`服务端提前退出（${code}）：\n${output}`));
    });
  });
}

/** Starts one built reference server on a free port with a fresh data directory, the test settings below. */
async function startServer(
  centreKey: string,
  archiveHostPort: number,
  dataDir = mkdtempSync(join(tmpdir(), 'gjj-e2e-')),
): Promise<{ url: string; stop: (options?: { keep?: boolean }) => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
      CENTRE_API_KEY: centreKey,
      HALL_FRAME_ANCESTORS: `http://127.0.0.1:${archiveHostPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForStart(child);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async ({ keep = false } = {}) => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the built reference server twice, exactly as `npm start` runs it, each on a free port with a fresh data
 * directory: tests find the shared one at process.env.GJJ_E2E_URL. The tests that change what the whole server
 * answers (the `server-state` project) get the second one (GJJ_E2E_STATE_URL; test/support/e2e.ts switches their
 * worker to it), so they run beside the others instead of after them. Both stopped with SIGTERM afterwards.
 */
export default async function globalSetup() {
  for (const file of [SERVER, HALL]) {
    if (!existsSync(file)) throw new Error(`缺少构建产物 ${file}：请先运行 npm run build`);
  }
  // The centre's side of the applications (docs/api-applications.md): tests decide as the centre with this key.
  const centreKey = randomBytes(24).toString('hex');
  // The servers the specs start themselves (token-refresh, wizard) spread process.env: the same setting for them.
  process.env.PICTURE_AFTER_FAILURES ??= '0';
  // The archive host example (examples/archive-host) frames the hall from its own origin: the hall must list it.
  const archiveHostPort = await freePort();
  // Initdb, the migrations and the demo seed once (about 10 CPU-seconds), in a data directory of its own that each
  // server, here and in the specs that start their own (seededDataDir), starts from as a copy (about 1 s).
  const template = mkdtempSync(join(tmpdir(), 'gjj-e2e-template-'));
  await (await startServer(centreKey, archiveHostPort, template)).stop({ keep: true });
  process.env.GJJ_E2E_DATA_TEMPLATE = template;
  const [shared, state] = await Promise.all([
    startServer(centreKey, archiveHostPort, seededDataDir('gjj-e2e-')),
    startServer(centreKey, archiveHostPort, seededDataDir('gjj-e2e-')),
  ]);
  process.env.GJJ_E2E_URL = shared.url;
  process.env.GJJ_E2E_STATE_URL = state.url;
  process.env.GJJ_E2E_CENTRE_KEY = centreKey;
  process.env.GJJ_E2E_ARCHIVE_HOST_PORT = String(archiveHostPort);

  return async () => {
    await Promise.all([shared.stop(), state.stop()]);
    rmSync(template, { recursive: true, force: true });
  };
}
