// tsc --noEmit over the root (configs, test support, end-to-end specs), every package and every example.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const projects = [
  'tsconfig.json',
  ...['packages', 'examples'].flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .map((name) => join(dir, name, 'tsconfig.json'))
          .filter((file) => existsSync(file))
      : [],
  ),
];

let failed = 0;
for (const project of projects) {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
  const ok = result.status === 0;
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${project} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(failed ? 1 : 0);
