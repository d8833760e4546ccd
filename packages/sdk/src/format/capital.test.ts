import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPITAL_AMOUNT_INVALID, CAPITAL_AMOUNT_TOO_LARGE, toCapitalAmount } from './capital';
import { anyValue } from '../test-support/arbitraries';


describe('toCapitalAmount', () => {
  it.each([
    [100, '壹佰元整'],
    [1.5, '壹元伍角'],
    [1005, '壹仟零伍元整'],
    [1000.05, '壹仟元零伍分'],
    [100000, '壹拾万元整'],
    [10, '壹拾元整'],
    [0.5, '伍角'],
    [0.05, '伍分'],
    [0.01, '壹分'],
    [1010, '壹仟零壹拾元整'],
    [100100, '壹拾万零壹佰元整'],
    [100000000, '壹亿元整'],
    [1000000000000, '壹万亿元整'],
    ['1000000000000.00', '壹万亿元整'],
    [1234567.89, '壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分'],
    [100.1, '壹佰元壹角'],
    ['100.10', '壹佰元壹角'],
    [0, '零元整'],
    ['0.00', '零元整'],
    // The People's Bank of China examples.
    [1409.5, '壹仟肆佰零玖元伍角'],
    [6007.14, '陆仟零柒元壹角肆分'],
    [1680.32, '壹仟陆佰捌拾元叁角贰分'],
    [107000.53, '壹拾万零柒仟元伍角叁分'],
    [16409.02, '壹万陆仟肆佰零玖元零贰分'],
    [325.04, '叁佰贰拾伍元零肆分'],
    // Zeros across the 万 and 亿 groups.
    [110000, '壹拾壹万元整'],
    [100000005, '壹亿零伍元整'],
    [100010000, '壹亿零壹万元整'],
    [110000000, '壹亿壹仟万元整'],
    [1000000000005, '壹万亿零伍元整'],
    [1000100000000, '壹万零壹亿元整'],
    [1000000010000, '壹万亿零壹万元整'],
    [10000000000, '壹佰亿元整'],
    ['999999999999999.99', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    ['999999999999999', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
  ])('%s → %s', (value, expected) => {
    expect(toCapitalAmount(value)).toBe(expected);
  });

  it('rounds more than two decimals half up to 分', () => {
    expect(toCapitalAmount(1.005)).toBe('壹元零壹分');
    expect(toCapitalAmount('1.004')).toBe('壹元整');
    expect(toCapitalAmount('0.995')).toBe('壹元整');
    expect(toCapitalAmount('0.004')).toBe('零元整');
  });

  it('starts a negative amount with 负, but not one that rounds to zero', () => {
    expect(toCapitalAmount(-1234.5)).toBe('负壹仟贰佰叁拾肆元伍角');
    expect(toCapitalAmount('-0.001')).toBe('零元整');
    expect(toCapitalAmount(-0)).toBe('零元整');
  });

  it('reads numeric strings with spaces, a ¥ and thousands separators, and bigints', () => {
    expect(toCapitalAmount(' 1,234.5 ')).toBe('壹仟贰佰叁拾肆元伍角');
    expect(toCapitalAmount('¥100')).toBe('壹佰元整');
    expect(toCapitalAmount('.5')).toBe('伍角');
    expect(toCapitalAmount(12n)).toBe('壹拾贰元整');
  });

  it('gives the invalid-amount message for anything that is not an amount', () => {
    const notAmounts = ['', '   ', 'abc', '1,2', '12a', '1.2.3', '-', '.', '1e5', NaN, Infinity, -Infinity, null, {}, []];
    for (const value of [...notAmounts, undefined, true]) expect(toCapitalAmount(value)).toBe(CAPITAL_AMOUNT_INVALID);
    expect(CAPITAL_AMOUNT_INVALID).toBe('金额格式不正确');
  });

  it('refuses an integer part over 15 digits (1e15 and up) with the spec message', () => {
    expect(toCapitalAmount(1e15)).toBe('超出最大处理数字');
    expect(toCapitalAmount('1000000000000000')).toBe(CAPITAL_AMOUNT_TOO_LARGE);
    expect(toCapitalAmount('999999999999999.995')).toBe(CAPITAL_AMOUNT_TOO_LARGE);
    expect(toCapitalAmount(-1e15)).toBe(CAPITAL_AMOUNT_TOO_LARGE);
    expect(toCapitalAmount(1e300)).toBe(CAPITAL_AMOUNT_TOO_LARGE);
    expect(toCapitalAmount('9'.repeat(10_000))).toBe(CAPITAL_AMOUNT_TOO_LARGE);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, fc.string({ maxLength: 2000 }), fc.double()), (value) => {
        expect(typeof toCapitalAmount(value)).toBe('string');
      }),
    );
  });

  it('writes every whole amount below 1e15 with allowed characters only, ending in 元整', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), (n) => {
        const text = toCapitalAmount(n.toString());
        expect(text).toMatch(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元]+整$/);
        expect(text.endsWith('元整')).toBe(true);
        // Never two 零 in a row, never 零 before a group unit or 元 (零元整 is zero's own wording).
        if (n > 0n) expect(text).not.toMatch(/零零|零[万亿元]/);
      }),
    );
  });

  it('reads back the same amount (a small capital-amount parser as an independent check)', () => {
    const digit = (c: string) => '零壹贰叁肆伍陆柒捌玖'.indexOf(c);
    // Parses 万/亿 sections: a value below 1e4 per section, scaled by the unit that follows.
    const parse = (text: string): bigint => {
      const [intPart = '', fracPart = ''] = text.includes('元') ? text.replace('整', '').split('元') : ['', text];
      let total = 0n;
      let section = 0n;
      let yi = 0n;
      let current = 0n;
      for (const c of intPart) {
        const d = digit(c);
        if (d >= 0) current = BigInt(d);
        else if (c === '拾' || c === '佰' || c === '仟') {
          section += current * { 拾: 10n, 佰: 100n, 仟: 1000n }[c];
          current = 0n;
        } else if (c === '万') {
          section = (section + current) * 10000n;
          current = 0n;
          if (yi) {
            total += section;
            section = 0n;
          }
        } else if (c === '亿') {
          yi = (total + section + current) * 100000000n;
          total = yi;
          section = 0n;
          current = 0n;
        }
      }
      total += section + current;
      const jiao = /(.)角/.exec(fracPart);
      const fen = /(.)分/.exec(fracPart);
      return total * 100n + BigInt(jiao ? digit(jiao[1]!) * 10 : 0) + BigInt(fen ? digit(fen[1]!) : 0);
    };
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n - 1n }), (cents) => {
        const yuan = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        expect(parse(toCapitalAmount(yuan))).toBe(cents);
      }),
    );
  });
});
