import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskBankCard, maskIdCard, maskName, maskPhone } from './mask';
import { anyValue } from '../test-support/arbitraries';


describe('maskName', () => {
  it('keeps the first character by default, one star per hidden character', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName(' 李四 ')).toBe('李*');
  });

  it('keeps the first and the last character in the firstLast reading', () => {
    expect(maskName('张三丰', 'firstLast')).toBe('张*丰');
    expect(maskName('欧阳娜娜', 'firstLast')).toBe('欧**娜');
    // Two characters: keeping both would hide nothing.
    expect(maskName('张三', 'firstLast')).toBe('张*');
  });

  it('hides a one-character name entirely and never splits a character outside the BMP', () => {
    expect(maskName('张')).toBe('*');
    expect(maskName('𠮷野家', 'firstLast')).toBe('𠮷*家');
    expect(maskName('')).toBe('');
  });
});

describe('maskPhone', () => {
  it('hides digits 4 to 7 of 11', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });

  it('drops spaces, dashes and +86 first', () => {
    expect(maskPhone('138 1234 5678')).toBe('138****5678');
    expect(maskPhone('138-1234-5678')).toBe('138****5678');
    expect(maskPhone('+86 13812345678')).toBe('138****5678');
  });

  it('stays masked when masked again', () => {
    expect(maskPhone(maskPhone('13812345678'))).toBe('138****5678');
  });

  it('shows only stars when too short to hide anything', () => {
    expect(maskPhone('1234567')).toBe('*******');
    expect(maskPhone('12345678')).toBe('123*5678');
  });

  it('keeps length 11 and the kept digits for every 11-digit phone', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 11 }), (phone) => {
        const masked = maskPhone(phone);
        expect(masked).toHaveLength(11);
        expect(masked).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
      }),
    );
  });
});

describe('maskIdCard and maskBankCard', () => {
  it('keeps the first 3 and last 4 of an identity number', () => {
    expect(maskIdCard('110101199003071234')).toBe('110***********1234');
    expect(maskIdCard('11010119900307123X')).toBe('110***********123X');
    expect(maskIdCard('110101900307123')).toBe('110********7123');
  });

  it('keeps the first 4 and last 4 of a bank card, ignoring the grouping spaces', () => {
    expect(maskBankCard('6222021234567890123')).toBe('6222***********0123');
    expect(maskBankCard('6222 0212 3456 7890 123')).toBe('6222***********0123');
    expect(maskBankCard('6222021234567890')).toBe('6222********7890');
  });

  it('shows only stars for values too short to hide anything', () => {
    expect(maskIdCard('1234567')).toBe('*******');
    expect(maskBankCard('12345678')).toBe('********');
    expect(maskBankCard('')).toBe('');
  });
});

describe('all masks', () => {
  const masks = [maskName, maskPhone, maskIdCard, maskBankCard, (v: unknown) => maskName(v, 'firstLast')];

  it('give an empty string for anything that is not a string', () => {
    for (const mask of masks) {
      for (const value of [null, undefined, 13812345678, {}, [], true]) expect(mask(value)).toBe('');
    }
  });

  it('never throw and never grow or shrink a string beyond what they strip', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        for (const mask of masks) expect(typeof mask(value)).toBe('string');
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 10_000, unit: 'grapheme-ascii' }), (value) => {
        expect(maskIdCard(value)).toHaveLength(value.replace(/\s/g, '').length);
      }),
      { numRuns: 50 },
    );
  });
});
