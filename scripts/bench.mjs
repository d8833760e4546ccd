// npm run bench: builds the sdk and the server when their output is stale, then runs every benchmark under
// packages/*/bench and examples/*/bench.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGES, buildPackages, isStale } from './lib/packages.mjs';

const stale = PACKAGES.filter((p) => ['@gjj-hall/sdk', '@gjj-hall/server'].includes(p.name) && isStale(p));
if (stale.length > 0 && !buildPackages(stale)) process.exit(1);

const HEAVY = new Set(['records.bench.mjs', 'load.bench.mjs', 'timing.bench.mjs']);

let failed = false;
for (const pkg of ['packages', 'examples'].flatMap((root) => readdirSync(root).map((name) => join(root, name)))) {
  const dir = join(pkg, 'bench');
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.mjs')).sort()) {
    // The records bench fills a PostgreSQL with 12 million rows (many minutes): npm run bench:records runs it.
    // The load bench floods a server for minutes on PGlite and PostgreSQL: npm run bench:load runs it.
    if (HEAVY.has(file)) {
      const script = { 'load.bench.mjs': 'bench:load', 'timing.bench.mjs': 'bench:timing' }[file] ?? 'bench:records';
      console.log(`\n━━ ${join(dir, file)}：较耗时，请单独运行 npm run ${script}`);
      continue;
    }
    console.log(`\n━━ ${join(dir, file)}`);
    const result = spawnSync(process.execPath, [join(dir, file)], { stdio: 'inherit' });
    if (result.status !== 0) failed = true;
  }
}
process.exit(failed ? 1 : 0);
