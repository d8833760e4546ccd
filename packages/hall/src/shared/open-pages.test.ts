import { describe, expect, it } from 'vitest';
import { buildRoutes, normaliseMenuList } from '@gjj-hall/sdk/menu';
import { RAW_MENUS } from './menu-fixture';
import { isOpenPage, isUnbuiltMenuPage, openPrompt, SERVICE_NOT_OPEN_MESSAGE } from './open-pages';

// The fixture's personal area plus a page no one has built (a made-up component, so no page merged later opens it).
const raw = structuredClone(RAW_MENUS) as typeof RAW_MENUS;
(raw[0]!.children[1]!.children![0]!.children as unknown[]).push({
  id: 1119,
  path: '/grwt/zhxx/zhcx/never_built',
  component: 'grwt/zhxx/zhcx/never_built',
  menuType: 2,
  enable: 10,
  meta: { title: '尚未建成的业务' },
});
const { routes } = buildRoutes(normaliseMenuList(raw));
const built = (name: string) => ['grwt/zhxx/zhcx/grzhxx', 'grwt/zhxx/zhcx/grmxcx'].includes(name);

describe('isOpenPage: a page exists when the route table has it and its page is built (issue 30)', () => {
  it('a built feature page, with or without a query', () => {
    expect(isOpenPage(routes, '/grwt/zhxx/zhcx/grzhxx', built)).toBe(true);
    expect(isOpenPage(routes, '/grwt/zhxx/zhcx/grmxcx?ywbh=1', built)).toBe(true);
  });
  it('a route whose page is not built', () => {
    expect(isOpenPage(routes, '/grwt/zhxx/zhcx/never_built', built)).toBe(false);
  });
  it('the shell pages (home, menu screen) and a layout by its first page', () => {
    expect(isOpenPage(routes, '/grwt/home', built)).toBe(true);
    expect(isOpenPage(routes, '/grwt/zhxx', built)).toBe(true);
    expect(isOpenPage(routes, '/grwt', built)).toBe(true);
  });
  it('an address the user has no route for', () => {
    expect(isOpenPage(routes, '/dwwt/cxyw/dwlxd_cx', () => true)).toBe(false);
    expect(isOpenPage(routes, '', () => true)).toBe(false);
  });
  it('follows the table it is given: once a page is built, it opens', () => {
    expect(isOpenPage(routes, '/grwt/zhxx/zhcx/never_built', () => true)).toBe(true);
  });
});

describe('isUnbuiltMenuPage', () => {
  it('true only for a route whose page is not built', () => {
    expect(isUnbuiltMenuPage(routes, '/grwt/zhxx/zhcx/never_built', built)).toBe(true);
    expect(isUnbuiltMenuPage(routes, '/grwt/zhxx/zhcx/grmxcx', built)).toBe(false);
    // A menu item naming a public page is no route: it opens as before.
    expect(isUnbuiltMenuPage(routes, '/loanRate', built)).toBe(false);
  });
});

describe('openPrompt: a prompt never leads to a page that is not open', () => {
  const statement = { text: '贵单位尚未确认2026年度单位结息对账单，请先确认后再办理业务。', path: '/dwwt/cxyw/dwlxd_cx' };
  it('drops the path of a closed page and says where to go instead', () => {
    expect(openPrompt(statement, () => false)).toEqual({ text: `${statement.text}${SERVICE_NOT_OPEN_MESSAGE}` });
  });
  it('keeps a prompt whose page is open, and one without a path', () => {
    expect(openPrompt(statement, () => true)).toBe(statement);
    const plain = { text: '请到柜台办理' };
    expect(openPrompt(plain, () => false)).toBe(plain);
  });
});
