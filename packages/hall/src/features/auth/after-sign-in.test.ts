import { describe, expect, it } from 'vitest';
import { isNoLoginRoute, isPublicRoute, NO_LOGIN_ROUTES, OWN_PUBLIC_ROUTES } from '../../app/navigation/public-routes';
import { afterSignInPath } from './login-form';

describe('afterSignInPath', () => {
  it('comes back to the page inside the hall a person was sent to sign in from', () => {
    expect(afterSignInPath('?redirect=%2Fgrwt%2Fhome')).toBe('/grwt/home');
    expect(afterSignInPath('?redirect=%2FcomplaintJYAdd%3Ftype%3D1')).toBe('/complaintJYAdd?type=1');
  });

  it('never goes to the QR confirmation page, or anything like it (issue 18, item 20: a link must not reach it)', () => {
    const code = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
    for (const back of [
      `/qrConfirm?codeId=${code}`,
      '/qrConfirm',
      '/QRCONFIRM',
      '/qrconfirm?codeId=x',
      '/qrScan',
      '/%71rConfirm',
      '/./qrConfirm',
      '/x/../qrConfirm',
      '/qrConfirm/',
    ]) {
      expect(afterSignInPath(`?redirect=${encodeURIComponent(back)}`), back).toBe('/');
    }
  });

  it('goes home for anything that is not an address inside the hall', () => {
    for (const search of [
      '',
      '?redirect=',
      '?redirect=https%3A%2F%2Fevil.example',
      '?redirect=%2F%2Fevil.example',
      '?redirect=%2F%5Cevil.example',
      '?redirect=javascript%3Aalert(1)',
      '?redirect=%2Flogin',
      '?redirect=%2FLogin%3Fredirect%3D%252FqrConfirm',
      '?redirect=%2Fa%20b',
    ]) {
      expect(afterSignInPath(search), search).toBe('/');
    }
  });
});

describe('the QR confirmation route', () => {
  it('opens signed out (from a QR on a phone) without changing the spec lists', () => {
    expect(OWN_PUBLIC_ROUTES).toEqual(['/qrConfirm', '/qrTwoCheck', '/mobileSign']);
    expect(isNoLoginRoute('/mobileSign?uuid=abc')).toBe(true);
    expect(NO_LOGIN_ROUTES).not.toContain('/mobileSign');
    expect(isNoLoginRoute('/qrTwoCheck?codeId=abc')).toBe(true);
    expect(NO_LOGIN_ROUTES).not.toContain('/qrTwoCheck');
    expect(afterSignInPath('?redirect=%2FqrTwoCheck%3FcodeId%3Dabc')).toBe('/');
    expect(isNoLoginRoute('/qrConfirm?codeId=abc')).toBe(true);
    expect(isPublicRoute('/qrConfirm')).toBe(true);
    expect(NO_LOGIN_ROUTES).not.toContain('/qrConfirm');
    expect(isNoLoginRoute('/qrconfirm')).toBe(false);
  });
});
