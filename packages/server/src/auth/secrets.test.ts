import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSm2KeyPair, sm2Decrypt, sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { loadSm2KeyPair, SM2_KEY_MISMATCH_MESSAGE } from './keys';
import { deriveKey, loadOrCreateKeyFile, openSecret, parseSecretKey, sealSecret, SecretKeyMismatchError } from './secrets';

// Issue 18, item 23: the SM2 private key is kept sealed (AES-256-GCM) with the server's secret key.

let dir: string;
let db: Db;
const KEY = randomBytes(32);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gjj-secrets-'));
  db = await prepareDatabase({ memory: true }, false);
});

afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const storedRow = async () => (await db.query<{ value: string }>(`select value from app_meta where key = 'sm2_key_pair'`))[0]?.value ?? '';

describe('sealSecret and openSecret', () => {
  it('open what they sealed, and refuse another key, another context or a changed value', () => {
    const sealed = sealSecret(KEY, '私钥 private', 'ctx');
    expect(sealed).toMatch(/^gcm1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('private');
    expect(sealSecret(KEY, '私钥 private', 'ctx')).not.toBe(sealed);
    expect(openSecret(KEY, sealed, 'ctx')).toBe('私钥 private');
    expect(() => openSecret(randomBytes(32), sealed, 'ctx')).toThrow(SecretKeyMismatchError);
    expect(() => openSecret(KEY, sealed, 'other')).toThrow(SecretKeyMismatchError);
    const body = Buffer.from(sealed.slice(5), 'base64url');
    body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 1;
    expect(() => openSecret(KEY, `gcm1:${body.toString('base64url')}`, 'ctx')).toThrow(SecretKeyMismatchError);
    expect(deriveKey(KEY, 'a')).not.toEqual(deriveKey(KEY, 'b'));
  });

  it('read a key as 64 hex digits or base64 of 32 bytes, and nothing else', () => {
    expect(parseSecretKey(KEY.toString('hex'), 'K')).toEqual(KEY);
    expect(parseSecretKey(` ${KEY.toString('base64')}\n`, 'K')).toEqual(KEY);
    expect(parseSecretKey(KEY.toString('base64url'), 'K')).toEqual(KEY);
    for (const bad of ['', 'secret', KEY.toString('hex').slice(2), randomBytes(16).toString('base64'), '00'.repeat(32)]) {
      expect(() => parseSecretKey(bad, 'GJJ_SECRET_KEY'), bad).toThrow(/^GJJ_SECRET_KEY /);
    }
  });

  it('make a development key file once, readable by its owner only', () => {
    const file = join(dir, 'data', 'secret.key');
    const key = loadOrCreateKeyFile(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(key.toString('hex'));
    expect(loadOrCreateKeyFile(file)).toEqual(key);
  });
});

describe('the SM2 key pair in app_meta', () => {
  it('keeps no private key in clear', async () => {
    const pair = await loadSm2KeyPair(db, KEY);
    const row = await storedRow();
    expect(row).not.toContain(pair.privateKey);
    expect(JSON.parse(row)).toEqual({ publicKey: pair.publicKey, sealedPrivateKey: expect.stringMatching(/^gcm1:/) });
    expect(sm2Decrypt(sm2Encrypt('明文', pair.publicKey), pair.privateKey)).toBe('明文');
    expect(await loadSm2KeyPair(db, KEY)).toEqual(pair);
  });

  it('seals a private key an earlier version kept in clear, at the next start', async () => {
    const clear = generateSm2KeyPair();
    await db.query(`update app_meta set value = $1 where key = 'sm2_key_pair'`, [JSON.stringify(clear)]);
    expect(await loadSm2KeyPair(db, KEY)).toEqual(clear);
    expect(await storedRow()).not.toContain(clear.privateKey);
    expect(JSON.parse(await storedRow())).toMatchObject({ publicKey: clear.publicKey });
  });

  it('refuses to start with another key, saying which setting to fix', async () => {
    await expect(loadSm2KeyPair(db, randomBytes(32))).rejects.toThrow(SM2_KEY_MISMATCH_MESSAGE);
    await expect(buildApp({ db: { ...db, close: async () => {} }, secretKey: randomBytes(32) })).rejects.toThrow('GJJ_SECRET_KEY');
    const app = await buildApp({ db: { ...db, close: async () => {} }, secretKey: KEY });
    try {
      expect((await app.inject({ url: '/api/auth/v1/getPubleKey' })).json()).toMatchObject({ data: expect.stringMatching(/^04/) });
      expect(app.secrets.open(app.secrets.seal('x', 'c'), 'c')).toBe('x');
    } finally {
      await app.close();
    }
  });
});
