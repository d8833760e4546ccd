import { describe, expect, it } from 'vitest';
import { BusinessError, HttpError } from '../client/errors';
import { generateSm2KeyPair } from '../crypto/sm2';
import { sm2Sign, sm2Verify } from '../crypto/sign';
import { fakeCentre, ok } from '../test-support/fake-centre';
import { CA_PATHS, CA_PERSONAL_MESSAGE, CaKeyFileError, caKeyFileMismatch, caLogin, parseCaKeyFile } from './ca-login';

const keys = generateSm2KeyPair();
const FILE = {
  format: 'gjj-ca-key/1',
  subject: 'CN=示例科技有限公司',
  serial: 'GJJDEMO0001',
  loginType: 2,
  account: '100200300001',
  privateKey: keys.privateKey,
  publicKey: keys.publicKey,
};
const RANDOM = 'ab'.repeat(32);

describe('parseCaKeyFile', () => {
  it('reads our key file', () => {
    expect(parseCaKeyFile(JSON.stringify({ ...FILE, notice: '仅供演示' }))).toEqual(FILE);
  });

  it('says what is wrong with a file that is not one', () => {
    expect(() => parseCaKeyFile('-----BEGIN PRIVATE KEY-----')).toThrow('无法读取证书密钥文件');
    expect(() => parseCaKeyFile('[]')).toThrow(CaKeyFileError);
    expect(() => parseCaKeyFile(JSON.stringify({ ...FILE, format: 'x' }))).toThrow('格式不受支持');
    expect(() => parseCaKeyFile(JSON.stringify({ ...FILE, loginType: 1 }))).toThrow('缺少账号或登录类型');
    expect(() => parseCaKeyFile(JSON.stringify({ ...FILE, account: undefined }))).toThrow('缺少账号或登录类型');
    expect(() => parseCaKeyFile(JSON.stringify({ ...FILE, privateKey: '12' }))).toThrow('密钥格式不正确');
  });
});

describe('caKeyFileMismatch', () => {
  it('fits a file to the chosen login type', () => {
    expect(caKeyFileMismatch({ loginType: 2 }, 2)).toBe('');
    expect(caKeyFileMismatch({ loginType: 2 }, 3)).toBe('所选证书属于单位账号，请选择“单位登录”后再登录');
    expect(caKeyFileMismatch({ loginType: 3 }, 1)).toBe(CA_PERSONAL_MESSAGE);
  });
});

describe('caLogin', () => {
  it('signs the random from getRandom and sends account, random, signature and serial, never the private key', async () => {
    let body: Record<string, unknown> = {};
    const { client, calls } = fakeCentre({
      [CA_PATHS.random]: ok({ random: RANDOM, expiresIn: 120 }),
      [CA_PATHS.login]: (_url, init) => {
        body = JSON.parse(String(init.body)) as Record<string, unknown>;
        return { status: 200, body: ok({ token: 'c'.repeat(64), loginType: 2 }), headers: { token: 'c'.repeat(64) } };
      },
    });
    const result = await caLogin(client, { loginType: 2, keyFile: parseCaKeyFile(JSON.stringify(FILE)) }, { sign: sm2Sign });
    expect(result).toEqual({ token: 'c'.repeat(64), loginType: 2 });
    expect(calls).toEqual([`GET ${CA_PATHS.random}`, `POST ${CA_PATHS.login}`]);
    expect(Object.keys(body).sort()).toEqual(['account', 'loginType', 'random', 'serial', 'signature']);
    expect(body).toMatchObject({ loginType: 2, account: '100200300001', random: RANDOM, serial: 'GJJDEMO0001' });
    expect(sm2Verify(RANDOM, String(body.signature), keys.publicKey)).toBe(true);
    expect(JSON.stringify(body)).not.toContain(keys.privateKey);
  });

  it('sends nothing when the file does not fit the login type', async () => {
    const { client, calls } = fakeCentre({});
    await expect(caLogin(client, { loginType: 3, keyFile: parseCaKeyFile(JSON.stringify(FILE)) }, { sign: sm2Sign })).rejects.toThrow(CaKeyFileError);
    await expect(caLogin(client, { loginType: 1, keyFile: parseCaKeyFile(JSON.stringify(FILE)) }, { sign: sm2Sign })).rejects.toThrow(CA_PERSONAL_MESSAGE);
    expect(calls).toEqual([]);
  });

  it('rejects with the server’s message', async () => {
    const { client } = fakeCentre({
      [CA_PATHS.random]: ok({ random: RANDOM }),
      [CA_PATHS.login]: { status: 426, body: { code: 426, msg: '证书签名验证失败', data: null } },
    });
    const failure = caLogin(client, { loginType: 2, keyFile: parseCaKeyFile(JSON.stringify(FILE)) }, { sign: sm2Sign });
    await expect(failure).rejects.toThrow('证书签名验证失败');
    await expect(failure).rejects.toSatisfy((e) => e instanceof HttpError || e instanceof BusinessError);
  });
});
