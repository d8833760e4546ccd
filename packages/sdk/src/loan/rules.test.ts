import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../validate/rule';
import { loanRules } from './rules';

/** [value, expected message] pairs for one rule; '' means valid. */
function cases(rule: Rule, list: ReadonlyArray<readonly [unknown, string]>): void {
  for (const [value, message] of list) expect(rule(value), `value ${String(value)}`).toBe(message);
}

describe('5.1 calculator', () => {
  it('loan amount: empty, zero, not a number', () =>
    cases(loanRules.loanAmount(), [['', '贷款金额不能为空'], ['0', '贷款金额不能为0'], ['0.00', '贷款金额不能为0'], [0, '贷款金额不能为0'], ['abc', '只能输入数字、小数'], ['-5', '只能输入数字、小数'], ['50', ''], [120.5, '']]));

  it('loan term: empty, at most 3 digits, not 0', () =>
    cases(loanRules.loanTerm(), [['', '贷款期限不能为空'], ['1000', '贷款期限只能输入3位以内的数字'], ['12.5', '贷款期限只能输入3位以内的数字'], [{}, '贷款期限不能为空'], [[1], '贷款期限只能输入3位以内的数字'], ['0', '贷款期限不能为0'], ['360', ''], [240, '']]));

  it('commercial rate: between 0 and 10 inclusive', () =>
    cases(loanRules.commercialRate(), [['', '商业贷款年利率不能为空'], ['10.01', '商业贷款年利率不能大于10'], ['-0.1', '商业贷款年利率不能小于0'], ['abc', '请输入数字值'], ['0', ''], ['10', ''], ['3.45', '']]));

  it('required selections', () => {
    expect(loanRules.issueDate()('')).toBe('请选择贷款发放日期');
    expect(loanRules.issueDate()('2024-05-20')).toBe('');
    expect(loanRules.repaymentMethod()(null)).toBe('请选择还款方式');
    expect(loanRules.repaymentMethod()('01')).toBe('');
    expect(loanRules.providentRate()('')).toBe('公积金贷款年利率不能为空');
    expect(loanRules.providentRate()('2.85')).toBe('');
    expect(loanRules.repaymentDay()(undefined)).toBe('请选择还款日');
    expect(loanRules.repaymentDay()(20)).toBe('');
    expect(loanRules.secondHome()('')).toBe('请选择是否为二套房');
    expect(loanRules.secondHome()('0')).toBe('');
  });
});


describe('the calculator rules never throw', () => {
  it('on fc.anything()', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true }), (value) => {
        for (const make of Object.values(loanRules)) expect(typeof make()(value)).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});

describe('rate ranges (issue 18, item 9): the form and the server refuse what the engine cannot compute', () => {
  it('commercial rate: 0, or from the floor 0.01 to 10', () =>
    cases(loanRules.commercialRate(), [
      ['0.001', '商业贷款年利率大于0时不能小于0.01'],
      ['0.0000000000000001', '商业贷款年利率大于0时不能小于0.01'],
      ['1e-16', '请输入数字值'],
      ['0.01', ''],
      ['0.00', ''],
    ]));

  it('provident fund rate: a number, 0 or from 0.01 to 10', () =>
    cases(loanRules.providentRate(), [
      ['abc', '请输入数字值'],
      ['1e-16', '请输入数字值'],
      ['Infinity', '请输入数字值'],
      ['0.0000000000001', '公积金贷款年利率大于0时不能小于0.01'],
      ['10.5', '公积金贷款年利率不能大于10'],
      ['-1', '公积金贷款年利率不能小于0'],
      ['0', ''],
      ['3.1', ''],
      ['10', ''],
    ]));
});
