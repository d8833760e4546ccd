import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../client/errors';
import { generateSm2KeyPair, sm2Decrypt, sm2Encrypt } from '../crypto/sm2';
import { fakeCentre, ok } from '../test-support/fake-centre';
import {
  QR_KEY_HEADER,
  QR_LOGIN_PATHS,
  confirmQrCode,
  fetchLoginQrCode,
  fetchQrStatus,
  qrFaceIdLogin,
  refuseQrCode,
  scanQrCode,
} from './qr-login';

const KEY = 'k'.repeat(64);
const headerOf = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

describe('fetchLoginQrCode', () => {
  it('sends the state (login type - 1) and the project SM2-encrypted, and reads the code with its key', async () => {
    const { publicKey, privateKey } = generateSm2KeyPair();
    let query = new URLSearchParams();
    const { client } = fakeCentre({
      [QR_LOGIN_PATHS.code]: (url) => {
        query = url.searchParams;
        return ok({ codeImgBase64: 'data:image/png;base64,AA', codeId: 'c-1', exp: 120, qrKey: KEY });
      },
    });
    const code = await fetchLoginQrCode(client, 3, { encrypt: sm2Encrypt, publicKey });
    expect(code).toEqual({ codeImgBase64: 'data:image/png;base64,AA', codeId: 'c-1', exp: 120, qrKey: KEY });
    expect(sm2Decrypt(query.get('state') ?? '', privateKey)).toBe('2');
    expect(sm2Decrypt(query.get('toProjectDec') ?? '', privateKey)).toBe('izfgjj');
  });

  it('rejects silently when the centre refuses (the dialog shows its load-failed overlay)', async () => {
    const onError = vi.fn();
    const { client } = fakeCentre({ [QR_LOGIN_PATHS.code]: { status: 429, body: { code: 429, msg: '请求过于频繁，请稍后再试' } } }, { onError });
    await expect(fetchLoginQrCode(client, 1, { encrypt: (t) => t, publicKey: '04' })).rejects.toBeInstanceOf(HttpError);
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('polling and signing in with the key', () => {
  it('sends the key in its header, never in the address', async () => {
    const seen: string[] = [];
    const { client, calls } = fakeCentre({
      [QR_LOGIN_PATHS.status]: (_url, init) => {
        seen.push(String(headerOf(init, QR_KEY_HEADER)));
        return ok({ status: '10' });
      },
      [QR_LOGIN_PATHS.login]: (_url, init) => {
        seen.push(String(headerOf(init, QR_KEY_HEADER)));
        return { status: 200, body: ok({ token: 't'.repeat(64), loginType: 2 }), headers: { token: 't'.repeat(64) } };
      },
    });
    expect(await fetchQrStatus(client, { codeId: 'c-1', qrKey: KEY })).toEqual({ status: 10 });
    expect(await qrFaceIdLogin(client, { codeId: 'c-1', qrKey: KEY })).toEqual({ token: 't'.repeat(64), loginType: 2 });
    expect(seen).toEqual([KEY, KEY]);
    expect(calls.join(' ')).not.toContain(KEY);
    expect(calls).toEqual([`GET ${QR_LOGIN_PATHS.status}?codeId=c-1`, `GET ${QR_LOGIN_PATHS.login}?codeId=c-1`]);
  });

  it('a code that is not confirmed rejects with the server message', async () => {
    const { client } = fakeCentre({ [QR_LOGIN_PATHS.login]: { status: 409, body: { code: 409, msg: '请先在手机上确认登录' } } });
    await expect(qrFaceIdLogin(client, { codeId: 'c-1', qrKey: KEY })).rejects.toThrow('请先在手机上确认登录');
  });
});

describe('the confirmation page calls', () => {
  it('scan, confirm and refuse post the code id and read what the page shows', async () => {
    const info = {
      codeId: 'c-1',
      loginType: 1,
      createdAt: '2026-11-22T07:30:00.000Z',
      expiresAt: '2026-11-22T07:32:00.000Z',
      requesterIp: '127.0.0.1',
      browser: 'Chrome 浏览器（Windows）',
      place: '本机/内网地址（127.0.0.1）',
      sameType: true,
    };
    const bodies: unknown[] = [];
    const answer = (status: string) => (_url: URL, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return ok({ ...info, status });
    };
    const { client } = fakeCentre({
      [QR_LOGIN_PATHS.scan]: answer('scanned'),
      [QR_LOGIN_PATHS.confirm]: answer('confirmed'),
      [QR_LOGIN_PATHS.refuse]: answer('refused'),
    });
    expect(await scanQrCode(client, 'c-1')).toEqual({ ...info, status: 'scanned' });
    expect((await confirmQrCode(client, 'c-1')).status).toBe('confirmed');
    expect((await refuseQrCode(client, 'c-1')).status).toBe('refused');
    expect(bodies).toEqual([{ codeId: 'c-1' }, { codeId: 'c-1' }, { codeId: 'c-1' }]);
  });
});
