import { describe, expect, it } from 'vitest';
import {
  contributionBaseRule,
  contributionBaseRuleFor,
  DEFAULT_FLEXIBLE_BOUNDS,
  monthlyDeposit,
  newPasswordRule,
  registerRules,
  smsCodeLengthOf,
  validateFields,
} from './register-person-form';

const DEMO_XT_MMZZ = '^(?![A-Za-z]+$)(?![0-9]+$)(?![^A-Za-z0-9]+$)[^\\s\\u4e00-\\u9fa5]{8,16}$';

describe('the registration rules', () => {
  const values = { password: 'Newpass2026' };
  const rulesOf = registerRules({ passwordPattern: DEMO_XT_MMZZ, smsCodeLength: 6 }, () => values);

  it('give the spec 5.4 messages for the person', () => {
    expect(validateFields(['xingming', 'zjhm', 'sjhm', 'dxyzm'], rulesOf, {})).toEqual({
      xingming: '姓名不能为空',
      zjhm: '身份证号码不能为空',
      sjhm: '请输入手机号码',
      dxyzm: '验证码不能为空',
    });
    expect(validateFields(['xingming', 'zjhm', 'sjhm', 'dxyzm'], rulesOf, { xingming: '赵', zjhm: '370102198813323015', sjhm: '12345678901', dxyzm: '1234' })).toEqual({
      xingming: '姓名格式不正确',
      zjhm: '输入的身份证号里出生日期不对',
      sjhm: '请输入正确的手机号码',
      dxyzm: '请输入正确的验证码',
    });
    expect(rulesOf.zjhm('370102198805123016')).toBe('请输入正确的身份证号码');
    expect(validateFields(['xingming', 'zjhm', 'sjhm', 'dxyzm'], rulesOf, { xingming: '赵六', zjhm: '370102198805123015', sjhm: '13100130001', dxyzm: '123456' })).toEqual({});
  });

  it('check the new password against XT_MMZZ, and the confirmation against it', () => {
    expect(rulesOf.password('')).toBe('密码不能为空');
    expect(rulesOf.password('abc123')).toBe('请输入8-16位密码，至少包含字母、数字两种组合');
    expect(rulesOf.password('abcdefgh')).toBe('请输入8-16位密码，至少包含字母、数字两种组合');
    expect(rulesOf.password('Newpass2026')).toBe('');
    expect(rulesOf.confirmPassword('')).toBe('请再次输入密码');
    expect(rulesOf.confirmPassword('Newpass2025')).toBe('两次输入密码不一致!');
    expect(rulesOf.confirmPassword('Newpass2026')).toBe('');
    // No configured rule: 8-16 with letters and digits.
    expect(newPasswordRule('')('abc12345')).toBe('');
    expect(newPasswordRule('')('abc1234')).not.toBe('');
  });

  it('check what a flexible employee and an out-of-area person declare', () => {
    expect(rulesOf.jcbl('')).toBe('请选择缴存比例');
    expect(rulesOf.jcbl('13')).toBe('缴存比例须为 5% 至 12% 的整数');
    const narrow = registerRules({ passwordPattern: DEMO_XT_MMZZ, smsCodeLength: 6, flexible: { ...DEFAULT_FLEXIBLE_BOUNDS, ratioMax: 7 } }, () => values);
    expect([narrow.jcbl('7'), narrow.jcbl('8')]).toEqual(['', '缴存比例须为 5% 至 7% 的整数']);
    expect(rulesOf.hjszd('')).toBe('请输入户籍所在地');
    expect(rulesOf.txdz('示范市')).toBe('通讯地址为 5 至 30 个字');
    expect(rulesOf.yzbm('')).toBe('');
    expect(rulesOf.yzbm('012345')).toBe('请输入正确的邮政编码');
    expect(rulesOf.ydgrzh('12345')).toBe('个人公积金账号为 6 至 20 位字母或数字');
    expect(rulesOf.dwmc('')).toBe('');
    expect(contributionBaseRule('')).toBe('请输入月缴存基数');
    expect(contributionBaseRule('6000.123')).toBe('只能输入数字、小数');
    expect(contributionBaseRule('2199.99')).toBe('月缴存基数须在 2200 至 33000 元之间');
    expect(contributionBaseRule('33000')).toBe('');
    expect(contributionBaseRuleFor({ ...DEFAULT_FLEXIBLE_BOUNDS, baseMaxYuan: 30000 })('30000.01')).toBe('月缴存基数须在 2200 至 30000 元之间');
  });
});

describe('monthlyDeposit', () => {
  it('is base × rate, both shares, to the cent; empty until both are valid', () => {
    expect(monthlyDeposit('6000', '12')).toBe('1440.00');
    // Each part rounded on its own, as the server does: 319.7523 → 320 yuan, twice (the page used to show 639.50).
    expect(monthlyDeposit('4567.89', '7')).toBe('640.00');
    expect(monthlyDeposit('4567.89', '7', { ...DEFAULT_FLEXIBLE_BOUNDS, roundingFen: 1 })).toBe('639.50');
    expect(monthlyDeposit('3333.33', '7', { ...DEFAULT_FLEXIBLE_BOUNDS, roundingFen: 1 })).toBe('466.66');
    expect(monthlyDeposit('6000', '8', { ...DEFAULT_FLEXIBLE_BOUNDS, ratioMax: 7 })).toBe('');
    expect(monthlyDeposit('6000', '')).toBe('');
    expect(monthlyDeposit('100', '12')).toBe('');
  });
});

describe('smsCodeLengthOf', () => {
  it('reads XT_DXYZMCD (4 to 8), else the default 6 (issue 18)', () => {
    expect(smsCodeLengthOf('5')).toBe(5);
    expect(smsCodeLengthOf('')).toBe(6);
    expect(smsCodeLengthOf('12')).toBe(6);
  });
});
