import { describe, expect, it } from 'vitest';
import { VALIDATE_MESSAGES } from './messages';
import { isEmail } from './predicates';
import { check, compose, required, rules } from './rules';
import type { Rule } from './rules';

/** [value, expected message] pairs for one rule; '' means valid. */
function cases(rule: Rule, list: ReadonlyArray<readonly [unknown, string]>): void {
  for (const [value, message] of list) expect(rule(value), `value ${String(value)}`).toBe(message);
}

describe('building blocks', () => {
  it('required fails on blank values only; 0 and false are values', () => {
    const rule = required('请选择还款方式');
    cases(rule, [['', '请选择还款方式'], ['  ', '请选择还款方式'], [null, '请选择还款方式'], [undefined, '请选择还款方式'], [[], '请选择还款方式'], ['01', ''], [0, ''], [false, '']]);
  });

  it('check lets blank values through and fails the rest on the predicate', () => {
    cases(check(isEmail, '请输入正确的邮箱格式'), [['', ''], ['x@', '请输入正确的邮箱格式'], ['a@b.cn', '']]);
  });

  it('compose returns the first message', () => {
    const rule = compose(required('请输入邮箱'), check(isEmail, '请输入正确的邮箱格式'));
    cases(rule, [['', '请输入邮箱'], ['x', '请输入正确的邮箱格式'], ['a@b.cn', '']]);
    expect(compose()('anything')).toBe('');
  });
});

describe('5.4 shared validators', () => {
  it('captcha', () => cases(rules.captcha(), [['', '验证码不能为空'], ['12', '请输入正确的验证码'], ['a1b2', '']]));

  it('mobile', () =>
    cases(rules.mobile(), [['', '请输入手机号码'], ['12345', '请输入正确的手机号码'], ['13812345678', ''], ['138****5678', '']]));

  it('landline', () =>
    cases(rules.landline(), [['', ''], ['12345678', '请输入正确的座机号格式为：区号-座机号码'], ['0591-87654321', '']]));

  it('name', () => cases(rules.name(), [['', '姓名不能为空'], ['张', '姓名格式不正确'], ['张三', '']]));

  it('account, default and configured', () => {
    cases(rules.account(), [['', ''], ['a-b', '账号不能包含特殊字符，且必须大于4小于等于20位'], ['zhang_san', '']]);
    cases(rules.account('^\\d+$'), [['zhang_san', '账号不能包含特殊字符，且必须大于4小于等于20位'], ['12', '']]);
  });

  it('password, default and configured', () => {
    cases(rules.password(), [['', '密码不能为空'], ['abcdef', '请输入6-16位，至少包含字母(大小写)、数字两种组合'], ['abc123', '']]);
    cases(rules.password('^\\d{6}$'), [['123456', ''], ['abc123', '请输入6-16位，至少包含字母(大小写)、数字两种组合']]);
  });

  it('email', () => cases(rules.email(), [['', ''], ['a@', '请输入正确的邮箱格式'], ['a@b.cn', '']]));

  it('credit code', () =>
    cases(rules.creditCode(), [
      ['', '请输入所属企业的统一社会信用代码！'],
      ['91350100M000100Y44', '不是有效的统一社会信用代码！'],
      ['91350100M000100Y43', ''],
    ]));

  it('ID card: empty, bad date, bad number', () =>
    cases(rules.idCard(), [
      ['', '身份证号码不能为空'],
      ['110105190002291239', '输入的身份证号里出生日期不对'],
      ['130503670230001', '输入的身份证号里出生日期不对'],
      ['110105194912310021', '请输入正确的身份证号码'],
      ['1101051949', '请输入正确的身份证号码'],
      ['11010519491231002X', ''],
    ]));

  it('passport and other ID', () => {
    cases(rules.passport(), [['', ''], ['E12', '请输入正确的护照号码'], ['E12345678', '']]);
    cases(rules.otherId(), [['', ''], ['A-1', '请正确输入您的证件号码'], ['A1', '']]);
  });

  it('Hong Kong / Macao pass, one message per positional rule', () =>
    cases(rules.hkMacaoPass(), [
      ['', ''],
      ['H123', '通行证号码必须为9位'],
      ['X12345678', '第1位必须为大写字母H或M'],
      ['HB1234567', '第2位必须为数字或大写字母A'],
      ['H1234567A', '第3-9位必须为数字'],
      ['H12345678', ''],
    ]));

  it('postal code, bank and branch numbers', () => {
    cases(rules.postalCode(), [['050001', '请输入正确的邮政编码'], ['350001', '']]);
    cases(rules.bankNumber(), [['1234', '请输入12位数字的联行号'], ['102391000019', '']]);
    cases(rules.branchNumber(), [['1234', '请输入6位数字的网点号'], ['000123', '']]);
  });

  it('licence plate', () => cases(rules.plate(), [['闽I12345', '车牌号码校验不通过！'], ['闽A12345', '']]));

  it('opinion', () => cases(rules.opinion(), [['', '请输入意见！'], ['很好', '意见不得少于五个字！'], ['服务很周到', '']]));

  it('unit name search', () =>
    cases(rules.unitName(), [['', '请输入查询单位信息(不能少于2个字符)'], ['福', '请输入查询单位信息(不能少于2个字符)'], ['福州', '']]));

  it('decimal, numeric, url', () => {
    cases(rules.decimal(), [['-1', '只能输入数字、小数'], ['1.5', '']]);
    cases(rules.numeric(), [['abc', '请输入数字值'], ['-1.5', '']]);
    cases(rules.url(), [['gjj.cn', '链接格式不正确！'], ['https://gjj.cn', '']]);
  });

  it('messages can be overridden, and an empty message makes an optional rule required', () => {
    cases(rules.mobile({ format: '手机号码格式有误' }), [['1', '手机号码格式有误'], ['', '请输入手机号码']]);
    cases(rules.email({ empty: '请输入邮箱' }), [['', '请输入邮箱']]);
    cases(rules.idCard({ empty: '请输入证件号码', format: '证件号码有误' }), [['', '请输入证件号码'], ['1', '证件号码有误']]);
  });
});

describe('5.2 change-password dialog', () => {
  it('phone: 手机号码不能为空, masked numbers pass', () =>
    cases(rules.phone(), [['', '手机号码不能为空'], ['1381234', '请输入正确的手机号码'], ['138****5678', '']]));

  it('SMS code: digits of the configured length, default 4', () => {
    // 6 digits without a configured length (issue 18; the spec's default was 4).
    cases(rules.smsCode(), [['', '验证码不能为空'], ['123', '请输入正确的验证码'], ['12a4', '请输入正确的验证码'], ['1234', '请输入正确的验证码'], ['123456', '']]);
    cases(rules.smsCode(4), [['12a4', '请输入正确的验证码'], ['1234', '']]);
    cases(rules.smsCode(6), [['1234', '请输入正确的验证码'], ['123456', '']]);
  });

  it('new password: 8-16 with letters and digits', () =>
    cases(rules.newPassword(), [['', '密码不能为空'], ['abc123', '请输入8-16位密码，至少包含字母、数字两种组合'], ['abc12345', '']]));

  it('confirm password: 请再次输入密码 / 两次输入密码不一致!', () => {
    let password = 'abc12345';
    const rule = rules.confirmPassword(() => password);
    cases(rule, [['', '请再次输入密码'], ['abc12346', '两次输入密码不一致!'], ['abc12345', '']]);
    password = 'changed1';
    expect(rule('abc12345')).toBe('两次输入密码不一致!');
  });
});

describe('5.3 notice agreement', () => {
  it('only a ticked box passes', () =>
    cases(rules.agreement(), [[false, '请先阅读并同意条款约定'], [undefined, '请先阅读并同意条款约定'], ['true', '请先阅读并同意条款约定'], [true, '']]));
});

describe('VALIDATE_MESSAGES', () => {
  it('is frozen, so a UI cannot change the text for everyone', () => {
    expect(Object.isFrozen(VALIDATE_MESSAGES)).toBe(true);
    expect(Object.isFrozen(VALIDATE_MESSAGES.focusOut.tel)).toBe(true);
    expect(VALIDATE_MESSAGES.mobile).toBe('请输入正确的手机号码');
  });
});
