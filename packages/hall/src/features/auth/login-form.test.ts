import { describe, expect, it } from 'vitest';
import { BusinessError, HttpError } from '@gjj-hall/sdk';
import { loginFailureMessage, loginSuccessMessage, validateLogin } from './login-form';

describe('validateLogin', () => {
  it('accepts the demo sign-in', () => {
    expect(validateLogin({ username: '110101199003072316', password: 'Gjj@2026', code: 'a3F9' })).toEqual({});
  });

  it('names every empty field', () => {
    expect(validateLogin({ username: '', password: '', code: '' })).toEqual({
      username: '请输入账号',
      password: '密码不能为空',
      code: '验证码不能为空',
    });
  });

  it('checks lengths and kinds of account (4-20) and captcha (4-6); of the password only that it was typed', () => {
    expect(validateLogin({ username: 'ab', password: 'abcdef', code: '12' })).toEqual({
      username: '账号不能包含特殊字符，且必须大于4小于等于20位',
      code: '请输入正确的验证码',
    });
    expect(validateLogin({ username: 'a'.repeat(21), password: 'a1'.repeat(9), code: '1234567' })).toEqual({
      username: '账号不能包含特殊字符，且必须大于4小于等于20位',
      code: '请输入正确的验证码',
    });
    expect(validateLogin({ username: 'abcd', password: 'abc123', code: 'AbC9' })).toEqual({});
  });

  it('never tells a user signing in a password rule (issue 23: the 8-16 rule is for setting one)', () => {
    for (const password of ['1', 'abcdef', '123456', 'a1'.repeat(9), ' 空格 ']) {
      expect(validateLogin({ username: 'abcd', password, code: 'AbC9' }), password).toEqual({});
    }
  });
});

describe('messages', () => {
  it('shows the server message of a failed sign-in', () => {
    const error = new HttpError('验证码错误，请重新输入', { status: 428, kind: 'status', request: { method: 'POST', url: '/' } });
    expect(loginFailureMessage(error)).toBe('验证码错误，请重新输入');
    expect(loginFailureMessage(new BusinessError('登录信息解密失败，请刷新页面后重试', 1, { code: 1, data: null }))).toBe(
      '登录信息解密失败，请刷新页面后重试',
    );
    expect(loginFailureMessage('boom')).toBe('登录失败，请稍后重试');
  });

  it('welcomes by name', () => {
    expect(loginSuccessMessage('张三')).toBe('登录成功，欢迎您，张三');
    expect(loginSuccessMessage('')).toBe('登录成功，欢迎您');
  });
});
