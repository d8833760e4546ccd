import { describe, expect, it } from 'vitest';
import { closeTarget, MESSAGE_HOME } from './close-target';

describe('closeTarget (spec 2.5)', () => {
  it('returns to the decoded backNav page', () => {
    expect(closeTarget('?backNav=%2Fgrwt%2Fzhxx', '/grwt/home')).toBe('/grwt/zhxx');
    expect(closeTarget('?backNav=%252Fgrwt%252Fzhxx', '/grwt/home')).toBe('/grwt/zhxx'); // encoded twice
    expect(closeTarget(`?backNav=${encodeURIComponent(MESSAGE_HOME)}`, '/')).toBe('/sysMsg/msgHome');
  });

  it('falls back without backNav, or for anything that is not a path of the hall', () => {
    expect(closeTarget('', '/grwt/home')).toBe('/grwt/home');
    expect(closeTarget('?backNav=https%3A%2F%2Fevil.example', '/dwwt/home')).toBe('/dwwt/home');
    expect(closeTarget('?backNav=%2F%2Fevil.example', '/dwwt/home')).toBe('/dwwt/home');
    expect(closeTarget('?backNav=%E0%A4%A', '/dwwt/home')).toBe('/dwwt/home');
  });
});
