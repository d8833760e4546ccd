import { describe, expect, it } from 'vitest';
import { NO_LOGIN_ROUTES, PORTAL_ROUTES } from '../../app/navigation/public-routes';
import { filterServices, PORTAL_SERVICES } from './portal-services';

describe('the public home services', () => {
  it('lists every public service once, each a public route, saying which need a session', () => {
    const paths = PORTAL_SERVICES.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of ['/dkcs', '/policyInfo', '/loanRate', '/introToCenter', '/complaintJYAdd', '/complaintQuery', '/commonDownload', '/operationVideo', '/evaluationInformation', '/cooperation']) {
      expect(paths).toContain(path);
    }
    // An entry without the 登录后使用 tag opens without signing in; one with it does not.
    for (const s of PORTAL_SERVICES) {
      expect(NO_LOGIN_ROUTES.includes(s.path) || PORTAL_ROUTES.includes(s.path)).toBe(!s.needLogin);
    }
  });

  it('filters by title, summary or keyword, every word must match, case ignored', () => {
    expect(filterServices(PORTAL_SERVICES, '月供').map((s) => s.path)).toEqual(['/dkcs']);
    expect(filterServices(PORTAL_SERVICES, 'lpr').map((s) => s.path)).toEqual(['/loanRate']);
    expect(filterServices(PORTAL_SERVICES, '投诉 查询').map((s) => s.path)).toEqual(['/complaintQuery']);
    expect(filterServices(PORTAL_SERVICES, '缴存证明').map((s) => s.path)).toEqual(['/jczmVerify', '/dwjczmVerify']);
    expect(filterServices(PORTAL_SERVICES, '单位缴存证明').map((s) => s.path)).toEqual(['/dwjczmVerify']);
    expect(filterServices(PORTAL_SERVICES, '提取回单').map((s) => s.path)).toEqual(['/tqhdVerify']);
    expect(filterServices(PORTAL_SERVICES, '   ')).toHaveLength(PORTAL_SERVICES.length);
    expect(filterServices(PORTAL_SERVICES, '火星')).toEqual([]);
  });
});
