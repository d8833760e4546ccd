import { describe, expect, it, vi } from 'vitest';
import type { GjjClient } from '../client/client';
import { DEFAULT_LOAN_LIMITS, LOAN_LIMITS_PATH, fetchLoanLimits, loanLimitProblems, readLoanLimits } from './limits';

// One test per row of the table (docs/api-public.md): the bound itself passes, one step over it is refused with the
// row's message, and the message follows the table when a centre sets another value.
describe('the centre’s loan limits, row by row', () => {
  it('maxMonths: 360 months pass, 361 and 600 are refused', () => {
    expect(loanLimitProblems({ months: '360' })).toEqual({});
    expect(loanLimitProblems({ months: '361' }).months).toBe('贷款期限不能超过360个月（30年）');
    expect(loanLimitProblems({ months: 600 }).months).toBe('贷款期限不能超过360个月（30年）');
    expect(loanLimitProblems({ months: '300' }, { ...DEFAULT_LOAN_LIMITS, maxMonths: 240 }).months).toBe('贷款期限不能超过240个月（20年）');
  });

  it('maxProvidentAmount: 120万 passes, 5,000,000 yuan is refused', () => {
    expect(loanLimitProblems({ providentAmount: '1200000' })).toEqual({});
    expect(loanLimitProblems({ providentAmount: '1200000.01' }).providentAmount).toBe('公积金贷款金额不能超过最高额度120万元');
    expect(loanLimitProblems({ providentAmount: '5000000' }).providentAmount).toBe('公积金贷款金额不能超过最高额度120万元');
    expect(loanLimitProblems({ providentAmount: 900_000 }, { ...DEFAULT_LOAN_LIMITS, maxProvidentAmount: 800_000 }).providentAmount).toBe(
      '公积金贷款金额不能超过最高额度80万元',
    );
  });

  it('minAge: 18 passes, 17 and 30.5 are refused', () => {
    expect(loanLimitProblems({ age: '18', months: '360' })).toEqual({});
    expect(loanLimitProblems({ age: '17' }).age).toBe('借款人年龄应为18至64周岁之间的整数');
    expect(loanLimitProblems({ age: '30.5' }).age).toBe('借款人年龄应为18至64周岁之间的整数');
    expect(loanLimitProblems({ age: '三十' }).age).toBe('借款人年龄应为18至64周岁之间的整数');
  });

  it('maxAgeAtEnd: the term must end by 65; it says the longest term for that age', () => {
    expect(loanLimitProblems({ age: '35', months: '360' })).toEqual({});
    expect(loanLimitProblems({ age: '36', months: '360' }).ageAtEnd).toBe('贷款到期时借款人年龄不能超过65周岁：按36周岁计，贷款期限最长348个月');
    expect(loanLimitProblems({ age: '50', months: '180' })).toEqual({});
    expect(loanLimitProblems({ age: '65' }).age).toBe('借款人年龄应为18至64周岁之间的整数');
    expect(loanLimitProblems({ age: '60', months: '61' }, { ...DEFAULT_LOAN_LIMITS, maxAgeAtEnd: 70 })).toEqual({});
  });

  it('minProvidentRate and maxProvidentRate: 0 to 10', () => {
    expect(loanLimitProblems({ providentRate: '0' })).toEqual({});
    expect(loanLimitProblems({ providentRate: '10' })).toEqual({});
    expect(loanLimitProblems({ providentRate: '10.5' }).providentRate).toBe('公积金贷款年利率应在0至10之间');
    expect(loanLimitProblems({ providentRate: '2' }, { ...DEFAULT_LOAN_LIMITS, minProvidentRate: 2.1 }).providentRate).toBe('公积金贷款年利率应在2.1至10之间');
  });

  it('minCommercialRate and maxCommercialRate: 0 to 10 (spec 5.1)', () => {
    expect(loanLimitProblems({ commercialRate: '3.5' })).toEqual({});
    expect(loanLimitProblems({ commercialRate: '-1' }).commercialRate).toBe('商业贷款年利率应在0至10之间');
    expect(loanLimitProblems({ commercialRate: '8' }, { ...DEFAULT_LOAN_LIMITS, maxCommercialRate: 6 }).commercialRate).toBe('商业贷款年利率应在0至6之间');
  });

  it('leaves blank or unreadable values to the field rules', () => {
    expect(loanLimitProblems({ providentAmount: '', months: 'abc', age: ' ', providentRate: undefined })).toEqual({});
  });
});

describe('readLoanLimits', () => {
  it('takes the numbers it is given and keeps the defaults for the rest', () => {
    expect(readLoanLimits({ maxMonths: 300, maxProvidentAmount: -1, minAge: '20' })).toEqual({ ...DEFAULT_LOAN_LIMITS, maxMonths: 300 });
    expect(readLoanLimits(null)).toBeNull();
    expect(readLoanLimits('{"maxMonths":1}')).toBeNull();
  });

  it('fetchLoanLimits asks the public path silently and falls back to the defaults', async () => {
    const get = vi.fn().mockResolvedValueOnce({ data: { maxMonths: 240 } }).mockResolvedValueOnce({ data: null });
    const client = { get } as unknown as GjjClient;
    expect((await fetchLoanLimits(client)).maxMonths).toBe(240);
    expect(get).toHaveBeenCalledWith(LOAN_LIMITS_PATH, { silent: true });
    expect(await fetchLoanLimits(client)).toEqual(DEFAULT_LOAN_LIMITS);
  });
});
