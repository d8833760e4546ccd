import { describe, expect, it } from 'vitest';
import { amountStepErrors, blankAnswers, factsErrors, idNumberError, kindByPath, kindByYwlx, kindPayload, limitKey, WITHDRAWAL_KINDS } from './kinds';

const kind = (path: string) => kindByPath(path)!;
const card = { skyh: '102', skzh: '6222 0212 3456 7890 128', skrxm: '韩购房' };

describe('the withdrawal kinds', () => {
  it('are the eight of spec 2.4, each with its own menu path and business code', () => {
    expect(WITHDRAWAL_KINDS.map((k) => k.path).sort()).toEqual(['chdk_tq', 'cjdj_tq', 'gmzzf', 'jzfj_tq', 'ltx_tq', 'qtyy_tq', 'ssldl_tq', 'zfzj_tq']);
    expect(WITHDRAWAL_KINDS.map((k) => k.ywlx).sort()).toEqual(['TQ0101', 'TQ0102', 'TQ0103', 'TQ0104', 'TQ0105', 'TQ0106', 'TQ0107', 'TQ0199']);
    expect(WITHDRAWAL_KINDS.filter((k) => k.closing).map((k) => k.ywlx).sort()).toEqual(['TQ0103', 'TQ0104', 'TQ0105']);
    expect(kindByYwlx('TQ0101')?.path).toBe('gmzzf');
  });

  it('asks every required fact, in words', () => {
    expect(factsErrors(kind('ltx_tq'), blankAnswers(kind('ltx_tq')))).toEqual({ txrq: '请选择退休日期' });
    expect(factsErrors(kind('ltx_tq'), { txrq: '2026-13-01' })).toEqual({ txrq: '退休日期应为日期（年-月-日）' });
    expect(factsErrors(kind('gmzzf'), blankAnswers(kind('gmzzf')))).toEqual({
      gfht: '请输入购房合同编号或不动产权证号',
      fwzl: '请输入房屋坐落',
      gfrq: '请选择购房日期',
      fwzj: '请输入房屋总价',
    });
    expect(factsErrors(kind('zfzj_tq'), blankAnswers(kind('zfzj_tq'))).wfsm).toBe('请确认本人及配偶在本市无自有住房');
    expect(factsErrors(kind('qtyy_tq'), { qtyy: '09', qksm: '住院' })).toEqual({ hzgx: '请选择患者与您的关系', hzxm: '请输入患者姓名', qksm: '情况说明应为 5 至 500 个字' });
    expect(factsErrors(kind('chdk_tq'), { dklx: '3', jkhtbh: 'X' })).toEqual({ dklx: '请从列表中选择贷款类型' });
  });

  it('checks across facts: a loan above the price, a lease ending before it starts', () => {
    const buy = { gfht: 'GF-1', fwzl: '经十路 48 号', gfrq: '2026-10-01', fwzj: '800000', dkje: '800000.01' };
    expect(factsErrors(kind('gmzzf'), buy)).toEqual({ dkje: '贷款金额不能超过房屋总价' });
    expect(factsErrors(kind('gmzzf'), { ...buy, dkje: '800000' })).toEqual({});
    const lease = { zlht: 'Z', zldz: '文化东路', yzj: '2500', zlqsrq: '2026-03-01', zlzzrq: '2026-03-01', wfsm: '1' };
    expect(factsErrors(kind('zfzj_tq'), lease)).toEqual({ zlzzrq: '租赁终止日期应晚于起始日期' });
  });

  it('asks the spouse only when the spouse withdraws too, with the ID number’s check character', () => {
    const buy = { gfht: 'GF-1', fwzl: '经十路 48 号', gfrq: '2026-10-01', fwzj: '800000', potq: '1' };
    expect(factsErrors(kind('gmzzf'), buy)).toEqual({ poxm: '请输入配偶姓名', pozjhm: '请输入配偶身份证号码' });
    expect(factsErrors(kind('gmzzf'), { ...buy, poxm: '许配偶', pozjhm: '110105198909154828' })).toEqual({ pozjhm: '身份证号码校验不通过，请核对' });
    expect(factsErrors(kind('gmzzf'), { ...buy, poxm: '许配偶', pozjhm: '110105198909154829' })).toEqual({});
    expect(idNumberError('1101051989')).toBe('身份证号码应为 18 位');
    expect(kind('gmzzf').letter?.(buy)).toBe(true);
    expect(kind('gmzzf').letter?.({ ...buy, potq: '' })).toBe(false);
  });

  it('sends the facts as the server takes them: ticks as booleans, hidden and empty optional facts left out', () => {
    const answers = { gfht: ' GF-1 ', fwzl: '经十路 48 号', gfrq: '2026-10-01', fwzj: '800000', dkje: '', potq: '', poxm: '许配偶', tqje: '1000', ...card };
    expect(kindPayload(kind('gmzzf'), answers)).toEqual({
      gfht: 'GF-1',
      fwzl: '经十路 48 号',
      gfrq: '2026-10-01',
      fwzj: '800000',
      potq: false,
      tqje: '1000',
      skyh: '102',
      skzh: '6222021234567890128',
      skrxm: '韩购房',
    });
    // A closing kind sends no amount: the server pays the whole balance.
    expect(kindPayload(kind('ltx_tq'), { txrq: '2026-04-10', tqje: '5', ...card })).toEqual({ txrq: '2026-04-10', skyh: '102', skzh: '6222021234567890128', skrxm: '韩购房' });
    expect(kindPayload(kind('chdk_tq'), { dklx: '1', jkhtbh: 'GJJDK2024050001', yhke: '2500', ffrq: '2024-05-01', ...card })).not.toHaveProperty('yhke');
  });

  it('refuses one fen over the limit on the amount step; a closing kind asks only the card', () => {
    expect(amountStepErrors(kind('gmzzf'), { tqje: '12000.01', ...card }, '12000.00')).toEqual({ tqje: '提取金额超过本次最多可提取的 12000.00 元' });
    expect(amountStepErrors(kind('gmzzf'), { tqje: '12000.00', ...card }, '12000.00')).toEqual({});
    expect(amountStepErrors(kind('ltx_tq'), { ...card }, '0.00')).toEqual({});
    expect(amountStepErrors(kind('ltx_tq'), { skyh: '', skzh: '6222021234567890127', skrxm: '' }, '0.00')).toEqual({
      skyh: '请选择收款银行',
      skzh: '银行卡号校验不通过，请核对卡号',
      skrxm: '请输入持卡人姓名',
    });
  });

  it('asks the limit again only when an answer it depends on changes', () => {
    const a = { gfht: 'GF-1', fwzj: '800000', dkje: '', tqje: '1' };
    expect(limitKey(kind('gmzzf'), a)).toBe(limitKey(kind('gmzzf'), { ...a, tqje: '2', fwzl: '别处' }));
    expect(limitKey(kind('gmzzf'), a)).not.toBe(limitKey(kind('gmzzf'), { ...a, dkje: '1' }));
    expect(limitKey(kind('ltx_tq'), { txrq: '2026-04-10' })).toBe('');
  });
});
