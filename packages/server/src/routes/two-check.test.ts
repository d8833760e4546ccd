import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { openSession } from '../auth/session';
import { prepareDatabase } from '../start';
import { freshIp, signIn } from '../test-support/login';
import {
  TWO_CHECK_DECIDED_MESSAGE,
  TWO_CHECK_EXP_SECONDS,
  TWO_CHECK_EXPIRED_MESSAGE,
  TWO_CHECK_FACE_MESSAGE,
  TWO_CHECK_GRANT_MS,
  TWO_CHECK_MENU_MESSAGE,
  TWO_CHECK_NOT_NEEDED_MESSAGE,
  TWO_CHECK_NOT_YOURS_MESSAGE,
  TWO_CHECK_REQUIRED_MESSAGE,
  TWO_CHECK_SAME_DEVICE_MESSAGE,
} from './two-check';

// One in-memory PGlite for the whole file; the clock is ours to move.
let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-26T10:00:00+08:00');

const ZHANG = '110101199003072316';
const LI = '320106198506124022';
const UNIT = '100200300001';
const TC = '/api/auth/v1/twoCheck';
/** 个人明细查询: enable 10 in the demo menus, seen by individuals. */
const MXCX = 1112;
const MXCX_PATH = '/grwt/zhxx/zhcx/grmxcx';
/** 个人账户信息: enable 1. */
const GRZHXX = 1111;
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
});

afterAll(() => app.close());

interface Code {
  codeImgBase64: string;
  codeId: string;
  exp: number;
}

const getCode = (token: string, menuId: number | string = MXCX) =>
  app.inject({ url: `${TC}/getQrCode`, query: { menuId: String(menuId) }, headers: { token, 'user-agent': CHROME_WINDOWS }, remoteAddress: freshIp() });

async function newCode(token: string, menuId = MXCX): Promise<Code> {
  const res = await getCode(token, menuId);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Code }>().data;
}

const poll = async (token: string, codeId: string) =>
  (await app.inject({ url: `${TC}/findQrStatus`, query: { codeId }, headers: { token }, remoteAddress: freshIp() })).json<{ data: { status: number } }>()
    .data.status;

const onPhone = (path: 'scan' | 'confirm' | 'refuse', token: string, codeId: string) =>
  app.inject({ method: 'POST', url: `${TC}/${path}`, headers: { token }, payload: { codeId } });

const grant = async (token: string, menuId = MXCX) =>
  (await app.inject({ url: `${TC}/grant`, query: { menuId: String(menuId) }, headers: { token } })).json<{
    data: { required: boolean; granted: boolean; expiresAt: string | null };
  }>().data;

const businessCheck = (token: string, path = MXCX_PATH) =>
  app.inject({ url: '/api/izfgjj-zhfw/v1/ywbl/check', query: { path }, headers: { token } });

function readQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data;
}

describe('second check of an enable-10 menu', () => {
  it('desktop asks, the same login confirms on its phone: the desktop sees 10 and gets a grant for that menu', async () => {
    const desktop = await signIn(app, ZHANG);
    const phone = await signIn(app, ZHANG);

    expect(await grant(desktop)).toEqual({ required: true, granted: false, expiresAt: null });
    const refused = await businessCheck(desktop);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ msg: TWO_CHECK_REQUIRED_MESSAGE });

    const code = await newCode(desktop);
    expect(code.exp).toBe(TWO_CHECK_EXP_SECONDS);
    expect(readQr(code.codeImgBase64)).toBe(`http://localhost/home.html#/qrTwoCheck?codeId=${code.codeId}`);
    expect(await poll(desktop, code.codeId)).toBe(0);

    const scan = await onPhone('scan', phone, code.codeId);
    expect(scan.statusCode).toBe(200);
    expect(scan.json().data).toMatchObject({ codeId: code.codeId, menuTitle: '个人明细查询', status: 'scanned', browser: 'Chrome 浏览器（Windows）' });
    expect(await poll(desktop, code.codeId)).toBe(1);

    const confirmed = await onPhone('confirm', phone, code.codeId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.status).toBe('confirmed');
    expect(await poll(desktop, code.codeId)).toBe(10);

    const granted = await grant(desktop);
    expect(granted).toMatchObject({ required: true, granted: true });
    expect(Date.parse(granted.expiresAt!)).toBe(clock + TWO_CHECK_GRANT_MS);
    expect((await businessCheck(desktop)).statusCode).toBe(200);
    // The grant is the desktop session's, for that menu only: the phone's own session has none.
    expect((await grant(phone)).granted).toBe(false);
    expect((await businessCheck(phone)).statusCode).toBe(403);

    // Single use: the code cannot be confirmed or refused again.
    for (const path of ['confirm', 'refuse'] as const) {
      const again = await onPhone(path, phone, code.codeId);
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe(TWO_CHECK_DECIDED_MESSAGE);
    }

    // Ten minutes later the grant is over and the page is refused again.
    clock += TWO_CHECK_GRANT_MS;
    expect((await grant(desktop)).granted).toBe(false);
    expect((await businessCheck(desktop)).statusCode).toBe(403);
  });

  it('another login is refused with 403 and learns nothing, whatever the state of the code; its poll says 9', async () => {
    const desktop = await signIn(app, ZHANG);
    const li = await signIn(app, LI);
    const unit = await signIn(app, UNIT, 2);
    const code = await newCode(desktop);
    for (const token of [li, unit]) {
      for (const path of ['scan', 'confirm', 'refuse'] as const) {
        const res = await onPhone(path, token, code.codeId);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 403, msg: TWO_CHECK_NOT_YOURS_MESSAGE, data: null });
      }
      expect(await poll(token, code.codeId)).toBe(9);
    }
    expect(await poll(desktop, code.codeId)).toBe(0);
    expect((await grant(desktop)).granted).toBe(false);

    // Expired, it is still 403 for another login (even the expiry is not said).
    clock += TWO_CHECK_EXP_SECONDS * 1000;
    expect((await onPhone('scan', li, code.codeId)).statusCode).toBe(403);
  });

  it('the asking session cannot confirm its own code', async () => {
    const desktop = await signIn(app, ZHANG);
    const code = await newCode(desktop);
    const res = await onPhone('confirm', desktop, code.codeId);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(TWO_CHECK_SAME_DEVICE_MESSAGE);
    expect((await grant(desktop)).granted).toBe(false);
  });

  it('refused on the phone: the desktop sees 11 and gets no grant', async () => {
    const desktop = await signIn(app, ZHANG);
    const phone = await signIn(app, ZHANG);
    const code = await newCode(desktop);
    expect((await onPhone('refuse', phone, code.codeId)).statusCode).toBe(200);
    expect(await poll(desktop, code.codeId)).toBe(11);
    expect((await grant(desktop)).granted).toBe(false);
    expect((await onPhone('confirm', phone, code.codeId)).json().msg).toBe(TWO_CHECK_DECIDED_MESSAGE);
  });

  it('expires after exp seconds: the poll says 9, the phone is told, nothing is granted', async () => {
    const desktop = await signIn(app, ZHANG);
    const phone = await signIn(app, ZHANG);
    const code = await newCode(desktop);
    clock += TWO_CHECK_EXP_SECONDS * 1000 - 1;
    expect(await poll(desktop, code.codeId)).toBe(0);
    clock += 1;
    expect(await poll(desktop, code.codeId)).toBe(9);
    const late = await onPhone('confirm', phone, code.codeId);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(TWO_CHECK_EXPIRED_MESSAGE);
    expect((await grant(desktop)).granted).toBe(false);
  });

  it('a session opened by face (login method 400) needs no second check (spec 4.2)', async () => {
    const [user] = await db.query<{ user_id: string; account_id: string }>(
      `select u.id::text as user_id, a.id::text as account_id from app_user u join user_account a on a.user_id = u.id and a.is_primary where u.account = $1`,
      [ZHANG],
    );
    const { token: face } = await openSession(db, user!.user_id, user!.account_id, new Date(clock), '400');
    expect(await grant(face)).toEqual({ required: false, granted: true, expiresAt: null });
    expect((await businessCheck(face)).statusCode).toBe(200);
    const res = await getCode(face);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(TWO_CHECK_FACE_MESSAGE);
  });

  it('only for an enable-10 menu the login sees; without a session 401; a bad menuId 400', async () => {
    const zhang = await signIn(app, ZHANG);
    expect(await grant(zhang, GRZHXX)).toEqual({ required: false, granted: true, expiresAt: null });
    const plain = await getCode(zhang, GRZHXX);
    expect(plain.statusCode).toBe(409);
    expect(plain.json().msg).toBe(TWO_CHECK_NOT_NEEDED_MESSAGE);
    // 单位汇缴 (enable 10) is a unit's menu: an individual may not ask for it, nor learn whether it exists.
    for (const menuId of [2121, 999999]) {
      const res = await getCode(zhang, menuId);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(TWO_CHECK_MENU_MESSAGE);
    }
    expect((await app.inject({ url: `${TC}/getQrCode`, query: { menuId: String(MXCX) } })).statusCode).toBe(401);
    const bad = await getCode(zhang, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('菜单标识不正确');
    const badCode = await onPhone('scan', zhang, 'not-a-uuid');
    expect(badCode.statusCode).toBe(400);
  });
});
