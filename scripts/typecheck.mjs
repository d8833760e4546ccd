// tsc --noEmit over the root (configs, test support, end-to-end specs), every package and every example.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildPackages, isStale, PACKAGES } from './lib/packages.mjs';

const projects = [
  'tsconfig.json',
  // An integrator's TypeScript: the packages' published types under node16/nodenext and bundler resolution.
  'test/types/node16/tsconfig.json',
  'test/types/bundler/tsconfig.json',
  ...['packages', 'examples'].flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .map((name) => join(dir, name, 'tsconfig.json'))
          .filter((file) => existsSync(file))
      : [],
  ),
];

// An example checks against the packages' published types (their dist/, not the gjj-source condition: see
// examples/react-host/tsconfig.json), so those are built first when missing or older than their sources.
const isExample = (project) => project.startsWith('examples') || project.startsWith('test/types');
const published = PACKAGES.filter((pkg) => ['@gjj-hall/sdk', '@gjj-hall/widgets'].includes(pkg.name));
const stale = projects.some(isExample) ? published.filter(isStale) : [];
const publishedReady = stale.length === 0 || buildPackages(stale);

let failed = 0;
for (const project of projects) {
  if (isExample(project) && !publishedReady) {
    failed += 1;
    console.log(`FAIL ${project} (not checked: the packages it uses did not build)`);
    continue;
  }
  const started = Date.now();
  const result = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
  const ok = result.status === 0;
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${project} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(failed ? 1 : 0);
