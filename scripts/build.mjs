// Builds every package in dependency order: sdk, widgets, hall, server. Each one builds from sources,
// so a failure names the package it happened in.
import { spawnSync } from 'node:child_process';

const PACKAGES = ['@gjj-hall/sdk', '@gjj-hall/widgets', '@gjj-hall/hall', '@gjj-hall/server'];

for (const name of PACKAGES) {
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', name], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    console.error(`\n构建失败：${name}`);
    process.exit(result.status ?? 1);
  }
  console.log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
