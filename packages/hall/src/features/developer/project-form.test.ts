import { describe, expect, it } from 'vitest';
import { priceErrors, priceFen, projectErrors, projectPayload, PROJECT_BLANK, splitList, valuesOf } from './project-form';

const filled = {
  ...PROJECT_BLANK,
  xmmc: '示例·观澜苑',
  qy: '历下区',
  xmdz: '示范市历下区观澜路 18 号',
  ysxkzh: '示房预售证第2026101号、示房预售证第2026102号',
  lds: '1号楼，2号楼',
  zts: '260',
  kpsj: '2026-12-20',
  jgzd: '18000',
  jgzg: '21500.5',
  jdxdb: '1',
  jgyh: '中国工商银行',
  jgzh: '1602 0123 0900 0999 001',
  lxdh: '0531-88009001',
};

describe('the project form’s pure checks', () => {
  it('splits the lists typed in one field', () => {
    expect(splitList('1号楼、2号楼, 3号楼\n5号楼；')).toEqual(['1号楼', '2号楼', '3号楼', '5号楼']);
    expect(splitList(' ')).toEqual([]);
  });

  it('money in fen without floating point', () => {
    expect(priceFen('21500.5')).toBe(2150050n);
    expect(priceFen('0.01')).toBe(1n);
    expect(priceFen('1.234')).toBeNull();
  });

  it('the price range at its edges, as the server’s rows', () => {
    expect(priceErrors(filled)).toEqual({});
    expect(priceErrors({ ...filled, jgzd: '0' }).jgzd).toBe('参考价格的最低价应大于 0');
    expect(priceErrors({ ...filled, jgzd: '0.01', jgzg: '0.01' })).toEqual({});
    expect(priceErrors({ ...filled, jgzd: '18000', jgzg: '17999.99' }).jgzg).toBe('参考价格的最高价不能低于最低价');
    expect(priceErrors({ ...filled, jgzh: '12ab' }).jgzh).toBe('监管账号为 8 至 30 位数字');
    expect(priceErrors({ ...filled, jdxdb: '' }).jdxdb).toBe('请选择是否提供阶段性担保');
  });

  it('step 1: names, lists and the date', () => {
    expect(projectErrors(filled)).toEqual({});
    expect(projectErrors({ ...filled, ysxkzh: 'A1、A1' }).ysxkzh).toBe('预售许可证号不能重复');
    expect(projectErrors({ ...filled, lds: '' }).lds).toBe('请填写楼栋');
    expect(projectErrors({ ...filled, kpsj: '2026-02-30' }).kpsj).toContain('开盘时间格式应为');
    expect(projectErrors({ ...filled, zts: '0' }).zts).toBe('总套数为 1 至 100000 的整数');
  });

  it('the payload the server’s schema takes, and back', () => {
    const payload = projectPayload(filled, 'LP2026001001');
    expect(payload).toMatchObject({ xmbh: 'LP2026001001', ysxkzh: ['示房预售证第2026101号', '示房预售证第2026102号'], lds: ['1号楼', '2号楼'], zts: 260, jgzh: '1602012309000999001' });
    expect(valuesOf({ ...(payload as Parameters<typeof valuesOf>[0]), jgzd: '18000.00', jgzg: '21500.50' })).toMatchObject({ ysxkzh: '示房预售证第2026101号、示房预售证第2026102号', zts: '260' });
  });
});
