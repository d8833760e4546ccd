import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No two modules of a package import each other, directly or round a longer circle, type imports included (ESLint's
// import-x/no-cycle leaves `import type` out): a circle makes the order modules run in depend on which is imported
// first, and ties files that should stand apart (an element's `*.props.ts` and its component).
const repo = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = readdirSync(join(repo, 'packages'));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The package modules a module imports or re-exports from (static, relative, types too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^;'"]*?\bfrom\s+'(\.{1,2}\/[^']+)'/gm)].flatMap((m) => {
    const base = resolve(dirname(file), m[1] as string);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p) && /\.tsx?$/.test(p));
    return found ? [found] : [];
  });
}

/** Every circle of imports among `files`, each as the list of modules round it. */
function circles(files: string[]): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of importsOf(file)) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe('import circles', () => {
  it.each(PACKAGES)('packages/%s/src has none, type imports included', (name) => {
    const src = join(repo, 'packages', name, 'src');
    const found = circles(sources(src)).map((circle) => circle.map((f) => relative(src, f)).join(' -> '));
    expect(found).toEqual([]);
  });
});
