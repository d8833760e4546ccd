import { describe, expect, it } from 'vitest';
import { amountError, cardError, yuanToFen } from './form';

describe('the withdrawal form’s checks', () => {
  it('reads yuan as fen without floating point', () => {
    expect(yuanToFen('43200')).toBe(4_320_000n);
    expect(yuanToFen('0.1')).toBe(10n);
    expect(yuanToFen('1.005')).toBeNull();
  });

  it('refuses one fen over the limit and accepts exactly the limit', () => {
    expect(amountError('43200.00', '43200.00')).toBe('');
    expect(amountError('43200.01', '43200.00')).toBe('提取金额超过本次最多可提取的 43200.00 元');
    expect(amountError('0', '43200.00')).toBe('提取金额须大于 0');
    expect(amountError('', '1')).toBe('请输入提取金额');
  });

  it('checks the card’s digit', () => {
    expect(cardError('6222 0212 3456 7890 128')).toBe('');
    expect(cardError('6222021234567890127')).toBe('银行卡号校验不通过，请核对卡号');
    expect(cardError('6222')).toBe('银行卡号应为 12 至 19 位数字');
  });
});
