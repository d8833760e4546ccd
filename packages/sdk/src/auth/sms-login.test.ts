import { describe, expect, it } from 'vitest';
import { generateSm2KeyPair, sm2Decrypt, sm2Encrypt } from '../crypto/sm2';
import { fakeCentre, ok } from '../test-support/fake-centre';
import { AUTH_PATHS } from './api';
import { sendCodeResult } from './send-code';
import { SMS_LOGIN_PATHS, sendLoginSmsCode, smsCodeLogin } from './sms-login';

const { publicKey, privateKey } = generateSm2KeyPair();
const open = (cipher: unknown) => sm2Decrypt(String(cipher), privateKey);

describe('sendLoginSmsCode', () => {
  it('sends the phone SM2-encrypted in the query with the login type and the picture captcha, and hands back the envelope', async () => {
    let params = new URLSearchParams();
    const { client } = fakeCentre({
      [AUTH_PATHS.publicKey]: ok(publicKey),
      [SMS_LOGIN_PATHS.sendCode]: (url) => {
        params = url.searchParams;
        return { code: 0, msg: '验证码发送成功', data: null };
      },
    });
    const captcha = { uuid: '0b1f8a52-0e5d-4c7b-9d8e-3f2a1b0c9d8e', code: 'a3F9' };
    const sent = await sendLoginSmsCode(client, { loginType: 2, phone: '13900139000', captcha }, { encrypt: sm2Encrypt });
    expect(sendCodeResult(sent)).toEqual({ ok: true, message: '验证码发送成功', reset: false });
    expect(params.get('loginType')).toBe('2');
    expect(params.get('uuid')).toBe(captcha.uuid);
    expect(params.get('code')).toBe('a3F9');
    expect(params.get('phoneDec')).toMatch(/^04/);
    expect(open(params.get('phoneDec'))).toBe('13900139000');
  });

  it('rejects with the server message (a wrong captcha, 428), which sendCodeResult reads as a failure', async () => {
    const { client } = fakeCentre({
      [AUTH_PATHS.publicKey]: ok(publicKey),
      [SMS_LOGIN_PATHS.sendCode]: { status: 428, body: { code: 428, msg: '图形验证码错误或已失效，请重新输入', data: null } },
    });
    const captcha = { uuid: '0b1f8a52-0e5d-4c7b-9d8e-3f2a1b0c9d8e', code: 'zzzz' };
    const error = await sendLoginSmsCode(client, { loginType: 1, phone: '13312345678', captcha }, { encrypt: sm2Encrypt }).catch((e: unknown) => e);
    expect(sendCodeResult(error)).toEqual({ ok: false, message: '图形验证码错误或已失效，请重新输入', reset: true });
  });
});

describe('smsCodeLogin', () => {
  it('posts phone and code encrypted, as a login-style call, and resolves with the token', async () => {
    let body: Record<string, unknown> = {};
    let query = '';
    const token = 'b'.repeat(64);
    const { client } = fakeCentre({
      [SMS_LOGIN_PATHS.login]: (url, init) => {
        body = JSON.parse(String(init.body)) as Record<string, unknown>;
        query = url.search;
        return { status: 200, body: ok({ token, loginType: 1 }), headers: { token } };
      },
    });
    const result = await smsCodeLogin(client, { loginType: 1, phone: '13800138000', code: '123456' }, { encrypt: sm2Encrypt, publicKey });
    expect(result).toEqual({ token, loginType: 1 });
    expect(query).toContain('grant_type=password');
    expect(body.loginType).toBe(1);
    expect(open(body.phoneDec)).toBe('13800138000');
    expect(open(body.smsCodeDec)).toBe('123456');
  });

  it('rejects with the server message of a wrong code', async () => {
    const { client } = fakeCentre({
      [SMS_LOGIN_PATHS.login]: { status: 428, body: { code: 428, msg: '验证码错误，请重新输入', data: null } },
    });
    await expect(smsCodeLogin(client, { loginType: 1, phone: '13800138000', code: '000000' }, { encrypt: sm2Encrypt, publicKey })).rejects.toThrow(
      '验证码错误，请重新输入',
    );
  });
});
