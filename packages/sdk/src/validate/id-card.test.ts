import { describe, expect, it } from 'vitest';
import { idCardCheckChar, idCardProblem, isIdCard, isIdCardWithRegion } from './id-card';

describe('isIdCard: 18 characters', () => {
  it('accepts a real number with its X check character, in either case', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('11010519491231002x')).toBe(true);
    expect(isIdCard('350102198506153018')).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(isIdCard('110105194912310021')).toBe(false);
    expect(isIdCard('350102198506153017')).toBe(false);
  });

  it('knows leap years: 2000-02-29 exists, 1900-02-29 and 2000-02-30 do not', () => {
    expect(isIdCard('110105200002291235')).toBe(true);
    expect(isIdCard('110105190002291239')).toBe(false);
    expect(isIdCard('110105200002301237')).toBe(false);
  });

  it('rejects a birth date in the future or before 1800', () => {
    expect(isIdCard('110105209912311232')).toBe(false);
    expect(isIdCard('110105179912310024')).toBe(false);
  });

  it('does not check the region prefix (residence permits start with 83)', () => {
    expect(isIdCard('830000199001011234')).toBe(true);
  });

  it('rejects wrong lengths, letters in the body and surrounding spaces', () => {
    expect(isIdCard('11010519491231002')).toBe(false);
    expect(isIdCard('11010519491231002XX')).toBe(false);
    expect(isIdCard('1101051949123100AX')).toBe(false);
    expect(isIdCard(' 11010519491231002X')).toBe(false);
    expect(isIdCard('')).toBe(false);
  });

  it('is false for anything but a string', () => {
    for (const value of [null, undefined, 110105194912310020, {}, [], Symbol('x'), true]) {
      expect(isIdCard(value)).toBe(false);
    }
  });
});

describe('isIdCard: 15 digits', () => {
  it('accepts a real 19YYMMDD date', () => {
    expect(isIdCard('130503670401001')).toBe(true);
    expect(isIdCard('130503960229001')).toBe(true); // 1996 is a leap year
  });

  it('rejects an impossible date', () => {
    expect(isIdCard('130503670230001')).toBe(false);
    expect(isIdCard('130503000229001')).toBe(false); // 1900 is not a leap year
    expect(isIdCard('130503671301001')).toBe(false);
  });

  it('takes no X', () => {
    expect(isIdCard('13050367040100X')).toBe(false);
  });
});

describe('idCardProblem', () => {
  it('tells a bad birth date (2) from a bad form or check digit (1)', () => {
    expect(idCardProblem('11010519491231002X')).toBe(0);
    expect(idCardProblem('110105190002291239')).toBe(2);
    expect(idCardProblem('130503670230001')).toBe(2);
    expect(idCardProblem('110105194912310021')).toBe(1);
    expect(idCardProblem('abc')).toBe(1);
    expect(idCardProblem(42)).toBe(1);
  });
});

describe('idCardCheckChar', () => {
  it('computes the GB 11643 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('35010219850615301')).toBe('8');
    expect(idCardCheckChar('11010520000229123')).toBe('5');
  });
});

describe('isIdCardWithRegion (focus-out idCard)', () => {
  it('accepts a valid number with a province prefix', () => {
    expect(isIdCardWithRegion('11010519491231002X')).toBe(true);
    expect(isIdCardWithRegion('130503670401001')).toBe(true);
    expect(isIdCardWithRegion('910105194912310029')).toBe(true);
  });

  it('rejects a prefix that is no province, even with a correct check digit', () => {
    expect(isIdCard('100105194912310028')).toBe(true);
    expect(isIdCardWithRegion('100105194912310028')).toBe(false);
    expect(isIdCardWithRegion('830000199001011234')).toBe(false);
  });

  it('still needs the check digit and the date', () => {
    expect(isIdCardWithRegion('110105194912310021')).toBe(false);
    expect(isIdCardWithRegion('110105190002291239')).toBe(false);
    expect(isIdCardWithRegion(null)).toBe(false);
  });
});
