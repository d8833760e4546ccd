// The packages a build produces, what each is built from, and how to build them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * In build order. `from` lists every folder whose sources end up in the output (our packages bundle each
 * other from source); `output` is a file the build writes last-ish, whose age tells whether it is stale.
 */
export const PACKAGES = [
  { name: '@gjj-hall/sdk', from: ['packages/sdk'], output: 'packages/sdk/dist/index.js' },
  { name: '@gjj-hall/widgets', from: ['packages/widgets', 'packages/sdk'], output: 'packages/widgets/dist/standalone/gjj-widgets.js' },
  { name: '@gjj-hall/hall', from: ['packages/hall', 'packages/widgets', 'packages/sdk'], output: 'packages/hall/dist/home.html' },
  { name: '@gjj-hall/server', from: ['packages/server', 'packages/sdk'], output: 'packages/server/dist/main.js' },
  // The conformance kit imports the sdk's built entries at run time (a dependency, not bundled).
  { name: '@gjj-hall/conformance', from: ['packages/conformance'], output: 'packages/conformance/dist/cli.js' },
];

const SKIP = new Set(['dist', 'node_modules', 'e2e', 'wtr', '.data']);

function newestInput(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestInput(path));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * What `npm start` serves, built from source (the hall with Vite, the server with tsup, both bundling the sdk and the
 * widgets from their sources): neither needs the sdk's or the widgets' dist/ (declarations, script-tag files), which
 * `npm run build` and `npm test` make.
 */
export const SERVED = ['@gjj-hall/hall', '@gjj-hall/server'];

/** True when the package's output is missing or older than any of its sources. */
export function isStale(pkg) {
  if (!existsSync(pkg.output)) return true;
  const built = statSync(pkg.output).mtimeMs;
  return pkg.from.some((dir) => newestInput(dir) > built);
}

/** Builds the given packages in order; stops at the first failure with its output shown. */
export function buildPackages(packages) {
  for (const pkg of packages) {
    const started = Date.now();
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', pkg.name], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (result.status !== 0) {
      process.stdout.write(result.stdout);
      process.stderr.write(result.stderr);
      console.error(`\n构建失败：${pkg.name}`);
      return false;
    }
    console.log(`已构建 ${pkg.name}（${((Date.now() - started) / 1000).toFixed(1)} 秒）`);
  }
  return true;
}

/** Builds the given packages at the same time (they must not depend on each other's output); true when all built. */
export async function buildPackagesTogether(packages) {
  const results = await Promise.all(
    packages.map(
      (pkg) =>
        new Promise((done) => {
          const started = Date.now();
          const child = spawn('npm', ['run', 'build', '--silent', '-w', pkg.name], { stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.once('error', (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            done({ pkg, ok: false, output });
          });
          child.once('close', (code) => {
            if (code === 0) console.log(`已构建 ${pkg.name}（${((Date.now() - started) / 1000).toFixed(1)} 秒）`);
            done({ pkg, ok: code === 0, output });
          });
        }),
    ),
  );
  for (const failed of results.filter((r) => !r.ok)) {
    process.stdout.write(Buffer.concat(failed.output));
    console.error(`\n构建失败：${failed.pkg.name}`);
  }
  return results.every((r) => r.ok);
}
