import { describe, expect, it } from 'vitest';
import { decimalBlur, decimalInput, digitsOnly, groupBankCard, stripChineseAndSpaces, stripWhitespace } from './sanitize';

describe('digitsOnly', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('12a3-4 5.6')).toBe('123456');
    expect(digitsOnly('１２３')).toBe('');
  });
});

describe('stripWhitespace', () => {
  it('removes every kind of whitespace, full-width space included', () => {
    expect(stripWhitespace(' 138 1234\t5678\n')).toBe('13812345678');
    expect(stripWhitespace('张\u3000三')).toBe('张三');
  });
});

describe('stripChineseAndSpaces', () => {
  it('removes Chinese characters, full-width punctuation and spaces, keeps ASCII', () => {
    expect(stripChineseAndSpaces('abc 密码123，')).toBe('abc123');
    expect(stripChineseAndSpaces('138 1234 5678')).toBe('13812345678');
    expect(stripChineseAndSpaces('Ab1!@#（）')).toBe('Ab1!@#');
  });
});

describe('decimalInput (while typing)', () => {
  it('keeps digits and the first dot', () => {
    expect(decimalInput('1a2.3.4')).toBe('12.34');
    expect(decimalInput('..5')).toBe('.5');
    expect(decimalInput('-3')).toBe('3');
  });

  it('leaves a lone or trailing dot so typing can go on', () => {
    expect(decimalInput('.')).toBe('.');
    expect(decimalInput('12.')).toBe('12.');
  });

  it('clamps to max and min', () => {
    expect(decimalInput('120', { max: 100 })).toBe('100');
    expect(decimalInput('100', { max: 100 })).toBe('100');
    expect(decimalInput('5', { min: 10 })).toBe('10');
    expect(decimalInput('50', { min: 10, max: 100 })).toBe('50');
    expect(decimalInput('', { min: 10 })).toBe('');
  });
});

describe('decimalBlur (on focus-out)', () => {
  it('turns a lone dot into empty and tidies the number', () => {
    expect(decimalBlur('.')).toBe('');
    expect(decimalBlur('')).toBe('');
    expect(decimalBlur('12.')).toBe('12');
    expect(decimalBlur('.5')).toBe('0.5');
    expect(decimalBlur('007.5')).toBe('7.5');
    expect(decimalBlur('000')).toBe('0');
  });

  it('fixes the precision, rounding half up without float error', () => {
    expect(decimalBlur('1.005', { precision: 2 })).toBe('1.01');
    expect(decimalBlur('1.004', { precision: 2 })).toBe('1.00');
    expect(decimalBlur('0.995', { precision: 2 })).toBe('1.00');
    expect(decimalBlur('3', { precision: 2 })).toBe('3.00');
    expect(decimalBlur('2.5', { precision: 0 })).toBe('3');
    expect(decimalBlur('999999999999999.995', { precision: 2 })).toBe('1000000000000000.00');
  });

  it('clamps and ignores an unusable precision', () => {
    expect(decimalBlur('120.456', { max: 100, precision: 2 })).toBe('100.00');
    expect(decimalBlur('1.5', { precision: -1 })).toBe('1.5');
    expect(decimalBlur('1.5', { precision: 1.5 })).toBe('1.5');
    expect(decimalBlur('1.5', { precision: 1e9 })).toBe('1.5');
  });
});

describe('groupBankCard', () => {
  it('groups digits in fours', () => {
    expect(groupBankCard('6222021234567890123')).toBe('6222 0212 3456 7890 123');
    expect(groupBankCard('6222 0212 3456')).toBe('6222 0212 3456');
    expect(groupBankCard('62220212')).toBe('6222 0212');
    expect(groupBankCard('6222-0212a')).toBe('6222 0212');
  });

  it('cuts to 29 characters by default, or to the given length', () => {
    const out = groupBankCard('1'.repeat(40));
    expect(out).toBe('1111 1111 1111 1111 1111 1111');
    expect(out.length).toBeLessThanOrEqual(29);
    expect(groupBankCard('1'.repeat(40), 9)).toBe('1111 1111');
  });

  it('leaves a masked number untouched', () => {
    expect(groupBankCard('6222 **** **** 0123')).toBe('6222 **** **** 0123');
    expect(groupBankCard('6222********0123')).toBe('6222********0123');
  });
});

describe('non-string input', () => {
  it('gives an empty string', () => {
    for (const value of [null, undefined, 123, {}, ['1'], true]) {
      expect(digitsOnly(value)).toBe('');
      expect(stripWhitespace(value)).toBe('');
      expect(stripChineseAndSpaces(value)).toBe('');
      expect(decimalInput(value)).toBe('');
      expect(decimalBlur(value)).toBe('');
      expect(groupBankCard(value)).toBe('');
    }
  });
});
