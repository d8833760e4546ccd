// `npm start`: builds whatever is missing or older than its sources, then runs the reference server,
// which serves the hall at /home.html and the API under /api, on the embedded database unless
// DATABASE_URL is set. PORT, HOST, DATA_DIR and the other settings of packages/server/README.md apply.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildPackagesTogether, isStale, PACKAGES, SERVED } from './lib/packages.mjs';

// Only what is served: the hall's pages and the server, both from source and at the same time (README, "First
// start"); the sdk's and the widgets' published files (declarations, script-tag files) are `npm run build`'s.
const stale = PACKAGES.filter((pkg) => SERVED.includes(pkg.name) && isStale(pkg));
if (stale.length) {
  console.log(`首次启动或源码有更新，正在同时构建：${stale.map((p) => p.name).join('、')}（大厅页面用 Vite 打包，服务端用 tsup 打包，sdk 和挂件从源码一并打入，无需先构建它们）`);
  if (!(await buildPackagesTogether(stale))) process.exit(1);
}
// The development calls (/dev/outbox: captcha answers and SMS codes, answering this machine only) are on for
// `npm start` outside production; GJJ_DEV_ROUTES=0 switches them off. Production refuses them.
if (process.env.NODE_ENV !== 'production') process.env.GJJ_DEV_ROUTES ??= '1';
// The centre API (/api/centre/v1, docs/api-applications.md) stands in for the centre's own system in development: a
// key made on the first start and kept in the data directory, which `npm run centre -w @gjj-hall/server` reads.
// CENTRE_API_KEY= (empty) switches it off; production sets its own key or has no centre API.
if (process.env.NODE_ENV !== 'production' && process.env.CENTRE_API_KEY === undefined) {
  const file = resolve(process.env.DATA_DIR ?? '.data', 'centre-api.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  }
  process.env.CENTRE_API_KEY = readFileSync(file, 'utf8').trim();
  console.log(`中心端接口密钥：${file}`);
}
await import('../packages/server/dist/main.js');
