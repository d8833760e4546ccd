import { describe, expect, it } from 'vitest';
import { typedReceiptCode } from './receipt-code';

describe('the receipt check’s code', () => {
  it('reads a receipt code as printed (groups of four) or typed in lower case', () => {
    expect(typedReceiptCode('5421-wwp6-Y65G-SFV7')).toBe('5421WWP6Y65GSFV7');
    expect(typedReceiptCode(' 5421 WWP6 Y65G SFV7 ')).toBe('5421WWP6Y65GSFV7');
    expect(typedReceiptCode('5421-WWP6-Y65G')).toBe('');
    expect(typedReceiptCode('5421-WWP6-Y65G-SFV7-')).toBe('5421WWP6Y65GSFV7');
    expect(typedReceiptCode('5421_WWP6Y65GSFV7')).toBe('');
  });
});
