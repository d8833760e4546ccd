import { describe, expect, it } from 'vitest';
import { MENUS } from './menu-fixture';
import { breadcrumbOf, homeScreens, menuTrail, menuTree, screenSections } from './menu-view';

const tree = menuTree(MENUS);
const titles = (nodes: { entry: { meta: { title: string } } }[]) => nodes.map((n) => n.entry.meta.title);

describe('menuTree', () => {
  it('resolves paths as the routes do: tabs are not part of the address', () => {
    const screen = tree[0]!.children[1]!;
    expect(screen.fullPath).toBe('/grwt/zhxx');
    expect(screen.children[0]!.fullPath).toBe('/grwt/zhxx/zhcx'); // the tab itself
    expect(screen.children[0]!.children[0]!.fullPath).toBe('/grwt/zhxx/zhcx/grzhxx');
    expect(screen.children[2]!.fullPath).toBe('/loanRate');
  });
});

describe('screenSections (spec 2.5)', () => {
  it('gives each tab its visible entries, and the screen its own; buttons and hidden entries are left out', () => {
    const sections = screenSections(tree[0]!.children[1]!);
    expect(sections.map((s) => s.title)).toEqual(['账户查询', '空的标签', '']);
    expect(titles(sections[0]!.items)).toEqual(['个人账户信息', '个人明细查询', '离休、退休提取']);
    expect(sections[1]!.items).toEqual([]); // shows 暂无数据
    expect(titles(sections[2]!.items)).toEqual(['贷款利率']);
  });

  it('a screen with nothing in it still has one (empty) section', () => {
    expect(screenSections({ ...tree[0]!.children[1]!, children: [] })).toEqual([
      { key: '/grwt/zhxx#own', title: '', items: [] },
    ]);
  });
});

describe('homeScreens', () => {
  it('lists the visible entries under the area layout, without the hidden home', () => {
    expect(titles(homeScreens(tree))).toEqual(['账户信息']);
    expect(homeScreens([])).toEqual([]);
  });
});

describe('menuTrail and breadcrumbOf', () => {
  it('finds the chain of entries down to a page', () => {
    expect(titles(menuTrail(tree, '/grwt/zhxx/zhcx/grzhxx'))).toEqual(['个人业务', '账户信息', '账户查询', '个人账户信息']);
    expect(menuTrail(tree, '/nowhere')).toEqual([]);
    // A tab's own path is not a page.
    expect(menuTrail(tree, '/grwt/zhxx/zhcx')).toEqual([]);
  });

  it('starts with home, skips the layout, and gives tabs no link', () => {
    expect(breadcrumbOf(tree, '/grwt/zhxx/zhcx/grzhxx', '/grwt/home')).toEqual([
      { title: '首页', path: '/grwt/home' },
      { title: '账户信息', path: '/grwt/zhxx' },
      { title: '账户查询' },
      { title: '个人账户信息', path: '/grwt/zhxx/zhcx/grzhxx' },
    ]);
    expect(breadcrumbOf(tree, '/grwt/home', '/grwt/home')).toEqual([{ title: '首页', path: '/grwt/home' }]);
    expect(breadcrumbOf(tree, '/dkcs', '/grwt/home')).toEqual([{ title: '首页', path: '/grwt/home' }]);
  });
});
