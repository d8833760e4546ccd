import { describe, expect, it } from 'vitest';
import { UNIT_MESSAGES as U } from '@gjj-hall/sdk/auth';
import { VALIDATE_MESSAGES as M } from '@gjj-hall/sdk/validate';
import { BusinessError } from '@gjj-hall/sdk';
import { cleanInput, EMPTY_UNIT_DEPOSIT, failureMessage, EMPTY_UNIT_PASSWORD, newPasswordRule, unitDepositRules, unitPasswordRules, validateAll } from './unit-forms';

const PATTERN = '^(?![A-Za-z]+$)(?![0-9]+$)(?![^A-Za-z0-9]+$)[^\\s\\u4e00-\\u9fa5]{8,16}$';

describe('newPasswordRule', () => {
  it('follows the configured pattern (XT_MMZZ) with the spec wording for new passwords', () => {
    const rule = newPasswordRule(PATTERN);
    expect(rule('')).toBe(M.passwordEmpty);
    expect(rule('abc123')).toBe(M.newPassword);
    expect(rule('abcdefgh')).toBe(M.newPassword);
    expect(rule('Build@2027')).toBe('');
    // A pattern sets the make-up, never the length: 8-16 wherever a password is set (issue 23).
    expect(newPasswordRule('^\\d+$')('12345678')).toBe('');
    expect(newPasswordRule('^\\d{6}$')('123456')).toBe(M.newPassword);
  });

  it('without a pattern, asks 8-16 characters of two kinds (spec 5.2)', () => {
    expect(newPasswordRule('')('')).toBe(M.passwordEmpty);
    expect(newPasswordRule('')('abc1234')).toBe(M.newPassword);
    expect(newPasswordRule('')('abc12345')).toBe('');
  });
});

describe('the unit password form', () => {
  it('gives every empty field its message, the unit account first', () => {
    const values = EMPTY_UNIT_PASSWORD;
    const { errors, first } = validateAll(unitPasswordRules({ passwordPattern: PATTERN, codeLength: 6 }, () => values), values);
    expect(first).toBe('dwzh');
    expect(errors).toEqual({
      dwzh: U.dwzhEmpty,
      jbrxm: U.jbrxmEmpty,
      jbrzjhm: M.idCardEmpty,
      dxyzm: M.captchaEmpty,
      password: M.passwordEmpty,
      confirm: M.confirmPasswordEmpty,
    });
  });

  it('checks formats with the spec 5.4 messages, the configured password pattern and code length', () => {
    const values = { dwzh: '1002', jbrxm: '王', jbrzjhm: '370103197902303033', dxyzm: '1234', password: 'abcdefgh', confirm: 'abcdefgi' };
    const { errors } = validateAll(unitPasswordRules({ passwordPattern: PATTERN, codeLength: 6 }, () => values), values);
    expect(errors).toEqual({ dwzh: U.dwzh, jbrxm: M.name, jbrzjhm: M.idCardDate, dxyzm: M.captcha, password: M.newPassword, confirm: M.confirmPassword });

    const good = { dwzh: '100200300101', jbrxm: '王建国', jbrzjhm: '370103197909053033', dxyzm: '123456', password: 'Build@2027', confirm: 'Build@2027' };
    expect(validateAll(unitPasswordRules({ passwordPattern: PATTERN, codeLength: 6 }, () => good), good)).toEqual({ errors: {}, first: undefined });
    // Four-digit codes where the configuration says so.
    expect(unitPasswordRules({ passwordPattern: '', codeLength: 4 }, () => good).dxyzm('1234')).toBe('');
  });
});

describe('the deposit registration form', () => {
  const rules = unitDepositRules({ codeLength: 6, today: '2026-11-24' });

  it('gives every empty field its message, the unit name first', () => {
    const { errors, first } = validateAll(rules, EMPTY_UNIT_DEPOSIT);
    expect(first).toBe('dwmc');
    expect(errors.tyshxydm).toBe(M.creditCodeEmpty);
    expect(errors.jbrsjhm).toBe(M.mobileEmpty);
    expect(errors.dwjcbl).toBe(U.dwjcblEmpty);
    expect(Object.keys(errors)).toHaveLength(12);
  });

  it('checks the credit code check digit, postal code, names, mobile, start month, rate and head count', () => {
    expect(rules.tyshxydm('91370100MA3J5L2R71')).toBe(M.creditCode);
    expect(rules.tyshxydm('91370100MA3J5L2R70')).toBe('');
    expect(rules.yzbm('050101')).toBe(M.postalCode);
    expect(rules.fddbr('李')).toBe(M.name);
    expect(rules.jbrsjhm('1234567890')).toBe(M.mobile);
    expect(rules.jbrzjhm('370107198304303078')).toBe(M.idCard);
    expect(rules.jcqsny('2027-11')).toBe('');
    expect(rules.jcqsny('2027-12')).toBe(U.jcqsnyRange);
    expect(rules.jcqsny('2025-10')).toBe(U.jcqsnyRange);
    expect(rules.jcqsny('2026-13')).toBe(U.jcqsny);
    expect(rules.dwjcbl('13')).toBe(U.dwjcbl);
    expect(rules.zgrs('0')).toBe(U.zgrs);
    expect(rules.dwdz('创新路')).toBe(U.dwdz);
  });
});

describe('cleanInput', () => {
  it('strips spaces (keeping them inside names and addresses) and upper-cases ID numbers and credit codes', () => {
    expect(cleanInput('dwzh', ' 1002 0030 0101 ')).toBe('100200300101');
    expect(cleanInput('jbrzjhm', '37010619900212206x')).toBe('37010619900212206X');
    expect(cleanInput('tyshxydm', '91370100ma3j5l2r70')).toBe('91370100MA3J5L2R70');
    expect(cleanInput('dwdz', '  创新路 88 号')).toBe('创新路 88 号');
  });
});

describe('failureMessage', () => {
  it("shows the server's message, else a generic one", () => {
    expect(failureMessage(new BusinessError(U.handlerMismatch, 400, null))).toBe(U.handlerMismatch);
    expect(failureMessage(new Error('sm-crypto'))).toBe('提交失败，请稍后重试');
  });
});
