import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// Both packages as an integrator's bundler sees them: their built files (no `gjj-source` condition), bundled by esbuild
// one public entry at a time. Needs `npm run build` first.
const repo = fileURLToPath(new URL('../../..', import.meta.url));

interface Manifest {
  name: string;
  exports: Record<string, unknown>;
  sideEffects: false | string[];
  peerDependencies?: Record<string, string>;
}
const manifest = (dir: string) => JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8')) as Manifest;

/** Every file under `dir`, relative to it, as `./…`. */
function filesOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(`./${relative(dir, path)}`);
    }
  };
  walk(dir);
  return out;
}

/**
 * What registers on import: the page-wide host configuration kept on globalThis (sdk: host/config.ts and the built file
 * that holds it), and the script-tag entries that define their elements as they load (widgets, with the built
 * dist/standalone files).
 */
const REGISTERS = [/Symbol\.for\(['"]gjj-hall\.host-config['"]\)/, /^export const defineElements = startScriptTag\(/m];

/** A `sideEffects` pattern (`*` within one folder) as a test. */
const matcher = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);

describe.each(['packages/sdk', 'packages/widgets'])('%s bundled by an integrator', (dir) => {
  const pkg = manifest(dir);
  const specifiers = Object.keys(pkg.exports)
    .filter((subpath) => !subpath.endsWith('.json'))
    .map((subpath) => `${pkg.name}${subpath.slice(1)}`);

  it.each(specifiers)('esbuild bundles %s without a warning', async (specifier) => {
    const result = await build({
      stdin: { contents: `import * as entry from '${specifier}';\nconsole.log(entry);\n`, resolveDir: repo, loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      // What the host provides (the widgets' peer dependencies).
      external: Object.keys(pkg.peerDependencies ?? {}).flatMap((name) => [name, `${name}/*`]),
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => `${w.id}: ${w.text} (${w.location?.file ?? ''})`)).toEqual([]);
  });

  it('"sideEffects" lists the files that register on import, and only files that exist', () => {
    expect(pkg.sideEffects, 'a list, not true or false').toBeInstanceOf(Array);
    const patterns = pkg.sideEffects as string[];
    const files = filesOf(join(repo, dir)).filter((f) => f.startsWith('./src/') || f.startsWith('./dist/'));
    for (const pattern of patterns) expect(files.some((f) => matcher(pattern).test(f)), `${pattern} matches a file`).toBe(true);
    const registers = files
      .filter((f) => /\.(js|ts)$/.test(f) && !f.includes('.test.'))
      .filter((f) => f.startsWith('./dist/standalone/') || REGISTERS.some((re) => re.test(readFileSync(join(repo, dir, f), 'utf8'))));
    expect(registers.length).toBeGreaterThan(0);
    for (const file of registers) expect(patterns.some((p) => matcher(p).test(file)), `${file} is listed`).toBe(true);
  });
});

it('both packages are built', () => {
  for (const file of ['packages/sdk/dist/index.js', 'packages/widgets/dist/index.js']) expect(existsSync(join(repo, file)), 'run npm run build first').toBe(true);
});

it("a host importing one component carries its own documentation at most, not the other widgets' (*.meta.ts)", async () => {
  const result = await build({
    stdin: { contents: "import { RateTable } from '@gjj-hall/widgets';\nconsole.log(RateTable);\n", resolveDir: repo, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    charset: 'utf8',
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    logLevel: 'silent',
  });
  const code = result.outputFiles.map((f) => f.text).join('\n');
  expect(code).toContain('function RateTable');
  // Each summary is in its meta only: the calculator's, the complaint form's and the policy list's are not here.
  for (const summary of ['贷款计算器：同一笔贷款', '投诉建议表单：类型', '政策信息：已发布政策']) expect(code).not.toContain(summary);
});
