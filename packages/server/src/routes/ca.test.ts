import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSm2KeyPair, sm2PublicKeyOf, sm2Sign } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { freshIp } from '../test-support/login';
import { DEMO_CERTIFICATES } from '../seed/ca';
import { CA_MESSAGES, demoKeyDir } from './ca';
import { PRODUCTION } from '../test-support/production';

let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-22T15:30:00+08:00');

interface KeyFile {
  format: string;
  account: string;
  loginType: 2 | 3;
  serial: string;
  privateKey: string;
  publicKey: string;
}
const keyFile = (name: string) => JSON.parse(readFileSync(join(demoKeyDir(), name), 'utf8')) as KeyFile;
const UNIT = keyFile('unit.gjjkey.json');
const DEVELOPER = keyFile('developer.gjjkey.json');
const UNREGISTERED = keyFile('unregistered-unit.gjjkey.json');

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
});
afterAll(() => app.close());

const getRandom = async () => (await app.inject({ url: '/api/auth/v1/ca/getRandom', remoteAddress: freshIp() })).json<{ data: { random: string; expiresIn: number } }>().data;
const caLogin = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/auth/v1/ca/caLogin', remoteAddress: freshIp(), payload: body });
const signedBody = async (file: KeyFile, extra: Record<string, unknown> = {}) => {
  const { random } = await getRandom();
  return { loginType: file.loginType, account: file.account, random, signature: sm2Sign(random, file.privateKey), ...extra };
};

describe('the demo key files', () => {
  it('hold private keys whose public keys the seed registers', () => {
    for (const [file, cert] of [
      [UNIT, DEMO_CERTIFICATES[0]],
      [DEVELOPER, DEMO_CERTIFICATES[1]],
    ] as const) {
      expect(file.format).toBe('gjj-ca-key/1');
      expect(sm2PublicKeyOf(file.privateKey)).toBe(file.publicKey);
      expect(file.publicKey).toBe(cert.publicKey);
      expect(file.account).toBe(cert.account);
    }
    expect(sm2PublicKeyOf(UNREGISTERED.privateKey)).not.toBe(UNIT.publicKey);
  });

  it('are listed and downloadable in development', async () => {
    const list = (await app.inject({ url: '/dev/ca-keys' })).json<{ data: Array<{ file: string }> }>().data;
    expect(list.map((f) => f.file)).toEqual(['developer.gjjkey.json', 'unit.gjjkey.json', 'unregistered-unit.gjjkey.json']);
    const res = await app.inject({ url: '/dev/ca-keys/unit.gjjkey.json' });
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.json<KeyFile>().privateKey).toBe(UNIT.privateKey);
    expect((await app.inject({ url: '/dev/ca-keys/passwd' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/dev/ca-keys/nothing.gjjkey.json' })).statusCode).toBe(404);
  });

  it('are not served in production', async () => {
    const prod = await buildApp({ db: { ...db, close: async () => {} }, ...PRODUCTION });
    try {
      expect((await prod.inject({ url: '/dev/ca-keys' })).statusCode).toBe(404);
      expect((await prod.inject({ url: '/api/auth/v1/ca/getRandom' })).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('GET ca/getRandom', () => {
  it('answers 64 new hex digits each time, valid 120 s', async () => {
    const a = await getRandom();
    const b = await getRandom();
    expect(a.random).toMatch(/^[0-9a-f]{64}$/);
    expect(a.random).not.toBe(b.random);
    expect(a.expiresIn).toBe(120);
  });
});

describe('POST ca/caLogin', () => {
  it('signs the unit and the developer in with a signature by their key, method 300', async () => {
    for (const file of [UNIT, DEVELOPER]) {
      const res = await caLogin(await signedBody(file));
      expect(res.statusCode).toBe(200);
      const token = String(res.headers.token);
      expect(res.json()).toMatchObject({ code: 0, data: { token, loginType: file.loginType } });
      const info = (await app.inject({ url: '/api/auth/v1/getUserInfo', headers: { token } })).json<{ data: { account: string; loginMethod: string } }>().data;
      expect(info).toMatchObject({ account: file.account, loginMethod: '300' });
    }
  });

  it('refuses a signature by another key, and by the right key over another random', async () => {
    const wrong = await caLogin(await signedBody(UNREGISTERED));
    expect(wrong.statusCode).toBe(426);
    expect(wrong.json()).toMatchObject({ code: 426, msg: CA_MESSAGES.badSignature });
    const { random } = await getRandom();
    const other = await getRandom();
    const res = await caLogin({ loginType: 2, account: UNIT.account, random, signature: sm2Sign(other.random, UNIT.privateKey) });
    expect(res.json()).toMatchObject({ msg: CA_MESSAGES.badSignature });
    // The developer's key does not sign the unit in either.
    expect((await caLogin(await signedBody(DEVELOPER, { loginType: 2, account: UNIT.account }))).json()).toMatchObject({ msg: CA_MESSAGES.badSignature });
    // After three failures a client without a device cookie waits a second before its next try (issue 18, auth/device.ts).
    const early = await caLogin(await signedBody(UNIT));
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    clock += 1000;
  });

  it('spends the random on any attempt: the same random again is refused', async () => {
    const body = await signedBody(UNIT);
    expect((await caLogin(body)).statusCode).toBe(200);
    const again = await caLogin(body);
    expect(again.statusCode).toBe(428);
    expect(again.json()).toMatchObject({ msg: CA_MESSAGES.randomUsed });
    const failed = await signedBody(UNREGISTERED);
    await caLogin(failed);
    expect((await caLogin({ ...failed, signature: sm2Sign(failed.random, UNIT.privateKey) })).json()).toMatchObject({ msg: CA_MESSAGES.randomUsed });
  });

  it('refuses a random older than 2 minutes, and one it never gave', async () => {
    const body = await signedBody(UNIT);
    clock += 2 * 60_000 + 1;
    const res = await caLogin(body);
    expect(res.statusCode).toBe(428);
    expect(res.json()).toMatchObject({ msg: CA_MESSAGES.randomExpired });
    const fresh = await signedBody(UNIT);
    clock += 119_000;
    expect((await caLogin(fresh)).statusCode).toBe(200);
    const random = 'ab'.repeat(32);
    expect((await caLogin({ loginType: 2, account: UNIT.account, random, signature: sm2Sign(random, UNIT.privateKey) })).json()).toMatchObject({
      code: 428,
      msg: CA_MESSAGES.randomUnknown,
    });
  });

  it('refuses accounts without a valid certificate: individuals, unknown accounts, expired or revoked certificates', async () => {
    expect((await caLogin(await signedBody(UNIT, { loginType: 1 }))).json()).toMatchObject({ code: 400, msg: CA_MESSAGES.personal });
    expect((await caLogin(await signedBody(UNIT, { account: '100200300999' }))).json()).toMatchObject({ code: 426, msg: CA_MESSAGES.noCertificate });
    expect((await caLogin(await signedBody(UNIT, { loginType: 3 }))).json()).toMatchObject({ msg: CA_MESSAGES.noCertificate });
    expect((await caLogin(await signedBody(UNIT, { serial: 'GJJDEMO0002' }))).json()).toMatchObject({ msg: CA_MESSAGES.noCertificate });

    const saved = clock;
    clock = Date.parse('2029-01-01T00:00:00+08:00');
    expect((await caLogin(await signedBody(UNIT))).json()).toMatchObject({ msg: CA_MESSAGES.noCertificate });
    clock = saved;
    await db.query(`update ca_certificate set revoked_at = now() where serial = 'GJJDEMO0002'`);
    expect((await caLogin(await signedBody(DEVELOPER))).json()).toMatchObject({ msg: CA_MESSAGES.noCertificate });
    await db.query(`update ca_certificate set revoked_at = null where serial = 'GJJDEMO0002'`);
  });

  it('answers malformed fields with their Chinese message', async () => {
    const body = await signedBody(UNIT);
    expect((await caLogin({ ...body, signature: 'xyz' })).json()).toMatchObject({ code: 400, msg: '签名格式不正确：应为 128 位十六进制（r‖s）' });
    expect((await caLogin({ ...body, account: undefined })).json()).toMatchObject({ code: 400, msg: '缺少证书账号，请重新选择证书密钥文件' });
    expect((await caLogin({ ...body, random: 'nope' })).json()).toMatchObject({ code: 400, msg: CA_MESSAGES.randomUnknown });
    // A signature that is hex but not a point of the curve is just a bad signature.
    const other = await signedBody(UNIT);
    expect((await caLogin({ ...other, signature: 'f'.repeat(128) })).json()).toMatchObject({ code: 426, msg: CA_MESSAGES.badSignature });
    expect(generateSm2KeyPair().publicKey).toMatch(/^04/);
  });
});
