import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU_LIST } from './fixtures';
import { PERMISSION_USAGE_ERROR, buildButtonMap, buttonKey, hasPermission } from './permissions';

describe('buildButtonMap', () => {
  const map = buildButtonMap(MENU_LIST);

  it('keys pages by route path and buttons by page route plus button name, leaving out types 1, 3 and 4', () => {
    expect(Object.keys(map).sort()).toEqual(
      [
        '/',
        '/grwt',
        '/grwt/zhxx',
        '/grwt/zhxx/zhcx',
        '/grwt/zhxx/zhcx/print',
        '/grwt/zhxx/zhcx/export',
        '/grwt/zhxx/zhcx/detail',
        '/grwt/zhxx/mxcx',
        '/grwt/zhxx/zhxxbg',
        '/grwt/zhxx/zhxxbg/grzhxxbg',
        '/grwt/tqSys',
        '/grwt/tqSys/tqyw',
        '/grwt/tqSys/tqyw/submit',
        '/sysMsg',
        '/sysMsg/msgHome',
      ].sort(),
    );
  });

  it('maps a key to its normalised menu entry, the first entry winning a key', () => {
    expect(map['/grwt/zhxx/zhcx/export']).toMatchObject({ id: '11111', menuType: 5, meta: { title: '导出' } });
    expect(map['/grwt/zhxx/zhcx/print']?.id).toBe('1111');
    expect(map['/grwt']?.id).toBe('1');
  });

  it('does not let the tab path into a button key', () => {
    expect(Object.keys(map).some((key) => key.includes('tab-'))).toBe(false);
    expect(map['/grwt/zhxx/kjcx']).toBeUndefined();
  });

  it('is empty for malformed input and has no prototype keys', () => {
    expect(Object.keys(buildButtonMap(null))).toEqual([]);
    expect(Object.keys(buildButtonMap({ path: '/grwt' }))).toEqual([]);
    expect('constructor' in buildButtonMap([])).toBe(false);
  });
});

describe('buttonKey', () => {
  it('joins route and button name with one slash', () => {
    expect(buttonKey('/grwt/zhxx/zhcx', 'export')).toBe('/grwt/zhxx/zhcx/export');
    expect(buttonKey('/grwt/zhxx/zhcx/', '/export')).toBe('/grwt/zhxx/zhcx/export');
    expect(buttonKey('grwt/zhxx/zhcx', ' export ')).toBe('/grwt/zhxx/zhcx/export');
  });
});

describe('hasPermission', () => {
  const map = buildButtonMap(MENU_LIST);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('permits a button in the map', () => {
    expect(hasPermission(map, '/grwt/zhxx/zhcx', 'export')).toBe(true);
    expect(hasPermission(map, '/grwt/zhxx/zhcx', ['export'])).toBe(true);
    expect(hasPermission(map, '/grwt/tqSys/tqyw', 'submit')).toBe(true);
  });

  it('denies a button that is not in the map', () => {
    expect(hasPermission(map, '/grwt/zhxx/zhcx', 'delete')).toBe(false);
    expect(hasPermission(map, '/grwt/zhxx/mxcx', 'export')).toBe(false);
  });

  it('needs only one of several keys', () => {
    expect(hasPermission(map, '/grwt/zhxx/zhcx', ['delete', 'print'])).toBe(true);
    expect(hasPermission(map, '/grwt/zhxx/zhcx', ['delete', 'update'])).toBe(false);
  });

  it('works on a map restored from session storage', () => {
    const restored: unknown = JSON.parse(JSON.stringify(map));
    expect(hasPermission(restored, '/grwt/zhxx/zhcx', 'export')).toBe(true);
  });

  it('denies without logging when there is no map (signed out)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(hasPermission(undefined, '/grwt/zhxx/zhcx', 'export')).toBe(false);
    expect(hasPermission({}, '/grwt/zhxx/zhcx', 'export')).toBe(false);
    expect(error).not.toHaveBeenCalled();
  });

  it.each([
    ['no path', undefined, ['export']],
    ['an empty path', '', ['export']],
    ['a path of slashes only', '/', ['export']],
    ['no keys', '/grwt/zhxx/zhcx', []],
    ['a missing key', '/grwt/zhxx/zhcx', undefined],
    ['an empty key', '/grwt/zhxx/zhcx', ['export', '']],
    ['a non-string key', '/grwt/zhxx/zhcx', ['export', 5]],
    ['a non-string path', 42, ['export']],
  ])('logs an error and denies on malformed use: %s', (_case, path, keys) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(hasPermission(map, path, keys)).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(PERMISSION_USAGE_ERROR, { path, keys });
  });

  it('words the usage error in Chinese and English', () => {
    expect(PERMISSION_USAGE_ERROR).toContain('需要页面路由和至少一个按钮标识');
    expect(PERMISSION_USAGE_ERROR).toContain('needs a route path and at least one button key');
  });

  it('does not grant a key through the prototype', () => {
    expect(hasPermission({}, '/constructor', 'x')).toBe(false);
    expect(hasPermission(map, '/grwt', 'constructor')).toBe(false);
  });
});
