// `npm start`: builds whatever is missing or older than its sources, then runs the reference server,
// which serves the hall at /home.html and the API under /api, on the embedded database unless
// DATABASE_URL is set. PORT, HOST, DATA_DIR and the other settings of packages/server/README.md apply.
import { buildPackages, isStale, PACKAGES } from './lib/packages.mjs';

const stale = PACKAGES.filter(isStale);
if (stale.length) {
  console.log(`首次启动或源码有更新，正在构建：${stale.map((p) => p.name).join('、')}`);
  if (!buildPackages(stale)) process.exit(1);
}
// The development calls (/dev/outbox: captcha answers and SMS codes, answering this machine only) are on for
// `npm start` outside production; GJJ_DEV_ROUTES=0 switches them off. Production refuses them.
if (process.env.NODE_ENV !== 'production') process.env.GJJ_DEV_ROUTES ??= '1';
await import('../packages/server/dist/main.js');
