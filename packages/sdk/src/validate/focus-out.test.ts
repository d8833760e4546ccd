import { describe, expect, it } from 'vitest';
import { checkFocusOut, isFocusOutPassword, isTel } from './focus-out';
import type { FocusOutType } from './focus-out';

describe('focus-out predicates', () => {
  it('tel: 11 digits, 1 then 3-9, no +86, no stars', () => {
    expect(isTel('13812345678')).toBe(true);
    expect(isTel('19912345678')).toBe(true);
    expect(isTel('12812345678')).toBe(false);
    expect(isTel('+8613812345678')).toBe(false);
    expect(isTel('138****5678')).toBe(false);
    expect(isTel('1381234567')).toBe(false);
  });

  it('password: 6-20 characters without whitespace, at least two kinds', () => {
    expect(isFocusOutPassword('abc123')).toBe(true);
    expect(isFocusOutPassword('abc.def')).toBe(true);
    expect(isFocusOutPassword('123-456')).toBe(true);
    expect(isFocusOutPassword('Ab1!'.repeat(5))).toBe(true);
    expect(isFocusOutPassword('abcdef')).toBe(false);
    expect(isFocusOutPassword('123456')).toBe(false);
    expect(isFocusOutPassword('!@#$%^')).toBe(false);
    expect(isFocusOutPassword('ab12')).toBe(false);
    expect(isFocusOutPassword('Ab1!'.repeat(5) + 'x')).toBe(false);
    expect(isFocusOutPassword('abc 123')).toBe(false);
  });
});

describe('checkFocusOut', () => {
  const defaults: ReadonlyArray<readonly [FocusOutType, string, string, string]> = [
    ['tel', '请输入手机号', '请输入正确格式的手机号', '13812345678'],
    ['email', '请输入邮箱', '请输入正确格式的邮箱', 'zhang.san@example.com'],
    ['password', '请输入密码', '密码6-20位，至少两种字符', 'abc123'],
    ['idCard', '请输入证件号', '请输入正确格式的证件号', '11010519491231002X'],
  ];

  it.each(defaults)('%s: empty message, format message with clearing, and a pass', (type, empty, format, good) => {
    expect(checkFocusOut(type, '')).toEqual({ ok: false, message: empty, clear: true });
    expect(checkFocusOut(type, '   ')).toEqual({ ok: false, message: empty, clear: true });
    expect(checkFocusOut(type, undefined)).toEqual({ ok: false, message: empty, clear: true });
    expect(checkFocusOut(type, 'x1')).toEqual({ ok: false, message: format, clear: true });
    expect(checkFocusOut(type, good)).toEqual({ ok: true });
  });

  it('idCard checks the region prefix and leap years', () => {
    expect(checkFocusOut('idCard', '100105194912310028')).toEqual({ ok: false, message: '请输入正确格式的证件号', clear: true });
    expect(checkFocusOut('idCard', '110105200002291235')).toEqual({ ok: true });
    expect(checkFocusOut('idCard', '110105190002291239').ok).toBe(false);
  });

  it('takes other messages', () => {
    const messages = { empty: '请填写联系电话', format: '联系电话格式有误' };
    expect(checkFocusOut('tel', '', messages)).toEqual({ ok: false, message: '请填写联系电话', clear: true });
    expect(checkFocusOut('tel', '123', messages)).toEqual({ ok: false, message: '联系电话格式有误', clear: true });
    expect(checkFocusOut('tel', '123', { empty: '请填写联系电话' })).toEqual({ ok: false, message: '请输入正确格式的手机号', clear: true });
  });

  it('lets an unknown type pass rather than throw', () => {
    expect(checkFocusOut('fax' as FocusOutType, 'x')).toEqual({ ok: true });
    expect(checkFocusOut('__proto__' as FocusOutType, 'x')).toEqual({ ok: true });
    expect(checkFocusOut('toString' as FocusOutType, 'x')).toEqual({ ok: true });
  });
});
