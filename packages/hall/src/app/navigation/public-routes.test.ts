import { describe, expect, it } from 'vitest';
import { LOGIN_WHITELIST, NO_LOGIN_ROUTES, PUBLIC_ROUTES, isNoLoginRoute, isPublicRoute } from './public-routes';

// The nine public routes that spec 2.1 says are missing from the navigation check's list.
const NOT_IN_CHECK = [
  '/401',
  '/pubNotice',
  '/zwRedirect',
  '/znts',
  '/cooperation',
  '/startEvaluation',
  '/evaluationRecords',
  '/ylOfd',
  '/ylOfdBase64',
];

describe('public route tables', () => {
  it('lists the 33 public routes of spec 2.1', () => {
    expect(PUBLIC_ROUTES).toHaveLength(33);
    expect(new Set(PUBLIC_ROUTES).size).toBe(33);
  });

  it('makes the navigation list exactly the public routes apart from the nine the spec names', () => {
    expect([...NO_LOGIN_ROUTES].sort()).toEqual(PUBLIC_ROUTES.filter((r) => !NOT_IN_CHECK.includes(r)).sort());
  });

  it('keeps the navigation list in the order of the spec', () => {
    expect(NO_LOGIN_ROUTES.slice(0, 4)).toEqual(['/404', '/loginOut', '/zwLogin', '/login']);
    expect(NO_LOGIN_ROUTES.at(-1)).toBe('/dkcs');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(PUBLIC_ROUTES) && Object.isFrozen(NO_LOGIN_ROUTES) && Object.isFrozen(LOGIN_WHITELIST)).toBe(
      true,
    );
  });
});

describe('isNoLoginRoute', () => {
  it('lets every route of the navigation list through, ignoring query and hash', () => {
    for (const route of NO_LOGIN_ROUTES) expect(isNoLoginRoute(route)).toBe(true);
    expect(isNoLoginRoute('/login?redirect=%2Fgrwt')).toBe(true);
    expect(isNoLoginRoute('/policyDetail#top')).toBe(true);
  });

  it('lets /401 through from the separate whitelist', () => {
    expect(isNoLoginRoute('/401')).toBe(true);
  });

  it('asks for login on the other public routes and on business routes', () => {
    for (const route of NOT_IN_CHECK.filter((r) => r !== '/401')) expect(isNoLoginRoute(route)).toBe(false);
    expect(isNoLoginRoute('/grwt/zhxx/zhcx')).toBe(false);
  });

  it('matches exactly', () => {
    expect(isNoLoginRoute('/Login')).toBe(false);
    expect(isNoLoginRoute('/login/')).toBe(false);
    expect(isNoLoginRoute('/loginx')).toBe(false);
    expect(isNoLoginRoute('')).toBe(false);
    expect(isNoLoginRoute(undefined)).toBe(false);
  });
});

describe('isPublicRoute', () => {
  it('knows the public routes only', () => {
    expect(isPublicRoute('/pubNotice')).toBe(true);
    expect(isPublicRoute('/dkcs?x=1')).toBe(true);
    expect(isPublicRoute('/grwt')).toBe(false);
    expect(isPublicRoute(null)).toBe(false);
  });
});

describe('the portal routes (issue 23)', () => {
  it('need no login and are public, as does / (which leads a signed-out visitor to the public home)', () => {
    for (const path of ['/index', '/complaintQuery', '/']) expect(isNoLoginRoute(path)).toBe(true);
    expect(isPublicRoute('/index')).toBe(true);
    expect(isPublicRoute('/complaintQuery?x=1')).toBe(true);
    // Only these: signed-in pages and the case-changed ones still need a login.
    for (const path of ['/Index', '/sysMsg/msgHome', '/index/x']) expect(isNoLoginRoute(path)).toBe(false);
  });
});
