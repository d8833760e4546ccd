import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './net';
import { seededDataDir } from './e2e-data';
import { SERVER_MAIN, startServer } from './server-process';

const HALL = join(resolve(import.meta.dirname, '..', '..'), 'packages/hall/dist/home.html');

/**
 * Starts the built reference server twice, exactly as `npm start` runs it, each on a free port with a fresh data
 * directory: tests find the shared one at process.env.GJJ_E2E_URL. The tests that change what the whole server
 * answers (the `server-state` project) get the second one (GJJ_E2E_STATE_URL; test/support/e2e.ts switches their
 * worker to it), so they run beside the others instead of after them. Both stopped with SIGTERM afterwards.
 */
export default async function globalSetup() {
  for (const file of [SERVER_MAIN, HALL]) {
    if (!existsSync(file)) throw new Error(`缺少构建产物 ${file}：请先运行 npm run build`);
  }
  // The centre's side of the applications (docs/api-applications.md): tests decide as the centre with this key.
  const centreKey = randomBytes(24).toString('hex');
  // The servers the specs start themselves (token-refresh, wizard) spread process.env: the same setting for them.
  process.env.PICTURE_AFTER_FAILURES ??= '0';
  // The archive host example (examples/archive-host) frames the hall from its own origin: the hall must list it.
  const archiveHostPort = await freePort();
  // Every server started from here on (testServerEnv) takes the key and the host's origin, the specs' own too.
  process.env.GJJ_E2E_CENTRE_KEY = centreKey;
  process.env.GJJ_E2E_ARCHIVE_HOST_PORT = String(archiveHostPort);
  // Initdb, the migrations and the demo seed once (about 10 CPU-seconds), in a data directory of its own that each
  // server, here and in the specs that start their own (seededDataDir), starts from as a copy (about 1 s).
  const template = mkdtempSync(join(tmpdir(), 'gjj-e2e-template-'));
  await (await startServer({ dataDir: template })).stop({ keep: true });
  process.env.GJJ_E2E_DATA_TEMPLATE = template;
  const [shared, state] = await Promise.all([
    startServer({ dataDir: seededDataDir('gjj-e2e-') }),
    startServer({ dataDir: seededDataDir('gjj-e2e-') }),
  ]);
  process.env.GJJ_E2E_URL = shared.url;
  process.env.GJJ_E2E_STATE_URL = state.url;

  return async () => {
    await Promise.all([shared.stop(), state.stop()]);
    rmSync(template, { recursive: true, force: true });
  };
}
