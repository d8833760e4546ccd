import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's root folder, found from this file whether it runs from src/ or dist/. */
export function serverRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@gjj-hall/server') {
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('找不到 @gjj-hall/server 的 package.json');
    dir = parent;
  }
}

/** Folder of the numbered SQL migrations. */
export const migrationsDir = (): string => join(serverRoot(), 'migrations');

/** Folder of the built hall (packages/hall/dist) in this checkout. */
export const defaultHallDir = (): string => resolve(serverRoot(), '..', 'hall', 'dist');
