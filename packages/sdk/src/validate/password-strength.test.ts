import { describe, expect, it } from 'vitest';
import { PASSWORD_STRENGTH_LEVELS, passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('level 0: empty, wrong length or one kind only', () => {
    for (const value of ['', 'abc12', 'abcdefgh', '12345678', '!@#$%^&*', 'abc1234567890abcd', null, 12345678]) {
      expect(passwordStrength(value), String(value)).toBe(0);
    }
  });

  it('level 1 (red): 8-16 characters, two kinds among letters, digits, symbols', () => {
    expect(passwordStrength('ABCD1234')).toBe(1);
    expect(passwordStrength('abcd!@#$')).toBe(1);
    expect(passwordStrength('1234!@#$')).toBe(1);
    expect(passwordStrength('abcd1234')).toBe(1);
  });

  it('level 2 (blue): lowercase letters, digits and symbols; uppercase letters do not count', () => {
    expect(passwordStrength('abcd123!')).toBe(2);
    expect(passwordStrength('ABCD123!')).toBe(1);
  });

  it('level 3 (green): lowercase, uppercase and digits, the highest level that matches wins', () => {
    expect(passwordStrength('Abcd1234')).toBe(3);
    expect(passwordStrength('Abcd123!')).toBe(3);
    expect(passwordStrength('Abcdefghijk12345')).toBe(3);
  });

  it('maps levels to label and colour', () => {
    expect(PASSWORD_STRENGTH_LEVELS[1].label).toBe('弱');
    expect(PASSWORD_STRENGTH_LEVELS[2].label).toBe('中');
    expect(PASSWORD_STRENGTH_LEVELS[passwordStrength('Abcd1234')]).toEqual({ label: '强', color: '#67c23a' });
    expect(PASSWORD_STRENGTH_LEVELS[0].label).toBe('');
  });
});
