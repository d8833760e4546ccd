import { describe, expect, it } from 'vitest';
import { fakeCentre, ok } from '../test-support/fake-centre';
import { SSO_PATHS, createSsoState, fetchSsoPlatformUrl, ssoAuthorizeUrl } from './sso';
import { SSO_NO_CODE_MESSAGE, SSO_STATE_MESSAGE, checkSsoReturn, ssoLogin } from './sso-return';

describe('single sign-on', () => {
  it('makes a new 32-digit state each time', () => {
    const a = createSsoState();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(createSsoState()).not.toBe(a);
  });

  it('builds the platform address with state and return address', () => {
    const url = new URL(ssoAuthorizeUrl('http://gov.test/login?lang=zh', { state: 's1', returnUrl: 'http://hall.test/home.html' }));
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: 'zh', state: 's1', redirect_uri: 'http://hall.test/home.html' });
  });

  it('lets a code through only with the state it kept', () => {
    expect(checkSsoReturn({ authCode: 'c', state: 's1' }, 's1')).toEqual({ ok: true, authCode: 'c' });
    expect(checkSsoReturn({ authCode: 'c', state: 's2' }, 's1')).toEqual({ ok: false, message: SSO_STATE_MESSAGE });
    expect(checkSsoReturn({ authCode: 'c', state: 's1' }, null)).toEqual({ ok: false, message: SSO_STATE_MESSAGE });
    expect(checkSsoReturn({ authCode: 'c', state: '' }, '')).toEqual({ ok: false, message: SSO_STATE_MESSAGE });
    expect(checkSsoReturn({ state: 's1' }, 's1')).toEqual({ ok: false, message: SSO_NO_CODE_MESSAGE });
  });

  it('reads the platform address, null when not open', async () => {
    expect(await fetchSsoPlatformUrl(fakeCentre({ [SSO_PATHS.config]: ok({ platformUrl: 'http://gov.test/' }) }).client)).toBe('http://gov.test/');
    expect(await fetchSsoPlatformUrl(fakeCentre({ [SSO_PATHS.config]: ok({ platformUrl: null }) }).client)).toBeNull();
    expect(await fetchSsoPlatformUrl(fakeCentre({ [SSO_PATHS.config]: ok({ platformUrl: 'javascript:alert(1)' }) }).client)).toBeNull();
  });

  it('exchanges the code in the body of a POST, never in the address', async () => {
    let sent = '';
    const { client, calls } = fakeCentre({
      [SSO_PATHS.login]: (_url, init) => {
        sent = String(init.body);
        return ok({ token: 't'.repeat(64), loginType: 1 });
      },
    });
    expect(await ssoLogin(client, 'code-123-abcdefghijk')).toEqual({ token: 't'.repeat(64), loginType: 1 });
    expect(JSON.parse(sent)).toEqual({ authCode: 'code-123-abcdefghijk' });
    expect(calls).toEqual([`POST ${SSO_PATHS.login}`]);
  });

  it('rejects with the server’s message for a used code', async () => {
    const { client } = fakeCentre({ [SSO_PATHS.login]: { status: 428, body: { code: 428, msg: '登录授权码已使用，请重新从政务服务网登录', data: null } } });
    await expect(ssoLogin(client, 'x'.repeat(43))).rejects.toThrow('登录授权码已使用');
  });
});
