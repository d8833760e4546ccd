import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { freshIp, publicKey, signIn } from '../test-support/login';
import { QR_LOGIN_EXP_SECONDS, QR_LOGIN_METHOD, QR_NOT_SCANNED_MESSAGE, QR_NOT_YOURS_MESSAGE } from './qr-login';

// One in-memory PGlite for the whole file; the clock is ours to move.
let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-22T15:30:00+08:00');
let key = '';

const ZHANG = '110101199003072316';
const LI = '320106198506124022';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const UNIT = '100200300001';
const QR = '/api/auth/v1/qrcode';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
  key = await publicKey(app);
});

afterAll(() => app.close());

interface Code {
  codeImgBase64: string;
  codeId: string;
  exp: number;
  qrKey: string;
}

/** GET getQrCode as the hall asks for it: the state (login type - 1) and the project SM2-encrypted. */
async function newCode(loginType: 1 | 2 | 3 = 1, ip = freshIp(), headers: Record<string, string> = {}, server = app): Promise<Code> {
  const res = await server.inject({
    url: `${QR}/getQrCode`,
    remoteAddress: ip,
    headers,
    query: { state: sm2Encrypt(String(loginType - 1), key), toProjectDec: sm2Encrypt('izfgjj', key) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Code }>().data;
}

const poll = async (code: Code, qrKey = code.qrKey) =>
  (await app.inject({ url: `${QR}/findQrStatus`, query: { codeId: code.codeId }, headers: { qrkey: qrKey }, remoteAddress: freshIp() })).json<{
    data: { status: number };
  }>().data.status;

const onPhone = (path: 'scanQrCode' | 'confirmQrCode' | 'refuseQrCode', token: string, codeId: string) =>
  app.inject({ method: 'POST', url: `${QR}/${path}`, headers: { token }, payload: { codeId } });

const exchange = (code: Code, headers: Record<string, string> = { qrkey: code.qrKey }) =>
  app.inject({ url: '/api/auth/v1/otherAuth/qrFaceIdLogin', query: { codeId: code.codeId }, headers, remoteAddress: freshIp() });

/** What a phone's camera reads from the picture. */
function readQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data;
}

describe('GET qrcode/getQrCode', () => {
  it('answers a real QR picture of the confirmation page, its lifetime and a key kept only as a hash', async () => {
    const code = await newCode(1);
    expect(code.codeImgBase64).toMatch(/^data:image\/png;base64,/);
    expect(code.codeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(code.exp).toBe(QR_LOGIN_EXP_SECONDS);
    expect(code.qrKey).toMatch(/^[0-9a-f]{64}$/);
    expect(readQr(code.codeImgBase64)).toBe(`http://localhost/home.html#/qrConfirm?codeId=${code.codeId}`);
    const [row] = await db.query<{ key_hash: string; login_type: number; status: string }>(
      'select key_hash, login_type, status from qr_login where code_id = $1',
      [code.codeId],
    );
    expect(row).toMatchObject({ login_type: 1, status: 'waiting' });
    expect(row?.key_hash).not.toBe(code.qrKey);
    expect((await newCode(3)).codeId).not.toBe(code.codeId);
  });

  it('points at HALL_PUBLIC_URL when it is set, whatever Host the request names', async () => {
    process.env.HALL_PUBLIC_URL = 'https://gjj.example.gov.cn/';
    const other = await buildApp({ db: { ...db, close: async () => {} }, now: () => new Date(clock) });
    delete process.env.HALL_PUBLIC_URL;
    try {
      const res = await other.inject({ url: `${QR}/getQrCode`, headers: { host: 'evil.example' }, query: { state: sm2Encrypt('0', key) } });
      const { codeId, codeImgBase64 } = res.json<{ data: Code }>().data;
      expect(readQr(codeImgBase64)).toBe(`https://gjj.example.gov.cn/home.html#/qrConfirm?codeId=${codeId}`);
    } finally {
      await other.close();
    }
  });

  it('refuses a missing, clear-text or out-of-range state and a foreign project with Chinese messages', async () => {
    const ask = (query: Record<string, string>) => app.inject({ url: `${QR}/getQrCode`, query, remoteAddress: freshIp() });
    expect((await ask({})).json()).toMatchObject({ code: 400, msg: '请选择登录类型' });
    expect((await ask({ state: '0' })).json()).toMatchObject({ code: 400, msg: '登录信息解密失败，请刷新页面后重试' });
    expect((await ask({ state: sm2Encrypt('3', key) })).json()).toMatchObject({ code: 400, msg: '登录类型不正确' });
    expect((await ask({ state: sm2Encrypt('0', key), toProjectDec: sm2Encrypt('other', key) })).json()).toMatchObject({
      code: 400,
      msg: '业务系统不正确',
    });
  });

  it('is limited to 60 codes a minute per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 60; i += 1) await newCode(1, ip);
    const res = await app.inject({ url: `${QR}/getQrCode`, remoteAddress: ip, query: { state: sm2Encrypt('0', key) } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 429, msg: '请求过于频繁，请稍后再试' });
    clock += 61_000;
    // 61 codes, each SM2-decrypted and drawn as a QR picture: more than the default 30 s on a loaded 2-core machine.
  }, 120_000);
});

describe('a QR login from asking to the session', () => {
  it('waits, is scanned, confirmed, and turns once into a session of the confirming person, for the browser holding the key', async () => {
    const code = await newCode(1);
    expect(await poll(code)).toBe(0);
    const phone = await signIn(app, ZHANG);

    const scan = await onPhone('scanQrCode', phone, code.codeId);
    expect(scan.statusCode).toBe(200);
    expect(scan.json<{ data: unknown }>().data).toMatchObject({
      codeId: code.codeId,
      loginType: 1,
      status: 'scanned',
      sameType: true,
      place: expect.stringMatching(/^本机\/内网地址（10\.1\.\d+\.\d+）$/),
      createdAt: new Date(clock).toISOString(),
      expiresAt: new Date(clock + QR_LOGIN_EXP_SECONDS * 1000).toISOString(),
    });
    expect(await poll(code)).toBe(1);

    // Not confirmed yet: no session.
    expect((await exchange(code)).json()).toMatchObject({ code: 409, msg: '请先在手机上确认登录' });

    const confirm = await onPhone('confirmQrCode', phone, code.codeId);
    expect(confirm.json()).toMatchObject({ code: 0, msg: '已确认登录', data: { status: 'confirmed' } });
    expect(await poll(code)).toBe(10);

    // Anyone else who read the code off the screen has no key: nothing to poll, no session.
    expect(await poll(code, 'f'.repeat(64))).toBe(9);
    expect((await exchange(code, { qrkey: 'f'.repeat(64) })).json()).toMatchObject({ code: 409, msg: '二维码已失效，请刷新二维码后重新扫码' });
    expect((await exchange(code, {})).json()).toMatchObject({ code: 400, msg: '缺少二维码凭证，请刷新二维码' });

    const res = await exchange(code);
    expect(res.statusCode).toBe(200);
    const { token, loginType } = res.json<{ data: { token: string; loginType: number } }>().data;
    expect(res.headers.token).toBe(token);
    expect(loginType).toBe(1);
    const user = (await app.inject({ url: '/api/auth/v1/getUserInfo', headers: { token } })).json<{
      data: { account: string; nikName: string; loginMethod: string };
    }>().data;
    expect(user).toMatchObject({ account: ZHANG, nikName: '张三', loginMethod: QR_LOGIN_METHOD });

    // Single use.
    expect((await exchange(code)).json()).toMatchObject({ code: 409, msg: '二维码已失效，请刷新二维码后重新扫码' });
    expect(await poll(code)).toBe(9);
    expect((await onPhone('confirmQrCode', phone, code.codeId)).json()).toMatchObject({ code: 409 });
  });

  it('a refused code answers 11, cannot be confirmed afterwards and gives no session', async () => {
    const code = await newCode(1);
    const phone = await signIn(app, ZHANG);
    expect((await onPhone('scanQrCode', phone, code.codeId)).statusCode).toBe(200);
    expect((await onPhone('refuseQrCode', phone, code.codeId)).json()).toMatchObject({ code: 0, msg: '已拒绝登录', data: { status: 'refused' } });
    expect(await poll(code)).toBe(11);
    expect((await onPhone('confirmQrCode', phone, code.codeId)).json()).toMatchObject({
      code: 409,
      msg: '此二维码已处理，请在电脑上刷新二维码后重新扫码',
    });
    expect((await exchange(code)).json()).toMatchObject({ code: 409, msg: '登录已被拒绝，请刷新二维码' });
  });

  it('a person of another login type sees the code but cannot confirm it', async () => {
    const code = await newCode(1);
    const unit = await signIn(app, UNIT, 2);
    const scan = await onPhone('scanQrCode', unit, code.codeId);
    expect(scan.json<{ data: unknown }>().data).toMatchObject({ loginType: 1, status: 'waiting', sameType: false });
    expect(await poll(code)).toBe(0);
    expect((await onPhone('confirmQrCode', unit, code.codeId)).json()).toMatchObject({
      code: 409,
      msg: '此二维码用于个人登录，请使用个人账号登录后再确认',
    });
    // Nor refuse it (issue 18: a login that cannot claim a code by scanning it has no say over it); it still waits.
    expect((await onPhone('refuseQrCode', unit, code.codeId)).json()).toMatchObject({ code: 409, msg: QR_NOT_SCANNED_MESSAGE });
    expect(await poll(code)).toBe(0);
  });

  it('needs a session on the confirmation page, and a well-formed code id', async () => {
    const code = await newCode(1);
    const res = await app.inject({ method: 'POST', url: `${QR}/scanQrCode`, payload: { codeId: code.codeId } });
    expect(res.statusCode).toBe(401);
    const phone = await signIn(app, ZHANG);
    expect((await onPhone('scanQrCode', phone, 'abc')).json()).toMatchObject({
      code: 400,
      msg: '二维码不存在或已失效，请在电脑上刷新二维码后重新扫码',
    });
    expect((await onPhone('scanQrCode', phone, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({
      code: 409,
      msg: '二维码不存在或已失效，请在电脑上刷新二维码后重新扫码',
    });
    const missing = await app.inject({ url: `${QR}/findQrStatus`, headers: { qrkey: code.qrKey } });
    expect(missing.json()).toMatchObject({ code: 400, msg: '缺少二维码标识' });
  });
});

describe('who may see and decide a code (issue 18, item 20)', () => {
  it('confirming or refusing a code this login has not scanned is refused: a page reached by a link has nothing to decide', async () => {
    const code = await newCode(1);
    const phone = await signIn(app, ZHANG);
    for (const path of ['confirmQrCode', 'refuseQrCode'] as const) {
      const res = await onPhone(path, phone, code.codeId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 409, msg: QR_NOT_SCANNED_MESSAGE, data: null });
    }
    expect(await poll(code)).toBe(0);
    expect((await exchange(code)).json()).toMatchObject({ code: 409, msg: '请先在手机上确认登录' });
    // The scan, then the confirmation, goes through.
    expect((await onPhone('scanQrCode', phone, code.codeId)).json()).toMatchObject({ code: 0, data: { status: 'scanned' } });
    expect((await onPhone('confirmQrCode', phone, code.codeId)).json()).toMatchObject({ code: 0, data: { status: 'confirmed' } });
  });

  it('once a login has scanned a code, every other login gets 403 and learns nothing about it', async () => {
    const code = await newCode(1);
    const zhang = await signIn(app, ZHANG);
    const others = [await signIn(app, LI), await signIn(app, UNIT, 2)];
    expect((await onPhone('scanQrCode', zhang, code.codeId)).json()).toMatchObject({ code: 0, data: { status: 'scanned' } });
    const refusedToOthers = async () => {
      for (const other of others) {
        for (const path of ['scanQrCode', 'confirmQrCode', 'refuseQrCode'] as const) {
          const res = await onPhone(path, other, code.codeId);
          expect(res.statusCode, path).toBe(403);
          expect(res.json(), path).toEqual({ code: 403, msg: QR_NOT_YOURS_MESSAGE, data: null });
        }
      }
    };
    await refusedToOthers();
    // The scanner is untouched by them and still decides.
    expect(await poll(code)).toBe(1);
    expect((await onPhone('scanQrCode', zhang, code.codeId)).json()).toMatchObject({ code: 0, data: { status: 'scanned', sameType: true } });
    expect((await onPhone('confirmQrCode', zhang, code.codeId)).json()).toMatchObject({ code: 0, data: { status: 'confirmed' } });
    await refusedToOthers();
    // Not even that it expired.
    clock += QR_LOGIN_EXP_SECONDS * 1000;
    await refusedToOthers();
  });

  it('before the first scan any login sees the details; one of another type does not claim the code', async () => {
    const code = await newCode(1);
    const unit = await signIn(app, UNIT, 2);
    expect((await onPhone('scanQrCode', unit, code.codeId)).json()).toMatchObject({ code: 0, data: { status: 'waiting', sameType: false } });
    expect((await onPhone('scanQrCode', unit, code.codeId)).json()).toMatchObject({ code: 0, data: { status: 'waiting' } });
    const li = await signIn(app, LI);
    expect((await onPhone('scanQrCode', li, code.codeId)).json()).toMatchObject({ code: 0, data: { status: 'scanned', sameType: true } });
    expect((await onPhone('scanQrCode', unit, code.codeId)).statusCode).toBe(403);
  });

  it('the scanner is told which browser asked, from which address and when', async () => {
    const code = await newCode(1, '203.0.113.7', { 'user-agent': CHROME_WINDOWS });
    const phone = await signIn(app, ZHANG);
    const scan = await onPhone('scanQrCode', phone, code.codeId);
    expect(scan.json<{ data: unknown }>().data).toMatchObject({
      browser: 'Chrome 浏览器（Windows）',
      place: '203.0.113.7',
      requesterIp: '203.0.113.7',
      createdAt: new Date(clock).toISOString(),
    });
    // Whatever the User-Agent says, only the fixed words come out.
    const odd = await newCode(1, '::ffff:192.168.3.4', { 'user-agent': '<b>中心工作人员</b>' });
    expect((await onPhone('scanQrCode', phone, odd.codeId)).json<{ data: unknown }>().data).toMatchObject({
      browser: '未知浏览器',
      place: '本机/内网地址（192.168.3.4）',
    });
    const [row] = await db.query<{ requester_browser: string }>('select requester_browser from qr_login where code_id = $1', [odd.codeId]);
    expect(row?.requester_browser).toBe('未知浏览器');
  });

  it('behind TRUSTED_PROXIES the address is the client\'s as the proxy reports it; from anyone else X-Forwarded-For is ignored', async () => {
    const proxied = await buildApp({ db: { ...db, close: async () => {} }, now: () => new Date(clock), trustedProxies: ['10.9.0.0/16'] });
    try {
      const phone = await signIn(app, ZHANG);
      const placeOf = async (code: Code) =>
        (await onPhone('scanQrCode', phone, code.codeId)).json<{ data: { place: string } }>().data.place;
      const forwarded = { 'x-forwarded-for': '198.51.100.23' };
      expect(await placeOf(await newCode(1, '10.9.0.1', forwarded, proxied))).toBe('198.51.100.23');
      expect(await placeOf(await newCode(1, '203.0.113.50', forwarded, proxied))).toBe('203.0.113.50');
      // Without the setting (the default) no proxy is believed.
      expect(await placeOf(await newCode(1, '10.9.0.1', forwarded))).toBe('本机/内网地址（10.9.0.1）');
    } finally {
      await proxied.close();
    }
  });
});

describe('expiry, on the server clock', () => {
  it('an expired code answers 9 to the poll and cannot be scanned, confirmed or used', async () => {
    const code = await newCode(1);
    const phone = await signIn(app, ZHANG);
    clock += QR_LOGIN_EXP_SECONDS * 1000 - 1000;
    expect(await poll(code)).toBe(0);
    clock += 1000;
    expect(await poll(code)).toBe(9);
    expect((await onPhone('scanQrCode', phone, code.codeId)).json()).toMatchObject({
      code: 409,
      msg: '二维码已过期，请在电脑上刷新二维码后重新扫码',
    });
    expect((await onPhone('confirmQrCode', phone, code.codeId)).json()).toMatchObject({ code: 409, msg: '二维码已过期，请在电脑上刷新二维码后重新扫码' });
  });

  it('a code confirmed in time but used after it expired gives no session', async () => {
    const code = await newCode(1);
    const phone = await signIn(app, ZHANG);
    expect((await onPhone('scanQrCode', phone, code.codeId)).statusCode).toBe(200);
    expect((await onPhone('confirmQrCode', phone, code.codeId)).json()).toMatchObject({ code: 0 });
    clock += QR_LOGIN_EXP_SECONDS * 1000;
    expect((await exchange(code)).json()).toMatchObject({ code: 409, msg: '二维码已失效，请刷新二维码后重新扫码' });
  });

  it('rows go ten minutes after they expire', async () => {
    const old = await newCode(1);
    clock += QR_LOGIN_EXP_SECONDS * 1000 + 10 * 60_000 + 1;
    await newCode(1);
    expect(await db.query('select 1 from qr_login where code_id = $1', [old.codeId])).toEqual([]);
  });
});
