import { describe, expect, it } from 'vitest';
import {
  hkMacaoPassError,
  isAccount,
  isAmount,
  isBankNumber,
  isBlank,
  isBranchNumber,
  isCaptcha,
  isDecimal,
  isEmail,
  isEmpty,
  isExternal,
  isFloat,
  isHkMacaoPass,
  isInteger,
  isLandline,
  isMobile,
  isName,
  isNewPassword,
  isNumber,
  isOpinion,
  isOtherId,
  isPassport,
  isPassword,
  isPlate,
  isPositive,
  isPostalCode,
  isTelephone,
  isUnitNameSearch,
  isUrl,
} from './predicates';
import type { Predicate } from './predicates';

/** Asserts which values a predicate accepts and which it rejects. */
function table(test: Predicate, pass: readonly unknown[], fail: readonly unknown[]): void {
  pass.forEach((value, i) => expect(test(value), `should accept pass[${i}]`).toBe(true));
  fail.forEach((value, i) => expect(test(value), `should reject fail[${i}]`).toBe(false));
}

describe('isMobile', () => {
  it('accepts 1[3-9] and 9 digits, with or without +86', () => {
    table(isMobile, ['13812345678', '19912345678', '+8613812345678'], ['12812345678', '10012345678', '8613812345678']);
  });

  it('accepts a masked number of the same shape', () => {
    table(isMobile, ['138****5678', '+86138****5678', '1**********'], ['138****567', '138****56789', '***********', '238****5678']);
  });

  it('rejects separators, spaces, other lengths and numbers', () => {
    table(isMobile, [], ['138-1234-5678', ' 13812345678', '1381234567', '138123456789', 13812345678, null]);
  });
});

describe('isHkMacaoPass and hkMacaoPassError', () => {
  it('accepts H or M, a digit or A, then 7 digits', () => {
    table(isHkMacaoPass, ['H12345678', 'M87654321', 'HA1234567'], ['h12345678', 'C12345678', 'HB1234567', 'H1234567', 'H123456789']);
  });

  it('names the first failing rule with its own message', () => {
    expect(hkMacaoPassError('H1234567')).toBe('通行证号码必须为9位');
    expect(hkMacaoPassError('')).toBe('通行证号码必须为9位');
    expect(hkMacaoPassError(null)).toBe('通行证号码必须为9位');
    expect(hkMacaoPassError('X12345678')).toBe('第1位必须为大写字母H或M');
    expect(hkMacaoPassError('m12345678')).toBe('第1位必须为大写字母H或M');
    expect(hkMacaoPassError('HB1234567')).toBe('第2位必须为数字或大写字母A');
    expect(hkMacaoPassError('H1234567A')).toBe('第3-9位必须为数字');
    expect(hkMacaoPassError('MA12\n4567')).toBe('第3-9位必须为数字');
    expect(hkMacaoPassError('H12345678')).toBe('');
    expect(hkMacaoPassError('MA1234567')).toBe('');
  });
});

describe('isPostalCode', () => {
  it('accepts 6 digits not starting with 0', () => {
    table(isPostalCode, ['350001', '100000'], ['050001', '35000', '3500011', '35000a', 350001]);
  });
});

describe('isCaptcha', () => {
  it('accepts 4-6 letters or digits', () => {
    table(isCaptcha, ['a3F9', '1234', 'abcdef'], ['abc', 'abcdefg', 'ab-1', '验证码12']);
  });
});

describe('isLandline and isTelephone', () => {
  it('takes an area code, a hyphen, 7-8 digits and an optional extension', () => {
    table(isLandline, ['010-12345678', '0591-1234567', '0755-1234567-8001'], ['12345678', '010 12345678', '0101-123456', '10-12345678', '010-123456789']);
  });

  it('telephone is a mobile or a landline', () => {
    table(isTelephone, ['13812345678', '021-87654321', '138****5678'], ['021', '1381234567']);
  });
});

describe('isName', () => {
  it('takes 2-15 letters or Chinese characters', () => {
    table(isName, ['张三', '欧阳娜娜', 'LiLei', 'Zhang'], ['张', '张三1', '张 三', '买买提·艾力', 'a'.repeat(16)]);
  });
});

describe('isAccount', () => {
  it('defaults to 4-20 letters, digits or underscores', () => {
    table(isAccount, ['zhang_san', 'abcd', 'a'.repeat(20)], ['abc', 'a'.repeat(21), 'zhang-san', '张三丰丰']);
  });

  it('uses a configured pattern, and falls back to the default when it does not compile', () => {
    expect(isAccount('ab', '^[a-z]{2,}$')).toBe(true);
    expect(isAccount('zhang_san', '^[a-z]{2,}$')).toBe(false);
    expect(isAccount('zhang_san', '([')).toBe(true);
    expect(isAccount('ab', '([')).toBe(false);
    expect(isAccount('ab', '')).toBe(false);
  });
});

describe('isPassword', () => {
  it('defaults to 6-16 characters with a letter and a digit', () => {
    table(isPassword, ['abc123', 'ABC123', 'abc123!@#', 'a1'.repeat(8)], ['abcdef', '123456', 'ab12', 'a1'.repeat(8) + 'x', 'abc 123', '密码abc123']);
  });

  it('uses a configured pattern, and falls back to the default when it does not compile', () => {
    expect(isPassword('123456', '^\\d{6}$')).toBe(true);
    expect(isPassword('abc123', '^\\d{6}$')).toBe(false);
    expect(isPassword('abc123', '[unclosed')).toBe(true);
    expect(isPassword('123456', '[unclosed')).toBe(false);
  });

  it('the change-password rule needs 8-16', () => {
    table(isNewPassword, ['abc12345', 'Abc1234!'], ['abc123', 'abcdefgh', 'a1'.repeat(8) + 'x']);
  });
});

describe('isEmail', () => {
  it('takes local@domain with a dot in the domain', () => {
    table(isEmail, ['zhang.san@example.com', 'a+b@mail.gov.cn', 'a_b-c@x-y.cn'], ['zhang.san@localhost', '@example.com', 'a@b@c.com', 'a b@c.com', 'a@.com', 'a@com.']);
  });
});

describe('certificate numbers', () => {
  it('passport: 5-17 letters or digits', () => {
    table(isPassport, ['E12345678', 'G1234', 'A'.repeat(17)], ['G123', 'A'.repeat(18), 'E1234567-']);
  });

  it('other ID: 1-18 letters or digits', () => {
    table(isOtherId, ['A', 'A1B2', '1'.repeat(18)], ['', '1'.repeat(19), 'A-1']);
  });

  it('bank interbank number 12 digits, branch number 6 digits', () => {
    table(isBankNumber, ['102391000019'], ['10239100001', '1023910000190', '10239100001a']);
    table(isBranchNumber, ['000123'], ['00012', '0001234', '00012a']);
  });
});

describe('isPlate', () => {
  it('takes ordinary plates, special suffixes and 8-character new-energy plates', () => {
    table(isPlate, ['闽A12345', '京AB1234', '沪A1234挂', '粤B1234学', '粤BD12345', '沪AFA1234', '粤B12345F'], []);
  });

  it('rejects unknown provinces, I and O letters, and wrong lengths', () => {
    table(isPlate, [], ['港A12345', '闽I12345', '闽A1234', '闽A1234567', '闽AZ12345', '闽a12345', '']);
  });
});

describe('opinion and unit name search', () => {
  it('opinion needs 5 characters after trimming', () => {
    table(isOpinion, ['服务很周到', 'abcde', '  好好好好好 '], ['很好', '  abcd  ', '']);
  });

  it('unit name search needs 2 characters', () => {
    table(isUnitNameSearch, ['福州', 'ab'], ['福', ' 福 ', '']);
  });
});

describe('numeric helpers', () => {
  it('number: optional minus, digits, optional fraction', () => {
    table(isNumber, ['0', '-12.5', '3.14', 42, -0.5], ['1e3', '1.', '.5', '+1', '1,000', '', NaN, Infinity, 1e21]);
  });

  it('decimal: no sign', () => {
    table(isDecimal, ['3.25', '0', 7], ['-1', '1.2.3', 'abc', -1]);
  });

  it('integer and float', () => {
    table(isInteger, ['-42', '0', 7], ['4.2', '', 4.2]);
    table(isFloat, ['4.2', '-0.5', 4.2], ['42', '4.', 42]);
  });

  it('positive: greater than zero', () => {
    table(isPositive, ['0.5', '1', '10.25', 3], ['0', '0.00', '-1', '01', 0, -2]);
  });

  it('amount: thousands separators in the right places, at most two decimals', () => {
    table(isAmount, ['1,234,567.89', '1234.5', '0.01', '-1,000', 12.5], ['12,34.5', '1,2345', '1.234', '1,234.', 'abc', 1.234]);
  });
});

describe('links', () => {
  it('url: http or https with a host', () => {
    table(isUrl, ['https://gjj.example.gov.cn/dkcs?x=1', 'http://localhost:8080', 'HTTPS://A.CN'], ['gjj.example.gov.cn', 'ftp://a.cn', 'https://', 'https://a b.cn']);
  });

  it('external: http, https, mailto or tel', () => {
    table(isExternal, ['http://a.cn', 'https://a.cn', 'mailto:gjj@example.gov.cn', 'tel:12329'], ['/dkcs', 'ftp://a.cn', 'javascript:alert(1)', ' https://a.cn']);
  });
});

describe('isEmpty and isBlank', () => {
  it('null, undefined, empty string, the strings null and undefined, [] and {} are empty', () => {
    table(isEmpty, [null, undefined, '', 'null', 'undefined', [], {}, Object.create(null)], []);
  });

  it('numbers, booleans and everything with content are not', () => {
    table(isEmpty, [], [0, NaN, false, true, ' ', 'a', [0], { a: undefined }, new Date(0), new Map(), () => 1]);
  });

  it('a revoked proxy does not throw', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(isEmpty(proxy)).toBe(false);
  });

  it('blank adds whitespace-only strings', () => {
    table(isBlank, ['   ', '\t', '', 'null', []], ['0', 0, false, ' a ']);
  });
});
