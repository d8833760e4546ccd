import { describe, expect, it } from 'vitest';
import { BLANK_STANDING, standingErrors, standingPayload } from './standing-form';

const filled = { zlht: 'ZL-1', zldz: '示范市文化东路 8 号', zlqsrq: '2026-03-01', zlzzrq: '2027-02-28', wfsm: '1', pl: 'Q', dqje: '1500.00', skyh: '102', skzh: '6222 0212 3456 7890 128', skrxm: '张三' };

describe('the standing-order form', () => {
  it('asks for every answer on a blank form, in Chinese', () => {
    expect(standingErrors(BLANK_STANDING, '21600.00')).toMatchObject({
      zlht: '请输入租赁合同编号',
      wfsm: '请确认本人及配偶在本市无自有住房',
      dqje: '请输入每期提取金额',
      skyh: '请选择收款银行',
    });
  });

  it('the amount a period: exactly the quota left passes, one fen over is refused; the card’s check digit', () => {
    expect(standingErrors(filled, '1500.00')).toEqual({});
    expect(standingErrors({ ...filled, dqje: '1500.01' }, '1500.00').dqje).toBe('每期提取金额超过本年度剩余额度 1500.00 元');
    expect(standingErrors({ ...filled, skzh: '6222021234567890127' }, '1500.00').skzh).toBeTruthy();
    expect(standingErrors({ ...filled, zlzzrq: '2026-02-01' }, '1500.00').zlzzrq).toBe('租赁终止日期应晚于起始日期');
  });

  it('sends the card without spaces, the declaration as a boolean, the frequency', () => {
    expect(standingPayload(filled)).toMatchObject({ skzh: '6222021234567890128', wfsm: true, pl: 'Q', dqje: '1500.00' });
  });
});
