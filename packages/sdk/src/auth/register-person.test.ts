import { describe, expect, it } from 'vitest';
import { generateSm2KeyPair, sm2Decrypt, sm2Encrypt } from '../crypto/sm2';
import { fakeCentre, ok } from '../test-support/fake-centre';
import { VALIDATE_MESSAGES } from '../validate/messages';
import { isNewPassword } from '../validate/predicates';
import { AUTH_PATHS } from './api';
import {
  REGISTER_PERSON_PATHS as P,
  NEW_PASSWORD_MESSAGE,
  isNewLoginPassword,
  loadRegisterPhone,
  registerPerson,
  sendOwnPhoneCode,
  sendRegisterCode,
  setupFlexibleEmployment,
} from './register-person';

/** The demo centre's XT_MMZZ (packages/server/src/seed/shell.ts). */
const DEMO_PASSWORD_PATTERN_FOR_TESTS = '^(?![A-Za-z]+$)(?![0-9]+$)(?![^A-Za-z0-9]+$)[^\\s\\u4e00-\\u9fa5]{8,16}$';

describe('isNewLoginPassword', () => {
  it('follows the configured XT_MMZZ pattern, else 8-16 with letters and digits', () => {
    expect(isNewLoginPassword('abc12345')).toBe(true);
    expect(isNewLoginPassword('abc123')).toBe(false);
    expect(isNewLoginPassword('abcdefgh')).toBe(false);
    expect(isNewLoginPassword('abc!defg', DEMO_PASSWORD_PATTERN_FOR_TESTS)).toBe(true);
    expect(isNewLoginPassword('abcdefgh', DEMO_PASSWORD_PATTERN_FOR_TESTS)).toBe(false);
    expect(isNewLoginPassword('abc 12345', DEMO_PASSWORD_PATTERN_FOR_TESTS)).toBe(false);
    // A broken pattern falls back to the default rule rather than throwing.
    expect(isNewLoginPassword('abc12345', '([')).toBe(true);
    expect(isNewLoginPassword('abc123', '([')).toBe(false);
    // The default is the validators' new-password rule.
    for (const v of ['abc12345', 'abc1234', 'abcdefgh', '12345678', 'Abc!1234', 'abc 12345', 'a1'.repeat(8), 'a1'.repeat(9)]) {
      expect(isNewLoginPassword(v), v).toBe(isNewPassword(v));
    }
    expect(isNewLoginPassword(undefined)).toBe(false);
    // Issue 23: wherever a password is set it is 8-16 long, even where the configured pattern would allow others.
    expect(isNewLoginPassword('12345678', '^\\d+$')).toBe(true);
    expect(isNewLoginPassword('123456', '^\\d{6}$')).toBe(false);
    expect(isNewLoginPassword('1234567', '^\\d+$')).toBe(false);
    expect(isNewLoginPassword('1'.repeat(17), '^\\d+$')).toBe(false);
    expect(NEW_PASSWORD_MESSAGE).toBe(VALIDATE_MESSAGES.newPassword);
  });
});

describe('the registration calls', () => {
  const { publicKey, privateKey } = generateSm2KeyPair();
  const form = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));

  it('send the ID number and password SM2-encrypted, form-encoded and silently, and read the answer', async () => {
    const bodies: Record<string, Record<string, string>> = {};
    const types: string[] = [];
    const record = (path: string, data: unknown, msg = 'ok') => (_url: URL, init: RequestInit) => {
      bodies[path] = form(init);
      types.push(String((init.headers as Record<string, string>)['Content-Type']));
      return { code: 0, msg, data };
    };
    const { client, calls } = fakeCentre({
      [AUTH_PATHS.publicKey]: ok(publicKey),
      [P.loadPhone]: record(P.loadPhone, { sjhm: '' }),
      [P.sendRegisterCode]: record(P.sendRegisterCode, null),
      [P.userRegister]: record(P.userRegister, { account: '370102198805123015' }, '注册成功，请使用证件号码和密码登录'),
      [P.flexibleSetup]: record(P.flexibleSetup, { account: '370783199001010045', grzh: '201001000000' }),
    });
    const options = { encrypt: sm2Encrypt };
    // Deprecated: the server shows no phone any more.
    expect(await loadRegisterPhone(client, { xingming: ' 赵六 ', zjhm: '370102198805123015' }, options)).toBe('');
    expect(bodies[P.loadPhone]?.xingming).toBe('赵六');
    expect(sm2Decrypt(bodies[P.loadPhone]?.zjhm ?? '', privateKey)).toBe('370102198805123015');
    const captcha = { uuid: '0b1f8a52-0e5d-4c7b-9d8e-3f2a1b0c9d8e', code: 'a3F9' };
    await sendRegisterCode(client, { xingming: '赵六', zjhm: '370102198805123015', captcha }, { ...options, publicKey });
    expect(bodies[P.sendRegisterCode]).toMatchObject({ xingming: '赵六', ...captcha });
    expect(sm2Decrypt(bodies[P.sendRegisterCode]?.zjhm ?? '', privateKey)).toBe('370102198805123015');

    const result = await registerPerson(client, { xingming: '赵六', zjhm: '370102198805123015', password: 'Newpass2026', dxyzm: '123456' }, { ...options, publicKey });
    expect(result).toEqual({ account: '370102198805123015', message: '注册成功，请使用证件号码和密码登录' });
    const sent = bodies[P.userRegister]!;
    expect(sent.password).not.toBe('Newpass2026');
    expect(sm2Decrypt(sent.password ?? '', privateKey)).toBe('Newpass2026');
    expect(sent.dxyzm).toBe('123456');

    const flexible = await setupFlexibleEmployment(
      client,
      {
        identityTicket: 't'.repeat(43),
        xingming: '冯雪',
        zjhm: '370783199001010045',
        sjhm: '13100130101',
        dxyzm: '1',
        password: 'x',
        jcjs: '6000',
        jcbl: '12',
        hjszd: '示范市',
        txdz: '示范市历下区',
      },
      { ...options, publicKey },
    );
    expect(flexible.grzh).toBe('201001000000');
    // The verified identity goes as it is, like a session token (not SM2-sealed): the server spends it once.
    expect(bodies[P.flexibleSetup]?.identityTicket).toBe('t'.repeat(43));
    expect(types.every((t) => t.startsWith('application/x-www-form-urlencoded'))).toBe(true);
    // The key was fetched once, for the first call only (the others were given it).
    expect(calls.filter((c) => c.includes(AUTH_PATHS.publicKey))).toHaveLength(1);
  });

  it("reject with the server's message and leave the toast to the form (silent)", async () => {
    const errors: string[] = [];
    const { client } = fakeCentre(
      { [P.sendFlexibleCode]: { status: 409, body: { code: 409, msg: '该证件号码已注册，请直接登录；忘记密码可通过“忘记密码”找回', data: null } } },
      { onError: (m) => errors.push(m) },
    );
    await expect(
      sendOwnPhoneCode(
        client,
        'flexible',
        { xingming: '冯雪', zjhm: '370783199001010045', sjhm: '13100130101', captcha: { uuid: '0b1f8a52-0e5d-4c7b-9d8e-3f2a1b0c9d8e', code: 'a3F9' } },
        { encrypt: sm2Encrypt, publicKey },
      ),
    ).rejects.toThrow('该证件号码已注册');
    expect(errors).toEqual([]);
  });
});
