import { describe, expect, it } from 'vitest';
import { loginPhoneRule, newPasswordRule, smsCodeLength, smsCodeRule, stripInput, validateNewPassword } from './password-form';

// The demo's XT_MMZZ (packages/server/src/seed/shell.ts): the hall may not import server code, so it is copied here.
const DEMO_PASSWORD_PATTERN_FOR_TEST = '^(?![A-Za-z]+$)(?![0-9]+$)(?![^A-Za-z0-9]+$)[^\\s\\u4e00-\\u9fa5]{8,16}$';

describe('the password and SMS rules of the hall', () => {
  it('reads the SMS code length from XT_DXYZMCD, 4 to 8, else 6 (issue 18)', () => {
    expect(smsCodeLength('6')).toBe(6);
    expect(smsCodeLength('')).toBe(6);
    expect(smsCodeLength('3')).toBe(6);
    expect(smsCodeLength('abc')).toBe(6);
    expect(smsCodeRule(6)('')).toBe('验证码不能为空');
    expect(smsCodeRule(6)('12345')).toBe('请输入正确的验证码');
    expect(smsCodeRule(6)('123456')).toBe('');
  });

  it('strips Chinese characters and spaces from passwords as typed (spec 5.2)', () => {
    expect(stripInput('ab c中文1 2')).toBe('abc12');
  });

  it('asks 8-16 characters with letters and digits, and the configured pattern on top', () => {
    const rule = newPasswordRule('');
    expect(rule('')).toBe('密码不能为空');
    expect(rule('abc123')).toBe('请输入8-16位密码，至少包含字母、数字两种组合');
    expect(rule('abcdefgh')).toBe('请输入8-16位密码，至少包含字母、数字两种组合');
    expect(rule('abcd1234')).toBe('');
    // A configured pattern that also wants an uppercase letter.
    expect(newPasswordRule('^(?=.*[A-Z]).{8,16}$')('abcd1234')).toBe('请输入8-16位密码，至少包含字母、数字两种组合');
    expect(newPasswordRule(DEMO_PASSWORD_PATTERN_FOR_TEST)('Abcd1234')).toBe('');
  });

  it('checks the confirmation: empty, then equal', () => {
    expect(validateNewPassword({ password: 'abcd1234', confirm: '' }, '')).toEqual({ confirm: '请再次输入密码' });
    expect(validateNewPassword({ password: 'abcd1234', confirm: 'abcd1235' }, '')).toEqual({ confirm: '两次输入密码不一致!' });
    expect(validateNewPassword({ password: 'abcd1234', confirm: 'abcd1234' }, '')).toEqual({});
  });

  it('does not let a masked phone sign in', () => {
    expect(loginPhoneRule('')).toBe('请输入手机号码');
    expect(loginPhoneRule('138****8000')).toBe('请输入正确的手机号码');
    expect(loginPhoneRule('13800138000')).toBe('');
  });
});
