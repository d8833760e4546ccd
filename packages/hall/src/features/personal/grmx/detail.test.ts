import { describe, expect, it } from 'vitest';
import { isDay, periodProblem, signedMoney } from './detail';

describe('signedMoney', () => {
  it('puts + before money in, keeps the minus of money out, groups thousands, two decimals', () => {
    expect(signedMoney('1920.00')).toBe('+1,920.00');
    expect(signedMoney('-12000.00')).toBe('-12,000.00');
    expect(signedMoney('0.05')).toBe('+0.05');
    expect(signedMoney('0.00')).toBe('0.00');
    expect(signedMoney('')).toBe('');
  });
});

describe('periodProblem', () => {
  it('asks for both dates, refuses days that do not exist and a start after the end', () => {
    expect(periodProblem('', '2026-01-01')).toBe('请选择开始日期');
    expect(periodProblem('2026-01-01', '')).toBe('请选择结束日期');
    expect(periodProblem('2026-02-30', '2026-03-01')).toBe('开始日期不是有效的日期，请按“年-月-日”选择');
    expect(periodProblem('2026-02-01', '2026/03/01')).toBe('结束日期不是有效的日期，请按“年-月-日”选择');
    expect(periodProblem('2026-05-01', '2026-04-30')).toBe('开始日期不能晚于结束日期');
    expect(periodProblem('2026-04-30', '2026-04-30')).toBe('');
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
  });
});
