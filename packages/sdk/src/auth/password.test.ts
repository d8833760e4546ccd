import { describe, expect, it } from 'vitest';
import { generateSm2KeyPair, sm2Decrypt, sm2Encrypt } from '../crypto/sm2';
import { fakeCentre, ok } from '../test-support/fake-centre';
import {
  PASSWORD_PATHS,
  checkRecoverPasswordCode,
  fetchRecoverPhone,
  hasInitialPassword,
  recoverPassword,
  sendRecoverPasswordCode,
  sendUpdatePasswordCode,
  updatePasswordByPhone,
} from './password';

const { publicKey, privateKey } = generateSm2KeyPair();
const open = (cipher: unknown) => sm2Decrypt(String(cipher), privateKey);
const crypto = { encrypt: sm2Encrypt, publicKey };

describe('hasInitialPassword', () => {
  it('is true only for pwdStatus 0', () => {
    expect(hasInitialPassword({ pwdStatus: '0' })).toBe(true);
    expect(hasInitialPassword({ pwdStatus: 0 })).toBe(true);
    expect(hasInitialPassword({ pwdStatus: '1' })).toBe(false);
    expect(hasInitialPassword({})).toBe(false);
    expect(hasInitialPassword(null)).toBe(false);
  });
});

describe('password change calls', () => {
  it('send the shown phone encrypted, then phoneDec, smsCodeDec and pwdDec encrypted (spec 3.8)', async () => {
    let sendQuery = new URLSearchParams();
    let body: Record<string, unknown> = {};
    const { client } = fakeCentre({
      [PASSWORD_PATHS.sendUpdateCode]: (url) => {
        sendQuery = url.searchParams;
        return ok(null);
      },
      [PASSWORD_PATHS.updateByPhone]: (_url, init) => {
        body = JSON.parse(String(init.body)) as Record<string, unknown>;
        return { code: 0, msg: '', data: null };
      },
    });
    await sendUpdatePasswordCode(client, { phone: '138****8000' }, crypto);
    expect(open(sendQuery.get('phoneDec'))).toBe('138****8000');
    expect(await updatePasswordByPhone(client, { phone: '138****8000', code: '654321', password: 'NewPass2026' }, crypto)).toBe('密码修改成功');
    expect(Object.keys(body).sort()).toEqual(['phoneDec', 'pwdDec', 'smsCodeDec']);
    expect(open(body.phoneDec)).toBe('138****8000');
    expect(open(body.smsCodeDec)).toBe('654321');
    expect(open(body.pwdDec)).toBe('NewPass2026');
  });

  it('rejects with the server message', async () => {
    const { client } = fakeCentre({
      [PASSWORD_PATHS.updateByPhone]: { status: 428, body: { code: 428, msg: '验证码已失效，请重新获取', data: null } },
    });
    await expect(updatePasswordByPhone(client, { phone: 'x', code: '1', password: 'y' }, crypto)).rejects.toThrow('验证码已失效，请重新获取');
  });
});

describe('password recovery calls', () => {
  it('look up the phone, send, check for a ticket and set the password, the account and secrets encrypted', async () => {
    const seen: Record<string, Record<string, unknown>> = {};
    const { client } = fakeCentre({
      [PASSWORD_PATHS.recoverPhone]: (url) => {
        seen.phone = Object.fromEntries(url.searchParams);
        return ok({ phone: '' });
      },
      [PASSWORD_PATHS.sendRecoverCode]: (url) => {
        seen.send = Object.fromEntries(url.searchParams);
        return ok(null);
      },
      [PASSWORD_PATHS.checkRecoverCode]: (_url, init) => {
        seen.check = JSON.parse(String(init.body)) as Record<string, unknown>;
        return ok({ ticket: 'c'.repeat(64) });
      },
      [PASSWORD_PATHS.recover]: (_url, init) => {
        seen.recover = JSON.parse(String(init.body)) as Record<string, unknown>;
        return { code: 0, msg: '密码重置成功，请使用新密码登录', data: null };
      },
    });
    const who = { loginType: 1 as const, account: '110105199208153027' };
    const captcha = { uuid: '0b1f8a52-0e5d-4c7b-9d8e-3f2a1b0c9d8e', code: 'a3F9' };
    // Deprecated: the server shows no phone any more.
    expect(await fetchRecoverPhone(client, who, crypto, captcha)).toBe('');
    expect(seen.phone?.loginType).toBe('1');
    expect(open(seen.phone?.usernameDec)).toBe(who.account);
    expect(seen.phone).toMatchObject(captcha);
    await sendRecoverPasswordCode(client, { ...who, captcha }, crypto);
    expect(open(seen.send?.usernameDec)).toBe(who.account);
    expect(seen.send).toMatchObject({ loginType: '1', ...captcha });
    const ticket = await checkRecoverPasswordCode(client, { ...who, code: '112233' }, crypto);
    expect(ticket).toBe('c'.repeat(64));
    expect(open(seen.check?.smsCodeDec)).toBe('112233');
    expect(await recoverPassword(client, { ticket, password: 'Found2026ok' }, crypto)).toBe('密码重置成功，请使用新密码登录');
    expect(seen.recover?.ticket).toBe(ticket);
    expect(open(seen.recover?.pwdDec)).toBe('Found2026ok');
  });
});
