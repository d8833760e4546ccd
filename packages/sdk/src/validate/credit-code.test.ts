import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isCreditCode } from './credit-code';

describe('isCreditCode', () => {
  it('accepts codes with a correct check character, letter or digit', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91110000600037341L')).toBe(true);
    expect(isCreditCode('12100000400000770U')).toBe(true);
  });

  it("uses '0' when 31 - sum mod 31 is 31", () => {
    expect(isCreditCode('9135010020M0001000')).toBe(true);
    expect(creditCodeCheckChar('9135010020M000100')).toBe('0');
  });

  it('rejects one changed character', () => {
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y53')).toBe(false);
    expect(isCreditCode('81350100M000100Y43')).toBe(false);
  });

  it('rejects I, O, Z, S, V and lowercase', () => {
    expect(isCreditCode('91350100I000100Y43')).toBe(false);
    expect(isCreditCode('91350100O000100Y43')).toBe(false);
    expect(isCreditCode('91350100M000100Z43')).toBe(false);
    expect(isCreditCode('91350100m000100y43')).toBe(false);
    expect(isCreditCode('91110000600037341l')).toBe(false);
  });

  it('rejects other lengths and non-strings', () => {
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100M000100Y433')).toBe(false);
    expect(isCreditCode('')).toBe(false);
    for (const value of [null, undefined, 913501001, {}, ['91350100M000100Y43']]) expect(isCreditCode(value)).toBe(false);
  });
});

describe('creditCodeCheckChar', () => {
  it("returns '' for a body with a character outside the code set", () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(creditCodeCheckChar('91350100S000100Y4')).toBe('');
    expect(creditCodeCheckChar('9135')).toBe('');
  });
});
