import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README's layout table is the map a newcomer reads first: it stays true to the folders that are there.
const repo = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(repo, 'README.md'), 'utf8');

/** The rows of the table under "## Layout": the folder named in the first cell, its link, and the description. */
function layoutRows(): Array<{ folder: string; link: string; what: string }> {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Layout\n'));
  if (!section) throw new Error('README.md has no "## Layout" section');
  return section
    .split('\n')
    .map((line) => /^\| \[`([^`]+)`\]\(([^)]+)\) \| (.+) \|$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ folder: m[1] as string, link: m[2] as string, what: m[3] as string }));
}

/** The workspace package folders of the root package.json (`examples/*` expanded). */
function workspaceFolders(): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { workspaces: string[] };
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(repo, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(repo, parent, d.name, 'package.json')))
      .map((d) => `${parent}/${d.name}`);
  });
}

describe('README.md layout table', () => {
  const rows = layoutRows();

  it('names folders that exist, with links that lead somewhere, and nothing still "to come"', () => {
    expect(rows.length).toBeGreaterThan(3);
    for (const { folder, link, what } of rows) {
      expect(existsSync(join(repo, folder)) && statSync(join(repo, folder)).isDirectory(), `${folder} is a folder`).toBe(true);
      expect(existsSync(join(repo, link)), `${link} exists`).toBe(true);
      expect(what, folder).not.toMatch(/to come|待定|即将/i);
    }
  });

  it('names every package folder, itself or by the folder it is in', () => {
    const named = rows.map((r) => r.folder.replace(/\/$/, ''));
    const covered = (folder: string) => named.includes(folder) || rows.some((r) => r.folder.endsWith('/') && folder.startsWith(r.folder));
    expect(workspaceFolders().filter((folder) => !covered(folder))).toEqual([]);
    // The four packages each have a row of their own.
    for (const folder of workspaceFolders().filter((f) => f.startsWith('packages/'))) expect(named, folder).toContain(folder);
  });
});
