import { describe, expect, it } from 'vitest';
import { calculateLoan } from '@gjj-hall/sdk/loan';
import { amountError, applyPayload, BLANK, cardError, preview, propertyErrors, repaymentErrors, yuanToFen } from './apply-form';

describe('the loan application page’s pure checks', () => {
  it('money in fen without floating point', () => {
    expect(yuanToFen('960000')).toBe(96_000_000n);
    expect(yuanToFen('0.1')).toBe(10n);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('01')).toBeNull();
  });

  it('the amount against the server’s maximum, at the fen', () => {
    expect(amountError('960000.00', '960000.00')).toBe('');
    expect(amountError('960000.01', '960000.00')).toBe('申请贷款金额超过您的可贷额度 960000.00 元');
    expect(amountError('', '1')).toBe('请输入申请贷款金额');
    expect(amountError('0', '1')).toBe('申请贷款金额须大于 0');
    expect(amountError('1.234', '9')).toBe('申请贷款金额应为金额（元），至多两位小数');
  });

  it('the card’s check digit', () => {
    expect(cardError('6222021234567890128')).toBe('');
    expect(cardError('6222021234567890127')).toBe('银行卡号校验不通过，请核对卡号');
    expect(cardError('12345')).toBe('银行卡号应为 12 至 19 位数字');
  });

  it('a project is asked for a new home, not for a resale one', () => {
    const v = { ...BLANK, fwdz: '示范市高新区云栖路 88 号', fwmj: '98.5', fwzj: '1200000' };
    expect(propertyErrors(v)).toEqual({ xmbh: '请选择合作楼盘' });
    expect(propertyErrors({ ...v, fwlx: '02' })).toEqual({});
    expect(repaymentErrors({ ...BLANK })).toEqual({ dbfs: '请选择担保方式', hkyh: '请选择还款银行', hkzh: '请输入还款银行卡号' });
  });

  it('the payload: a resale home names no project; the card without spaces; the term in months', () => {
    const p = applyPayload({ ...BLANK, fwlx: '02', xmbh: 'LP1', dkqx: '240', hkzh: '6222 0212 3456 7890 128' }, '201000000101');
    expect(p).toMatchObject({ grzh: '201000000101', fwlx: '02', dkqx: 240, hkzh: '6222021234567890128' });
    expect(p).not.toHaveProperty('xmbh');
  });

  it('the preview is the engine’s first instalment', () => {
    const engine = calculateLoan({ amount: '600000', months: 240, annualRate: '2.6', method: '01', issueDate: '2026-11-26' });
    expect(preview('600000', '240', '2.6', '01', '2026-11-26')).toEqual({ first: engine.schedule[0]!.payment, interest: engine.totalInterest, last: engine.schedule[239]!.date });
    expect(preview('', '240', '2.6', '01', '2026-11-26')).toBeUndefined();
  });
});
