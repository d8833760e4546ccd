import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 23: one name per concept (docs/glossary.md). The glossary's table "Never written" lists the variants; none may
// appear in the packages' sources, where a citizen could meet them. Tests are left out: they may name what must not
// be shown. A line that keeps an old word on purpose says so with `glossary-allow`.

const root = fileURLToPath(new URL('..', import.meta.url));
const glossary = readFileSync(join(root, 'docs/glossary.md'), 'utf8');

/** The variants of the "Never written" table: a plain string, or a /regular expression/. */
export function bannedVariants(markdown: string): { label: string; pattern: RegExp }[] {
  const section = markdown.split(/^## Never written$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .map((line) => /^\|\s*`((?:[^`\\]|\\.)+)`\s*\|/.exec(line)?.[1])
    .filter((cell): cell is string => !!cell)
    .map((cell) => cell.replace(/\\\|/g, '|'))
    .map((cell) => {
      const regex = /^\/(.+)\/$/.exec(cell);
      return {
        label: cell,
        pattern: regex ? new RegExp(regex[1] ?? '', 'gu') : new RegExp(cell.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gu'),
      };
    });
}

const SOURCE = /\.(ts|tsx|mts|mjs|js|css|html|json)$/;
const TEST = /\.(test|spec|typetest|browser\.test)\.[^.]+$|(^|\/)(test-support|__fixtures__)\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !TEST.test(relative(root, path)) ? [path] : [];
  });
}

const packages = readdirSync(join(root, 'packages')).filter((p) => statSync(join(root, 'packages', p, 'src'), { throwIfNoEntry: false })?.isDirectory());

describe('the glossary (docs/glossary.md)', () => {
  const banned = bannedVariants(glossary);

  it('lists the variants it bans, and each pattern finds what it is meant to', () => {
    expect(banned.map((b) => b.label)).toEqual(expect.arrayContaining(['退出登录', '网厅', '社会统一信用代码', '登录令牌', '本页已授权的操作']));
    const finds = (label: string, text: string) => (banned.find((b) => b.label === label)?.pattern ?? /$^/).test(text);
    const phone = banned.find((b) => b.label.includes('手机号(?!码)'))?.label ?? '';
    expect(finds(phone, '请输入预留手机号')).toBe(true);
    expect(finds(phone, '经办人手机号码')).toBe(false);
    // The spec's own focus-out texts (5.5) stay.
    expect(finds(phone, '请输入手机号')).toBe(false);
    expect(finds(phone, '请输入正确格式的手机号')).toBe(false);
    expect(finds('/经办人手机(?!号码)/', '验证码已发送至经办人手机')).toBe(true);
    expect(finds('/经办人手机(?!号码)/', '经办人手机号码')).toBe(false);
  });

  it.each(packages)('packages/%s/src uses none of them', (pkg) => {
    const found: string[] = [];
    for (const file of sourceFiles(join(root, 'packages', pkg, 'src'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (line.includes('glossary-allow')) return;
          for (const { label, pattern } of banned) {
            pattern.lastIndex = 0;
            if (pattern.test(line)) found.push(`${relative(root, file)}:${i + 1}: ${label}`);
          }
        });
    }
    expect(found).toEqual([]);
  });
});
