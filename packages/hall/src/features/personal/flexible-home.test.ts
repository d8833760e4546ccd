import { describe, expect, it } from 'vitest';
import { flexibleHiddenPaths, unitFact } from './flexible-home';

const F = '/grwt/zhxx/lhjyryyw/';
const flexible = ['lhjyjczgry'];

describe('flexible home (issue 30)', () => {
  it('offers an open account neither 开户 nor 启封', () => {
    expect(flexibleHiddenPaths(flexible, '01')).toEqual([`${F}lhjyrykh`, `${F}lhjy_qf`]);
  });
  it('offers a sealed account neither 开户 nor 封存', () => {
    expect(flexibleHiddenPaths(flexible, '02')).toEqual([`${F}lhjyrykh`, `${F}lhjy_fc`]);
  });
  it('offers a frozen account none of the three', () => {
    expect(flexibleHiddenPaths(flexible, '06')).toEqual([`${F}lhjyrykh`, `${F}lhjy_fc`, `${F}lhjy_qf`]);
  });
  it('offers a closed account, or none, 开户 only of the three', () => {
    for (const state of ['03', '04', '05', '99', undefined, '']) expect(flexibleHiddenPaths(flexible, state)).toEqual([`${F}lhjy_fc`, `${F}lhjy_qf`]);
  });
  it('leaves out nothing outside the flexible role', () => {
    expect(flexibleHiddenPaths(['grjczg'], '01')).toEqual([]);
    expect(flexibleHiddenPaths(undefined, '01')).toEqual([]);
  });
  it('shows 灵活就业 as the unit of a flexible depositor without one, the unit name otherwise', () => {
    expect(unitFact(flexible, '')).toBe('灵活就业');
    expect(unitFact(flexible, null)).toBe('灵活就业');
    expect(unitFact(flexible, '某某有限公司')).toBe('某某有限公司');
    expect(unitFact([], '')).toBe('');
  });
});
