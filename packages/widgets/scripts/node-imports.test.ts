import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every entry of both packages' package.json "exports", imported by name (@gjj-hall/widgets/elements, …) by a plain
// Node process: no vitest transform, no `gjj-source` condition, no DOM. Needs `npm run build` first.
const repo = fileURLToPath(new URL('../../..', import.meta.url));

type Target = string | { [condition: string]: Target };

/** What plain Node's `import` resolves: the `import` or `default` condition (or the string itself). */
function nodeTarget(target: Target): string | undefined {
  if (typeof target === 'string') return target;
  for (const [condition, inner] of Object.entries(target)) {
    if (condition === 'import' || condition === 'node' || condition === 'default') return nodeTarget(inner);
  }
  return undefined;
}

function entries(dir: string): Array<{ specifier: string; file: string }> {
  const pkg = JSON.parse(readFileSync(`${repo}/${dir}/package.json`, 'utf8')) as { name: string; exports: Record<string, Target> };
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    const file = nodeTarget(target);
    return file ? [{ specifier: `${pkg.name}${subpath.slice(1)}`, file: `${dir}/${file.slice(2)}` }] : [];
  });
}

const CHILD = `
const specifiers = JSON.parse(process.argv[1]);
const report = {};
for (const specifier of specifiers) {
  const options = specifier.endsWith('.json') ? { with: { type: 'json' } } : undefined;
  const module = await import(specifier, options);
  report[specifier] = Object.keys(module);
}
report.globals = ['window', 'document', 'HTMLElement', 'customElements'].filter((name) => name in globalThis);
console.log(JSON.stringify(report));
`;

describe.each(['packages/sdk', 'packages/widgets'])('%s: every export imports under plain Node', (dir) => {
  const list = entries(dir);

  it('has its entries built', () => {
    expect(list.length).toBeGreaterThan(1);
    const missing = list.filter((e) => !existsSync(`${repo}/${e.file}`)).map((e) => e.file);
    expect(missing, 'run npm run build first').toEqual([]);
  });

  it('imports each entry without throwing, and without a DOM', () => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD, JSON.stringify(list.map((e) => e.specifier))], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(child.stderr.replace(/^.*(不支持自定义元素|ExperimentalWarning|--trace-warnings).*\n/gm, ''), 'stderr').toBe('');
    expect(child.status).toBe(0);
    const report = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, string[]>;
    expect(report['globals']).toEqual([]);
    for (const { specifier } of list) expect(report, specifier).toHaveProperty([specifier]);
    // The package entries export something: an empty module would pass the import for the wrong reason.
    expect(report[dir === 'packages/sdk' ? '@gjj-hall/sdk' : '@gjj-hall/widgets']?.length).toBeGreaterThan(5);
  });
});
