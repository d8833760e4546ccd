import { describe, expect, it } from 'vitest';
import { fakeCentre, ok } from '../test-support/fake-centre';
import { createHash } from 'node:crypto';
import { SSO_PATHS, createPkcePair, createSsoState, fetchSsoConfig, fetchSsoPlatformUrl, ssoAuthorizeUrl } from './sso';
import { SSO_NO_CODE_MESSAGE, SSO_STATE_MESSAGE, checkSsoReturn, ssoIdentity, ssoLogin } from './sso-return';

describe('single sign-on', () => {
  it('makes a new 32-digit state each time', () => {
    const a = createSsoState();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(createSsoState()).not.toBe(a);
  });

  it('builds the platform address as an authorization request: state, return address, client id, S256 challenge', () => {
    const url = new URL(
      ssoAuthorizeUrl('http://gov.test/login?lang=zh', { state: 's1', returnUrl: 'http://hall.test/home.html', clientId: 'gjj-hall', codeChallenge: 'c'.repeat(43) }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lang: 'zh',
      state: 's1',
      redirect_uri: 'http://hall.test/home.html',
      client_id: 'gjj-hall',
      response_type: 'code',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    });
  });

  it('makes a PKCE pair: a fresh 43-character verifier and its S256 challenge (RFC 7636)', async () => {
    const { verifier, challenge } = await createPkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect((await createPkcePair()).verifier).not.toBe(verifier);
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
    const config = fakeCentre({ [SSO_PATHS.config]: ok({ platformUrl: 'http://gov.test/', clientId: 'gjj-hall' }) }).client;
    expect(await fetchSsoConfig(config)).toEqual({ platformUrl: 'http://gov.test/', clientId: 'gjj-hall' });
    expect(await fetchSsoConfig(fakeCentre({ [SSO_PATHS.config]: ok({ platformUrl: null, clientId: null }) }).client)).toEqual({ platformUrl: null, clientId: null });
  });

  const exchange = { authCode: 'code-123-abcdefghijk', codeVerifier: 'v'.repeat(43), redirectUri: 'http://hall.test/home.html' };

  it('exchanges the code with its verifier and return address in the body of a POST, never in the address', async () => {
    let sent = '';
    const { client, calls } = fakeCentre({
      [SSO_PATHS.login]: (_url, init) => {
        sent = String(init.body);
        return ok({ token: 't'.repeat(64), loginType: 1 });
      },
    });
    expect(await ssoLogin(client, exchange)).toEqual({ token: 't'.repeat(64), loginType: 1 });
    expect(JSON.parse(sent)).toEqual(exchange);
    expect(calls).toEqual([`POST ${SSO_PATHS.login}`]);
  });

  it('exchanges a code for a verified identity to register with', async () => {
    let sent = '';
    const { client } = fakeCentre({
      [SSO_PATHS.identity]: (_url, init) => {
        sent = String(init.body);
        return ok({ ticket: 'k'.repeat(43), xingming: '冯雪', zjhm: '370783199001010045', expiresIn: 900 });
      },
    });
    expect(await ssoIdentity(client, exchange)).toEqual({ ticket: 'k'.repeat(43), xingming: '冯雪', zjhm: '370783199001010045', expiresIn: 900 });
    expect(JSON.parse(sent)).toEqual(exchange);
  });

  it('rejects with the server’s message for a used code', async () => {
    const { client } = fakeCentre({ [SSO_PATHS.login]: { status: 428, body: { code: 428, msg: '登录授权码已使用，请重新从政务服务网登录', data: null } } });
    await expect(ssoLogin(client, { ...exchange, authCode: 'x'.repeat(43) })).rejects.toThrow('登录授权码已使用');
  });
});
