// The built reference server in a child process, started as test/support/e2e-global-setup.ts starts it (npm start's
// main.js, a fresh data directory, the development calls on, the per-address limits out of the way), for the scripts
// that measure it from outside: npm run lighthouse and the static-file bench.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const SERVER_MAIN = join(ROOT, 'packages/server/dist/main.js');
export const HALL_HOME = join(ROOT, 'packages/hall/dist/home.html');

/** A free loopback port, found by letting the OS pick one. */
export function freePort() {
  return new Promise((done, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the built server on a free port; resolves with its address and a `stop()` that ends it and removes its data.
 * @param {Record<string, string>} [env] more environment
 * @param {string[]} [nodeArgs] Node options, e.g. --cpu-prof
 * @returns {Promise<{ url: string, pid: number, stop(): Promise<void> }>}
 */
export async function startReferenceServer(env = {}, nodeArgs = []) {
  for (const file of [SERVER_MAIN, HALL_HOME]) {
    if (!existsSync(file)) throw new Error(`缺少构建产物 ${file}：请先运行 npm run build`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gjj-measure-'));
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      GJJ_DEV_ROUTES: '1',
      LOGIN_RATE_LIMIT: '1000',
      SUBMIT_RATE_LIMIT: '1000',
      CALC_RATE_LIMIT: '1000',
      CAPTCHA_RATE_LIMIT: '1000',
      MAX_EVENT_LOOP_DELAY: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise((started, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`服务端 3 分钟内未启动：\n${output}`));
    }, 180_000);
    const onExit = (code) => {
      clearTimeout(timer);
      reject(new Error(`服务端提前退出（${code}）：\n${output}`));
    };
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      if (output.includes('网上业务大厅已启动')) {
        clearTimeout(timer);
        child.off('exit', onExit);
        started();
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.once('exit', onExit);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
